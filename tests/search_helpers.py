"""Helpers shared by the search tests (tests/test_search_*.py): a chi-square test without
scipy and the enumeration of the ways to split hidden cards among locations."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any


def chi_square_p(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Upper tail probability of Pearson's statistic (Wilson-Hilferty approximation of the
    chi-square distribution: fine for the tens-to-hundreds of degrees of freedom used here)."""
    stat = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    df = len(observed) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def splits(cards: Counter[Any], sizes: Sequence[int]) -> Iterator[tuple[tuple[Any, ...], ...]]:
    """Every way to put the multiset ``cards`` into locations of the given sizes, as sorted
    tuples per location, with the number of labelled assignments (copies told apart) behind it
    as the last element."""
    kinds = sorted(cards)

    def rec(i: int, left: list[int]) -> Iterator[tuple[list[list[Any]], int]]:
        if i == len(kinds):
            if all(x == 0 for x in left):
                yield [[] for _ in sizes], 1
            return
        kind = kinds[i]
        n = cards[kind]
        for parts in _compositions(n, len(sizes)):
            if any(p > room for p, room in zip(parts, left, strict=True)):
                continue
            ways = math.factorial(n)
            for p in parts:
                ways //= math.factorial(p)
            rest = [room - p for p, room in zip(parts, left, strict=True)]
            for hands, w in rec(i + 1, rest):
                yield [[kind] * p + h for p, h in zip(parts, hands, strict=True)], w * ways

    for hands, w in rec(0, list(sizes)):
        yield (*(tuple(sorted(h)) for h in hands), w)  # type: ignore[misc]


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)
