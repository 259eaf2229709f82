"""Dou Dizhu rule vectors (rules/doudizhu.md §9) through the Python API."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, doudizhu

# ---- 9.1 Deck ---------------------------------------------------------------------------


def test_deck() -> None:  # DDZ-V01
    deal = cardavia.load("doudizhu").new_state(seed=1)._deal_record
    cards = CardSet()
    for part in [*deal["hands"], deal["bottom"]]:
        assert cards.isdisjoint(part)
        cards |= CardSet(part)
    assert cards == CardSet.full_pack(jokers=True) and len(cards) == 54


def test_ten_notation() -> None:  # DDZ-V02
    assert cardavia.Card("10h") == cardavia.Card("Th") and str(cardavia.Card("10h")) == "Th"


# ---- 9.2 Classification -----------------------------------------------------------------

CLASSIFY = [
    ("DDZ-V03", "7h", "single", "7", 1),
    ("DDZ-V04", "SJ BJ", "rocket", None, None),
    ("DDZ-V05", "2s 2h", "pair", "2", 1),
    ("DDZ-V06", "Qs Qh Qd SJ BJ", None, None, None),
    ("DDZ-V07", "3s 3h 3d BJ", "triple_with_single", "3", 1),
    ("DDZ-V08", "9s 9h 9d 9c", "bomb", "9", 4),  # a bomb's length is its card count
    ("DDZ-V09", "9s 9h 9d 9c 3s", None, None, None),
    ("DDZ-V10", "Ks Kh Kd 2s 2h", "triple_with_pair", "K", 1),
    ("DDZ-V11", "Ts Jh Qd Kc As", "straight", "A", 5),
    ("DDZ-V12", "Js Qh Kd Ac 2s", None, None, None),
    ("DDZ-V13", "As 2h 3d 4c 5s", None, None, None),
    ("DDZ-V14", "3s 4h 5d 6c", None, None, None),
    ("DDZ-V15", "3s 3h 4s 4h 5s 5h", "pair_sequence", "5", 3),
    ("DDZ-V16", "3s 3h 4s 4h", None, None, None),
    ("DDZ-V17", "3s 3h 3d 5s 5h 5d", None, None, None),
    ("DDZ-V18", "As Ah Ad 2s 2h 2d", None, None, None),
    ("DDZ-V19", "5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d", "airplane", "8", 4),
    ("DDZ-V20", "3s 3h 3d 4s 4h 4d 5c 5d", "airplane_with_singles", "4", 2),
    ("DDZ-V21", "Ks Kh Kd As Ah Ad 2s SJ", "airplane_with_singles", "A", 2),
    ("DDZ-V22", "3s 3h 3d 4s 4h 4d 3c 9s", None, None, None),
    ("DDZ-V23", "3s 3h 3d 4s 4h 4d SJ BJ", None, None, None),
    ("DDZ-V24", "3s 3h 3d 4s 4h 4d 5s 5h 5d 9s 9h 9d", None, None, None),
    ("DDZ-V25", "3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 9s 9h 9d 9c", None, None, None),
    ("DDZ-V26", "3s 3h 3d 4s 4h 4d 9s 9h Js Jh", "airplane_with_pairs", "4", 2),
    ("DDZ-V27", "3s 3h 3d 4s 4h 4d 9s 9h 9d 9c", None, None, None),
    ("DDZ-V28", "6s 6h 6d 6c 3s 3h", "four_with_two_singles", "6", 1),
    ("DDZ-V29", "6s 6h 6d 6c SJ BJ", None, None, None),
    ("DDZ-V30", "6s 6h 6d 6c 3s 3h 9s 9h", "four_with_two_pairs", "6", 1),
    ("DDZ-V31", "6s 6h 6d 6c 3s 3h 3d 3c", None, None, None),
]


@pytest.mark.parametrize(("vid", "cards", "kind", "key", "n"), CLASSIFY)
def test_classification(vid: str, cards: str, kind: str | None, key: str | None, n: Any) -> None:
    found = doudizhu.classify(cards)
    if kind is None:
        assert found == [], vid
        return
    assert len(found) == 1, vid  # DDZ-4.8: classification is unique
    play = found[0]
    assert play.kind == kind, vid
    assert play.cards == CardSet(cards)
    if key is not None:
        assert play.main_rank == key, vid
        assert play.length == n, vid


# ---- 9.3 Beating ------------------------------------------------------------------------

BEATS = [
    ("DDZ-V32", "4s 4h 4d 9c", "5s 5h 5d 3c", True),
    ("DDZ-V33", "3s 4h 5d 6c 7s", "4s 5h 6d 7c 8s 9h", False),
    ("DDZ-V34", "3s 3h 3d 4s 4h 4d 5c 6c", "5s 5h 5d 6s 6h 6d 7c 7d", True),
    (
        "DDZ-V35",
        "5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d",
        "9s 9h 9d Ts Th Td Js Jh Jd 3c 4c 5c",
        False,
    ),
    ("DDZ-V36", "2s 2h", "3s 3h 3d 3c", True),
    ("DDZ-V37", "As Ah Ad Ac", "2s 2h 2d 2c", True),
    ("DDZ-V37", "As Ah Ad Ac", "Ks Kh Kd Kc", False),
    ("DDZ-V38", "2s 2h 2d 2c", "SJ BJ", True),
    ("DDZ-V39", "As Ah Ad Ac 5s 6h", "3s 3h 3d 3c", True),
    ("DDZ-V40", "5s 5h 5d 5c 3s 4s", "6s 6h 6d 6c 3h 3d", True),
    ("DDZ-V40", "5s 5h 5d 5c 3s 4s", "6s 6h 6d 6c 3h 3d 4h 4d", False),
    ("DDZ-V41", "2s", "SJ", True),
    ("DDZ-V41", "SJ", "BJ", True),
    ("DDZ-V42", "7s", "7h", False),
]


@pytest.mark.parametrize(("vid", "top", "candidate", "expected"), BEATS)
def test_beating(vid: str, top: str, candidate: str, expected: bool) -> None:
    assert doudizhu.beats(candidate, top) is expected, vid


def test_nothing_beats_the_rocket() -> None:  # DDZ-V38, DDZ-5.5
    full = CardSet.full_pack(jokers=True) - CardSet("SJ BJ")
    assert doudizhu.legal_plays(full, "SJ BJ") == []


# ---- 9.4 Auction ------------------------------------------------------------------------


def auction_state(first_bidder: int) -> Any:
    deal = cardavia.deal(3, 17, jokers=True, seed=99)
    spec = {
        "hands": [str(h) for h in deal.hands],
        "bottom": str(deal.leftover),
        "first_bidder": first_bidder,
    }
    return cardavia.load("doudizhu").new_state(seed=5, deal=spec)


def run_calls(state: Any, calls: list[str]) -> None:
    for call in calls:
        state.apply(call)


@pytest.mark.parametrize(
    ("vid", "first", "calls", "landlord", "bid"),
    [
        ("DDZ-V43", 1, ["bid 1", "pass", "pass"], 1, 1),
        ("DDZ-V45", 0, ["bid 1", "bid 2", "pass", "bid 3"], 0, 3),
        ("DDZ-V46", 2, ["pass", "pass", "bid 2", "pass", "pass"], 1, 2),
        ("DDZ-V47", 0, ["pass", "bid 1", "pass", "bid 2", "pass", "pass"], 0, 2),
    ],
)
def test_auction(vid: str, first: int, calls: list[str], landlord: int, bid: int) -> None:
    state = auction_state(first)
    run_calls(state, calls)
    assert state.phase == "play", vid
    obs = state.observation(landlord)
    assert obs["landlord"] == landlord and obs["high_bid"] == bid, vid
    assert len(CardSet(obs["hand"])) == 20  # DDZ-3.7
    assert state.current_player == landlord  # DDZ-3.8
    with pytest.raises(IllegalActionError, match="DDZ-3.5"):
        state.apply("bid 3")  # no further calls (DDZ-V45)


def test_all_pass_redeals() -> None:  # DDZ-V44, DDZ-3.5c
    state = auction_state(0)
    before = state._deal_record["hands"]
    run_calls(state, ["pass", "pass", "pass"])
    assert state.phase == "auction"
    assert state.observation(0)["deal_number"] == 1
    redealt = [CardSet(state.observation(p)["hand"]) for p in range(3)]
    assert redealt != [CardSet(h) for h in before]
    assert [e["event"] for e in state.history].count("void_deal") == 1
    # The redeal comes from the seeded RNG: the same seed gives the same redeal.
    again = auction_state(0)
    run_calls(again, ["pass", "pass", "pass"])
    assert again.observation(2) == state.observation(2)
    assert state.returns() == [0.0, 0.0, 0.0] and state.result is None


def test_legal_calls_after_a_bid_of_two() -> None:  # DDZ-V48
    state = auction_state(0)
    state.apply("bid 2")
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid 3"]
    for bad in ("bid 1", "bid 2"):
        before = state.to_json()
        with pytest.raises(IllegalActionError, match="DDZ-3.4"):
            state.apply(bad)
        assert state.to_json() == before


# ---- 9.5 Turn flow ----------------------------------------------------------------------


def play_state(hands: list[str], bottom: str, landlord: int) -> Any:
    """A state right after `landlord` bid 3 (first bidder = landlord)."""
    spec = {"hands": hands, "bottom": bottom, "first_bidder": landlord}
    state = cardavia.load("doudizhu").new_state(seed=1, deal=spec)
    state.apply("bid 3")
    return state


def split_rest(fixed: str, bottom: str) -> list[str]:
    rest = list(CardSet.full_pack(jokers=True) - CardSet(fixed) - CardSet(bottom))
    return [str(CardSet(rest[:17])), str(CardSet(rest[17:]))]


def test_leader_may_not_pass() -> None:  # DDZ-V49
    hand0 = "3s 4h 5d 6c 7s 8h 9d Tc Ks Kh As Ah Ad 2s 2h 2d BJ"
    other = split_rest(hand0, "SJ 2c Kd")
    state = play_state([hand0, *other], "SJ 2c Kd", 0)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="DDZ-6.2"):
        state.apply("pass")
    assert state.to_json() == before


def test_type_mismatch_rejected_and_trick_flow() -> None:  # DDZ-V50, DDZ-V51
    hand0 = "5s 5c 3c 3d 4c 4d 7c 7d 8c 8d Jc Jd 9c Qc Qd Tc Td"
    hand1 = "Kd 3h 4h 6c 6d 7h 8h 9s Ts Jh Qh Ah Ac 2c 2d SJ 8s"
    hand2 = "9h 6s 6h Ks Kh Kc 4s 3s 7s Js Qs As Ad 2h 2s BJ 5d"
    bottom = "5h 9d Th"
    state = play_state([hand0, hand1, hand2], bottom, 0)
    state.apply("5s")
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply("6c 6d")  # DDZ-V50: a pair on a single
    assert state.to_json() == before
    state.apply("pass")
    state.apply("9h")
    state.apply("pass")
    state.apply("Kd")  # DDZ-V51: seat 1 passed before and may still play
    state.apply("pass")
    state.apply("pass")
    trick = [e for e in state.history if e["event"] == "trick"]
    assert trick[-1]["winner"] == 1
    assert state.current_player == 1


# ---- 9.6 Settlement ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vid", "bid", "bombs", "landlord_won", "spring", "reverse", "multiplier", "scores"),
    [
        ("DDZ-V52", 3, 0, True, False, False, 1, (6, -3, -3)),
        ("DDZ-V53", 2, 2, False, False, False, 4, (-16, 8, 8)),
        ("DDZ-V54", 1, 1, True, True, False, 4, (8, -4, -4)),
        ("DDZ-V55", 2, 3, True, False, False, 8, (32, -16, -16)),
        ("DDZ-V56", 3, 0, False, False, False, 1, (-6, 3, 3)),
    ],
)
def test_settlement(
    vid: str,
    bid: int,
    bombs: int,
    landlord_won: bool,
    spring: bool,
    reverse: bool,
    multiplier: int,
    scores: tuple[int, int, int],
) -> None:
    s = doudizhu.settle(0, bid, bombs, landlord_won, spring, reverse)
    assert s.multiplier == multiplier, vid
    assert s.scores == scores, vid
    assert sum(s.scores) == 0


def test_full_deal_spring() -> None:  # DDZ-V57
    hand0 = "3s 4h 5d 6c 7s 8h 9d Tc Ks Kh As Ah Ad 2s 2h 2d BJ"
    bottom = "SJ 2c Kd"
    spec = {"hands": [hand0, *split_rest(hand0, bottom)], "bottom": bottom, "first_bidder": 2}
    state = cardavia.load("doudizhu").new_state(seed=1, deal=spec)
    state.apply("pass")
    state.apply("bid 3")
    for lead in ["3s 4h 5d 6c 7s 8h 9d Tc", "Ks Kh Kd As Ah Ad", "2s 2h 2d 2c"]:
        state.apply(lead)
        state.apply("pass")
        state.apply("pass")
    state.apply("SJ BJ")
    assert state.is_terminal()
    assert state.returns() == [48.0, -24.0, -24.0]
    result = state.result
    assert result is not None
    assert result["spring"] and result["bombs"] == 2 and result["multiplier"] == 8


def test_full_deal_reverse_spring() -> None:  # DDZ-V58
    hand0 = "2h 5c 6c 7c 8c 9c Tc Jc Qc Kc As Ah 3h 4s 4h 4d 4c"
    # The landlord (seat 2) holds 3s; the rest is split so that no one else can interfere.
    rest = list(CardSet.full_pack(jokers=True) - CardSet(hand0) - CardSet("3s"))
    bottom = str(CardSet(rest[:3]))
    hand2 = str(CardSet(["3s", *rest[3:19]]))
    hand1 = str(CardSet(rest[19:]))
    spec = {"hands": [hand0, hand1, hand2], "bottom": bottom, "first_bidder": 1}
    state = cardavia.load("doudizhu").new_state(seed=1, deal=spec)
    for call in ["bid 1", "bid 2", "pass", "pass"]:
        state.apply(call)
    assert state.observation(0)["landlord"] == 2
    state.apply("3s")
    state.apply("2h")
    state.apply("pass")
    state.apply("pass")
    for lead in ["5c 6c 7c 8c 9c Tc Jc Qc Kc", "As Ah", "3h"]:
        state.apply(lead)
        state.apply("pass")
        state.apply("pass")
    state.apply("4s 4h 4d 4c")
    assert state.returns() == [8.0, 8.0, -16.0]
    result = state.result
    assert result is not None and result["reverse_spring"] and result["multiplier"] == 4


def test_rust_playouts_settle_like_the_protocol() -> None:  # DDZ-7 on playouts
    state = cardavia.load("doudizhu").new_state(seed=4)
    auction = state.playout_returns(10)  # from the auction too (issue 13)
    assert auction.shape == (10, 3) and (auction.sum(axis=1) == 0).all()
    state.apply("bid 3")
    a = state.playout_returns(400, seed=1, threads=1)
    assert a.shape == (400, 3)
    assert (a.sum(axis=1) == 0).all()
    assert (a == state.playout_returns(400, seed=1, threads=2)).all()
    # Every playout settles to one of the DDZ-7 outcomes of a bid of 3: |landlord| = 2 * 3 * M.
    landlord = state.observation(0)["landlord"]
    assert set(abs(a[:, landlord]) / 6) <= {2.0**k for k in range(12)}
    greedy = state.playout_returns(50, policy="greedy", seed=1)
    assert greedy.shape == (50, 3)


def test_action_space_holds_only_playable_sets() -> None:  # DDZ-4.3 bounds, DDZ-6.7
    game = cardavia.load("doudizhu")
    assert game.num_actions == 4 + 24639  # pass, bid 1-3, then every play of at most 20 cards
    assert doudizhu.classify("3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9s 9h 9d") == []
