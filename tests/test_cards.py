"""Cards, notation, CardSet/CardBag and seeded deals."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardavia
from cardavia import Card, CardBag, CardSet, Rank, Suit


def test_canonical_text_and_index_layout() -> None:
    assert str(Card("Th")) == "Th"
    assert Card("2c").index == 0
    assert Card("2s").index == 3
    assert Card("As").index == 51
    assert Card("SJ").index == 52 and Card("BJ").index == 53
    assert Card("Ah").rank is Rank.ACE and Card("Ah").suit is Suit.HEARTS
    assert Card("SJ").suit is None and Card("BJ").is_joker
    assert Card.from_index(34) == Card("Th")


@pytest.mark.parametrize("text", ["10h", "TH", "th", "T♥", "t♡", "  Th "])
def test_parser_variants(text: str) -> None:
    assert Card(text) == Card("Th")


def test_parser_separators_and_no_separators() -> None:
    want = [Card("Ah"), Card("Kd"), Card("Tc")]
    assert cardavia.parse_cards("AhKd10c") == want
    assert cardavia.parse_cards("Ah, Kd; Tc") == want
    assert cardavia.parse_cards("a♥ k♦ 10♣") == want
    assert cardavia.parse_cards("sjbj") == [Card("SJ"), Card("BJ")]


def test_every_card_round_trips() -> None:
    for i in range(54):
        c = Card.from_index(i)
        assert Card(str(c)) == c
        assert eval(repr(c), {"Card": Card}) == c


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [("Ah Xd Kc", "Xd", 3), ("Ah Kx", "Kx", 3), ("Ah 1h", "1h", 3), ("QQ", "QQ", 0)],
)
def test_bad_token_is_named(text: str, token: str, position: int) -> None:
    with pytest.raises(cardavia.InvalidCardError) as info:
        cardavia.parse_cards(text)
    assert info.value.token == token
    assert info.value.position == position
    assert token in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, cardavia.CardaviaError)


def test_card_needs_exactly_one() -> None:
    with pytest.raises(cardavia.InvalidCardError):
        Card("Ah Kd")
    with pytest.raises(cardavia.InvalidArgumentError):
        Card.from_index(54)


def test_cardset_surface() -> None:
    s = CardSet("Ah Kd 2c")
    assert len(s) == 3 and "Ah" in s and Card("Kd") in s and "Qs" not in s
    assert [str(c) for c in s] == ["2c", "Kd", "Ah"]  # rank order
    assert str(s) == "2c Kd Ah"
    t = CardSet(["Kd", Card("Qs")])
    assert s | t == CardSet("2c Kd Qs Ah")
    assert s & t == CardSet("Kd")
    assert s - t == CardSet("2c Ah")
    assert s ^ t == CardSet("2c Qs Ah")
    assert CardSet("Kd") <= s and CardSet("Kd") < s and not s < s and s >= CardSet("Ah")
    assert hash(CardSet("Ah Kd")) == hash(CardSet("KdAh"))
    assert pickle.loads(pickle.dumps(s)) == s
    assert CardSet.from_mask(s.mask) == s
    assert len(CardSet.full_pack()) == 52 and len(CardSet.full_pack(jokers=True)) == 54
    assert not CardSet()


def test_cardset_rejects_duplicates() -> None:
    with pytest.raises(cardavia.InvalidCardError) as info:
        CardSet("Ah Kd Ah")
    assert info.value.token == "Ah" and info.value.position == 6


def test_cardset_numpy_round_trip() -> None:
    s = CardSet("2c As SJ")
    arr = s.to_array()
    assert arr.dtype == np.uint8 and arr.shape == (54,)
    assert list(np.flatnonzero(arr)) == [0, 51, 52]
    assert CardSet.from_array(arr) == s
    bad = arr.copy()
    bad[5] = 2
    with pytest.raises(cardavia.InvalidArgumentError, match="index 5"):
        CardSet.from_array(bad)


def test_cardbag_surface() -> None:
    b = CardBag("Ah Ah SJ 5c")
    assert len(b) == 4 and b.count("Ah") == 2 and b.count("Kd") == 0
    assert [str(c) for c in b] == ["5c", "Ah", "Ah", "SJ"]
    assert b - CardBag("Ah") == CardBag("5c Ah SJ")
    assert b + CardBag("5c") == CardBag("5c 5c Ah Ah SJ")
    assert b & CardBag("Ah SJ SJ") == CardBag("Ah SJ")
    assert b | CardBag("SJ SJ") == CardBag("5c Ah Ah SJ SJ")
    assert CardBag("Ah") <= b and not b <= CardBag("Ah")
    assert b.kinds() == CardSet("5c Ah SJ")
    assert pickle.loads(pickle.dumps(b)) == b
    assert CardBag.from_array(b.to_array()) == b
    assert len(CardBag.two_packs(jokers=True)) == 108
    with pytest.raises(cardavia.InvalidCardError, match="third copy"):
        CardBag("5c 5c 5c")
    with pytest.raises(cardavia.InvalidArgumentError):
        b + CardBag("Ah")


def test_deal_is_reproducible_and_complete() -> None:
    a = cardavia.deal(3, 17, jokers=True, seed=123)
    b = cardavia.deal(3, 17, jokers=True, seed=123)
    assert a == b
    union = CardSet()
    for h in a.hands:
        assert len(h) == 17 and union.isdisjoint(h)
        union |= h
    assert union | a.leftover == CardSet.full_pack(jokers=True)
    assert cardavia.deal(3, 17, jokers=True, seed=124) != a


def test_deal_pins_the_rng() -> None:
    # The documented algorithm (ChaCha8 + Fisher-Yates + Lemire) fixes every seeded deal on every
    # machine. If these change, every recorded seeded game changes too: a breaking change.
    d = cardavia.deal(4, 13, seed=2026)
    assert [str(h) for h in d.hands] == [
        "4c 4d 4h 5d 6h 7s 8c 8h 9d Ts Jc Jd Qh",
        "2c 2d 2h 6s 8d 9h Tc Th Qd Qs Kc Kh Ad",
        "3h 5c 6c 6d 7c 7h 9c Td Js Kd Ks Ac Ah",
        "2s 3c 3d 3s 4s 5h 5s 7d 8s 9s Jh Qc As",
    ]
    two = cardavia.deal(2, 3, packs=2, jokers=True, seed=0)
    assert [[str(c) for c in h] for h in two.order] == [["Ts", "2h", "5d"], ["Kh", "Qd", "3c"]]


def test_two_pack_deal() -> None:
    d = cardavia.deal(4, 25, packs=2, jokers=True, seed=5)
    assert all(isinstance(h, CardBag) and len(h) == 25 for h in d.hands)
    total = d.leftover
    for h in d.hands:
        total = total + h
    assert total == CardBag.two_packs(jokers=True)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"hands": 0},
        {"hands": 5, "cards_per_hand": 11},
        {"hands": 2, "packs": 3},
        {"hands": 2, "seed": -1},
    ],
)
def test_bad_deals_are_rejected(kwargs: dict[str, int]) -> None:
    with pytest.raises(cardavia.InvalidArgumentError):
        cardavia.deal(**kwargs)


@given(st.sets(st.integers(0, 53)))
def test_cardset_text_round_trip(indices: set[int]) -> None:
    s = CardSet([Card.from_index(i) for i in indices])
    assert CardSet(str(s)) == s
    assert len(s) == len(indices)
    assert sorted(c.index for c in s) == [c.index for c in s]
