"""Ten Point Smear: the rule vectors of rules/smear.md (SM-TV-*) as tests citing their ids, the
resampling of hidden cards for 4, 5 and 6 players, the race to 52, and 10,000 seeded random
deals played in Rust. SM-TV-15 and SM-TV-22/23/24 are also tested on the Rust trick state
(rust/core/src/tricks/tests.rs)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, smear
from cardavia._core import smear_points, trick_winner
from cardavia.games.smear import SmearState, race_winner, settle
from cardavia.sim.playthrough import random_playthrough

HEARTS, SPADES = 2, 3
DECK = CardSet.full_pack(jokers=True)


def make_state(players: int, dealer: int, hands: dict[int, str], stock: str = "") -> SmearState:
    """A deal with the given seats' cards (and stock cards); the rest filled in card order."""
    size = smear.hand_size(players)
    fixed = CardSet(" ".join(hands.values()) + " " + stock)
    rest = [c for c in DECK if c not in fixed]
    full: list[CardSet] = []
    for seat in range(players):
        h = CardSet(hands.get(seat, ""))
        need = size - len(h)
        full.append(h | CardSet(rest[:need]))
        rest = rest[need:]
    stock_set = CardSet(stock) | CardSet(rest)
    deal = {"dealer": dealer, "hands": [str(h) for h in full], "stock": str(stock_set)}
    return cardavia.load("smear", players=players).new_state(seed=1, deal=deal)


def apply_all(state: SmearState, actions: str) -> None:
    for a in actions.split(","):
        state.apply(a.strip())


def rejected(state: SmearState, action: str) -> str | None:
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    assert state.to_json() == before
    return err.value.rule


# ---- 9.1 bidding --------------------------------------------------------------------------


def test_sm_tv_01_highest_bidder() -> None:
    state = make_state(4, 0, {})
    assert state.current_player == 1  # SM-3.5: the dealer's left bids first
    apply_all(state, "pass, bid 5, pass, bid 7")
    assert (state.bidder, state.bid, state.phase) == (0, 7, "trump")


def test_sm_tv_02_a_ten_ends_the_bidding() -> None:
    state = make_state(4, 0, {})
    apply_all(state, "bid 4, bid 10")
    assert (state.bidder, state.bid, state.phase) == (2, 10, "trump")
    assert state.current_player == 2  # S3 and S0 do not act; the bidder names trump


def test_sm_tv_03_all_pass_same_dealer_redeals() -> None:
    state = make_state(4, 0, {})
    first = state.hands()
    apply_all(state, "pass, pass, pass, pass")
    assert state.phase == "bidding" and state.dealer == 0 and state.current_player == 1
    assert state.observation(0)["deal_number"] == 1
    assert state.hands() != first
    assert state.returns() == [0.0] * 4 and state.result is None
    again = state.game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_sm_tv_04_and_05_bid_range() -> None:
    state = make_state(4, 0, {})
    assert rejected(state, "bid 3") == "SM-3.5"  # SM-TV-05
    state.apply("bid 6")
    for b in ("bid 6", "bid 3", "bid 11"):  # SM-TV-04
        assert rejected(state, b) == "SM-3.5"


# ---- 9.2 stock and discards -----------------------------------------------------------------


def deal_a() -> SmearState:
    # Trump hearts (jick Jd). Dealer S3, so S0 bids first and becomes the bidder.
    state = make_state(
        4,
        3,
        {
            1: "2h 3h 4h 5h 2c 3c 4c 5c 6c 7c",
            2: "Jd SJ 6h 7h 8h 8c 9c Tc Jc Qc",
            3: "9h Th Jh Qh Kh Ah 2s 3s 4s 5s",
        },
    )
    apply_all(state, "bid 4, pass, pass, pass, trump h")
    return state


def discard_down(state: SmearState, seat: int) -> None:
    while state.phase == "discard" and state.current_player == seat:
        state.apply(state.legal_actions()[0])


def play_out(state: SmearState) -> None:
    """Finish the deal with the first legal action each turn."""
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])


def test_sm_tv_06_keep_all_trumps_discard_non_trumps() -> None:
    """SM-TV-06 (SM-3.10): a 4p non-bidder with 4 trumps in 10 cards keeps them all and
    discards 4 non-trumps."""
    state = deal_a()
    discard_down(state, 0)
    assert state.current_player == 1
    legal = CardSet([c for a in state.legal_actions() for c in a.cards or ()])
    assert legal == CardSet("2c 3c 4c 5c 6c 7c")
    assert rejected(state, "discard 2h") == "SM-3.10"
    discard_down(state, 1)
    kept = state.hands()[1]
    assert CardSet("2h 3h 4h 5h") <= kept and len(kept) == 6
    discarded = CardSet(state.observation(1)["discards"])
    assert len(discarded) == 4 and discarded <= CardSet("2c 3c 4c 5c 6c 7c")


def test_sm_tv_08_jick_and_joker_count_as_trumps() -> None:
    """SM-TV-08 (SM-2.4, SM-3.10): with `Jd`, `SJ` and 3 hearts he holds 5 trumps and keeps
    all 5."""
    state = deal_a()
    discard_down(state, 0)
    discard_down(state, 1)
    assert state.current_player == 2
    assert rejected(state, "discard Jd") == "SM-3.10"
    assert rejected(state, "discard SJ") == "SM-3.10"
    discard_down(state, 2)
    assert CardSet("Jd SJ 6h 7h 8h") <= state.hands()[2]


def test_sm_tv_42_exactly_six_trumps_are_kept() -> None:
    """SM-TV-42 (SM-3.10): exactly 6 trumps in 10 cards: he keeps exactly those 6."""
    state = deal_a()
    for seat in (0, 1, 2):
        discard_down(state, seat)
    assert state.current_player == 3
    assert rejected(state, "discard 9h") == "SM-3.10"
    discard_down(state, 3)
    assert state.hands()[3] == CardSet("9h Th Jh Qh Kh Ah")


def test_sm_tv_07_bidder_with_nine_trumps_keeps_six_trumps() -> None:
    """SM-TV-07 (SM-3.10): the 4p bidder with 9 trumps in 24 cards keeps 6 trumps of his
    choice; 5 trumps + 1 non-trump is illegal."""
    state = make_state(
        4,
        3,
        {0: "2h 3h 4h 5h 6h 2c 3c 4c 5c 6c"},
        stock="7h 8h 9h Th 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d",
    )
    apply_all(state, "bid 4, pass, pass, pass, trump h")
    assert len(state.hands()[0]) == 24  # SM-3.8
    apply_all(state, "discard 2h, discard 3h, discard 4h")  # his choice of trumps
    assert rejected(state, "discard 5h") == "SM-3.10"  # 5 trumps + 1 non-trump is illegal
    discard_down(state, 0)
    assert state.hands()[0] == CardSet("5h 6h 7h 8h 9h Th")


def test_sm_tv_09_six_players_bidder_takes_six() -> None:
    """SM-TV-09 (SM-3.8): with 6 players the bidder holds 14 cards and discards 8."""
    state = make_state(6, 5, {})
    apply_all(state, "bid 5, pass, pass, pass, pass, pass, trump s")
    assert len(state.hands()[0]) == 14 and len(state.hands()[1]) == 8
    discards = 0
    while state.current_player == 0 and state.phase == "discard":
        state.apply(state.legal_actions()[0])
        discards += 1
    assert discards == 8


def test_sm_tv_10_five_players_stock_unused() -> None:
    """SM-TV-10 (SM-3.8): with 5 players the 4 stock cards stay unused; nobody adds them."""
    state = make_state(5, 4, {})
    stock = CardSet(state._current_record["stock"])
    assert len(stock) == 4
    apply_all(state, "bid 5, pass, pass, pass, pass, trump s")
    assert [len(h) for h in state.hands()] == [10] * 5  # the bidder takes nothing
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert all(not (h & stock) for h in state.hands())
    play_out(state)
    played = CardSet(" ".join(c for t in state.observation(0)["tricks"] for c in t["cards"]))
    assert len(played) == 30 and not (played & stock)


# ---- 9.3 partner call (5 players, trump s, jick Jc) ------------------------------------------


def five_player_deal(s2: str, s3: str, discards2: str, discards3: str) -> SmearState:
    state = make_state(5, 1, {2: s2, 3: s3})
    apply_all(state, "bid 5, pass, pass, pass, pass, trump s")  # S2 bids first and wins
    assert state.bidder == 2
    for seat, cards in ((2, discards2), (3, discards3)):
        for card in cards.split():
            assert state.current_player == seat
            state.apply(f"discard {card}")
        discard_down(state, seat)
    while state.phase == "discard":
        state.apply(state.legal_actions()[0])
    assert state.phase == "partner_call"
    return state


def deal_d() -> SmearState:
    return five_player_deal(
        "As 4s 9c Tc Qc Kc Ac 8h 9h Th",
        "Kd 5s 6s 7s 2d 3d 4d 5d 6d 7d",
        "8h 9h Th Ac",
        "2d 3d 4d 5d",
    )


def test_sm_tv_11_12_13_partner_card_legality() -> None:
    state = deal_d()
    assert rejected(state, "call As") == "SM-3.11"  # SM-TV-11: in the bidder's hand
    assert rejected(state, "call 3s") == "SM-3.11"  # SM-TV-12: the trump three
    state.check("call 3c")  # SM-TV-13
    state.check("call BJ")


def test_sm_tv_14_not_one_of_the_bidders_discards() -> None:
    """SM-TV-14 (SM-3.11): the bidder discarded `Kd`, so naming `Kd` is illegal."""
    state = five_player_deal(
        "As 4s Kd Tc Qc Kc Ac 8h 9h Th", "5s 6s 7s 2d 3d 4d 5d 6d 7d 8d", "Kd 8h 9h Th", ""
    )
    assert rejected(state, "call Kd") == "SM-3.11"


def test_sm_tv_15_partner_must_play_the_called_card_in_trick_1() -> None:
    state = deal_d()
    state.apply("call Kd")
    assert state.partner == 3
    assert {"event": "partner", "player": 3, "card": "Kd"} in state.history  # revealed
    assert state.current_player == 2  # SM-5.1: the bidder leads
    state.apply("4s")
    assert state.current_player == 3
    assert [str(a) for a in state.legal_actions()] == ["Kd"]  # despite holding spades
    assert rejected(state, "5s") == "SM-5.4"
    state.apply("Kd")


def test_sm_tv_16_called_card_in_the_stock_bidder_alone() -> None:
    """SM-TV-16 (SM-3.11b): the named card lies in the unused stock: bidder alone, 1 vs 4."""
    state = deal_d()
    stock = CardSet(state._current_record["stock"])
    card = next(c for c in stock if str(c) != "3s")
    state.apply(f"call {card}")
    assert state.partner is None
    assert [state._deal.side_of(s) for s in range(5)] == [1, 1, 0, 1, 1]  # 1 vs 4


def test_sm_tv_43_called_card_discarded_by_another_player() -> None:
    """SM-TV-43 (SM-3.11b): the named card was discarded by S0 (not the bidder): bidder
    alone, 1 vs 4, and S0 is a defender."""
    state = deal_d()
    s0_discards = state._deal.discards(0)
    card = next(iter(s0_discards))
    state.apply(f"call {card}")
    assert state.partner is None
    assert state._deal.side_of(0) == 1 and state._deal.side_of(2) == 0


# ---- 9.4 trick winners (trump h, jick Jd) ---------------------------------------------------

TRICKS = [
    ("SM-TV-17", "Kd Jd Ad 2h", 1),
    ("SM-TV-18", "9h SJ BJ Th", 1),
    ("SM-TV-19", "9h BJ SJ Th", 1),
    ("SM-TV-20", "4h BJ Jd SJ", 2),
    ("SM-TV-21", "2c 3s Kc 2h", 3),
    ("SM-TV-25", "Qs Kc 9s 4s", 0),
    ("SM-4.5 (As)", "As Ks 2s Qs", 0),
    ("SM-4.5 (Ah)", "Jh Jd Ah SJ", 2),
]


@pytest.mark.parametrize(("vid", "cards", "winner"), TRICKS)
def test_trick_winners(vid: str, cards: str, winner: int) -> None:
    assert trick_winner(cards.split(), HEARTS, smear=True) == winner, vid


def test_effective_suits_sm_2_4() -> None:
    assert len(smear.trumps(HEARTS)) == 16
    assert smear.effective_suit(cardavia.Card("Jd"), HEARTS) == HEARTS
    assert smear.effective_suit(cardavia.Card("BJ"), SPADES) == SPADES
    assert smear.effective_suit(cardavia.Card("Jc"), SPADES) == SPADES


# ---- 9.5 scoring ----------------------------------------------------------------------------

# Example 1 (4 players, trump h): tricks as (leader, cards in play order, winner).
EXAMPLE_1 = [
    (0, "Kh 2h Ah Tc", 2),
    (2, "Jh Kd Qd 9c", 2),
    (2, "3h Js SJ 7c", 0),
    (0, "4h Jd 5h BJ", 1),
    (1, "As Ts Td Ac", 1),
    (1, "Qc Kc Ad Th", 0),
]
TEAMS_4 = [0, 1, 0, 1]


def test_example_1_points() -> None:
    p = smear_points(HEARTS, TEAMS_4, EXAMPLE_1)
    assert (p["high"], p["low"], p["jack"], p["jick"], p["jokers"], p["trey"]) == (
        0,
        1,
        0,
        1,
        [0, 1],
        0,
    )
    assert p["game_totals"] == [44, 30] and p["game"] == 0
    assert p["totals"] == [7, 3]


def test_sm_tv_26_made() -> None:
    """SM-TV-26 (SM-6.4, SM-6.5), Example 1's points as settled by :func:`smear.settle`."""
    assert settle(6, 0, [7, 3]) == [7, 3]


def test_sm_tv_27_set() -> None:
    """SM-TV-27 (SM-6.4), Example 2's points as settled by :func:`smear.settle`."""
    assert settle(8, 0, [7, 3]) == [-8, 3]


def test_sm_tv_28_low_to_the_side_that_played_it() -> None:
    """SM-TV-28 (SM-6.1): S1 (B) plays `2h` into a trick S0 (A) wins: Low to B."""
    p = smear_points(HEARTS, TEAMS_4, [(0, "Ah 2h 4c 5c", 0)])
    assert p["low"] == 1 and p["high"] == 0


def test_sm_tv_29_low_moves_up_when_the_two_is_out_of_play() -> None:
    """SM-TV-29 (SM-6.1), on the scoring function: see also the played deal below."""
    p = smear_points(HEARTS, TEAMS_4, [(0, "Kh 9h 6h 4h", 0)])  # 2h, 3h never played
    assert p["low_card"] == "4h" and p["low"] == 1  # S3's side


def test_sm_tv_30_high_moves_down_when_the_ace_is_out_of_play() -> None:
    """SM-TV-30 (SM-6.1), on the scoring function: see also the played deal below."""
    p = smear_points(HEARTS, [1, 1, 0, 1, 0], [(2, "5h Kh 9h 2c 3c", 2)])
    assert p["high_card"] == "Kh" and p["high"] == 1  # played by S3


def test_sm_tv_31_no_jack_point_when_the_jack_is_discarded() -> None:
    """SM-TV-31 (SM-6.2), on the scoring function: see also the played deal below."""
    p = smear_points(HEARTS, TEAMS_4, [(0, "Ah Kh Qh Th", 0)])
    assert p["jack"] is None


def test_sm_tv_32_game_tie_gives_no_point() -> None:
    """SM-TV-32 (SM-6.3): game totals A 35, B 35: no Game point."""
    tricks = [
        (0, "Tc Td Ts Ac", 0),
        (0, "Jc 2c 3c 4c", 0),
        (1, "Th As Ad Ah", 1),
        (1, "Kd Ks Kh Kc", 1),
        (1, "Js 2d 3d 4d", 1),
    ]
    p = smear_points(HEARTS, TEAMS_4, tricks)
    assert p["game_totals"] == [35, 35] and p["game"] is None


def test_sm_tv_33_game_count() -> None:
    """SM-TV-33 (SM-2.7): captured `Ah Kc Th Jd SJ 5s 9c` count 19."""
    p = smear_points(HEARTS, TEAMS_4, [(0, "Ah Kc Th Jd", 0), (0, "SJ 5s 9c 2c", 0)])
    assert p["game_totals"][0] == 19


def test_sm_tv_34_six_players_three_teams() -> None:
    """SM-TV-34 (SM-6.8): 6p, S1 bids 4; P = 5 / 3 / 2 for {1,4} / {0,3} / {2,5}."""
    # Teams {0,3} {1,4} {2,5} are sides 0, 1, 2; S1 bid 4; P = 3 / 5 / 2.
    assert settle(4, 1, [3, 5, 2]) == [3, 5, 2]


def test_sm_tv_35_six_player_game_tie() -> None:
    """SM-TV-35 (SM-6.3): 6p game totals 30 / 30 / 20: no Game point."""
    tricks = [
        (0, "Tc Td Ts 2c 3c 4c", 0),
        (1, "Th Ac Ad As 5c 6c", 1),
        (4, "Kc Kd Qc 2d 3d 4d", 4),
        (2, "Ks Kh Qd Qs Ah Qh", 2),
        (5, "SJ BJ Jh Js 7c 8c", 5),
    ]
    p = smear_points(HEARTS, [0, 1, 2, 0, 1, 2], tricks)
    assert p["game_totals"] == [30, 30, 20] and p["game"] is None


def test_sm_tv_36_five_players_individual_changes() -> None:
    """SM-TV-36 (SM-6.7), Example 3: S2 +6, S4 +6, S0, S1, S3 +4 each."""
    sides = [1, 1, 0, 1, 0]  # S2 bidder with partner S4
    changes = settle(5, 0, [6, 4])
    assert [changes[s] for s in sides] == [4, 4, 6, 4, 6]


# Example 1 played as a legal deal. The spec gives Example 1 as results only; the tricks of
# EXAMPLE_1 above cannot be played (S3 discards Tc on a trump lead while holding BJ, and 4 players
# hold all 16 trumps, which SM-3.10 keeps in play). This deal gives the same results: S2 plays Ah
# (High, A), S1 plays 2h into S0's trick (Low, B), A captures Jh, SJ and 3h, B captures Jd and BJ,
# and A has the greater game total (40 to 30 here, 44 to 30 in the spec) - A 7 points, B 3.
EXAMPLE_1_KEPT = {
    0: "Kh 4h SJ Qh Qc Ts",
    1: "2h Jd 9h Ac Tc As",
    2: "6h 5h Ah Jh 3h Td",
    3: "7h BJ Kc 8h Th Ad",
}
EXAMPLE_1_DISCARDS = {0: "2c 3c 4c 5c", 1: "6c 7c 8c 9c", 2: "Jc 2d 3d 4d", 3: "5d 6d 7d 8d"}
EXAMPLE_1_PLAY = [
    "Kh 2h 6h 7h",  # S0 leads; S0 wins, capturing S1's 2h
    "4h Jd 5h BJ",  # S1 wins with the jick: Jd and BJ to B
    "Ac Ah Kc Qc",  # S1 leads; S2 trumps with Ah
    "Jh 8h SJ 9h",  # S2 wins: Jh and SJ to A
    "3h Th Qh Tc",  # S0 wins 3h for A
    "Ts As Td Ad",  # S1 wins
]


def played_example_1(bid: int) -> SmearState:
    hands = {k: EXAMPLE_1_KEPT[k] + " " + EXAMPLE_1_DISCARDS[k] for k in range(4)}
    state = make_state(4, 3, hands)  # S0 bids first; his hand and the stock hold 4 trumps
    apply_all(state, f"bid {bid}, pass, pass, pass, trump h")
    for seat in range(4):
        for card in state.hands()[seat] - CardSet(EXAMPLE_1_KEPT[seat]):
            assert state.current_player == seat
            state.apply(f"discard {card}")
    assert state.phase == "play"
    for trick in EXAMPLE_1_PLAY:
        apply_all(state, trick.replace(" ", ","))
    assert state.is_terminal()
    return state


def test_sm_tv_26_and_28_example_1_played_bid_made() -> None:
    """SM-TV-26 (SM-6.4, SM-6.5): A +7 (bid 6 made), B +3; SM-TV-28 (SM-6.1): S1 (B) plays
    2h into a trick S0 (A) wins, and Low goes to B."""
    r = played_example_1(6).result
    assert r is not None
    p = r["points"]
    assert (p["high_card"], p["high"], p["low_card"], p["low"]) == ("Ah", 0, "2h", 1)
    assert (p["jack"], p["jick"], p["jokers"], p["trey"], p["game"]) == (0, 1, [0, 1], 0, 0)
    assert p["game_totals"] == [40, 30] and p["totals"] == [7, 3]
    assert r["made"] and r["side_changes"] == [7, 3] and r["changes"] == [7, 3, 7, 3]


def test_sm_tv_27_example_2_played_bid_set() -> None:
    """SM-TV-27 (SM-6.4): the same cards with a bid of 8: A -8 (set), B still +3."""
    state = played_example_1(8)
    r = state.result
    assert r is not None and r["points"]["totals"] == [7, 3]
    assert not r["made"] and r["side_changes"] == [-8, 3]
    assert state.returns() == [-8.0, 3.0, -8.0, 3.0]


def test_sm_tv_29_played_low_is_the_lowest_trump_in_play() -> None:
    """SM-TV-29 (SM-6.1): 2h is discarded (and 3h too); S3 plays 4h, the lowest trump in
    play, and Low goes to S3's side."""
    state = make_state(
        4,
        3,
        {
            1: "2h 9h Th Jh Qh Kh Ah 2c 3c 4c",
            2: "3h 5h 6h 7h 8h Jd SJ 5c 6c 7c",
            3: "4h 8c 9c Tc Jc Qc Kc Ac 2d 3d",
        },
    )
    apply_all(state, "bid 4, pass, pass, pass, trump h")
    discard_down(state, 0)
    state.apply("discard 2h")  # S1 holds 7 trumps, so he may discard one
    discard_down(state, 1)
    state.apply("discard 3h")  # S2 likewise
    play_out(state)
    r = state.result
    assert r is not None
    assert (r["points"]["low_card"], r["points"]["low"]) == ("4h", r["sides"][3])


def test_sm_tv_30_played_high_when_the_ace_is_in_the_unused_stock() -> None:
    """SM-TV-30 (SM-6.1): 5 players, Ah lies in the unused stock; S1 plays Kh, the highest
    trump in play, and High goes to S1's side."""
    state = make_state(5, 4, {1: "Kh 2c 3c 4c 5c 6c 7c 8c 9c Tc"}, stock="Ah 2d 3d 4d")
    apply_all(state, "bid 5, pass, pass, pass, pass, trump h")
    play_out(state)
    r = state.result
    assert r is not None
    assert (r["points"]["high_card"], r["points"]["high"]) == ("Kh", r["sides"][1])


def test_sm_tv_31_played_no_jack_point_when_the_jack_is_discarded() -> None:
    """SM-TV-31 (SM-6.2): S1 holds 7 trumps and discards Jh; no Jack point is awarded."""
    state = make_state(4, 3, {1: "Jh 2h 3h 4h 5h 6h 7h 2c 3c 4c"})
    apply_all(state, "bid 4, pass, pass, pass, trump h")
    discard_down(state, 0)
    state.apply("discard Jh")
    assert rejected(state, "discard 2h") == "SM-3.10"  # 6 trumps left: no more trump discards
    play_out(state)
    r = state.result
    assert r is not None and r["points"]["jack"] is None
    played = [c for t in state.observation(0)["tricks"] for c in t["cards"]]
    assert "Jh" not in played and len(played) == 24


def test_settlement_of_a_played_deal() -> None:
    for players in (4, 5, 6):
        game = cardavia.load("smear", players=players)
        for seed in range(20):
            state = random_playthrough(game, seed)
            r = state.result
            assert r is not None
            totals = r["points"]["totals"]
            assert sum(totals) <= 10
            bidder_side = r["sides"][r["bidder"]]
            assert r["made"] == (totals[bidder_side] >= r["bid"])
            assert r["side_changes"] == settle(r["bid"], bidder_side, totals)
            assert state.returns() == [float(r["side_changes"][s]) for s in r["sides"]]


# ---- 9.6 race to 52 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vid", "scores", "bidder", "want"),
    [
        ("SM-TV-37", [54, 54], 0, 0),
        ("SM-TV-38", [54, 55], 0, 1),
        ("SM-TV-39", [44, 53], 0, 1),
        ("SM-TV-40", [40, 53, 53], 0, None),
        ("SM-TV-41", [50, 51], 0, None),
    ],
)
def test_race_to_52(vid: str, scores: list[int], bidder: int, want: int | None) -> None:
    assert race_winner(scores, bidder) == want, vid


def test_five_player_tie_goes_to_the_partner_when_the_bidder_is_not_tied() -> None:
    assert race_winner([52, 60, 60, 40, 10], bidder_party=0, partner_party=2) == 2


@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_match_plays_to_52(players: int) -> None:
    game = cardavia.load("smear", players=players)
    match = game.new_match(seed=players)
    rng = cardavia.Rng(players)
    while not match.is_over():
        state = match.new_deal()
        while not state.is_terminal():
            actions = state.legal_actions()
            if state.phase == "bidding":  # the first bidder bids 4, the others pass
                state.apply("bid 4" if state.bid is None and not state._deal.bids else "pass")
            else:
                state.apply(actions[rng.below(len(actions))])
        assert len(match.deals) < 300
    winner = match.winner
    assert winner is not None
    parties = game.parties()
    scores = match.party_scores
    k = parties.index(winner)
    assert scores[k] >= 52 and scores[k] == max(scores)
    dealers = [d.dealer for d in match.deals]
    assert all((b - a) % players == 1 for a, b in zip(dealers, dealers[1:], strict=False))
    with pytest.raises(IllegalActionError):
        match.new_deal()


# ---- resampling and observation for every player count ----------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_resample_keeps_every_observation(players: int) -> None:
    game = cardavia.load("smear", players=players)
    for seed in range(6):
        state = game.new_state(seed=seed)
        rng = cardavia.Rng(seed + 50)
        step = 0
        while not state.is_terminal():
            if step % 5 == 0:
                for p in range(players):
                    seen = state.observation(p)
                    other = state.resample(p, seed=step)
                    assert other.observation(p) == seen
                    assert other.current_player == state.current_player
                    again = game.state_from_json(other.to_json())
                    assert again.to_json() == other.to_json()
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
            step += 1


def test_observation_hides_other_discards_and_hands() -> None:
    state = deal_a()
    discard_down(state, 0)
    obs = state.observation(1)
    assert obs["hand"] == str(state.hands()[1])
    discard_events = [e for e in obs["history"] if e["event"] == "discard"]
    assert discard_events and all("card" not in e for e in discard_events)
    assert "card" in state.observation(0)["history"][-1]


# ---- 10,000 seeded deals in Rust ---------------------------------------------------------------

VALUES = np.array([1, 1, 1, 1, 1, 1, 3, 1])


@pytest.mark.parametrize(("players", "n"), [(4, 4000), (5, 3000), (6, 3000)])
def test_ten_thousand_random_deals(players: int, n: int) -> None:
    sim = smear.simulate(n, players=players, seed=99, threads=2)
    points = sim["points"]
    assert np.all(points.sum(axis=1) <= 10)  # SM-1.3, SM-6.2
    assert np.all(sim["cards_played"] == 6 * players)  # SM-5.5
    assert np.all(sim["cards_captured"] == 6 * players)
    assert np.all(sim["trumps_kept_ok"])  # SM-3.10
    winners = sim["winners"]
    assert np.all(winners[:, 0] >= 0) and np.all(winners[:, 1] >= 0)  # SM-6.1
    sides = int(sim["num_sides"][0])
    for side in range(sides):
        from_breakdown = ((winners == side) * VALUES).sum(axis=1)
        assert np.array_equal(from_breakdown, points[:, side])
    assert np.all(points[:, sides:] == 0)
    game = sim["game_totals"]
    assert np.all(game.sum(axis=1) <= 82)
    top = game[:, :sides].max(axis=1)
    tied = (game[:, :sides] == top[:, None]).sum(axis=1) > 1
    assert np.all((winners[:, 7] == -1) == tied)  # SM-6.3
    assert np.all((sim["bid"] >= 4) & (sim["bid"] <= 10))
    if players == 5:
        assert np.any(sim["partner"] >= 0) and np.any(sim["partner"] == -1)


def test_simulation_does_not_depend_on_threads() -> None:
    a: dict[str, Any] = smear.simulate(400, players=5, seed=1, threads=1)
    b: dict[str, Any] = smear.simulate(400, players=5, seed=1, threads=2)
    for key in a:
        assert np.array_equal(a[key], b[key]), key


def test_playouts_from_a_position() -> None:
    state = deal_a()
    out = state._deal.playouts(300, seed=2, threads=2)
    assert not out["passed_out"].any()
    assert np.all(out["points"].sum(axis=1) <= 10)


def test_players_option() -> None:
    assert cardavia.load("smear").num_players == 4
    with pytest.raises(cardavia.InvalidArgumentError, match="players"):
        cardavia.load("smear", players=3)
