"""The protocol refuses what it cannot honour (issue 18 points 5 and 8): hand-built Actions
that differ from every legal action, and malformed state records."""

from __future__ import annotations

import json

import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, InvalidArgumentError
from cardavia.game import Action


def test_hand_built_actions_must_equal_a_legal_one_in_every_field() -> None:
    state = cardavia.load("doudizhu").new_state(seed=3)
    before = state.to_json()
    for bad in (
        Action("pass", label="bid 3"),
        Action("pass", amount=3),
        Action("pass", cards=CardSet("3c")),
        Action("bid", amount=7),
    ):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        assert state.to_json() == before
    state.apply(Action("bid", amount=2))  # equal in every field to the legal "bid 2"
    assert json.loads(state.to_json())["actions"] == [{"kind": "bid", "amount": 2}]
    assert state.history[-1]["call"] == "bid 2"


def test_a_concrete_suit_choice_is_still_accepted_in_dou_dizhu() -> None:
    # DDZ-6.7 lists one play per rank multiset; any suits from the hand are the same action.
    state = cardavia.load("doudizhu").new_state(seed=5)
    while state.phase == "auction":
        state.apply(state.legal_actions()[-1])
    player = state.current_player
    assert player is not None
    hand = CardSet(state.observation(player)["hand"])
    listed = {str(a) for a in state.legal_actions()}
    single = next(c for c in hand if str(c) not in listed)
    state.apply(Action("play", CardSet([single])))
    assert state.history[-1]["cards"] == str(single)


def test_hold_em_call_needs_its_amount() -> None:
    state = cardavia.load("holdem").new_state(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(Action("call"))
    assert state.to_json() == before


def record(game_id: str = "doudizhu", seed: int = 4, steps: int = 5) -> dict[str, object]:
    state = cardavia.load(game_id).new_state(seed=seed)
    for _ in range(steps):
        state.apply(state.legal_actions()[0])
    out: dict[str, object] = json.loads(state.to_json())
    return out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("seed"), "lacks seed"),
        (lambda r: r.update(seed=None), "seed must be an integer"),
        (lambda r: r.update(seed="7"), "seed must be an integer"),
        (lambda r: r.update(seed=-1), "seed must be an integer"),
        (lambda r: r.pop("actions"), "lacks actions"),
        (lambda r: r.update(actions={"kind": "pass"}), "actions must be a list"),
        (lambda r: r.update(actions=[1, 2]), "actions must be a list"),
        (lambda r: r.update(actions=[{"kind": "bid", "amount": 9}]), "action 0"),
        (lambda r: r.update(actions=[{"amount": 1}]), "action 0"),
        (lambda r: r.update(deal={"hands": ["3c"]}), "deal"),
        (lambda r: r.update(deal=[1, 2, 3]), "deal"),
        (lambda r: r.update(options={"x": 1}), "options"),
    ],
)
def test_malformed_records_name_the_problem(change: object, message: str) -> None:
    game = cardavia.load("doudizhu")
    r = record()
    change(r)  # type: ignore[operator]
    with pytest.raises(InvalidArgumentError, match=message):
        game.state_from_json(json.dumps(r))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '{"game": "bridge"}'])
def test_records_that_are_not_records(text: str) -> None:
    with pytest.raises(InvalidArgumentError):
        cardavia.load("doudizhu").state_from_json(text)
    with pytest.raises(InvalidArgumentError):
        cardavia.load("doudizhu").state_from_json(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", cardavia.games())
def test_every_game_refuses_a_null_seed_and_replays_a_good_record(game_id: str) -> None:
    game = cardavia.load(game_id)
    good = record(game_id, seed=9, steps=3)
    assert game.state_from_json(json.dumps(good)).to_json() == json.dumps(
        good, sort_keys=True, separators=(",", ":")
    )
    good["seed"] = None
    with pytest.raises(InvalidArgumentError, match="seed"):
        game.state_from_json(json.dumps(good))
