"""Red Ten rule vectors (rules/red_ten.md §9) through the Python API."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, red_ten
from cardavia.games.red_ten import RedTenMatch, settle

GAME = cardavia.load("red_ten")

# Dealer 1: seats 2 and 3 hold 14 cards, seats 0 and 1 hold 13 (RT-3.3).
# S0 holds Th and 3h (a 13-card straight), S2 holds Td: red {S0, S2}.
DEAL_A = {
    "dealer": 1,
    "hands": [
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
        "Ad 2d 3d 4d 5d 6d 7d 8d 9d Jd Qd Kd Ts",
        "As 2s 3s 4s 5s 6s 7s 8s 9s Td Js Qs Ks BJ",
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc SJ",
    ],
}
# Dealer 1; S1 holds 3h (a 13-card straight with a black ten), S3 holds both red tens (solo).
DEAL_B = {
    "dealer": 1,
    "hands": [
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc",
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ts Jh Qh Kh",
        "Ad 2d 3d 4d 5d 6d 7d 8d 9d Jd Qd Kd SJ BJ",
        "As 2s 3s 4s 5s 6s 7s 8s 9s Th Js Qs Ks Td",
    ],
}
# Dealer 3: seats 0 and 1 hold 14 cards. S2 holds 3h and Th (a 13-card straight), S3 holds Td.
DEAL_C = {
    "dealer": 3,
    "hands": [
        "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks SJ",
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc BJ",
        "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh",
        "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
    ],
}


def new_state(deal: dict[str, Any]) -> Any:
    return GAME.new_state(seed=1, deal=deal)


def run(state: Any, *moves: str) -> None:
    for move in moves:
        state.apply(move)


# ---- 9.1 Deal, teams and lighting ---------------------------------------------------------


def test_deal_sizes() -> None:  # RT-TV-01, RT-3.3
    assert red_ten.hand_sizes(1) == [13, 13, 14, 14]
    dealers = set()
    for seed in range(40):
        record = GAME.new_state(seed=seed)._deal_record
        dealer = record["dealer"]
        dealers.add(dealer)
        hands = [CardSet(h) for h in record["hands"]]
        assert [len(h) for h in hands] == red_ten.hand_sizes(dealer)
        assert hands[0] | hands[1] | hands[2] | hands[3] == CardSet.full_pack(jokers=True)
    assert dealers == {0, 1, 2, 3}  # RT-3.2: drawn at random per deal
    with pytest.raises(cardavia.InvalidArgumentError, match="RT-3.3"):
        new_state({"dealer": 0, "hands": DEAL_A["hands"]})


def test_teams() -> None:  # RT-TV-02, RT-TV-03, RT-3.4
    assert new_state(DEAL_A).teams == {"red": [0, 2], "black": [1, 3]}
    assert new_state(DEAL_B).teams == {"red": [3], "black": [0, 1, 2]}


def test_lighting_poll_order_and_first_lead() -> None:  # RT-TV-04, RT-3.6, RT-3.9
    state = new_state(DEAL_B)
    assert state.phase == "lighting"
    order = []
    while state.phase == "lighting":
        order.append(state.current_player)
        state.apply("decline")
    assert order == [1, 2, 3, 0]
    assert state.phase == "play" and state.current_player == 1


def test_only_red_ten_holders_may_light() -> None:  # RT-TV-05, RT-3.6
    state = new_state(DEAL_B)
    assert [str(a) for a in state.legal_actions()] == ["decline"]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="RT-3.6"):
        state.apply("light")
    with pytest.raises(IllegalActionError, match="RT-3.6"):
        state.apply("Ah 2h 3h")  # no card play before the poll is over
    assert state.to_json() == before


def test_two_lights_one_multiplier() -> None:  # RT-TV-06, RT-3.7, RT-TV-28, RT-TV-33
    state = new_state(DEAL_A)
    run(state, "light", "decline", "light", "decline")
    obs = state.observation(1)
    assert obs["lit"] and obs["lit_by"] == [0, 2]
    assert obs["shown"] == ["Th", "", "Td", ""]
    run(state, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "pass", "pass", "pass")
    run(state, "3d", "BJ", "pass", "pass", "As 2s 3s 4s 5s 6s 7s 8s 9s Td Js Qs Ks")
    assert state.is_terminal()
    assert state.returns() == [4.0, -4.0, 4.0, -4.0]
    result = state.result
    assert result is not None
    assert result["multiplier"] == 2 and result["base"] == [2, -2, 2, -2]


def test_solo_lights_both() -> None:  # RT-TV-07, RT-3.6
    state = new_state(DEAL_B)
    run(state, "decline", "decline")
    assert [str(a) for a in state.legal_actions()] == ["light", "decline"]
    state.apply("light")
    assert state.observation(0)["shown"][3] == "Td Th"
    assert "Td" in state.observation(3)["hand"]  # the shown cards stay in the hand


def test_no_lighting_after_the_first_play() -> None:  # RT-TV-08, RT-3.8
    state = new_state(DEAL_A)
    run(state, "decline", "decline", "decline", "decline")
    with pytest.raises(IllegalActionError, match="RT-3.6"):
        state.apply("light")  # the poll is over
    state.apply("Ah 2h 3h")
    state.apply("pass")
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="RT-3.8"):
        state.apply("light")
    assert state.to_json() == before


# ---- 9.2 Combinations and beating ---------------------------------------------------------

BEATS = [
    ("RT-TV-09", "BJ", "Th", True),
    ("RT-TV-10", "Th", "Td", False),
    ("RT-TV-11", "SJ", "BJ", True),
    ("RT-TV-11", "2c", "SJ", True),
    ("RT-TV-13", "9s 9d", "Ts Tc", True),
    ("RT-TV-16", "Js Qd Kc", "Qs Kh Ad", True),
    ("RT-TV-17", "3c 4c 5c 6c", "4s 5h 6d", False),
    (
        "RT-TV-19",
        "Ah 2s 3h 4h 5h 6h 7h 8h 9h Tc Jh Qh",
        "2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
        True,
    ),
    (
        "RT-TV-19",
        "Ah 2s 3h 4h 5h 6h 7h 8h 9h Tc Jh Qh Kh",
        "2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
        False,
    ),
    ("RT-TV-20", "As", "7s 7h 7d", True),
    ("RT-TV-20", "Ks Kd", "7s 7h 7d", True),
    ("RT-TV-20", "3s 4s 5s 6s 7c", "7s 7h 7d", True),
    ("RT-TV-21", "7s 7h 7d", "8s 8h 8d", True),
    ("RT-TV-22", "2s 2h 2d", "3s 3h 3d 3c", True),
    ("RT-TV-23", "2s 2h 2d 2c", "SJ BJ", True),
    ("RT-TV-23", "SJ BJ", "Th Td", True),
    ("RT-TV-25", "Ks Kh", "As Ah", True),
    ("RT-TV-25", "As", "Th", True),
    ("RT-4.6", "Th Td", "SJ BJ", False),
    ("RT-4.6", "2s 2h 2d 2c", "3s 3h 3d", False),
]


@pytest.mark.parametrize(("vid", "top", "candidate", "expected"), BEATS)
def test_beating(vid: str, top: str, candidate: str, expected: bool) -> None:
    assert red_ten.beats(candidate, top) is expected, vid


CLASSIFY = [
    ("RT-TV-12", "Ts Tc", "pair", "T", None),
    ("RT-TV-12", "Th Ts", None, None, None),
    ("RT-TV-12", "Th Td", "red_ten_bomb", None, None),
    ("RT-TV-14", "SJ BJ", "joker_bomb", None, None),
    ("RT-TV-15", "Ah 2s 3d", "straight", "A", 3),  # (3, position 1)
    ("RT-TV-15", "Ks Ah 2d", None, None, None),
    ("RT-TV-18", "8s 9h Th Jd", "straight", "8", 4),
    ("RT-TV-18", "9s Th Td Jc", None, None, None),
    ("RT-TV-18", "Ts Js Qs SJ", None, None, None),
    ("RT-TV-19", "2h 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "straight", "2", 13),
    ("RT-TV-24", "Ts Tc Th", None, None, None),
    ("RT-4.1", "7s 7h 7d", "bomb", "7", 3),
    ("RT-4.4", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ad", None, None, None),
]


@pytest.mark.parametrize(("vid", "cards", "kind", "key", "n"), CLASSIFY)
def test_classification(
    vid: str, cards: str, kind: str | None, key: str | None, n: int | None
) -> None:
    found = red_ten.classify(cards)
    if kind is None:
        assert found == [], vid
        return
    assert len(found) == 1, vid
    assert found[0].kind == kind and found[0].cards == CardSet(cards), vid
    if key is not None:
        assert found[0].main_rank == key, vid
    if n is not None:
        assert found[0].length == n, vid


def test_nothing_beats_the_red_ten_bomb() -> None:  # RT-4.6
    rest = CardSet.full_pack(jokers=True) - CardSet("Th Td")
    assert red_ten.legal_plays(rest, "Th Td") == []


# ---- 9.3 Turn flow and end ----------------------------------------------------------------


def test_trick_ends_after_three_passes() -> None:  # RT-TV-26, RT-5.4, RT-5.5
    state = new_state(DEAL_B)
    run(state, "decline", "decline", "decline", "decline")
    run(state, "Ah 2h 3h", "pass", "pass", "pass")
    assert state.history[-1] == {"event": "trick", "winner": 1}
    assert state.current_player == 1


def test_finished_trick_winner_next_seat_leads() -> None:  # RT-TV-27, RT-5.5
    state = new_state(DEAL_C)
    run(state, "decline", "decline", "decline", "decline")
    assert state.current_player == 2
    state.apply("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")
    assert state.observation(0)["finish_order"] == [2]
    run(state, "pass", "pass")
    assert not state.is_terminal() and state.current_player == 1
    state.apply("pass")
    assert state.current_player == 3


def test_2v2_ends_when_a_team_is_out() -> None:  # RT-TV-28, RT-5.7, RT-TV-30
    state = new_state(DEAL_A)
    run(state, "decline", "decline", "decline", "decline")
    run(state, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "pass", "pass", "pass")
    assert state.current_player == 1  # the next active seat after the finished S0 (RT-5.5)
    run(state, "3d", "BJ", "pass", "pass", "As 2s 3s 4s 5s 6s 7s 8s 9s Td Js Qs Ks")
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [2.0, -2.0, 2.0, -2.0]
    result = state.result
    assert result is not None
    assert result["finish_order"] == [0, 2] and result["unfinished"] == [1, 3]
    assert result["outcome"] == "complete victory" and result["winning_team"] == "red"


def test_1v3_solo_second_is_a_draw() -> None:  # RT-TV-29, RT-5.7, RT-6.2
    state = new_state(DEAL_B)
    run(state, "decline", "decline", "light", "decline")
    run(state, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Ts Jh Qh Kh", "pass", "pass", "pass")
    assert state.current_player == 2
    run(state, "3d", "Td", "pass", "pass")
    state.apply("As 2s 3s 4s 5s 6s 7s 8s 9s Th Js Qs Ks")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]
    result = state.result
    assert result is not None
    assert result["solo"] and result["outcome"] == "draw" and result["lit"]
    assert result["teams"] == {"red": [3], "black": [0, 1, 2]}


# ---- 9.4 Scoring --------------------------------------------------------------------------

SCORING = [
    ("RT-TV-30", (0, 2), False, [2, 0], (2, -2, 2, -2)),
    ("RT-TV-31", (0, 2), False, [1, 0, 3], (-1, 1, -1, 1)),
    ("RT-TV-32", (0, 2), False, [0, 1, 3], (0, 0, 0, 0)),
    ("RT-TV-33", (0, 2), True, [0, 2], (4, -4, 4, -4)),
    ("RT-TV-34", (0, 2), True, [0, 1, 2], (2, -2, 2, -2)),
    ("RT-TV-35", (0, 2), True, [1, 3], (-8, 8, -8, 8)),
    ("RT-TV-36", (0, 2), True, [3, 2, 1], (-4, 4, -4, 4)),
    ("RT-TV-37", (3,), False, [3], (-3, -3, -3, 9)),
    ("RT-TV-38", (3,), True, [3], (-6, -6, -6, 18)),
    ("RT-TV-39", (3,), True, [0, 1, 3], (0, 0, 0, 0)),
    ("RT-TV-40", (3,), False, [0, 1, 2], (3, 3, 3, -9)),
    ("RT-TV-41", (3,), True, [0, 1, 2], (12, 12, 12, -36)),
    # RT-6.4 worked examples 1-5.
    ("RT-6.4/1", (0, 2), False, [2, 1, 0], (1, -1, 1, -1)),
    ("RT-6.4/2", (0, 2), True, [1, 3], (-8, 8, -8, 8)),
    ("RT-6.4/3", (0, 2), True, [0, 1, 3], (0, 0, 0, 0)),
    ("RT-6.4/4", (3,), True, [0, 1, 2], (12, 12, 12, -36)),
    ("RT-6.4/5", (3,), False, [3], (-3, -3, -3, 9)),
    ("RT-6.2", (3,), False, [1, 3], (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("vid", "red", "lit", "order", "scores"), SCORING)
def test_scoring(
    vid: str, red: tuple[int, ...], lit: bool, order: list[int], scores: tuple[int, ...]
) -> None:
    s = settle(red, order, lit)
    assert s.scores == scores, vid
    assert sum(s.scores) == 0  # RT-TV-42, RT-6.4


def test_scoring_breakdown_and_bad_orders() -> None:  # RT-6.1, RT-6.3, RT-5.7
    s = settle((0, 2), [1, 3], True)
    assert (s.outcome, s.winning_team, s.base, s.multiplier) == (
        "complete victory",
        "black",
        (-2, 2, -2, 2),
        4,
    )
    assert settle((0, 2), [0, 1, 3], True).multiplier == 1  # a lit draw stays 0
    with pytest.raises(cardavia.InvalidArgumentError, match="RT-5.7"):
        settle((0, 2), [0, 1], False)  # not over yet
    with pytest.raises(cardavia.InvalidArgumentError, match="RT-5.7"):
        settle((0, 2), [0, 2, 1], False)  # was over after S0, S2


def test_random_deals_sum_to_zero() -> None:  # RT-TV-42
    from cardavia.sim.playthrough import random_playthrough

    for seed in range(200):
        state = random_playthrough(GAME, seed)
        assert sum(state.returns()) == 0
        result = state.result
        assert result is not None and sum(result["scores"]) == 0


# ---- information, resampling and matches --------------------------------------------------


def test_observation_hides_teams_and_resample_respects_shown_tens() -> None:  # RT-3.5
    state = new_state(DEAL_A)
    run(state, "light", "decline")
    obs = state.observation(1)
    assert "teams" not in obs and CardSet(obs["hand"]) == CardSet(DEAL_A["hands"][1])
    reds = set()
    for seed in range(30):
        other = state.resample(1, seed=seed)
        assert other.observation(1) == obs
        hands = other._deal_record["hands"]
        assert "Th" in hands[0].split() and "Td" not in hands[0].split()  # lit: all shown
        reds.add(tuple(other.teams["red"]))
    assert reds == {(0, 2), (0, 3)}  # Td could be with S2 or S3: the team stays hidden


def test_resample_keeps_the_deal_running() -> None:  # RT-5.7
    state = new_state(DEAL_C)
    run(state, "decline", "decline", "decline", "decline")
    run(state, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "pass", "pass", "pass")
    # S0 sees S2 out and the deal still running: S2's partner holds Td, whoever that is.
    for seed in range(20):
        other = state.resample(0, seed=seed)
        assert not other.is_terminal() and other.observation(0) == state.observation(0)


def test_match() -> None:  # RT-7.1-7.4
    game = cardavia.load("red_ten", deals=3)
    match = game.new_match(seed=5)
    assert isinstance(match, RedTenMatch)
    from cardavia import Rng

    rng = Rng(1)
    while not match.is_over():
        assert match.winners is None
        state = match.new_deal()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
    assert len(match.deals) == 3 and sum(match.scores) == 0  # RT-7.2
    best = max(match.scores)
    assert match.winners == [p for p in range(4) if match.scores[p] == best]  # RT-7.3
    with pytest.raises(IllegalActionError):
        match.new_deal()
    assert cardavia.load("red_ten").options == {"deals": 8}  # RT-7.1 default
    with pytest.raises(cardavia.InvalidArgumentError):
        cardavia.load("red_ten", deals=0)
