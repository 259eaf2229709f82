"""Guandan rule vectors (rules/guandan.md §11, ``GD-Vnn``) through the Python API.

The classification and beating vectors are also tests of the Rust core
(``rust/core/src/climbing/guandan/tests.rs``); here they go through the bindings.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import cardavia
from cardavia import Card, CardBag, GuandanTable, IllegalActionError, Rng
from cardavia import guandan as gd

GAME = cardavia.load("guandan")


def labels(cards: str, level: str) -> set[str]:
    return {p.label for p in gd.classify(cards, level)}


def read(cards: str, level: str, label: str) -> gd.GuandanPlay:
    for p in gd.classify(cards, level):
        if p.label == label:
            return p
    raise AssertionError(f"{cards} at {level} has no reading {label}")


# ---- 11.1 Classification ----------------------------------------------------------------

CLASSIFY = [
    ("GD-V02", "2h", "2", {"SINGLE/2"}, "SINGLE/2"),
    ("GD-V03", "Ks 2h", "2", {"PAIR/K"}, "PAIR/K"),
    ("GD-V04", "2h 2h", "2", {"PAIR/2"}, "PAIR/2"),
    ("GD-V05", "SJ BJ", "2", set(), None),
    ("GD-V05", "SJ 2h", "2", set(), None),
    ("GD-V06", "Qs Qd 3h", "3", {"TRIPLE/Q"}, "TRIPLE/Q"),
    ("GD-V07", "9s 9d 7h 4c 4d", "7", {"FH/9", "FH/4"}, "FH/9"),
    ("GD-V08", "Ks Kd 7h 7s 7d", "7", {"FH/7", "FH/K"}, "FH/7"),
    ("GD-V09", "Ks Kd Kc BJ BJ", "9", {"FH/K"}, "FH/K"),
    ("GD-V09", "Ks Kd Kc SJ BJ", "9", set(), None),
    ("GD-V09", "Ks Kd Kc 5s", "9", set(), None),
    ("GD-V09", "Ks Kd Kc 5s 6d", "9", set(), None),
    ("GD-V11", "8s 8d 8c 2h 2h", "2", {"B5/8", "FH/8"}, "B5/8"),
    ("GD-V12", "3s 4d 5c 6h 2h", "2", {"ST/6", "ST/7"}, "ST/7"),
    ("GD-V13", "3s 4s 5s 6s 2h", "2", {"SF/6", "SF/7", "ST/6", "ST/7"}, "SF/7"),
    ("GD-V14", "As Kd Qc Js 7s", "7", set(), None),
    ("GD-V14", "As Kd Qc Js 7h", "7", {"ST/A"}, "ST/A"),
    ("GD-V15", "5s 6d 7c 8h 9s", "7", {"ST/9"}, "ST/9"),
    ("GD-V16", "Js Qd Kc As 2d", "9", set(), None),
    ("GD-V16", "3s 4d 5c 6s 7d 8c", "9", set(), None),
    ("GD-V17", "As Ad 2s 2d 3s 3d", "9", {"PR/3"}, "PR/3"),
    ("GD-V17", "Qs Qd Ks Kd As Ad", "9", {"PR/A"}, "PR/A"),
    ("GD-V17", "Ks Kd As Ad 2s 2d", "9", set(), None),
    ("GD-V17", "3s 3d 4s 4d 5s 5d 6s 6d", "9", set(), None),
    ("GD-V18", "As Ad Ac 2s 2d 2c", "2", {"TR/2"}, "TR/2"),
    ("GD-V18", "3s 3d 3c 4s 4d 4c 7s 8d", "2", set(), None),
    ("GD-V19", "3s 3d 4s 4d 5h 5h", "5", {"PR/5", "PR/4", "TR/4"}, "TR/4"),
    ("GD-V20", "Ks Kd Kc Qs 5h 5h", "5", {"TR/K"}, "TR/K"),
    ("GD-V21", "Ks Kd Kc 9h", "9", {"B4/K"}, "B4/K"),
    ("GD-V21", "Ks Kd 9h 9h", "9", {"B4/K"}, "B4/K"),
    ("GD-V21", "Ks Kd Kc", "9", {"TRIPLE/K"}, "TRIPLE/K"),
    ("GD-V22", "5s 6s 7s 9h 9h", "9", {"SF/7", "SF/8", "SF/9", "ST/7", "ST/8", "ST/9"}, "SF/9"),
    ("GD-V23", "4h 5h 6h 7h 8h", "7", {"SF/8", "ST/8"}, "SF/8"),
    ("GD-V28", "SJ BJ BJ", "9", set(), None),
]


@pytest.mark.parametrize(("vid", "cards", "level", "want", "default"), CLASSIFY)
def test_classification(
    vid: str, cards: str, level: str, want: set[str], default: str | None
) -> None:
    found = gd.classify(cards, level)
    assert {p.label for p in found} == want, vid
    assert len(found) == len(want), vid  # each interpretation once (GD-6.5)
    if default is not None:
        assert found[0].label == default, vid  # GD-6.7
        assert gd.default_reading(cards, level=level) == found[0]


def test_v01_level_singles() -> None:  # GD-V01
    assert gd.beats("7d", "As", "7") and gd.beats("8c", "6s", "7")
    assert not gd.beats("7h", "7d", "7") and not gd.beats("7d", "7h", "7")
    assert gd.beats("SJ", "7d", "7")


def test_wild_cards_say_what_they_stand_for() -> None:  # GD-6.1, GD-V13
    sf6 = read("3s 4s 5s 6s 2h", "2", "SF/6")
    assert sf6.wild_as == [Card("2s")] and sf6.wild_count == 1
    fh4 = read("9s 9d 7h 4c 4d", "7", "FH/4")
    assert [c.rank.symbol for c in fh4.wild_as] == ["4"]


def test_v07_v19_v29_defaults_when_following() -> None:
    top = read("8s 8d 8c 3s 3d", "7", "FH/8")
    assert [p.label for p in gd.legal_plays("9s 9d 7h 4c 4d", top, "7")] == ["FH/9"]  # GD-V07
    top = read("2c 2d 3c 3h 4c 4h", "5", "PR/4")
    assert gd.default_reading("3s 3d 4s 4d 5h 5h", top, "5").label == "PR/5"  # GD-V19
    top = read("2s 3d 4c 5s 6d", "7", "ST/6")
    d = gd.default_reading("9s Ts Js Qs 7h", top, "7")  # GD-V29
    assert d is not None and d.label == "SF/K"


# ---- 11.2 Beating -----------------------------------------------------------------------


def test_v10_level_full_house_beats_aces() -> None:  # GD-V10, GD-7.1, GD-2.4
    # At L=5 the triple of level cards ranks above the triple of Aces (no wild card: no 5h).
    fh5 = read("5s 5d 5c 3s 3d", "5", "FH/5")
    fha = read("As Ad Ac Ks Kd", "5", "FH/A")
    assert labels("5s 5d 5c 3s 3d", "5") == {"FH/5"}, "GD-V10"
    assert labels("As Ad Ac Ks Kd", "5") == {"FH/A"}, "GD-V10"
    assert gd.beats(fh5, fha) and not gd.beats(fha, fh5)
    assert gd.beats("5s 5d 5c 3s 3d", "As Ad Ac Ks Kd", "5")  # bare cards, default readings
    # Following FH/A, the level full house is a legal play from the hand.
    assert [p.label for p in gd.legal_plays("5s 5d 5c 3s 3d", fha, "5")] == ["FH/5"]
    # At another level the same cards are an ordinary FH/5 that loses to FH/A.
    assert not gd.beats("5s 5d 5c 3s 3d", "As Ad Ac Ks Kd", "9")


def test_v24_bomb_ladder() -> None:  # GD-V24
    ladder = [
        read("7s 7s 7d 7c", "2", "B4/7"),
        read("3s 3s 3d 3c 3h", "2", "B5/3"),
        read("Ac 2c 3c 4c 5c", "2", "SF/5"),
        read("Td Jd Qd Kd Ad", "2", "SF/A"),
        read("3s 3s 3d 3d 3c 3c", "2", "B6/3"),
        read("4s 4s 4d 4d 4c 4c 4h", "2", "B7/4"),
        read("2s 2s 2d 2d 2c 2c 2h 2h", "2", "B8/2"),
        read("Ks Ks Kd Kd Kc Kc Kh Kh 2h", "2", "B9/K"),
        read("Ks Ks Kd Kd Kc Kc Kh Kh 2h 2h", "2", "B10/K"),
        read("SJ SJ BJ BJ", "2", "4J"),
    ]
    for i, a in enumerate(ladder):
        for j, b in enumerate(ladder):
            assert gd.beats(a, b) == (i > j), (a.label, b.label)


def test_v25_v26_v27_v28() -> None:
    assert gd.beats("Js Js Jd Jc", "As As Ad Ac", "J")  # GD-V25
    assert not gd.beats("As As Ad Ac", "Js Js Jd Jc", "J")
    assert gd.beats("2s 2s 2d 2c 2h", "Js Js Jd Jc", "J")
    assert not gd.beats("5s 6s 7s 8s 9s", "5d 6d 7d 8d 9d", "9")  # GD-V26
    assert gd.beats("6c 7c 8c 9c Tc", "5s 6s 7s 8s 9s", "9")
    assert gd.beats("Ac 2c 3c 4c 5c", "9s 9s 9d 9d 9c", "9")
    assert gd.beats("2s 2s 2d 2d 2c 2c", "Th Jh Qh Kh Ah", "9")
    assert not gd.beats("Ts Jd Qc Ks Ad", "2s 2d 2c 3s 3d", "9")  # GD-V27
    assert not gd.beats(read("Qs Qd Ks Kd As Ad", "9", "PR/A"), "2s 2d 2c 3s 3d 3c", "9")
    for normal in ("Ts Jd Qc Ks Ad", "As Ad Ac Ks Kd", "Ks Kd Kc As Ad Ac"):
        assert gd.beats("2s 2s 2d 2c", normal, "9")
    assert gd.beats("SJ SJ BJ BJ", "Ks Ks Kd Kd Kc Kc Kh Kh 9h 9h", "9")  # GD-V28


def test_v29_declared_interpretation_in_a_deal() -> None:  # GD-V29, GD-6.6
    # GD-V29 at the level of a first deal (L = 2, wild 2h): same shape, same readings.
    cards = "9s Ts Js Qs 2h"
    assert labels(cards, "2") == {"SF/Q", "SF/K", "ST/Q", "ST/K"}
    hands = make_hands(
        {0: cards, 1: "3s 4d 5c 6s 7d"},
        {s: lambda c: c in CardBag("9s Ts Js Qs 2h 3s 4d 5c 6s 7d") for s in (2, 3)},
    )
    state = GAME.new_state(seed=1, deal={"hands": hands, "first_player": 1})
    state.apply("ST/7: 3s 4d 5c 6s 7d")
    state.apply("pass")
    state.apply("pass")
    assert state.current_player == 0
    declared = state.to_action("ST/Q: 9s Ts Js Qs 2h(=Ks)")
    assert declared.play is not None and declared.play.label == "ST/Q"
    bare = state.to_action(cards)
    state.check(bare)
    state.apply(declared)
    assert state.history[-1]["type"] == "straight" and state.history[-1]["rank"] == "Q"
    again = GAME.state_from_json(state.to_json())
    assert again.history == state.history


# ---- 11.3 Tribute and return --------------------------------------------------------------

Forbid = Callable[[Card], bool]


def make_hands(required: dict[int, str], forbid: dict[int, Forbid], seed: int = 3) -> list[str]:
    """Four 27-card hands: seat s holds ``required[s]`` and nothing ``forbid[s]`` rejects."""
    rest = list(CardBag.two_packs(jokers=True) - CardBag(" ".join(required.values())))
    rng = Rng(seed)
    rest = rng.shuffled(rest)
    hands = {s: CardBag(required.get(s, "")) for s in range(4)}
    for c in rest:
        seats = [s for s in range(4) if len(hands[s]) < 27 and not (s in forbid and forbid[s](c))]
        seats.sort(key=lambda s: (s not in forbid, len(hands[s])))
        hands[seats[0]] = hands[seats[0]] + CardBag([c])
    return [str(hands[s]) for s in range(4)]


def is_joker(c: Card) -> bool:
    return c.is_joker


def test_v30_single_tribute_of_a_level_card() -> None:  # GD-V30
    assert gd.level_change([0, 1, 2, 3], ["2", "2"], "2").levels_after == ("4", "2")
    hands = make_hands({3: "4h 4c As"}, {3: lambda c: is_joker(c) or c.rank.symbol == "4"})
    state = GAME.new_state(
        seed=5, deal={"hands": hands, "levels": ["4", "2"], "previous_order": [0, 1, 2, 3]}
    )
    assert state.level == "4"
    plan = state.tribute
    assert plan is not None and plan.mode == "single" and not plan.resisted
    assert plan.transfers == ((3, 0, Card("4c")),)  # 4h is wild, excluded; 4 beats A
    assert state.phase == "return" and state.current_player == 0
    options = state.legal_actions()
    assert options and all(a.kind == "return" for a in options)
    state.apply(options[0])
    assert state.phase == "play" and state.current_player == 3  # GD-4.8
    assert state._table is not None
    assert len(state._table.hand(0)) == 27 and len(state._table.hand(3)) == 27  # GD-4.9


def test_v31_first_and_last_are_partners() -> None:  # GD-V31, GD-D3
    hands = make_hands({}, {2: lambda c: c == Card("BJ")})
    state = GAME.new_state(
        seed=2, deal={"hands": hands, "levels": ["3", "2"], "previous_order": [0, 1, 3, 2]}
    )
    plan = state.tribute
    assert plan is not None and plan.mode == "single"
    assert plan.transfers[0][:2] == (2, 0)
    assert state.current_player == 0
    state.apply(state.legal_actions()[0])
    assert state.current_player == 2
    assert gd.level_change([0, 1, 3, 2], ["2", "2"], "2").promotion == 1


def test_v32_double_tribute_by_strength() -> None:  # GD-V32
    change = gd.level_change([1, 3, 0, 2], ["2", "2"], "2")
    assert change.levels_after == ("2", "5") and change.next_level == "5"
    seat0_bad = CardBag("5s 5d 5c As Ah")
    hands = make_hands(
        {0: "5h Ad Ac", 2: "SJ"},
        {
            0: lambda c: is_joker(c) or c in seat0_bad or c in CardBag("Ad Ac"),
            2: lambda c: c in CardBag("BJ SJ"),
        },
    )
    assert CardBag(hands[0]).count(Card("Ad")) == 1
    state = GAME.new_state(
        seed=2, deal={"hands": hands, "levels": ["2", "5"], "previous_order": [1, 3, 0, 2]}
    )
    plan = state.tribute
    assert plan is not None and plan.mode == "double"
    assert set(plan.transfers) == {(2, 1, Card("SJ")), (0, 3, Card("Ad"))}
    assert plan.leader == 2
    # returns: seat 1 to seat 2, then seat 3 to seat 0, moved together (GD-4.7)
    assert state.current_player == 1
    state.apply(state.legal_actions()[0])
    assert state.current_player == 3
    state.apply(state.legal_actions()[-1])
    assert [e["to"] for e in state.history if e["event"] == "return"] == [2, 0]
    assert state.current_player == 2


def test_v33_equal_tributes() -> None:  # GD-V33
    hands = make_hands({0: "SJ", 2: "SJ"}, {0: lambda c: c == Card("BJ"), 2: is_joker})
    state = GAME.new_state(
        seed=4, deal={"hands": hands, "levels": ["2", "5"], "previous_order": [3, 1, 2, 0]}
    )
    plan = state.tribute
    assert plan is not None
    assert set(plan.transfers) == {(0, 3, Card("SJ")), (2, 1, Card("SJ"))}
    assert plan.leader == 0


@pytest.mark.parametrize("split", [True, False])
def test_v34_resistance(split: bool) -> None:  # GD-V34
    required = {0: "BJ", 2: "BJ"} if split else {2: "BJ BJ"}
    hands = make_hands(required, {})
    state = GAME.new_state(
        seed=4, deal={"hands": hands, "levels": ["2", "5"], "previous_order": [1, 3, 0, 2]}
    )
    plan = state.tribute
    assert plan is not None and plan.resisted and plan.transfers == ()
    assert state.phase == "play" and state.current_player == 1
    assert any(e["event"] == "resistance" for e in state.history)


def test_v35_only_payers_count() -> None:  # GD-V35
    hands = make_hands({3: "BJ", 1: "BJ"}, {})
    deal = {"hands": hands, "levels": ["4", "2"], "previous_order": [0, 1, 2, 3]}
    plan = GAME.new_state(seed=1, deal=deal).tribute
    assert plan is not None and not plan.resisted and plan.transfers == ((3, 0, Card("BJ")),)
    hands = make_hands({3: "BJ BJ"}, {})
    deal["hands"] = hands
    state = GAME.new_state(seed=1, deal=deal)
    assert state.tribute is not None and state.tribute.resisted and state.current_player == 0


def test_v36_tribute_skips_only_wild_cards() -> None:  # GD-V36, GD-D34
    assert gd.tribute_card("7h 7h As Kd 3c 4c", "7") == Card("As")
    assert gd.tribute_card("7h 7h As Kd 7c", "7") == Card("7c")
    assert gd.tribute_card("Ad As Ac Kd", "7") == Card("As")  # suit priority s, h, d, c


def test_v37_v38_return_eligibility() -> None:
    opts = gd.return_options("Th Ts 4c Ks", "T")  # GD-V37
    assert Card("Ts") in opts and Card("4c") in opts and Card("Th") not in opts
    high = gd.return_options("Jd Qs Ks As Th SJ BJ", "T")
    assert high and all(c.rank.symbol == "J" for c in high)
    opts = gd.return_options("5s 5h Kd", "5")  # GD-V38
    assert Card("5s") in opts and Card("5h") not in opts


def test_v39_first_deal() -> None:  # GD-V39, GD-3.5
    leaders = set()
    for seed in range(12):
        state = GAME.new_state(seed=seed)
        assert state.level == "2" and state.tribute is None and state.phase == "play"
        leaders.add(state.current_player)
    assert leaders == {0, 1, 2, 3}


# ---- 11.4 Levels and match -----------------------------------------------------------------


def test_v40_levels_over_three_deals() -> None:  # GD-V40
    a = gd.level_change([0, 2, 1, 3], ["2", "2"], "2")
    assert a.levels_after == ("5", "2") and a.next_level == "5"
    b = gd.level_change([1, 0, 3, 2], a.levels_after, "5")
    assert b.levels_after == ("5", "4") and b.next_level == "4"
    c = gd.level_change([2, 1, 3, 0], b.levels_after, "4")
    assert c.levels_after == ("6", "4") and c.promotion == 1 and c.next_level == "6"


def test_v41_promotion_capped_at_ace() -> None:  # GD-V41
    a = gd.level_change([0, 2, 1, 3], ["Q", "2"], "Q")
    b = gd.level_change([1, 0, 2, 3], ["2", "K"], "K")
    assert a.levels_after[0] == "A" and b.levels_after[1] == "A"
    assert a.match_winner is None and b.match_winner is None


def test_v42_to_v46_the_ace_deal() -> None:
    assert gd.level_change([2, 1, 0, 3], ["A", "5"], "A").match_winner == 0  # GD-V42
    c = gd.level_change([0, 1, 3, 2], ["A", "5"], "A")  # GD-V43
    assert c.match_winner is None and c.levels_after == ("A", "5") and c.next_level == "A"
    plan = gd.plan_tribute([0, 1, 3, 2], make_hands({}, {2: lambda x: x == Card("BJ")}), "A")
    assert plan.transfers[0][:2] == (2, 0)
    c = gd.level_change([0, 2, 1, 3], ["A", "9"], "9")  # GD-V44
    assert c.match_winner is None and c.levels_after == ("A", "9") and c.next_level == "A"
    assert gd.level_change([1, 0, 3, 2], ["A", "A"], "A").match_winner == 1  # GD-V45
    c = gd.level_change([3, 1, 0, 2], ["A", "8"], "A")  # GD-V46
    assert c.levels_after == ("A", "J") and c.next_level == "J" and c.match_winner is None


def test_match_runs_to_a_winner_and_restarts() -> None:  # GD-9.5, GD-9.7, GD-9.10
    match = GAME.new_match(seed=3)
    rng = Rng(1)
    deals = 0
    while not match.is_over():
        state = match.new_deal()
        assert state.level == match.next_level
        if deals:
            assert state.previous_order is not None
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        deals += 1
        assert deals < 200
    assert match.winner in (0, 1)
    with pytest.raises(IllegalActionError):
        match.new_deal()
    match.restart()
    assert match.levels == ("2", "2") and not match.is_over()
    fresh = match.new_deal()
    assert fresh.tribute is None and fresh.level == "2"  # GD-V39 after a restart


# ---- 11.5 Turn flow ----------------------------------------------------------------------


def single(card: str) -> gd.GuandanPlay:
    return gd.classify(card, "2")[0]


def test_v47_v52_turn_flow() -> None:
    t = GuandanTable(0, ["5s 5d 3c", "Ks Kd 3d", "9s 9d 3h", "4c 4d 3s"], 0)
    assert t.pass_violation() is not None and t.pass_violation()[0] == "GD-8.3"  # type: ignore[index]
    t.play(read("5s 5d", "2", "PAIR/5"))
    t.pass_turn()  # GD-V52: a follower who could beat may pass
    t.play(read("9s 9d", "2", "PAIR/9"))
    t.pass_turn()
    t.pass_turn()
    t.play(read("Ks Kd", "2", "PAIR/K"))  # GD-V47: after its own pass
    for _ in range(3):
        t.pass_turn()
    assert t.current_player == 1 and t.top is None


def test_v48_v49_v50_jiefeng() -> None:
    t = GuandanTable.from_position(0, ["", "6c 7c", "8c", "9c"], 1, finish_order=[0])
    t.play(single("6c"))
    t.pass_turn()
    t.pass_turn()
    assert t.current_player == 1  # GD-V48
    t = GuandanTable(0, ["As", "3c 4c", "5c 6c", "7c 8c"], 0)
    t.play(single("As"))
    for _ in range(3):
        t.pass_turn()
    assert t.current_player == 2  # GD-V49: the partner leads
    t = GuandanTable.from_position(0, ["3c 4c", "", "5c 6c", "As"], 3, finish_order=[1])
    t.play(single("As"))
    t.pass_turn()
    t.pass_turn()
    assert t.current_player == 0 and not t.is_over  # GD-V50


def test_v51_and_one_two_finish() -> None:
    t = GuandanTable.from_position(0, ["", "", "Ks", "3c 4c"], 2, finish_order=[0, 1])
    t.play(single("Ks"))
    assert t.is_over and t.full_order == [0, 1, 2, 3]  # GD-V51
    assert gd.level_change([0, 1, 2, 3], ["2", "2"], "2").promotion == 2
    # GD-9.1, GD-D14: after a 1-2 finish play goes on to a third finisher; the promotion is
    # already 3 and the rest changes nothing.
    t = GuandanTable.from_position(0, ["", "3c 4c", "", "5c"], 1, finish_order=[0, 2])
    assert not t.is_over
    t.play(single("4c"))
    t.play(single("5c"))
    assert t.is_over and t.full_order == [0, 2, 3, 1]
    for order in ([0, 2, 3, 1], [0, 2, 1, 3]):
        assert gd.level_change(order, ["2", "2"], "2").promotion == 3


# ---- information --------------------------------------------------------------------------


def test_return_cards_are_private() -> None:  # GD-3.7, GD-D13
    hands = make_hands({}, {3: lambda c: c == Card("BJ")})
    state = GAME.new_state(
        seed=7, deal={"hands": hands, "levels": ["4", "2"], "previous_order": [0, 1, 2, 3]}
    )
    state.apply(state.legal_actions()[0])
    for p in range(4):
        seen = [e for e in state.observation(p)["history"] if e["event"] == "return"]
        assert len(seen) == 1
        assert ("card" in seen[0]) == (p in (0, 3))
        tribute = [e for e in state.observation(p)["history"] if e["event"] == "tribute"]
        assert tribute[0]["card"]  # tribute cards are public
    for p in (1, 2):
        again = state.resample(p, seed=5)
        assert again.observation(p) == state.observation(p)
        assert again.tribute == state.tribute


def test_tribute_deals_play_out_and_resample() -> None:
    rng = Rng(4)
    for seed in range(6):
        order = rng.shuffled([0, 1, 2, 3])
        state = GAME.new_state(seed=seed, deal={"levels": ["7", "K"], "previous_order": order})
        k = 0
        while not state.is_terminal():
            if k % 17 == 0:
                for p in range(4):
                    other = state.resample(p, seed=k)
                    assert other.observation(p) == state.observation(p)
                    assert GAME.state_from_json(other.to_json()).to_json() == other.to_json()
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
            k += 1
        assert state.result is not None and sum(state.returns()) == 0


def test_playouts_from_python() -> None:
    state = GAME.new_state(seed=3)
    assert state._table is not None
    a = state._table.playouts(20, "random", 5, 1)
    b = state._table.playouts(20, "random", 5, 2)
    assert (a["order"] == b["order"]).all()
    assert sorted(a["order"][0].tolist()) == [0, 1, 2, 3]


def test_bad_actions_name_rules() -> None:
    state = GAME.new_state(seed=1)
    with pytest.raises(IllegalActionError) as e:
        state.apply("pass")
    assert e.value.rule == "GD-8.3"
    with pytest.raises(IllegalActionError) as e:
        state.apply("SJ BJ")
    assert e.value.rule in ("GD-6.6", "GD-6.3")
