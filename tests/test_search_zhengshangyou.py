"""Zheng Shangyou for search (issue 13, issue 18): clone, resample with the duty to beat
(ZSY-6.3) and the 3h first play (ZSY-3.3), playouts settled by ZSY-7, ids and errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from climbing_search import (
    check_clone_independent,
    check_ids_and_errors,
    check_pickles,
    check_playout_arguments,
    check_playout_trace,
    check_resample_consistent,
    check_same_game_by_ids_and_actions,
    check_uniform,
    consistent_by_replay,
    hidden_hands,
    positions,
    splits,
)

import cardavia
from cardavia import CardSet, InvalidArgumentError

GAME = "zhengshangyou"


def test_clones_are_independent() -> None:
    for state in positions(GAME, range(3), every=9):
        check_clone_independent(state)


def test_resample_never_contradicts_the_observation() -> None:  # ZSY-3.5, ZSY-6.3
    for k, state in enumerate(positions(GAME, range(10), every=3)):
        for player in range(3):
            check_resample_consistent(state, player, seed=k * 3 + player)


def test_resample_keeps_every_forced_pass_forced() -> None:  # ZSY-6.3
    # Replaying the record under the resampled deal would fail at a pass that could have beaten.
    checked = 0
    for k, state in enumerate(positions(GAME, range(30, 40), every=2)):
        passes = sum(e["event"] == "pass" for e in state.history)
        if passes < 3:
            continue
        player = state.current_player
        other = state.resample(player, seed=k)
        replay = state.game.state_from_json(other.to_json())
        assert replay.observation(player) == state.observation(player)
        checked += 1
    assert checked > 20


def test_first_leader_keeps_3h_before_the_first_play() -> None:  # ZSY-3.3, ZSY-3.4
    state = cardavia.load(GAME).new_state(seed=4)
    leader = state.current_player
    for k in range(30):
        other = state.resample((leader + 1) % 3, seed=k)
        assert "3h" in other.observation(leader)["hand"].split()


def late(seed: int) -> Iterator[tuple[cardavia.game.State, int]]:
    for state in positions(GAME, range(seed, seed + 300), every=1):
        player = state.current_player
        obs = state.observation(player)
        hidden = sum(obs["hand_sizes"]) - obs["hand_sizes"][player]
        passes = sum(e["event"] == "pass" and e["player"] != player for e in obs["history"])
        if 5 <= hidden <= 10 and passes >= 2:
            yield state, player


def candidates(state: cardavia.game.State, player: int) -> list[dict[str, object]]:
    table = state._table
    dealt = [CardSet(h) for h in state._deal_record["hands"]]
    others = [p for p in range(3) if p != player]
    pool = [str(c) for p in others for c in table.hand(p)]
    out = []
    for parts in splits(pool, [len(table.hand(p)) for p in others]):
        hands = list(dealt)
        for p, part in zip(others, parts, strict=True):
            hands[p] = part | (dealt[p] - table.hand(p))
        out.append({"hands": [str(h) for h in hands]})
    return out


@pytest.mark.parametrize("seed", [0, 50, 100])
def test_resample_is_uniform_over_consistent_deals(seed: int) -> None:  # ZSY-6.3
    # A late position where the forced passes rule out some of the splits of the hidden cards.
    for state, player in late(seed):
        every = candidates(state, player)
        deals = consistent_by_replay(state, player, every)
        if 1 < len(deals) < len(every):
            break
    else:
        raise AssertionError("no late position with telling passes")
    consistent = [
        tuple(h for p, h in enumerate(d["hands"]) if p != player)  # type: ignore[arg-type]
        for d in deals
    ]
    assert hidden_hands(state, player) in consistent
    check_uniform(state, player, consistent)


def test_playouts_replay_and_settle_like_the_protocol() -> None:  # ZSY-7
    for k, state in enumerate(positions(GAME, range(6), every=7)):
        for policy in ("random", "greedy"):
            assert check_playout_trace(state, policy, seed=k)
        a = state.playout_returns(40, seed=k, threads=1)
        assert (a == state.playout_returns(40, seed=k, threads=2)).all()
        assert (a.sum(axis=1) == 0).all()
    check_playout_arguments(cardavia.load(GAME).new_state(seed=1))


def test_heavenly_bomb_playouts() -> None:  # ZSY-4.5, ZSY-5.5, ZSY-7.2
    hands = [
        "3s 3h 3d 3c 5s 6h 7d 8c 9s Th Jd Qc Ks Ad 4c 4d",
        "5h 6d 7c 8s 9h Td Jc Qs Kh 4h 4s 5c 6c 7s 8h 9d",
        "5d 6s 7h 8d 9c Tc Js Qh Kd Kc As Ac 2s Ts Jh Qd",
    ]
    state = cardavia.load(GAME).new_state(seed=3, deal={"hands": hands})
    state.apply("3s 3h 3d 3c")
    assert state.legal_action_ids() == [0]  # nothing beats it
    other = state.resample(1, seed=1)
    assert other.observation(1) == state.observation(1)
    assert check_playout_trace(state, "greedy", 0)


def test_ids_and_errors() -> None:
    for state in positions(GAME, range(3), every=12):
        check_ids_and_errors(state)
    with pytest.raises(InvalidArgumentError):
        cardavia.load(GAME).new_state(seed=1).resample(3)


def test_ids_and_actions_play_the_same_games() -> None:
    for seed in range(25):
        check_same_game_by_ids_and_actions(GAME, seed)


def test_pickling() -> None:
    for state in positions(GAME, range(2), every=13):
        check_pickles(state)
        check_pickles(state.resample(0, seed=1))
