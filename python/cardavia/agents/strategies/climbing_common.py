"""What the climbing games' rule strategies share: rank counts, a quick estimate of how many
plays a hand needs to go out, and the choice of a play by that estimate.

The estimate (:func:`count_moves`) is the heart of every climbing heuristic here: a hand that
needs fewer plays is closer to going out, so a good play is one that leaves the rest of the hand
needing as few plays as possible, at the lowest rank, without breaking a bomb.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardavia._core import Card, Play
from cardavia.game import Action

__all__ = [
    "HandShape",
    "climb_order",
    "count_moves",
    "rank_counts",
    "breaks_bomb",
]

# Rank classes in climbing order: 3 4 5 6 7 8 9 T J Q K A 2 SJ BJ -> 0..14.
NUM_CLASSES = 15
TWO, SMALL_JOKER, BIG_JOKER = 12, 13, 14
HIGHEST_CHAIN_RANK = 11  # chains end at the ace (DDZ-2.5, ZSY-2.5)


def climb_order(card: Card) -> int:
    """The card's rank class in climbing order (3 lowest, then 2, small joker, big joker)."""
    v = int(card.rank.value)
    if 1 <= v <= 12:
        return v - 1
    return TWO if v == 0 else v


def rank_counts(cards: Iterable[Card]) -> list[int]:
    """How many cards of each rank class (climbing order)."""
    counts = [0] * NUM_CLASSES
    for c in cards:
        counts[climb_order(c)] += 1
    return counts


def _take_chains(counts: list[int], width: int, min_length: int) -> int:
    """Remove chains of ``width``-of-a-rank runs of at least ``min_length`` ranks, longest
    first; return how many were removed."""
    found = 0
    while True:
        best_start, best_len = -1, 0
        start = 0
        while start <= HIGHEST_CHAIN_RANK:
            if counts[start] < width:
                start += 1
                continue
            end = start
            while end + 1 <= HIGHEST_CHAIN_RANK and counts[end + 1] >= width:
                end += 1
            if end - start + 1 > best_len:
                best_start, best_len = start, end - start + 1
            start = end + 1
        if best_len < min_length:
            return found
        for r in range(best_start, best_start + best_len):
            counts[r] -= width
        found += 1


def count_moves(counts: Sequence[int], *, chains: bool = True) -> int:
    """A quick estimate of the plays needed to shed a hand with these rank counts.

    Bombs (four of a rank) and the joker pair count one play each; then runs of pairs (3+
    ranks) and singles (5+ ranks) are taken longest first; each remaining triple takes one
    single or pair along as its kicker; pairs and singles are one play each. Greedy, not exact,
    and cheap: it ranks plays by what they leave behind."""
    c = list(counts)
    moves = 0
    if c[SMALL_JOKER] and c[BIG_JOKER]:
        c[SMALL_JOKER] -= 1
        c[BIG_JOKER] -= 1
        moves += 1
    for r in range(NUM_CLASSES):
        while c[r] >= 4:
            c[r] -= 4
            moves += 1
    if chains:
        moves += _take_chains(c, 2, 3)
        moves += _take_chains(c, 1, 5)
    triples = sum(1 for x in c if x == 3)
    pairs = sum(1 for x in c if x == 2)
    singles = sum(1 for x in c if x == 1)
    kickers = min(triples, pairs + singles)
    return moves + triples + pairs + singles - kickers


def breaks_bomb(hand_counts: Sequence[int], play: Play) -> bool:
    """True if ``play`` uses some but not all cards of a four-of-a-kind, or one joker of the
    joker pair."""
    used = rank_counts(play.cards)
    for r in range(NUM_CLASSES):
        if used[r] and hand_counts[r] == 4 and used[r] < 4:
            return True
    jokers = hand_counts[SMALL_JOKER] and hand_counts[BIG_JOKER]
    return bool(jokers) and (used[SMALL_JOKER] + used[BIG_JOKER] == 1)


@dataclass(frozen=True)
class HandShape:
    """A play judged against the hand it comes from: what it leaves behind."""

    action: Action
    moves_left: int
    breaks_bomb: bool
    is_bomb: bool
    rank: int
    size: int

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        """Sort key of a good play: fewest plays left, no broken bomb, no bomb spent, low
        rank, more cards shed."""
        return (self.moves_left, self.breaks_bomb, self.is_bomb, self.rank, -self.size)


def judge(hand_counts: Sequence[int], action: Action) -> HandShape:
    """How ``action`` (a play) leaves the hand with ``hand_counts``."""
    play = action.play
    assert play is not None
    used = rank_counts(play.cards)
    rest = [h - u for h, u in zip(hand_counts, used, strict=True)]
    return HandShape(
        action=action,
        moves_left=count_moves(rest),
        breaks_bomb=breaks_bomb(hand_counts, play),
        is_bomb=bool(play.is_bomb),
        rank=int(play.rank),
        size=len(play.cards),
    )
