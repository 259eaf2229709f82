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
    "DOU_DIZHU_SHAPES",
    "RED_TEN_SHAPES",
    "ZHENG_SHANGYOU_SHAPES",
    "HandShape",
    "Shapes",
    "judge",
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


@dataclass(frozen=True)
class Shapes:
    """Which shapes a climbing game has, for :func:`count_moves`."""

    bomb_size: int = 4
    """Cards of one rank that make a bomb (Red Ten: three)."""
    min_straight: int = 5
    min_pair_chain: int = 3
    """Shortest run of pairs (0: the game has none)."""
    trio_kickers: bool = True
    """Whether a triple carries a single or a pair along."""


DOU_DIZHU_SHAPES = Shapes()
ZHENG_SHANGYOU_SHAPES = Shapes(min_pair_chain=2, trio_kickers=False)
RED_TEN_SHAPES = Shapes(bomb_size=3, min_straight=3, min_pair_chain=0, trio_kickers=False)


def count_moves(counts: Sequence[int], shapes: Shapes = DOU_DIZHU_SHAPES) -> int:
    """A quick estimate of the plays needed to shed a hand with these rank counts.

    Bombs and the joker pair count one play each; then runs of pairs and of singles are taken
    longest first; each remaining triple takes one single or pair along as its kicker where the
    game allows it; pairs and singles are one play each. Greedy, not exact, and cheap: it ranks
    plays by what they leave behind."""
    c = list(counts)
    moves = 0
    if c[SMALL_JOKER] and c[BIG_JOKER]:
        c[SMALL_JOKER] -= 1
        c[BIG_JOKER] -= 1
        moves += 1
    for r in range(TWO + 1):
        while c[r] >= shapes.bomb_size:
            c[r] -= min(c[r], 4)
            moves += 1
    if shapes.min_pair_chain:
        moves += _take_chains(c, 2, shapes.min_pair_chain)
    moves += _take_chains(c, 1, shapes.min_straight)
    triples = sum(1 for x in c if x == 3)
    pairs = sum(1 for x in c if x == 2)
    singles = sum(1 for x in c if x == 1)
    kickers = min(triples, pairs + singles) if shapes.trio_kickers else 0
    return moves + triples + pairs + singles - kickers


def breaks_bomb(hand_counts: Sequence[int], play: Play, bomb_size: int = 4) -> bool:
    """True if ``play`` uses some but not all cards of a bomb, or one joker of the joker
    pair."""
    used = rank_counts(play.cards)
    for r in range(TWO + 1):
        if used[r] and hand_counts[r] >= bomb_size and used[r] < hand_counts[r]:
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


def judge(
    hand_counts: Sequence[int], action: Action, shapes: Shapes = DOU_DIZHU_SHAPES
) -> HandShape:
    """How ``action`` (a play) leaves the hand with ``hand_counts``."""
    play = action.play
    assert play is not None
    used = rank_counts(play.cards)
    rest = [h - u for h, u in zip(hand_counts, used, strict=True)]
    return HandShape(
        action=action,
        moves_left=count_moves(rest, shapes),
        breaks_bomb=breaks_bomb(hand_counts, play, shapes.bomb_size),
        is_bomb=bool(play.is_bomb),
        rank=int(play.rank),
        size=len(play.cards),
    )


def lead(judged: list[HandShape], sizes: Sequence[int], opponents: Iterable[int]) -> HandShape:
    """The lead among ``judged`` (sorted best first): no bomb if anything else will do; when an
    opponent is down to one card, a combination rather than a single, else the highest
    single."""
    safe = [h for h in judged if not h.is_bomb] or judged
    if any(sizes[p] == 1 for p in opponents):
        not_single = [h for h in safe if h.size > 1]
        if not_single:
            return not_single[0]
        return max(safe, key=lambda h: h.rank)
    return safe[0]


def choose_play(
    legal: Sequence[Action],
    hand: Sequence[int],
    *,
    sizes: Sequence[int],
    top_player: int | None,
    opponents: Sequence[int],
    shapes: Shapes,
) -> Action:
    """The climbing games' card-play rule (see each game's strategy module).

    Go out if possible; lead by :func:`lead`; let a partner's play stand; beat an opponent
    with the cheapest play that does not make the hand worse by more than one play; bomb only
    an opponent close to going out (four cards or fewer) or when the bomb leaves at most two
    plays, or when the rules force a beat; otherwise pass."""
    plays = [a for a in legal if a.kind == "play"]
    passing = next((a for a in legal if a.kind == "pass"), None)
    size = sum(hand)
    for a in plays:
        if len(a.cards or ()) == size:
            return a
    judged = sorted((judge(hand, a, shapes) for a in plays), key=lambda h: h.key)
    if top_player is None or not judged:
        if not judged:
            assert passing is not None
            return passing
        return lead(judged, sizes, opponents).action
    if top_player not in opponents and passing is not None:
        return passing
    now = count_moves(hand, shapes)
    normal = [h for h in judged if not h.is_bomb and h.moves_left <= now + 1]
    if normal:
        return min(normal, key=lambda h: (h.breaks_bomb, h.rank, h.moves_left)).action
    bombs = [h for h in judged if h.is_bomb]
    forced = passing is None
    if bombs and (forced or sizes[top_player] <= 4 or min(h.moves_left for h in bombs) <= 2):
        return min(bombs, key=lambda h: (h.moves_left, h.rank)).action
    if forced:
        return min(judged, key=lambda h: (h.is_bomb, h.breaks_bomb, h.rank)).action
    assert passing is not None
    return passing


def describe_play(hand: Sequence[int], action: Action, shapes: Shapes) -> str:
    """A hint's reason for a climbing play: its kind, what it keeps or breaks, what it leaves."""
    shape = judge(hand, action, shapes)
    if shape.size == sum(hand):
        return "goes out"
    play = action.play
    assert play is not None
    parts = []
    if shape.is_bomb:
        parts.append(f"{play.kind_name} (a bomb)")
    else:
        parts.append(play.kind_name)
        bombs_held = sum(1 for r in range(TWO + 1) if hand[r] >= shapes.bomb_size)
        if bombs_held and not shape.breaks_bomb:
            parts.append("keeps the bomb" if bombs_held == 1 else "keeps the bombs")
    if shape.breaks_bomb:
        parts.append("breaks a bomb")
    left = shape.moves_left
    parts.append(f"leaves {left} play{'s' if left != 1 else ''}")
    return "; ".join(parts)


def ordered_candidates(
    legal: Sequence[Action], hand: Sequence[int], shapes: Shapes
) -> list[tuple[Action, ...]]:
    """The legal actions with the plays that leave the fewest plays first."""
    plays = [a for a in legal if a.kind == "play"]
    others = [a for a in legal if a.kind != "play"]
    ordered = sorted(plays, key=lambda a: judge(hand, a, shapes).key)
    return [(a,) for a in ordered + others]
