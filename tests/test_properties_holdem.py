"""Property tests of Hold'em evaluation, ranges and equity (rules/holdem.md HE-2, HE-8).

The audit of issue 18 as part of the suite (hypothesis): the entry points of the evaluator agree
with each other and with the best of the 5-card subsets (HE-2.2) in every array layout; range
text expands to exactly the combos of a small reference model, and any text gives combos or an
InvalidArgumentError; exact equity sums to one, is symmetric in the players and invariant under
a relabelling of the suits, and matches a brute force on complete boards; Monte Carlo is
reproducible for a seed whatever the thread count.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from math import comb

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import Card, CardSet, holdem

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEDIUM = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RANKS = "23456789TJQKA"


def mask_of(indices: list[int]) -> int:
    return sum(1 << i for i in indices)


hands_5_to_7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@FAST
@given(hands_5_to_7)
def test_evaluate_entry_points_agree(idx: list[int]) -> None:
    cards = [Card.from_index(i) for i in idx]
    value = holdem.evaluate(cards)
    assert 1 <= value.strength <= holdem.NUM_CLASSES
    assert value.rank_class == 7463 - value.strength
    assert holdem.evaluate_mask(mask_of(idx)) == value.strength
    assert holdem.evaluate(" ".join(map(str, cards))) == value
    assert holdem.evaluate(CardSet(cards)) == value
    assert holdem.evaluate(cards[::-1]) == value  # order does not matter
    assert holdem.evaluate_batch(np.array([idx], dtype=np.uint8))[0] == value.strength
    assert holdem.evaluate_batch(np.array([mask_of(idx)], dtype=np.uint64))[0] == value.strength
    # HE-2.2: the best five of the cards.
    best = holdem.best_five(cards)
    assert len(best) == 5 and set(best) <= set(cards)
    assert holdem.evaluate(best) == value
    assert value == max(holdem.evaluate(list(five)) for five in itertools.combinations(cards, 5))


LAYOUTS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "C": lambda h: h,
    "Fortran": np.asfortranarray,
    "reversed columns": lambda h: h[:, ::-1],
    "column window": lambda h: np.pad(h, ((0, 0), (2, 3)))[:, 2:-3],
    "strided rows": lambda h: np.repeat(h, 2, axis=0)[::2],
    "Fortran int32": lambda h: np.asfortranarray(h.astype(np.int32)),
}


@FAST
@given(
    st.integers(5, 7).flatmap(
        lambda k: st.lists(
            st.lists(st.integers(0, 51), min_size=k, max_size=k, unique=True),
            min_size=1,
            max_size=40,
        )
    ),
    st.sampled_from(sorted(LAYOUTS)),
    st.sampled_from([1, 2]),
)
def test_batch_agrees_with_single_evaluation_in_any_layout(
    rows: list[list[int]], layout: str, threads: int
) -> None:
    hands = np.array(rows, dtype=np.uint8)
    want = [holdem.evaluate_mask(mask_of(r)) for r in rows]
    got = holdem.evaluate_batch(LAYOUTS[layout](hands), threads=threads)
    assert list(got) == want
    masks = np.array([mask_of(r) for r in rows], dtype=np.uint64)
    assert list(holdem.evaluate_batch(masks[::-1], threads=threads)) == want[::-1]


# ---------------------------------------------------------------------------------------------
# Ranges: generated items against a reference expansion.
# ---------------------------------------------------------------------------------------------


def card(rank: int, suit: int) -> int:
    return 4 * rank + suit


def class_combos(hi: int, lo: int, suits: str) -> set[frozenset[int]]:
    """Combos of a pair (hi == lo) or of two ranks, suited "s", offsuit "o" or both ""."""
    out = set()
    for s1 in range(4):
        for s2 in range(4):
            if hi == lo:
                if s1 < s2:
                    out.add(frozenset((card(hi, s1), card(lo, s2))))
            elif suits == "" or (suits == "s") == (s1 == s2):
                out.add(frozenset((card(hi, s1), card(lo, s2))))
    return out


@st.composite
def range_item(draw: st.DrawFn) -> tuple[str, set[frozenset[int]]]:
    """A range item in any of the notations, and its combos by the reference model."""
    kind = draw(st.sampled_from(["pair", "pair+", "pair-", "two", "two+", "dash-hi", "dash-gap"]))
    kind = draw(st.sampled_from([kind, kind, "holding", "random"]))
    rank = st.integers(0, 12)
    suits = draw(st.sampled_from(["", "s", "o"]))

    def name(r: int) -> str:
        return draw(st.sampled_from([RANKS[r], RANKS[r].lower()]))

    if kind == "random":
        return draw(st.sampled_from(["random", "any", "RANDOM"])), class_combos_all()
    if kind == "holding":
        a, b = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        return str(Card.from_index(a)) + str(Card.from_index(b)), {frozenset((a, b))}
    if kind.startswith("pair"):
        r = draw(rank)
        if kind == "pair":
            return name(r) * 2, class_combos(r, r, "")
        if kind == "pair+":
            return name(r) * 2 + "+", set().union(*(class_combos(x, x, "") for x in range(r, 13)))
        q = draw(rank)
        lo, hi = min(r, q), max(r, q)
        combos = set().union(*(class_combos(x, x, "") for x in range(lo, hi + 1)))
        return f"{name(r) * 2}-{name(q) * 2}", combos
    hi = draw(st.integers(1, 12))
    lo = draw(st.integers(0, hi - 1))
    first, second = draw(st.sampled_from([(hi, lo), (lo, hi)]))  # either order
    text = name(first) + name(second) + suits
    if kind == "two":
        return text, class_combos(hi, lo, suits)
    if kind == "two+":
        return text + "+", set().union(*(class_combos(hi, x, suits) for x in range(lo, hi)))
    if kind == "dash-hi":
        lo2 = draw(st.integers(0, hi - 1))
        combos = set().union(
            *(class_combos(hi, x, suits) for x in range(min(lo, lo2), max(lo, lo2) + 1))
        )
        return f"{name(hi)}{name(lo)}{suits}-{name(hi)}{name(lo2)}{suits}", combos
    gap = hi - lo
    lo2 = draw(st.integers(0, 12 - gap))
    combos = set().union(
        *(class_combos(x + gap, x, suits) for x in range(min(lo, lo2), max(lo, lo2) + 1))
    )
    return f"{name(lo + gap)}{name(lo)}{suits}-{name(lo2 + gap)}{name(lo2)}{suits}", combos


def class_combos_all() -> set[frozenset[int]]:
    return {frozenset(p) for p in itertools.combinations(range(52), 2)}


@MEDIUM
@given(st.lists(range_item(), min_size=1, max_size=5), st.sampled_from([",", ", ", " ", " ,"]))
def test_range_text_expands_to_the_reference_combos(
    items: list[tuple[str, set[frozenset[int]]]], sep: str
) -> None:
    text = sep.join(t for t, _ in items)
    combos = holdem.range_combos(text)
    pairs = [(a.index, b.index) for a, b in combos]
    assert all(a > b for a, b in pairs)  # higher card first
    assert len(set(pairs)) == len(pairs)  # merged duplicates
    assert {frozenset(p) for p in pairs} == set().union(*(c for _, c in items))


range_alphabet = st.sampled_from(list("23456789TJQKAtjqka10sohdcSOHDC+-, random"))
range_texts = st.text(
    alphabet=st.one_of(range_alphabet, range_alphabet, st.characters(exclude_categories=())),
    max_size=24,
)


@FAST
@given(range_texts)
def test_any_range_text_gives_combos_or_an_invalid_argument(text: str) -> None:
    try:
        combos = holdem.range_combos(text)
    except cardavia.InvalidArgumentError as e:
        assert str(e)
        return
    assert combos and all(a != b and not a.is_joker and not b.is_joker for a, b in combos)


@SLOW
@given(range_texts, range_texts, st.integers(0, 2**64 - 1))
def test_any_equity_input_gives_a_result_or_a_cardavia_error(a: str, b: str, seed: int) -> None:
    try:
        r = holdem.equity([a, b], samples=200, seed=seed, threads=1)
    except cardavia.CardaviaError:
        return
    assert r.trials == 200 and abs(sum(r.equity) - 1) < 1e-9


# ---------------------------------------------------------------------------------------------
# Equity.
# ---------------------------------------------------------------------------------------------


@st.composite
def holdings_and_board(draw: st.DrawFn) -> tuple[list[str], str]:
    """2-4 disjoint holdings and a board of 3-5 cards (exact enumeration stays small)."""
    players = draw(st.integers(2, 4))
    board = draw(st.integers(3, 5))
    deck = draw(st.permutations(range(52)))
    cards = [str(Card.from_index(i)) for i in deck[: 2 * players + board]]
    hands = [cards[2 * i] + cards[2 * i + 1] for i in range(players)]
    return hands, " ".join(cards[2 * players :])


@SLOW
@given(holdings_and_board(), st.randoms(use_true_random=False))
def test_exact_equity_sums_to_one_and_is_symmetric(
    case: tuple[list[str], str], rnd: random.Random
) -> None:
    hands, board = case
    r = holdem.equity(hands, board=board)
    n, known = len(hands), len(board.split())
    assert r.exact and r.trials == comb(52 - 2 * n - known, 5 - known)
    assert abs(sum(r.equity) - 1) < 1e-12
    for e, w, t in zip(r.equity, r.win, r.tie, strict=True):
        assert w - 1e-12 <= e <= w + t + 1e-12 and w + t <= 1 + 1e-12
    # Permuting the players permutes the results exactly.
    order = list(range(n))
    rnd.shuffle(order)
    p = holdem.equity([hands[i] for i in order], board=board, threads=2)
    assert list(p.equity) == [r.equity[i] for i in order]
    assert list(p.win) == [r.win[i] for i in order] and p.trials == r.trials


@SLOW
@given(holdings_and_board(), st.permutations("cdhs"))
def test_exact_equity_ignores_the_names_of_the_suits(
    case: tuple[list[str], str], perm: list[str]
) -> None:
    hands, board = case
    relabel = str.maketrans("cdhs", "".join(perm))
    r = holdem.equity(hands, board=board)
    s = holdem.equity([h.translate(relabel) for h in hands], board=board.translate(relabel))
    assert (s.equity, s.win, s.tie, s.trials) == (r.equity, r.win, r.tie, r.trials)


@SLOW
@given(holdings_and_board(), st.integers(0, 2**64 - 1), st.integers(1, 9000))
def test_monte_carlo_depends_on_the_seed_only(
    case: tuple[list[str], str], seed: int, samples: int
) -> None:
    hands, board = case
    flop = " ".join(board.split()[:3])
    one = holdem.equity(hands, board=flop, samples=samples, seed=seed, threads=1)
    two = holdem.equity(hands, board=flop, samples=samples, seed=seed, threads=2)
    assert one == two and one.trials == samples and not one.exact
    assert abs(sum(one.equity) - 1) < 1e-9


@st.composite
def small_ranges_on_a_full_board(draw: st.DrawFn) -> tuple[list[str], list[int]]:
    board = draw(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
    texts = []
    for _ in range(draw(st.integers(2, 3))):
        text, combos = draw(range_item().filter(lambda item: len(item[1]) <= 16))
        texts.append(text)
    return texts, board


@SLOW
@given(small_ranges_on_a_full_board())
def test_exact_range_equity_matches_brute_force_on_a_full_board(
    case: tuple[list[str], list[int]],
) -> None:
    texts, board = case
    board_mask = mask_of(board)
    ranges = [[mask_of([a.index, b.index]) for a, b in holdem.range_combos(t)] for t in texts]
    wins = [0] * len(texts)
    shares = [0.0] * len(texts)
    deals = 0
    for holes in itertools.product(*ranges):
        # Every assignment of pairwise disjoint holdings off the board counts once.
        if any(h & board_mask for h in holes):
            continue
        if any(holes[i] & holes[j] for i in range(len(holes)) for j in range(i)):
            continue
        deals += 1
        s = [holdem.evaluate_mask(board_mask | h) for h in holes]
        winners = [i for i, x in enumerate(s) if x == max(s)]
        for i in winners:
            shares[i] += 1 / len(winners)
            wins[i] += len(winners) == 1
    text_board = " ".join(str(Card.from_index(i)) for i in board)
    try:
        r = holdem.equity(texts, board=text_board)
    except cardavia.InvalidArgumentError:
        assert deals == 0
        return
    assert r.trials == deals
    assert list(r.win) == [w / deals for w in wins]
    assert all(abs(e - s / deals) < 1e-12 for e, s in zip(r.equity, shares, strict=True))
