"""Tractor (rules/tractor.md): the rule vectors TR-TV-nn of §7 and whole-deal properties.

The Rust core tests the same ranking, shape, follow and winner vectors on the engine
(rust/core/src/tractor/tests.rs); here they go through the Python API, and the declaration,
scoring and level vectors (which live in Python) are tested only here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import CardBag, IllegalActionError, Rng
from cardavia.games.tractor import (
    FULL_DECK,
    NUM_ACTIONS,
    TractorGame,
    TractorMatch,
    TractorState,
    Trump,
    band,
    card_points,
    count_follows,
    follow_next_cards,
    follow_violation,
    legal_follows,
    legal_leads,
    settle,
    shape,
    trick_winner,
)

L2H = Trump("2", "h")
L7H = Trump("7", "h")


def game() -> TractorGame:
    g = cardavia.load("tractor", initial_seat=0)
    assert isinstance(g, TractorGame)
    return g


def make_deal(
    required: Mapping[int, str],
    kitty_front: str = "",
    seat: int = 0,
    first_deal: bool = True,
    levels: tuple[int, int] = (2, 2),
) -> dict[str, Any]:
    """A deal where seat ``s`` holds ``required[s]`` and the kitty starts ``kitty_front``; the
    other cards are dealt from the rest of the deck, highest rank first and jokers last (so the
    seats 0-2 get no level-2 cards or jokers unless asked)."""
    rest = FULL_DECK
    for text in [*required.values(), kitty_front]:
        rest = rest - CardBag(text)
    filler = sorted(rest.cards(), key=lambda c: (c.is_joker, -c.index))
    hands = []
    for s in range(4):
        own = CardBag(required.get(s, ""))
        need = 25 - len(own)
        hands.append(str(own + CardBag(filler[:need])))
        filler = filler[need:]
    front = kitty_front.split()
    kitty = front + [str(c) for c in filler[: 8 - len(front)]]
    return {
        "hands": hands,
        "kitty": " ".join(kitty),
        "first_deal": first_deal,
        "seat": seat,
        "levels": list(levels),
        "number": 0,
    }


def declare(state: TractorState, calls: list[str]) -> None:
    for call in calls:
        state.apply("pass" if call == "P" else f"declare {call}")


# ---- 7.1 Ranking and combinations ---------------------------------------------------------


def test_tv01_trump_order() -> None:  # TR-TV-01, TR-2.7, TR-2.9
    groups = [" ".join(sorted(str(c) for c in g)) for g in L7H.trump_order()]
    assert groups[:4] == ["BJ", "SJ", "7h", "7c 7d 7s"]
    assert groups[4:] == [f"{r}h" for r in "AKQJT98654 32".replace(" ", "")]
    # BJ > SJ > 7h > 7s = 7d = 7c > Ah > ... > 2h as positions: strictly descending between
    # groups, equal inside the off-suit level group.
    positions = [[L7H.position(c) for c in g] for g in L7H.trump_order()]
    assert all(len(set(p)) == 1 for p in positions)
    tops = [p[0] for p in positions]
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == len(tops)
    assert L7H.position("7s") == L7H.position("7d") == L7H.position("7c") == 12
    assert (L7H.position("7h"), L7H.position("Ah"), L7H.position("2h")) == (13, 11, 0)


@pytest.mark.parametrize(
    ("vector", "cards", "want"),
    [
        ("TR-TV-02", "6s 6s 8s 8s", "tractor(2)"),
        ("TR-TV-03", "7s 7s 7d 7d", "none"),
        ("TR-TV-04", "Ah Ah 7c 7c", "tractor(2)"),
        ("TR-TV-04", "7c 7c 7h 7h", "tractor(2)"),
        ("TR-TV-04", "7h 7h SJ SJ", "tractor(2)"),
        ("TR-TV-04", "SJ SJ BJ BJ", "tractor(2)"),
        ("TR-TV-05", "Ah Ah Kh Kh Qh Qh", "tractor(3)"),
        ("TR-TV-06", "Th Th 8s 8s", "none"),
        ("TR-TV-06", "Ts Ts 8s 8s", "none"),
        ("TR-TV-06", "6h 6h 8h 8h", "tractor(2)"),
        ("TR-TV-83", "Ah Ah 7c 7c 7s 7s", "none"),
        ("TR-TV-83", "Ah Ah 7h 7h", "none"),
    ],
)
def test_tv02_to_tv06_tv83_shapes(vector: str, cards: str, want: str) -> None:
    assert shape(cards, L7H) == want, vector


@pytest.mark.parametrize(
    ("cards", "want"),
    [
        ("5s 5s SJ SJ", "tractor(2)"),
        ("5s 5s 5h 5h", "none"),
        ("4s 4s 6s 6s", "tractor(2)"),
        ("5d 5d SJ SJ BJ BJ", "tractor(3)"),
    ],
)
def test_tv07_no_trump_shapes(cards: str, want: str) -> None:  # TR-TV-07
    assert shape(cards, Trump("5", None)) == want, "TR-TV-07"


def test_tv03_tv83_none_shapes_are_illegal_leads() -> None:
    for cards in ("7s 7s 7d 7d", "Ah Ah 7c 7c 7s 7s", "Ah Ah 7h 7h"):
        assert CardBag(cards) not in legal_leads(cards, L7H)


def test_tv08_level_card_is_trump() -> None:  # TR-TV-08, TR-2.5, TR-2.8
    assert L2H.is_trump("2s") and L2H.effective_suit("2s") == "trump"
    assert not L2H.is_trump("As") and L2H.effective_suit("As") == "s"
    assert max(L2H.suit_cards("s"), key=L2H.position) == cardavia.Card("As")
    assert cardavia.Card("2s") not in L2H.suit_cards("s")
    # In play: the trump 2s beats the spade Ace led, and As tops every other spade.
    assert trick_winner(["As", "2s", "3s", "Ks"], L2H) == 1
    assert trick_winner(["Ks", "Qs", "As", "3s"], L2H) == 2


def test_tv09_points() -> None:  # TR-TV-09, TR-2.11
    assert card_points("Ts Ks 5d 9c") == 25
    assert [card_points(c) for c in ["Ts", "Ks", "5d", "9c"]] == [10, 10, 5, 0]
    assert card_points(FULL_DECK) == 200  # TR-2.11


# ---- 7.3 Following ----------------------------------------------------------------------------

FOLLOWS = [
    ("TR-TV-23", L2H, "9s 9s", "3s 3s 5s Ks 4h 6c", ["3s 3s"]),
    ("TR-TV-24", L2H, "9s 9s", "3s 5s Ks 4h 4h", ["3s 5s", "3s Ks", "5s Ks"]),
    ("TR-TV-25", L2H, "9s 9s", "5s 4h 4h 6c", ["5s 4h", "5s 6c"]),
    ("TR-TV-26", L2H, "9s 9s", "3s 3s 5s 5s Kd", ["3s 3s", "5s 5s"]),
    ("TR-TV-27", L2H, "9s 9s Ts Ts", "3s 3s 5s 5s Ks 4h", ["3s 3s 5s 5s"]),
    (
        "TR-TV-28",
        L2H,
        "9s 9s Ts Ts",
        "3s 3s 5s Ks Qs 4h",
        ["3s 3s 5s Ks", "3s 3s 5s Qs", "3s 3s Ks Qs"],
    ),
    (
        "TR-TV-29",
        L2H,
        "9s 9s Ts Ts",
        "Js Js Qs Qs 4s 4s 6c",
        ["Js Js Qs Qs", "Js Js 4s 4s", "Qs Qs 4s 4s"],
    ),
    (
        "TR-TV-30",
        L2H,
        "9s 9s Ts Ts",
        "5s 6s 2s 2s Kh Kh",
        ["5s 6s 2s 2s", "5s 6s 2s Kh", "5s 6s Kh Kh"],
    ),
    ("TR-TV-31", L2H, "9s 9s Ts Ts Js Js", "3s 3s 4s 4s 8s Kd Kd", ["3s 3s 4s 4s 8s Kd"]),
    ("TR-TV-32", L2H, "3h", "2c Ks Ad", ["2c"]),
    ("TR-TV-33", L2H, "As", "2s 4h Kd", ["2s", "4h", "Kd"]),
    ("TR-TV-34", L2H, "SJ", "2d 5h Ac", ["2d", "5h"]),
    ("TR-TV-35", L2H, "4h 4h", "BJ SJ 2c 2c 7s", ["2c 2c"]),
    ("TR-TV-36", L2H, "Kd", "3d Qd 2d Ah", ["3d", "Qd"]),
    ("TR-TV-37", L7H, "4h 4h", "7c 7c 7s Kh 9d", ["7c 7c"]),
    ("TR-TV-38", L7H, "8d 8d 6d 6d", "9d 9d Td Jd Jd 7d 7d", ["9d 9d Jd Jd"]),
    ("TR-TV-39", Trump("5", None), "Ah", "5h Kh 3c", ["Kh"]),
    ("TR-TV-40", Trump("5", None), "SJ SJ", "5h 5d Kh BJ", ["5h 5d", "5h BJ", "5d BJ"]),
    ("TR-TV-84", L2H, "9s 9s", "4h 4h Kd", ["4h 4h", "4h Kd"]),
]


@pytest.mark.parametrize(("vector", "trump", "lead", "hand", "want"), FOLLOWS)
def test_tv23_to_tv40_tv84_follows(
    vector: str, trump: Trump, lead: str, hand: str, want: list[str]
) -> None:
    got = set(legal_follows(hand, lead, trump))
    assert got == {CardBag(w) for w in want}, vector
    assert count_follows(hand, lead, trump) == len(want)
    # The compact generator offers exactly the cards that start some legal follow.
    starts = {c for w in want for c in CardBag(w)}
    assert set(follow_next_cards(hand, lead, "", trump)) == starts


def test_follow_violations_name_tr_4_4() -> None:
    assert follow_violation("3s 3s 5s Ks 4h 6c", "9s 9s", "5s Ks", L2H) == (
        "TR-4.4",
        "as many pairs of the led suit as possible (TR-D16): 1 required, 0 played",
    )
    bad = follow_violation("5s 4h 4h 6c", "9s 9s", "4h 4h", L2H)
    assert bad is not None and bad[0] == "TR-4.4"


def test_follows_explode_and_the_limit_says_so() -> None:
    hand = "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 3h"
    assert count_follows(hand, "9s 9s Ts Ts", L2H) == 12_650
    assert count_follows(hand, "9s 9s Ts Ts Js Js", L2H) == 177_100
    with pytest.raises(cardavia.InvalidArgumentError, match="12650"):
        legal_follows(hand, "9s 9s Ts Ts", L2H, limit=1000)


# ---- 7.4 Trick winner -------------------------------------------------------------------------

WINNERS = [
    ("TR-TV-41", L2H, "Ks|As|3h|5h", 3),
    ("TR-TV-42", L2H, "9s 9s|3h 4h|Ts Ts|Qs Ks", 2),
    ("TR-TV-43", Trump("4", "h"), "9s 9s Ts Ts|3h 3h 5h 5h|Js Js Qs Qs|Ah Ah Kh Kh", 3),
    ("TR-TV-44", L2H, "9s 9s Ts Ts|3h 3h 6h 6h|5s 5s 6s 8d|3s 4s 6s 7s", 0),
    ("TR-TV-45", L7H, "7s|7d|Ah|7c", 0),
    ("TR-TV-46", L7H, "7s|7d|7h|SJ", 3),
    ("TR-TV-47", Trump("2", None), "As|2d|SJ|Ks", 2),
    ("TR-TV-48", L2H, "Ah|3h|Ah|Kh", 0),
    ("TR-TV-49", L7H, "4h 4h|7c 7c|5h 5h|7h 7s", 1),
    ("TR-TV-50", L2H, "5d|Kd|2s|Ah", 2),
    ("TR-TV-51", L2H, "Ks Ks|3s BJ|4h Ah|3h 3h", 3),
    ("TR-TV-52", Trump("2", None), "2s 2s SJ SJ|3h 3h 4h 4h|2d 2d 2c 2c|BJ BJ 2h 2h", 0),
    ("TR-TV-53", L7H, "As As Ks Ks|8h 8h 6h 6h|7d 7d 7s 7s|Ah Ah 7c 7c", 3),
    ("TR-TV-54", L2H, "Ad|3c|4s|5c", 0),
]


@pytest.mark.parametrize(("vector", "trump", "plays", "want"), WINNERS)
def test_tv41_to_tv54_trick_winner(vector: str, trump: Trump, plays: str, want: int) -> None:
    assert trick_winner(plays.split("|"), trump) == want, vector


# ---- 7.2 Declaring trump ----------------------------------------------------------------------


def played_out(s: TractorState) -> tuple[int, list[int]]:
    """Play the deal out; (settled attackers' trick points, points captured by each seat)."""
    s.play_out(seed=7)
    table = s._table
    assert table is not None and s.settlement is not None
    return s.settlement.trick_points, table.captured_points


def test_tv10_single_then_three_passes() -> None:  # TR-TV-10
    s = game().new_state(deal=make_deal({0: "2h"}))
    declare(s, ["2h", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "h"
    assert (s.declarer, s.dealer, s.phase, s.current_player) == (0, 0, "bury", 0)
    assert s.observation(0)["hand_sizes"] == [33, 25, 25, 25]  # TR-3.12
    # Defenders {0, 2}: the attackers' trick points are those captured by seats 1 and 3.
    points, captured = played_out(s)
    assert points == captured[1] + captured[3] != captured[0] + captured[2]


@pytest.mark.parametrize(
    ("vector", "required", "calls", "rejected"),
    [
        ("TR-TV-11", {1: "2s", 2: "2h"}, ["P", "2s"], "2h"),
        ("TR-TV-14", {0: "SJ SJ", 1: "2c 2c"}, ["SJ SJ"], "2c 2c"),
        ("TR-TV-15", {0: "2h 2h", 1: "2s 2s"}, ["2h 2h"], "2s 2s"),
    ],
)
def test_tv11_tv14_tv15_equal_or_weaker_overcalls_rejected(
    vector: str, required: dict[int, str], calls: list[str], rejected: str
) -> None:
    s = game().new_state(deal=make_deal(required))
    declare(s, calls)
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"declare {rejected}")
    assert e.value.rule == "TR-3.7", vector
    assert s.to_json() == before


def test_tv12_level_pair_overcalls_single() -> None:  # TR-TV-12
    s = game().new_state(deal=make_deal({1: "2s", 2: "2h 2h"}))
    declare(s, ["P", "2s", "2h 2h", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "h" and s.dealer == 2
    assert (s.declarer, s.phase, s.current_player) == (2, "bury", 2)


def test_tv13_red_jokers_make_no_trump() -> None:  # TR-TV-13
    s = game().new_state(deal=make_deal({0: "2d", 1: "SJ SJ", 2: "BJ BJ"}))
    declare(s, ["2d", "SJ SJ", "BJ BJ", "P", "P", "P"])
    assert s.trump is not None and s.trump.is_no_trump and s.dealer == 2
    assert s.result is None and s.observation(1)["trump"] == "NT"


@pytest.mark.parametrize("cards", ["SJ", "3h", "2h 2d"])
def test_tv16_not_a_declaration(cards: str) -> None:  # TR-TV-16
    s = game().new_state(deal=make_deal({0: "SJ 3h 2h 2d"}))
    assert f"declare {cards}" not in [str(a) for a in s.legal_actions()]
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply(f"declare {cards}")
    assert e.value.rule == "TR-3.6", "TR-TV-16"
    assert s.to_json() == before and s.current_player == 0  # TR-4.10-style: no change


def test_tv17_overcalled_player_may_declare_again_but_passes() -> None:  # TR-TV-17
    s = game().new_state(deal=make_deal({0: "2h 2d 2d", 3: "2c 2c"}))
    declare(s, ["2h", "P", "P", "2c 2c"])
    # Seat 0 could declare 2d 2d? No: a level pair does not overcall a level pair (TR-3.7).
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    declare(s, ["P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "c" and s.dealer == 3


def test_tv17_overcalled_player_is_on_turn_again_and_may_declare() -> None:  # TR-TV-17
    # Same turns, but seat 0 also holds SJ SJ: on its turn after being overcalled it may
    # declare again (TR-3.7: a pass or an earlier call never bars a later declaration).
    s = game().new_state(deal=make_deal({0: "2h SJ SJ", 3: "2c 2c"}))
    declare(s, ["2h", "P", "P", "2c 2c"])
    assert s.phase == "declare" and s.current_player == 0
    assert "declare SJ SJ" in [str(a) for a in s.legal_actions()]
    declare(s, ["P", "P", "P"])  # here it passes, as in the vector
    assert s.trump is not None and s.trump.suit == "c"
    assert (s.declarer, s.dealer) == (3, 3)


def test_tv18_three_opening_passes_do_not_end_the_phase() -> None:  # TR-TV-18
    s = game().new_state(deal=make_deal({3: "2d"}))
    declare(s, ["P", "P", "P"])
    assert s.phase == "declare" and s.current_player == 3
    declare(s, ["2d", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "d" and s.dealer == 3


def test_tv19_partner_may_overcall_partner() -> None:  # TR-TV-19
    s = game().new_state(deal=make_deal({0: "2s", 2: "BJ BJ"}))
    declare(s, ["2s", "P"])
    assert "declare BJ BJ" in [str(a) for a in s.legal_actions()]  # legal over partner
    declare(s, ["BJ BJ", "P", "P", "P"])
    assert s.trump is not None and s.trump.is_no_trump and s.dealer == 2


def test_tv20_no_declaration_kitty_decides() -> None:  # TR-TV-20
    s = game().new_state(deal=make_deal({}, kitty_front="BJ SJ 9c Ah"))
    declare(s, ["P", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "c" and s.dealer == 0
    # TR-3.9: the kitty is shown to everyone.
    assert s.observation(2)["kitty"].startswith("BJ SJ 9c Ah")


def test_tv21_later_deal_declaration_sets_trump_only() -> None:  # TR-TV-21
    deal = make_deal({2: "5s"}, seat=1, first_deal=False, levels=(2, 5))
    s = game().new_state(deal=deal)
    assert s.level == 5 and s.dealer == 1 and s.current_player == 1
    declare(s, ["P", "5s", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "s" and s.level == 5
    assert (s.dealer, s.declarer, s.current_player) == (1, 2, 1)
    # Defenders {1, 3} although seat 2 declared: the attackers are seats 0 and 2.
    points, captured = played_out(s)
    assert points == captured[0] + captured[2] != captured[1] + captured[3]
    assert s.settlement is not None and s.settlement.dealer == 1


def test_tv22_later_deal_kitty_level_card_counts_with_its_suit() -> None:  # TR-TV-22
    deal = make_deal({}, kitty_front="SJ 7d Kc", seat=3, first_deal=False, levels=(2, 7))
    s = game().new_state(deal=deal)
    assert s.level == 7 and s.dealer == 3 and s.current_player == 3
    declare(s, ["P", "P", "P", "P"])
    assert s.trump is not None and s.trump.suit == "d" and s.dealer == 3
    assert s.trump.level == "7" and s.declarer is None
    assert s.observation(0)["kitty"].startswith("SJ 7d Kc")  # TR-3.9: revealed


# ---- 7.5 Kitty bonus and attackers' score, 7.6 levels ------------------------------------------


@pytest.mark.parametrize(
    ("vector", "kitty_points", "winner", "size", "bonus"),
    [
        ("TR-TV-55", 15, 1, 1, 30),
        ("TR-TV-56", 15, 1, 2, 60),
        ("TR-TV-57", 15, 1, 4, 120),
        ("TR-TV-58", 15, 3, 6, 180),
        ("TR-TV-59", 15, 2, 4, 0),
        ("TR-TV-60", 0, 1, 4, 0),
        ("TR-TV-85", 15, 3, 4, 120),
    ],
)
def test_tv55_to_tv60_tv85_kitty_bonus(
    vector: str, kitty_points: int, winner: int, size: int, bonus: int
) -> None:
    assert card_points("5c Kd 3s 4s 6h 8d 9c Jc") == 15
    s = settle(0, (2, 2), 0, kitty_points, winner, size)
    assert s.kitty_bonus == bonus, vector


@pytest.mark.parametrize(
    ("vector", "trick", "kitty", "winner", "size", "score", "after"),
    [
        ("TR-TV-61", 60, 15, 1, 2, 120, (2, 3)),
        ("TR-TV-62", 70, 15, 2, 2, 70, (3, 2)),
        ("TR-TV-63", 70, 10, 1, 1, 90, (2, 2)),
        ("TR-TV-64", 150, 25, 3, 4, 350, (2, 8)),
    ],
)
def test_tv61_to_tv64_attackers_score(
    vector: str, trick: int, kitty: int, winner: int, size: int, score: int, after: tuple[int, int]
) -> None:
    s = settle(0, (2, 2), trick, kitty, winner, size)
    assert s.attackers_score == score and s.levels_after == after, vector


A, K, Q = 14, 13, 12
LEVELS = [
    ("TR-TV-65", 0, (2, 2), 0, (5, 2), 2, 5, None),
    ("TR-TV-66", 0, (5, 3), 5, (7, 3), 2, 7, None),
    ("TR-TV-67", 2, (5, 3), 35, (7, 3), 0, 7, None),
    ("TR-TV-68", 0, (5, 3), 40, (6, 3), 2, 6, None),
    ("TR-TV-69", 0, (5, 3), 75, (6, 3), 2, 6, None),
    ("TR-TV-70", 2, (7, 4), 80, (7, 4), 3, 4, None),
    ("TR-TV-71", 2, (7, 4), 115, (7, 4), 3, 4, None),
    ("TR-TV-72", 2, (7, 4), 120, (7, 5), 3, 5, None),
    ("TR-TV-73", 2, (7, 4), 155, (7, 5), 3, 5, None),
    ("TR-TV-74", 2, (7, 4), 160, (7, 6), 3, 6, None),
    ("TR-TV-75", 2, (7, 4), 195, (7, 6), 3, 6, None),
    ("TR-TV-76", 2, (7, 4), 200, (7, 7), 3, 7, None),
    ("TR-TV-77", 3, (4, 9), 240, (8, 9), 0, 8, None),
    ("TR-TV-78", 1, (9, Q), 0, (9, 15), None, None, 1),
    ("TR-TV-79", 3, (9, A), 40, (9, 15), None, None, 1),
    ("TR-TV-80", 1, (9, K), 40, (9, A), 3, A, None),
    ("TR-TV-81", 0, (9, K), 160, (9, 15), None, None, 1),
    ("TR-TV-82", 0, (9, K), 120, (9, A), 1, A, None),
]


@pytest.mark.parametrize(
    ("vector", "dealer", "before", "score", "after", "next_dealer", "next_level", "winner"),
    LEVELS,
)
def test_tv65_to_tv82_levels_and_dealer(
    vector: str,
    dealer: int,
    before: tuple[int, int],
    score: int,
    after: tuple[int, int],
    next_dealer: int | None,
    next_level: int | None,
    winner: int | None,
) -> None:
    s = settle(dealer, before, score, 0, dealer, 1)
    assert s.attackers_score == score
    assert s.levels_after == after, vector
    assert (s.next_dealer, s.next_level, s.match_winner) == (next_dealer, next_level, winner)


def test_bands() -> None:
    assert band(0) == ("defenders hold", "defenders", 3)
    assert band(240) == ("attackers take over", "attackers", 4)
    with pytest.raises(cardavia.InvalidArgumentError):
        band(7)


# ---- Card play through the game -----------------------------------------------------------------


def started(seed: int = 4) -> TractorState:
    s = game().new_state(seed=seed)
    while s.phase == "declare":
        s.apply("pass")
    return s


def test_kitty_seen_by_dealer_only_until_the_end() -> None:
    s = started()
    d = s.dealer
    assert d is not None
    hand = CardBag(s.observation(d)["hand"])
    s.play_cards(CardBag(hand.cards()[:8]))
    assert s.phase == "play"
    for p in range(4):
        obs = s.observation(p)
        assert (obs["buried"] is not None) == (p == d)
    s.play_out(seed=1)
    assert s.is_terminal()
    assert all(s.observation(p)["buried"] == str(CardBag(hand.cards()[:8])) for p in range(4))


def test_card_by_card_lead_end_and_whole_plays() -> None:
    s = started(9)
    d = s.dealer
    assert d is not None
    s.play_cards(CardBag(s.observation(d)["hand"]).cards()[-8:])
    hand = CardBag(s.observation(d)["hand"])
    pair_kind = next(c for c in hand.kinds() if hand.count(c) == 2)
    s.apply(f"play {pair_kind}")
    # A single whose twin is in hand could become a pair: "end" commits it as a single.
    assert "end" in [str(a) for a in s.legal_actions()]
    assert s.observation((d + 1) % 4)["selection"] is None
    assert s.observation(d)["selection"] == str(pair_kind)
    s.apply("end")
    assert s.observation(d)["trick"] == [[d, str(pair_kind)]]
    with pytest.raises(IllegalActionError) as e:
        s.apply("play " + "3c 3c")
    assert e.value.rule in ("TR-4.1", "TR-4.4")


def test_illegal_lead_names_tr_4_3() -> None:
    s = started(12)
    d = s.dealer
    assert d is not None
    s.play_cards(CardBag(s.observation(d)["hand"]).cards()[:8])
    hand = CardBag(s.observation(d)["hand"])
    kinds = [c for c in hand.kinds() if not s.trump or not s.trump.is_trump(c)]
    a, b = (
        kinds[0],
        next(
            c
            for c in kinds
            if s.trump and s.trump.effective_suit(c) != s.trump.effective_suit(kinds[0])
        ),
    )
    with pytest.raises(IllegalActionError) as e:
        s.play_cards(CardBag([a, b]))
    assert e.value.rule == "TR-4.3"


def test_action_space_is_fixed_and_documented() -> None:
    s = started()
    assert s.game.num_actions == NUM_ACTIONS == 120
    ids = [s.action_id(a) for a in s.legal_actions()]
    assert all(11 <= i < 65 for i in ids)  # bury steps
    mask = s.legal_action_mask()
    assert mask.sum() == len(ids)


def test_playout_returns_are_seeded_and_thread_independent() -> None:
    s = started()
    one = s.playout_returns(64, seed=3, threads=1)
    two = s.playout_returns(64, seed=3, threads=2)
    assert np.array_equal(one, two) and one.shape == (64, 4)
    assert np.all(one.sum(axis=1) == 0)


def test_ten_thousand_random_deals_account_for_every_card_and_point() -> None:
    """≥ 10,000 seeded random deals: random declarations in Python, bury and card play at
    random in Rust (play_out); every card accounted for, 200 points, levels by the bands."""
    g = game()
    for seed in range(10_000):
        s = g.new_state(seed=seed)
        rng = Rng(seed)
        while s.phase == "declare":
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
        s.play_out(seed)
        assert s.is_terminal()
        table = s._table
        assert table is not None
        total = table.kitty
        for p in range(4):
            total = total + table.captured(p)
        assert total == FULL_DECK, seed  # 108 cards
        assert sum(table.captured_points) + card_points(table.kitty) == 200, seed
        r = s.settlement
        assert r is not None and s.dealer is not None
        _, promoted, promotion = band(r.attackers_score)
        gain = [0, 0]
        if promoted is not None:
            gain[s.dealer % 2 if promoted == "defenders" else 1 - s.dealer % 2] = promotion
        assert list(r.levels_after) == [2 + gain[0], 2 + gain[1]], seed
        assert r.next_dealer == (s.dealer + (2 if r.attackers_score < 80 else 1)) % 4


def test_match_runs_to_a_winner_beyond_ace() -> None:
    g = game()
    m = g.new_match(seed=5)
    assert isinstance(m, TractorMatch)
    deals = 0
    while not m.is_over():
        s = m.new_deal()
        if deals == 0:
            assert s.level == 2 and s.dealer is None
        else:
            assert s.dealer == m.dealer and s.level == m.levels[m.dealer % 2]  # TR-5.7
        rng = Rng(deals)
        while s.phase == "declare":
            acts = s.legal_actions()
            s.apply(acts[rng.below(len(acts))])
        s.play_out(deals)
        deals += 1
        assert deals < 500
    assert m.winner in (0, 1) and m.levels[m.winner] > 14
    with pytest.raises(IllegalActionError):
        m.new_deal()
