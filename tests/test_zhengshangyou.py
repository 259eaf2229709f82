"""Zheng Shangyou rule vectors (rules/zhengshangyou.md §9) through the Python API."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, zhengshangyou
from cardavia.games.zhengshangyou import DECK, settle

GAME = cardavia.load("zhengshangyou")


def make_deal(*fixed: str) -> dict[str, Any]:
    """A deal whose hands start with the ``fixed`` cards, topped up to 16 from the rest."""
    used = CardSet()
    for f in fixed:
        used |= CardSet(f)
    rest = list(DECK - used)
    hands = []
    for f in (*fixed, *[""] * (3 - len(fixed))):
        need = 16 - len(CardSet(f))
        hands.append(str(CardSet(f) | CardSet(rest[:need])))
        rest = rest[need:]
    return {"hands": hands}


def new_state(hands: list[str]) -> Any:
    return GAME.new_state(seed=1, deal={"hands": hands})


def only(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: Any, *moves: str) -> None:
    for move in moves:
        state.apply(move)


def forced_pass(state: Any) -> None:
    """The player to act cannot beat the top play: PASS is the only legal action (ZSY-6.3)."""
    assert only(state) == ["pass"]
    state.apply("pass")


def forced(state: Any, cards: str) -> None:
    """``cards`` is the only beating play and passing is illegal (ZSY-6.3)."""
    assert [a.cards for a in state.legal_actions()] == [CardSet(cards)]
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="ZSY-6.3"):
        state.apply("pass")
    assert state.to_json() == before
    state.apply(cards)


# ---- 9.1 Deck and first lead --------------------------------------------------------------


def test_deck() -> None:  # ZSY-V01, ZSY-2.1
    assert len(DECK) == 48
    assert CardSet("2s As Ad Ac").issubset(DECK)
    assert DECK.isdisjoint("Ah 2h 2d 2c SJ BJ")
    hands = [CardSet(h) for h in GAME.new_state(seed=3)._deal_record["hands"]]
    assert [len(h) for h in hands] == [16, 16, 16]  # ZSY-3.2
    assert hands[0] | hands[1] | hands[2] == DECK


def test_random_deal_holder_of_3h_leads() -> None:  # ZSY-3.3
    for seed in range(20):
        state = GAME.new_state(seed=seed)
        leader = state.current_player
        assert "3h" in state.observation(leader)["hand"].split()


def test_first_play_must_contain_3h() -> None:  # ZSY-V02, ZSY-V03, ZSY-3.4
    state = GAME.new_state(seed=1, deal=make_deal("3h 3s 4h 4s 5d 6c 7h"))
    assert state.current_player == 0
    before = state.to_json()
    for bad in ("4h", "3s"):
        with pytest.raises(IllegalActionError, match="ZSY-3.4"):
            state.apply(bad)
        assert state.to_json() == before
    for good in ("3h 3s", "3h 4s 5d 6c 7h"):
        assert state.can_apply(good)
        copy = state.clone()
        copy.apply(good)
        assert copy.history[-1]["type"] in ("pair", "straight")
    assert all("3h" in str(a).split() for a in state.legal_actions())  # ZSY-6.7


def test_rejected_cards() -> None:  # ZSY-2.2, ZSY-4.1
    state = GAME.new_state(seed=1, deal=make_deal("3h"))
    with pytest.raises(IllegalActionError, match="ZSY-4.1"):
        state.apply("SJ")
    with pytest.raises(IllegalActionError, match="ZSY-4.1"):
        state.apply("3h 5s")  # not a combination (or not held)
    hands = make_deal("3h")["hands"]
    hands[1] = str(CardSet(hands[1].split()[1:]) | CardSet("SJ"))
    with pytest.raises(cardavia.InvalidArgumentError, match="ZSY-2.1"):
        GAME.new_state(deal={"hands": hands})
    with pytest.raises(cardavia.InvalidArgumentError):
        GAME.new_state(deal={"hands": ["3h 4h", "5s", "6s"]})


# ---- 9.2 Classification -------------------------------------------------------------------

CLASSIFY = [
    ("ZSY-V04", "2s", False, "single", "2", 1),
    ("ZSY-V05", "As Ad", False, "pair", "A", 1),
    ("ZSY-V06", "Ks Kh Kd", False, "triple", "K", 1),
    ("ZSY-V07", "As Ad Ac", False, "three_ace_bomb", None, None),
    ("ZSY-V08", "7s 7h 7d 7c", False, "bomb", "7", None),
    ("ZSY-V09", "Ts Jh Qd Kc As", False, "straight", "A", 5),
    ("ZSY-V10", "Js Qh Kd As 2s", False, None, None, None),
    ("ZSY-V11", "As 2s 3h 4d 5c", False, None, None, None),
    ("ZSY-V12", "3s 4h 5d 6c", False, None, None, None),
    ("ZSY-V13", "3s 3h 4s 4h", False, "pair_sequence", "4", 2),
    ("ZSY-V14", "Ks Kh As Ad", False, "pair_sequence", "A", 2),
    ("ZSY-V15", "3s 3h 5s 5h", False, None, None, None),
    ("ZSY-V16", "5s 5h 5d 6c", False, None, None, None),
    ("ZSY-V17", "5s 5h 5d 6s 6h", False, None, None, None),
    ("ZSY-V18", "5s 5h 5d 6s 6h 6d", False, None, None, None),
    ("ZSY-V19", "9s 9h 9d 9c 3s 4s", False, None, None, None),
    ("ZSY-V20", "7s 7h 7d 7c 8s 8h 8d 8c", False, None, None, None),
    ("ZSY-V21", "3s 3h 3d 3c", True, "heavenly_bomb", None, None),
    ("ZSY-4.5", "3s 3h 3d 3c", False, "bomb", "3", None),
]


@pytest.mark.parametrize(("vid", "cards", "first", "kind", "key", "n"), CLASSIFY)
def test_classification(
    vid: str, cards: str, first: bool, kind: str | None, key: str | None, n: int | None
) -> None:
    found = zhengshangyou.classify(cards, first_play=first)
    if kind is None:
        assert found == [], vid
        return
    assert len(found) == 1, vid  # ZSY-4.6: classification is unique
    p = found[0]
    assert p.kind == kind and p.cards == CardSet(cards), vid
    assert p.is_bomb == (kind in ("bomb", "three_ace_bomb", "heavenly_bomb"))
    if key is not None:
        assert p.main_rank == key, vid
    if n is not None:
        assert p.length == n, vid


# ---- 9.3 Beating --------------------------------------------------------------------------

BEATS = [
    ("ZSY-V22", "As", False, "2s", True),
    ("ZSY-V23", "Ks Kh Kd Kc", False, "As Ad Ac", True),
    ("ZSY-V24", "3s 3h 3d 3c", False, "4s 4h 4d 4c", True),
    ("ZSY-V24", "2s", False, "3s 3h 3d 3c", True),
    ("ZSY-V25", "3s 3h 3d 3c", True, "As Ad Ac", False),
    ("ZSY-V26", "2s", False, "5s 5h 5d 5c", True),
    ("ZSY-V27", "3s 4h 5d 6c 7s", False, "4s 5h 6d 7c 8s 9h", False),
    ("ZSY-V27", "3s 4h 5d 6c 7s", False, "4s 5h 6d 7c 8s", True),
    ("ZSY-V28", "3s 3h 4s 4h", False, "4d 4c 5s 5h", True),
    ("ZSY-V28", "3s 3h 4s 4h", False, "5s 5h 6s 6h 7s 7h", False),
    ("ZSY-5.6", "7s", False, "7h", False),
    ("ZSY-5.6", "7s 7h", False, "8s", False),
]


@pytest.mark.parametrize(("vid", "top", "first", "candidate", "expected"), BEATS)
def test_beating(vid: str, top: str, first: bool, candidate: str, expected: bool) -> None:
    assert zhengshangyou.beats(candidate, top, first_play=first) is expected, vid


def test_nothing_beats_the_heavenly_bomb() -> None:  # ZSY-V25, ZSY-5.5
    heavenly = zhengshangyou.classify("3s 3h 3d 3c", first_play=True)[0]
    assert zhengshangyou.legal_plays(DECK - heavenly.cards, heavenly) == []
    assert zhengshangyou.legal_plays(DECK - heavenly.cards, "3s 3h 3d 3c", first_play=True) == []


# ---- 9.4 Obligation to beat ---------------------------------------------------------------
# legal_plays() is the follower's rule of ZSY-6.7: the beating plays, PASS legal only when there
# are none. The state enforces the same duty (forced() and forced_pass() below, ZSY-V38..V45).

OBLIGATION = [
    ("ZSY-V29", "Kd", False, "3s 5s 5h 5d 5c 9h", ["5c 5d 5h 5s"]),
    ("ZSY-V30", "Kd", False, "As 4s 4h", ["As"]),
    ("ZSY-V31", "Qs Qh", False, "Ks 3d 4d 7c", []),
    ("ZSY-V32", "Ks Kh Kd", False, "As Ad Ac 4h", ["Ac Ad As"]),
    ("ZSY-V33", "5h", False, "6s 9d 2s", ["6s", "9d", "2s"]),
    ("ZSY-V34", "3s 3h 3d 3c", True, "As Ad Ac 2s Ks Kh Kd Kc 9h", []),
]


@pytest.mark.parametrize(("vid", "top", "first", "hand", "expected"), OBLIGATION)
def test_obligation_to_beat(
    vid: str, top: str, first: bool, hand: str, expected: list[str]
) -> None:
    plays = zhengshangyou.legal_plays(hand, top, first_play=first)
    assert sorted(str(p.cards) for p in plays) == sorted(expected), vid


# ---- 9.5 Settlement -----------------------------------------------------------------------

NO_BOMB_16_WITH_2S = "2s 3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d"


@pytest.mark.parametrize(
    ("vid", "hands", "played", "tricks", "scores"),
    [
        ("ZSY-V35", ["", "7h 8h", "Js Jh Jd Jc 2s 4d"], [1, 1, 1], [0, 0, 0], (28, -2, -26)),
        ("ZSY-V36", ["", "9c", NO_BOMB_16_WITH_2S], [1, 1, 0], [0, 0, 0], (43, -1, -42)),
        ("ZSY-V37", ["", "As Ad Ac 5h", "Qs Qh Qd"], [1, 1, 1], [0, 0, 0], (17, -14, -3)),
        # ZSY-7.7 Example A and Example B.
        (
            "ZSY-7.7A",
            ["", "2s 7h 8h 9d", "Js Jh Jd Jc 3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d"],
            [1, 1, 0],
            [0, 0, 0],
            (56, -14, -42),
        ),
        ("ZSY-7.7B", ["", "3s 4s 5s 6h 8d", "2s 9h Td"], [1, 1, 1], [0, 1, 0], (8, 15, -23)),
    ],
)
def test_settlement(
    vid: str, hands: list[str], played: list[int], tricks: list[int], scores: tuple[int, ...]
) -> None:
    s = settle(0, hands, [bool(x) for x in played], tricks)
    assert s.scores == scores, vid
    assert sum(s.scores) == 0 and sum(s.bonuses) == 0  # ZSY-7.6


def test_penalty_parts() -> None:  # ZSY-V35, ZSY-V36, ZSY-7.5 (doubling of the card count only)
    s = settle(0, ["", "7h 8h", NO_BOMB_16_WITH_2S], [True, True, False])
    pen = s.penalties[1]
    assert (pen.player, pen.cards_left, pen.never_played) == (2, 16, True)
    assert (pen.card_points, pen.two_of_spades, pen.bomb_points, pen.total) == (32, 10, 0, 42)
    assert zhengshangyou.held_bombs("Js Jh Jd Jc As Ad Ac Qs Qh Qd") == 2  # ZSY-V37
    with pytest.raises(cardavia.InvalidArgumentError):
        settle(0, ["3s", "", ""], [True] * 3)


# ---- 9.6 Played sequences -----------------------------------------------------------------
#
# ZSY-V38..V41 start from mid-deal positions ("all three seats have already played; scores 0").
# The engine starts every deal from 16-card hands, and these positions cannot be reached from
# one with all scores 0:
# * ZSY-V38: seat 0 holds 6s6h6d6c all deal, so a trick can end with seat 1 on top only if
#   seat 1's top play is a bomb above 6666; the last trick in which seats 0 or 2 played must
#   be won by seat 1 (who leads now), so that bomb was played over their cards: a response
#   bomb, and seat 1 already has a +20 bonus (only equal bonuses of all three could cancel it).
# * ZSY-V39: seat 2 holds As Ad Ac all deal, so seat 0 can win a trick only with the heavenly
#   bomb, i.e. the first play, before seats 1 and 2 have played anything: unreachable.
# * ZSY-V40/V41: as for V38, seat 0 can lead after everyone has played only after winning a
#   trick over seat 2's 5s5h5d5c with a response bomb.
# Their outcomes are checked with settle() from the vector's final position and bomb tricks,
# and the mechanics they test are played through full deals below: a response bomb holding the
# trick (V43, V45), over-bombed bombs earning nothing (V43), a finishing response bomb (the
# "finishing" deal).


@pytest.mark.parametrize(
    ("vid", "winner", "hands", "tricks", "scores"),
    [
        ("ZSY-V38", 0, ["", "4c Kc", "5c Qd"], [1, 0, 0], (24, -12, -12)),
        ("ZSY-V39", 2, ["8d 9d", "5d", ""], [0, 0, 1], (-12, -11, 23)),
        ("ZSY-V40", 0, ["", "6h 6d", "2s 7h 8c"], [1, 0, 0], (35, -12, -23)),
        ("ZSY-V41", 0, ["", "6h 6d", "5s 5h 5d 5c 7h 8c"], [1, 0, 0], (38, -12, -26)),
    ],
)
def test_sequence_outcomes(
    vid: str, winner: int, hands: list[str], tricks: list[int], scores: tuple[int, ...]
) -> None:
    assert settle(winner, hands, [True] * 3, tricks).scores == scores, vid


def test_sequence_legal_actions() -> None:  # ZSY-V38..V41 follower duties, ZSY-6.3
    assert [str(p) for p in zhengshangyou.legal_plays("Ts Th 5c Qd", "8s 8h")] == ["Th Ts"]
    assert [str(p.cards) for p in zhengshangyou.legal_plays("6s 6h 6d 6c 9d", "Ts Th")] == [
        "6c 6d 6h 6s"
    ]
    assert zhengshangyou.legal_plays("4c Kc", "6s 6h 6d 6c") == []  # V38: seat 1 passes
    assert zhengshangyou.legal_plays("8d 9d", "As Ad Ac") == []  # V39
    assert [str(p.cards) for p in zhengshangyou.legal_plays("2s 5s 5h 5d 5c 7h 8c", "Ks")] == [
        "2s",
        "5c 5d 5h 5s",
    ]  # V40/V41: seat 2's free choice


V42_DEAL = [
    "3s 3h 3d 3c Qs Qh Qd Qc Ks Kh Kd Kc As Ad Ac 2s",
    "4s 4h 4d 4c 5s 5h 5d 5c 6s 6h 6d 6c 7s 7h 7d 7c",
    "8s 8h 8d 8c 9s 9h 9d 9c Ts Th Td Tc Js Jh Jd Jc",
]


def test_v42_lead_bombs_only_never_played_doubling() -> None:  # ZSY-V42
    state = new_state(V42_DEAL)
    assert state.current_player == 0  # ZSY-3.3
    state.apply("3s 3h 3d 3c")
    assert state.history[-1]["type"] == "heavenly_bomb"  # ZSY-4.3 #8
    for lead in ("Qs Qh Qd Qc", "Ks Kh Kd Kc", "As Ad Ac"):
        forced_pass(state)
        forced_pass(state)
        assert state.current_player == 0
        state.apply(lead)
    forced_pass(state)
    forced_pass(state)
    state.apply("2s")
    assert state.is_terminal()
    assert state.returns() == [144.0, -72.0, -72.0]
    result = state.result
    assert result is not None
    assert result["bonuses"] == [0, 0, 0] and result["bomb_tricks"] == [0, 0, 0]
    pen = result["penalties"][0]
    assert pen["never_played"] and pen["card_points"] == 32 and pen["bombs_held"] == 4
    assert pen["total"] == 72


def test_v43_forced_bombs_and_a_response_bomb_bonus() -> None:  # ZSY-V43
    state = new_state(V42_DEAL)
    state.apply("3s 3h 3d 3c")
    forced_pass(state)
    forced_pass(state)
    state.apply("2s")
    # Seat 1 must beat 2s; only bombs can, and he may choose any of them (ZSY-6.3).
    assert len(state.legal_actions()) == 4 and not state.can_apply("pass")
    state.apply("4s 4h 4d 4c")
    assert not state.can_apply("pass")
    state.apply("8s 8h 8d 8c")
    assert not state.can_apply("pass")
    state.apply("Qs Qh Qd Qc")
    forced_pass(state)
    forced_pass(state)
    bonus = [e for e in state.history if e["event"] == "bomb_bonus"]
    assert bonus == [{"event": "bomb_bonus", "player": 0, "points": [20, -10, -10]}]
    assert state.observation(1)["bonuses"] == [20, -10, -10]
    state.apply("Ks Kh Kd Kc")
    forced_pass(state)
    forced_pass(state)
    state.apply("As Ad Ac")
    assert state.is_terminal()
    assert state.returns() == [104.0, -52.0, -52.0]
    result = state.result
    assert result is not None
    assert result["bomb_tricks"] == [1, 0, 0]  # the over-bombed 4444 and 8888 earn nothing
    assert [p["total"] for p in result["penalties"]] == [42, 42]
    assert result["settlement"] == [84, -42, -42]


V44_DEAL = [
    "3s 3h 3d 3c 8s 8h 8d 8c Ks Kh Kd Kc As Ad Ac 2s",
    "4s 4h 5s 5h 6s 6h 7s 7h 9s 9h Ts Th Js Jh Qs Qh",
    "4d 4c 5d 5c 6d 6c 7d 7c 9d 9c Td Tc Jd Jc Qd Qc",
]


def test_v44_lead_bomb_no_bonus() -> None:  # ZSY-V44, ZSY-7.2
    state = new_state(V44_DEAL)
    state.apply("3s 3h 3d 3c")
    forced_pass(state)
    forced_pass(state)
    state.apply("8s 8h 8d 8c")
    forced_pass(state)
    forced_pass(state)
    assert state.history[-1] == {"event": "trick", "winner": 0}
    assert state.observation(0)["bonuses"] == [0, 0, 0]
    assert state.current_player == 0  # seat 0 leads again
    for lead in ("Ks Kh Kd Kc", "As Ad Ac"):
        state.apply(lead)
        forced_pass(state)
        forced_pass(state)
    state.apply("2s")
    assert state.returns() == [64.0, -32.0, -32.0]


V45_DEAL = [
    "3s 3h 3d 3c 8s 8h 8d 8c 4c 5c 6c 7c 9d 9c Td Tc",
    "Qs Qh Qd Qc Js Jh Jd Jc Ks Kh Kd Kc As Ad Ac 2s",
    "4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 9s 9h Ts Th",
]


def test_v45_lead_bomb_answered_by_a_response_bomb() -> None:  # ZSY-V45, ZSY-7.3
    state = new_state(V45_DEAL)
    state.apply("3s 3h 3d 3c")
    forced_pass(state)
    forced_pass(state)
    state.apply("8s 8h 8d 8c")
    assert not state.can_apply("pass")
    state.apply("Qs Qh Qd Qc")
    forced_pass(state)
    forced_pass(state)
    assert state.history[-1] == {"event": "bomb_bonus", "player": 1, "points": [-10, 20, -10]}
    assert state.current_player == 1
    for lead in ("2s", "As Ad Ac", "Ks Kh Kd Kc"):
        state.apply(lead)
        forced_pass(state)
        forced_pass(state)
    state.apply("Js Jh Jd Jc")
    assert state.is_terminal()
    # Bonus +20/-10/-10; seat 0 pays 8 cards, seat 2 never played: 16 x 2.
    assert state.returns() == [-18.0, 60.0, -42.0]


FINISHING_DEAL = [
    "3h 6s 9s Js Jh Jd Jc Qs Qh Qd Qc 4h Ks Kh Kd Kc",
    "4s 7s Ts 5h 3s 3d 4d 5d 6d 7h 8h 9h Th Ad 2s 3c",
    "5s 8s As 6h 4c 5c 6c 7d 7c 8d 8c 9d 9c Td Tc Ac",
]


def test_finishing_response_bomb() -> None:  # ZSY-7.4 (the mechanics of ZSY-V40/V41)
    state = new_state(FINISHING_DEAL)
    play(state, "3h", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "As")
    assert not state.can_apply("pass")  # seat 0 must bomb the As (ZSY-6.3)
    state.apply("Js Jh Jd Jc")
    forced_pass(state)
    forced_pass(state)
    state.apply("Qs Qh Qd Qc")  # a lead bomb: no bonus (ZSY-7.2)
    forced_pass(state)
    forced_pass(state)
    play(state, "4h", "5h", "Ac")
    forced(state, "Ks Kh Kd Kc")  # seat 0's last cards: the deal ends at once (ZSY-6.6)
    assert state.is_terminal()
    result = state.result
    assert result is not None
    assert result["bomb_tricks"] == [2, 0, 0]  # ZSY-7.4: the finishing bomb counts
    assert result["bonuses"] == [40, -20, -20]
    assert [p["total"] for p in result["penalties"]] == [22, 12]  # seat 1 holds 2s
    assert state.returns() == [74.0, -42.0, -32.0]


# ---- protocol details ---------------------------------------------------------------------


def test_observation_and_resample_respect_passes() -> None:  # ZSY-3.5, ZSY-6.3
    state = new_state(V45_DEAL)
    state.apply("3s 3h 3d 3c")
    state.apply("pass")
    obs = state.observation(2)
    assert obs["has_played"] == [True, False, False]
    assert obs["hand_sizes"] == [12, 16, 16]
    assert "Qs" not in obs["hand"] and "hands" not in obs
    for seed in range(5):
        other = state.resample(2, seed=seed)
        assert other.observation(2) == obs


def test_result_is_readable_and_json() -> None:
    state = new_state(V42_DEAL)
    for move in ["3s 3h 3d 3c", "pass", "pass", "2s", "4s 4h 4d 4c", "8s 8h 8d 8c"]:
        state.apply(move)
    assert state.result is None and state.returns() == [0.0, 0.0, 0.0]
    again = GAME.state_from_json(state.to_json())
    assert again.history == state.history
