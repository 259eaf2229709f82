"""Property tests of cards, card text, CardSet/CardBag and deals (hypothesis).

The audit of issue 18 as part of the suite: card text round-trips in every accepted spelling;
*any* text (lone surrogates included) gives cards or an InvalidCardError, never another
exception; CardSet and CardBag obey the set and multiset algebra of their masks and counts;
numpy conversions round-trip; any integer or float argument gives a result or the library's
error. The example counts keep the whole file to a few seconds.
"""

from __future__ import annotations

import pickle

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import Card, CardBag, CardSet

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SPELLINGS = {"c": "cC♣♧", "d": "dD♦♢", "h": "hH♥♡", "s": "sS♠♤"}

indices = st.integers(0, 53)
masks = st.integers(0, (1 << 54) - 1)


@st.composite
def spelled_card(draw: st.DrawFn, index: int) -> str:
    """One of the accepted spellings of the card with this index (10 for T, case, symbols)."""
    if index >= 52:
        name = "SJ" if index == 52 else "BJ"
        return "".join(draw(st.sampled_from([ch.lower(), ch])) for ch in name)
    rank, suit = RANKS[index // 4], SUITS[index % 4]
    rank_text = draw(st.sampled_from(["10", "T", "t"] if rank == "T" else [rank, rank.lower()]))
    return rank_text + draw(st.sampled_from(SUIT_SPELLINGS[suit]))


@st.composite
def spelled_cards(draw: st.DrawFn) -> tuple[list[int], str]:
    """Card indices (repeats allowed) and a text that spells them with mixed separators."""
    chosen = draw(st.lists(indices, max_size=20))
    text = draw(st.sampled_from(["", " ", "  "]))
    for k, i in enumerate(chosen):
        if k:
            # No separator is fine too: every spelling ends on a suit letter or a joker's J.
            text += draw(st.sampled_from(["", " ", ",", ";", ", ", "\t", " ; "]))
        text += draw(spelled_card(i))
    return chosen, text + draw(st.sampled_from(["", " ", "\n"]))


# Text near the notation (ranks, suits, symbols, separators, jokers' letters) mixed with any
# character at all, lone surrogates included.
card_alphabet = st.sampled_from(list("23456789TJQKAtjqka10cdhsCDHS♣♦♥♠♧♢♡♤SJBJsjbjxX ,;\t"))
any_character = st.characters(exclude_categories=())
texts = st.text(alphabet=st.one_of(card_alphabet, card_alphabet, any_character), max_size=40)


@FAST
@given(indices)
def test_every_card_text_round_trips(i: int) -> None:
    card = Card.from_index(i)
    assert card.index == i
    assert Card(str(card)) == card
    assert cardavia.parse_cards(str(card)) == [card]
    assert pickle.loads(pickle.dumps(card)) == card


@FAST
@given(spelled_cards())
def test_any_accepted_spelling_parses_to_the_same_cards(case: tuple[list[int], str]) -> None:
    chosen, text = case
    want = [Card.from_index(i) for i in chosen]
    assert cardavia.parse_cards(text) == want
    canonical = " ".join(str(c) for c in want)
    assert cardavia.parse_cards(canonical) == want
    if len(set(chosen)) == len(chosen):
        assert CardSet(text) == CardSet(want)
        assert str(CardSet(text)) == " ".join(str(c) for c in sorted(want))
    if all(chosen.count(i) <= 2 for i in chosen):
        assert CardBag(text) == CardBag(want)
        assert len(CardBag(text)) == len(chosen)


@FAST
@given(texts)
def test_any_text_gives_cards_or_an_invalid_card_error(text: str) -> None:
    for parse in (cardavia.parse_cards, CardSet, CardBag, Card):
        try:
            result = parse(text)
        except cardavia.InvalidCardError as e:
            assert e.token is not None and e.position is not None
            assert 0 <= e.position <= len(text)
            assert isinstance(e, ValueError)
            continue
        if parse is cardavia.parse_cards:
            assert isinstance(result, list) and all(isinstance(c, Card) for c in result)
            # What parses, re-parses from its canonical text to the same cards.
            assert cardavia.parse_cards(" ".join(map(str, result))) == result


@FAST
@given(masks, masks)
def test_cardset_algebra_matches_the_masks(m: int, n: int) -> None:
    a, b = CardSet.from_mask(m), CardSet.from_mask(n)
    assert a.mask == m and len(a) == bin(m).count("1") and bool(a) == (m != 0)
    assert (a | b).mask == m | n and a.union(b) == a | b
    assert (a & b).mask == m & n and a.intersection(b) == a & b
    assert (a - b).mask == m & ~n and a.difference(b) == a - b
    assert (a ^ b).mask == m ^ n
    assert (a <= b) == (m & ~n == 0) == a.issubset(b) == b.issuperset(a)
    assert (a < b) == (a <= b and m != n)
    assert a.isdisjoint(b) == (m & n == 0)
    assert (a == b) == (m == n) and (hash(a) == hash(b) or m != n)
    assert [c.index for c in a] == [i for i in range(54) if m >> i & 1]
    assert all((c in a) == bool(m >> c.index & 1) for c in b)
    assert CardSet(str(a)) == a and pickle.loads(pickle.dumps(a)) == a
    assert CardSet(a.cards()) == a and CardSet(a) == a


@FAST
@given(masks)
def test_cardset_numpy_round_trip(m: int) -> None:
    a = CardSet.from_mask(m)
    arr = a.to_array()
    assert arr.dtype == np.uint8 and arr.shape == (54,)
    assert list(np.flatnonzero(arr)) == [c.index for c in a]
    for layout in (arr, arr.astype(np.int64), arr.astype(bool), arr[::-1].copy()[::-1]):
        assert CardSet.from_array(layout) == a
    assert CardBag.from_array(arr) == CardBag(a)


counts = st.lists(st.integers(0, 2), min_size=54, max_size=54).map(
    lambda v: np.array(v, dtype=np.uint8)
)


@FAST
@given(counts, counts)
def test_cardbag_algebra_matches_the_counts(ca: np.ndarray, cb: np.ndarray) -> None:
    a, b = CardBag.from_array(ca), CardBag.from_array(cb)
    assert np.array_equal(a.to_array(), ca) and len(a) == int(ca.sum())
    assert [c.index for c in a] == [i for i in range(54) for _ in range(int(ca[i]))]
    some = Card.from_index(int(np.argmax(ca)))
    assert a.count(some) == ca[some.index] and (some in a) == bool(ca[some.index])
    assert a.kinds() == CardSet.from_mask(sum(1 << i for i in range(54) if ca[i]))
    assert np.array_equal((a - b).to_array(), np.maximum(ca.astype(int) - cb, 0))
    assert np.array_equal((a & b).to_array(), np.minimum(ca, cb))
    assert np.array_equal((a | b).to_array(), np.maximum(ca, cb))
    assert (a <= b) == bool(np.all(ca <= cb)) == a.issubset(b)
    total = ca.astype(int) + cb
    if total.max(initial=0) <= 2:
        assert np.array_equal((a + b).to_array(), total)
    else:
        try:
            a + b
        except cardavia.InvalidArgumentError:
            pass
        else:
            raise AssertionError("a sum with a third copy must be refused")
    assert CardBag(str(a)) == a and pickle.loads(pickle.dumps(a)) == a
    assert CardBag(a.cards()) == a


@SLOW
@given(
    st.integers(-3, 120),
    st.one_of(st.none(), st.integers(-2, 120)),
    st.integers(0, 3),
    st.booleans(),
    st.integers(0, 2**64 - 1),
)
def test_deal_partitions_the_deck_or_says_why_not(
    hands: int, per_hand: int | None, packs: int, jokers: bool, seed: int
) -> None:
    try:
        d = cardavia.deal(hands, per_hand, packs=packs, jokers=jokers, seed=seed)
    except cardavia.InvalidArgumentError:
        deck = packs * (54 if jokers else 52)
        assert (
            hands < 1
            or packs not in (1, 2)
            or (per_hand is not None and per_hand < 0)
            or hands > deck
            or (per_hand or 0) * hands > deck
        )
        return
    full = CardSet.full_pack(jokers) if packs == 1 else CardBag.two_packs(jokers)
    assert len(d.hands) == hands
    dealt = [len(h) for h in d.hands]
    assert len(set(dealt)) <= 1
    if per_hand is not None:
        assert dealt == [per_hand] * hands
    assert sum(dealt) + len(d.leftover) == len(full)
    assert all(tuple(h) == tuple(sorted(o)) for h, o in zip(d.hands, d.order, strict=True))
    assert d == cardavia.deal(hands, per_hand, packs=packs, jokers=jokers, seed=seed)


@FAST
@given(
    st.one_of(
        st.integers(-(2**80), 2**80),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.text(max_size=3),
    )
)
def test_any_number_as_card_index_or_mask_gives_a_result_or_the_library_error(x: object) -> None:
    for convert, limit in ((Card.from_index, 53), (CardSet.from_mask, (1 << 54) - 1)):
        try:
            result = convert(x)  # type: ignore[arg-type]
        except cardavia.InvalidArgumentError as e:
            assert not (type(x) is int and 0 <= x <= limit), e
            continue
        assert type(x) is int and 0 <= x <= limit
        assert (result.index if isinstance(result, Card) else result.mask) == x
