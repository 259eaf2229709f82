"""5-10-K (rules/five_ten_king.md): test vectors through the Python API, citing their ids.

The card-play vectors that need mid-deal positions (FTK-TV-24..26, 37..45, 53..55) are Rust
tests (rust/core/src/climbing/tests/five_ten_king.rs); the ones here cover the combination
engine as the Python user sees it, the deal with its reveal opportunities, the call, the bands
and promotion, the match, and a 10,000-deal simulation.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import CardBag, IllegalActionError, Rng
from cardavia import five_ten_king as ftk
from cardavia._core import ftk_points

GAME = cardavia.load("five_ten_king")

# ---- 9.1 combinations and beating --------------------------------------------------------


def one(cards: str) -> Any:
    found = ftk.classify(cards)
    assert len(found) == 1, (cards, found)
    return found[0]


@pytest.mark.parametrize(
    ("vector", "cards", "kind", "length", "rank"),
    [
        ("FTK-TV-01", "3s 4h 5d 6c 7s", "straight", 5, "7"),
        ("FTK-TV-05", "5h 5d 6s 6c", "pair_sequence", 2, "6"),
        ("FTK-TV-09", "9s 9h 9d SJ SJ", "triple_with_pair", 1, "9"),
        ("FTK-TV-10", "8s 8h 8d 9s 9h 9d 3c 3d", "airplane_with_singles", 2, "9"),
        ("FTK-TV-12", "Js Jh Jd Qs Qh Qd 4s 4h 6c 6d", "airplane_with_pairs", 2, "Q"),
        ("FTK-TV-23", "As Ah Ad Ac", "bomb", 4, "A"),
    ],
)
def test_classify_vectors(vector: str, cards: str, kind: str, length: int, rank: str) -> None:
    p = one(cards)
    assert (p.kind, p.length, p.main_rank) == (kind, length, rank), vector


@pytest.mark.parametrize(
    ("vector", "cards"),
    [
        ("FTK-TV-02", "Js Qs Ks As 2s"),
        ("FTK-TV-05", "5h 5d 7s 7c"),
        ("FTK-TV-07", "SJ SJ BJ"),
        ("FTK-TV-07", "SJ SJ BJ BJ"),
        ("FTK-TV-09", "9s 9h 9d SJ BJ"),
        ("FTK-TV-11", "8s 8h 8d 9s 9h 9d SJ BJ"),
    ],
)
def test_invalid_vectors(vector: str, cards: str) -> None:
    assert ftk.classify(cards) == [], vector


@pytest.mark.parametrize(
    ("vector", "candidate", "top", "expected"),
    [
        ("FTK-TV-03", "Ts Jh Qd Kc As", "9s Th Jd Qc Ks", True),
        ("FTK-TV-04", "4s 5s 6s 7s 8s 9s", "3h 4h 5h 6h 7h", False),
        ("FTK-TV-06", "BJ BJ", "SJ SJ", True),
        ("FTK-TV-06", "SJ SJ", "2s 2h", True),
        ("FTK-TV-08", "7s 7h 7d BJ", "6s 6h 6d As", True),
        ("FTK-TV-13", "5s 5h 5d 6s 6h 6d 3c 4c", "3s 3h 3d 4s 4h 4d", False),
        ("FTK-TV-14", "5h Th Kh", "5d Td Kd", True),
        ("FTK-TV-15", "5s Th Kh", "5c Td Kd", False),
        ("FTK-TV-16", "5s Ts Ks", "5s Ts Ks", False),
        ("FTK-TV-17", "5s Td Kc", "3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", True),
        ("FTK-TV-18", "4s 4h 4d 4c", "5s Ts Ks", True),
        ("FTK-TV-19", "3s 3h 3d 3c 3s", "2s 2h 2d 2c", True),
        ("FTK-TV-20", "2s 2h 2d 2c", "As Ah Ad Ac", True),
        ("FTK-TV-21", "SJ BJ", "2s 2s 2h 2h 2d 2d 2c 2c", True),
        ("FTK-TV-21", "SJ BJ", "SJ BJ", False),
        ("FTK-TV-22", "3s", "As", False),
    ],
)
def test_beating_vectors(vector: str, candidate: str, top: str, expected: bool) -> None:
    assert ftk.beats(candidate, top) is expected, vector


def test_legal_plays_list_called_card_variants() -> None:
    # FTK-3.16: with Kh called, a single K is listed without and with the called card.
    plays = [str(p) for p in ftk.legal_plays("Kc Kh 3d", called="Kh") if p.kind == "single"]
    assert "Kc" in plays and "Kh" in plays


# ---- 9.3 reveal and banker ---------------------------------------------------------------

THREES = [f"3{s}" for s in "cdhs"] * 2


def deck_with(placed: dict[int, str], late: list[str] | None = None) -> str:
    """A 108-card deck: ``placed`` maps card number k (1-based) to a card; every other copy of
    a placed card's rank... is moved to the end unless listed in ``late``."""
    rest = list(CardBag.two_packs(jokers=True))
    for card in placed.values():
        rest.remove(cardavia.Card(card))
    deck: list[str | None] = [None] * 108
    for k, card in placed.items():
        deck[k - 1] = card
    ranks = {cardavia.Card(c).rank for c in placed.values()} | {
        cardavia.Card(c).rank for c in (late or [])
    }
    early = [str(c) for c in rest if c.rank not in ranks]
    tail = [str(c) for c in rest if c.rank in ranks]
    fill = early + tail
    out = []
    for slot in deck:
        out.append(slot if slot is not None else fill.pop(0))
    return " ".join(out)


def test_ftk_tv_27_first_reveal_wins_no_later_opportunity() -> None:
    deck = deck_with({13: "3c", 20: "3d", 28: "3h"})
    state = GAME.new_state(seed=1, deal={"deck": deck, "first": 0})
    assert (state.current_player, state.phase) == (2, "deal")
    state.apply("pass")
    assert state.current_player == 4
    state.apply("reveal 3d")
    assert state.banker == 4 and state.phase == "bury"
    assert [e["event"] for e in state.history].count("reveal") == 1


def test_ftk_tv_52_second_receipt_is_a_new_opportunity() -> None:
    deck = deck_with({3: "3s", 8: "3d"})
    state = GAME.new_state(seed=1, deal={"deck": deck, "first": 0})
    assert state.current_player == 2
    state.apply("pass")
    assert state.current_player == 2 and state.observation(2)["cards_dealt"] == 8
    state.apply("reveal 3s")
    assert state.banker == 2


def test_ftk_tv_28_all_pass_redeals_with_same_first() -> None:
    state = GAME.new_state(seed=5, deal={"first": 3})
    while state.phase == "deal" and not any(e["event"] == "redeal" for e in state.history):
        state.apply("pass")
    assert any(e["event"] == "redeal" for e in state.history)
    deal_events = [e for e in state.history if e["event"] == "deal"]
    assert [e["first"] for e in deal_events] == [3, 3]
    assert state.observation(0)["levels"] == ["3"] * 5


def test_ftk_tv_29_only_own_level_of_previous_winners() -> None:
    levels = [3, 1, 1, 5, 1]  # S0 at 5, S3 at 7
    deck = deck_with({1: "7c", 2: "5h", 4: "7h"}, late=["5s"])
    deal = {
        "deck": deck,
        "number": 4,
        "levels": levels,
        "previous_winners": [0, 3],
        "previous_banker": 4,  # F = 0 (FTK-3.4)
    }
    state = GAME.new_state(seed=2, deal=deal)
    assert state.observation(3)["cards_dealt"] == 4
    assert (state.current_player, state.observation(3)["your_prompt"]) == (3, "receipt")


def closing_round_state(winners: list[int], previous_banker: int) -> Any:
    deal = {
        "number": 2,
        "levels": [1] * 5,
        "previous_winners": winners,
        "previous_banker": previous_banker,
    }
    return GAME.new_state(seed=4, deal=deal)


def test_ftk_tv_30_closing_round_order_from_first_recipient() -> None:
    state = closing_round_state([0, 3], previous_banker=1)  # F = 2
    closing = []
    while state.phase == "deal":
        if state.observation(state.current_player)["your_prompt"] == "closing":
            closing.append(state.current_player)
        state.apply("pass")
    holders = [p for p in (3, 0) if "3" in [c.rank.symbol for c in state._received[p]]]
    assert closing == holders


def test_ftk_tv_31_fallback_scan() -> None:
    state = closing_round_state([0, 3], previous_banker=3)
    while state.phase == "deal":
        state.apply("pass")
    assert state.banker == 0


def test_ftk_tv_32_scan_ends_at_previous_banker() -> None:
    state = closing_round_state([3], previous_banker=3)
    while state.phase == "deal":
        state.apply("pass")
    assert state.banker == 3


# ---- 9.4 partner call --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vector", "card", "ordinal", "buried", "rule"),
    [
        ("FTK-TV-33", "Kh", 1, "Kh Kh 3c", "FTK-3.15"),
        ("FTK-TV-34", "Ah", 2, "Ah 4c 5d", "FTK-3.15"),
        ("FTK-TV-34", "Ah", 1, "Ah 4c 5d", None),
        ("FTK-TV-35", "BJ", 1, "3c 4c 5c", "FTK-3.14"),
        ("FTK-TV-36", "2s", 2, "3c 4c 5c", None),
    ],
)
def test_call_validity(vector: str, card: str, ordinal: int, buried: str, rule: str | None) -> None:
    found = cardavia._core.ftk_call_violation(card, ordinal, buried)
    assert (found[0] if found else None) == rule, vector


def to_call_phase(seed: int, **options: Any) -> Any:
    state = cardavia.load("five_ten_king", **options).new_state(seed=seed)
    rng = Rng(seed)
    while state.phase in ("deal", "bury"):
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    return state


def test_call_phase_rules_in_the_protocol() -> None:
    state = to_call_phase(3)
    with pytest.raises(IllegalActionError) as e:
        state.apply("call first BJ")
    assert e.value.rule == "FTK-3.14"
    two = to_call_phase(3, partner_calls=2)
    two.apply("call first Kh") if two.can_apply("call first Kh") else two.apply("call first Ks")
    text = str(two.history[-1]["call"])
    with pytest.raises(IllegalActionError) as e:
        two.apply(text)
    assert e.value.rule == "FTK-3.20"


def test_buried_cards_hidden_until_settlement() -> None:
    state = to_call_phase(8)
    banker = state.banker
    other = (banker + 1) % 5
    assert isinstance(state.observation(other)["buried"], int)
    assert isinstance(state.observation(banker)["buried"], str)


# ---- 9.5 settlement and promotion --------------------------------------------------------


@pytest.mark.parametrize(
    ("d", "winner", "steps"),
    [(0, "banker", 3), (5, "banker", 2), (35, "banker", 2), (40, "banker", 1), (75, "banker", 1)]
    + [(80, "defense", 0), (115, "defense", 0)]
    + [(120, "defense", 1), (155, "defense", 1), (160, "defense", 2), (195, "defense", 2)]
    + [(200, "defense", 3)],
)
def test_ftk_tv_46_47_48_bands(d: int, winner: str, steps: int) -> None:
    assert ftk.band(d)[1:] == (winner, steps)


def test_ftk_tv_49_50_final_victory() -> None:
    k, a, q, j = 11, 12, 10, 9
    assert ftk.promote(k, 2)[1] and ftk.promote(a, 1)[1] and ftk.promote(q, 3)[1]  # TV-49
    assert ftk.promote(k, 1) == (12, False) and ftk.promote(j, 3) == (12, False)  # TV-50


def test_result_is_a_readable_breakdown() -> None:
    from cardavia.playthrough import random_playthrough

    state = random_playthrough(GAME, 17)
    r = state.result
    assert r is not None
    assert r["banker_side_points"] + r["defense_points"] == 200  # FTK-TV-51
    total = (
        sum(r["trick_points"]) + r["final_trick_points"] + r["kitty_points"] + sum(r["hand_points"])
    )
    assert total == 200
    assert sum(t["points"] for t in r["tricks"]) == sum(r["trick_points"]) + r["final_trick_points"]
    assert len(r["levels"]) == 5 and r["band"] in ftk.BAND_NAMES


# ---- the match ---------------------------------------------------------------------------


def test_match_carries_levels_and_ends_at_final_victory() -> None:
    match = GAME.new_match(seed=12)
    rng = Rng(12)
    deals = 0
    while not match.is_over() and deals < 200:
        state = match.new_deal()
        levels_before = list(match.levels)
        if deals:
            assert state._prev_winners == match.previous_winners  # FTK-7.2
            assert state._first == (match.previous_banker + 1) % 5  # FTK-3.4
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        r = state.result
        assert r is not None
        for lv in r["levels"]:
            assert lv["old_index"] == levels_before[lv["player"]]
        deals += 1
    assert match.is_over(), "a match ends (every deal promotes somebody or nobody)"
    assert match.winners and all(match.levels[w] > 12 for w in match.winners)
    with pytest.raises(IllegalActionError):
        match.new_deal()


# ---- 10,000 random deals -----------------------------------------------------------------


def expected_band(d: int) -> tuple[bool, int]:
    """FTK-6.6, written out independently of the engine."""
    if d == 0:
        return True, 3
    if d < 40:
        return True, 2
    if d < 80:
        return True, 1
    if d < 120:
        return False, 0
    if d < 160:
        return False, 1
    if d < 200:
        return False, 2
    return False, 3


def test_ten_thousand_random_deals_conserve_points_cards_and_promote_by_band() -> None:
    two_packs = CardBag.two_packs(jokers=True)
    for seed in range(10_000):
        state = cardavia.load("five_ten_king").new_state(seed=seed)
        rng = Rng(seed)
        while state.phase != "play":
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
        table = state._table
        out = table.playouts(1, "random", seed, 1, True)
        side = out["banker_side"][0]
        d = int(out["defense"][0])
        # Every card is somewhere exactly once: captured, in a hand, or buried.
        everything = table.kitty
        points = ftk_points(table.kitty)
        for p in range(5):
            everything = everything + out["captured"][p] + out["hands"][p]
            points += ftk_points(out["captured"][p]) + ftk_points(out["hands"][p])
        assert everything == two_packs, seed
        assert points == 200, seed  # FTK-6.5
        # D recomputed from its parts (FTK-6.5).
        ender = int(out["ender"][0])
        defense = sum(int(out["trick_points"][0][p]) for p in range(5) if not side[p])
        if not side[ender]:
            defense += int(out["final_trick_points"][0]) + int(out["kitty_points"][0])
        if not out["hands_to_banker_side"][0]:
            defense += int(out["hands_transferred"][0])
        assert defense == d and d % 5 == 0, seed
        banker_wins, steps = expected_band(d)
        assert int(out["steps"][0]) == steps, seed
        assert bool(side[state.banker]), seed
        # Promotion from each winner's own level (FTK-6.8).
        levels = [1] * 5
        for p in range(5):
            won = bool(side[p]) == banker_wins
            new, victory = ftk.promote(levels[p], steps if won else 0)
            assert new == levels[p] + (steps if won else 0) and not victory
