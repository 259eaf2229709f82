"""Texas Hold'em hand evaluation and equity (rules: ``rules/holdem.md`` HE-2).

* :func:`evaluate` turns 5, 6 or 7 cards into a :class:`HandValue`: ``strength`` (higher is
  better, ``7463 - r``), ``rank_class`` (``r`` of HE-2.6, 1 = royal flush, 7462 = 7-5-4-3-2),
  ``category`` and a readable :meth:`HandValue.describe`.
* :func:`evaluate_mask` is the fastest single-hand entry point: a 64-bit mask over the card index
  layout (bit ``4 * rank + suit``; see :mod:`cardavia.cards`), returning the strength as an int.
* :func:`evaluate_batch` evaluates a numpy array of hands in Rust with the interpreter released.
* :func:`equity` computes exact or Monte Carlo equity of 2-10 holdings or ranges.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardSet
from cardavia.cards import check_seed
from cardavia.errors import InvalidArgumentError

__all__ = [
    "NUM_CLASSES",
    "Category",
    "EquityResult",
    "HandValue",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_mask",
    "from_phh",
    "range_combos",
    "to_phh",
]

#: Number of equivalence classes of 5-card hands (HE-2.6).
NUM_CLASSES = 7462

CardsLike = str | Card | CardSet | Iterable[Card | str]

evaluate_mask = _core.evaluate_mask


class Category(enum.IntEnum):
    """Hand categories of HE-2.3, ordered so that a larger value is a better category."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    def __str__(self) -> str:
        return self.name.replace("_", " ").capitalize()


@functools.total_ordering
class HandValue:
    """The value of a Hold'em hand: compare with ``<``, ``==`` (a higher value wins, HE-2.5).

    ``strength`` is ``7463 - rank_class``; ``rank_class`` is the class index ``r`` of HE-2.6.
    """

    __slots__ = ("_strength",)

    def __init__(self, strength: int):
        if isinstance(strength, bool) or not isinstance(strength, int):
            raise InvalidArgumentError(f"strength must be an int, got {type(strength).__name__}")
        if not 1 <= strength <= NUM_CLASSES:
            raise InvalidArgumentError(f"strength {strength} is not in 1..{NUM_CLASSES}")
        self._strength = strength

    @property
    def strength(self) -> int:
        """Higher is better: 7462 for a royal flush, 1 for 7-5-4-3-2 offsuit."""
        return self._strength

    @property
    def rank_class(self) -> int:
        """The class index r of HE-2.6: 1 is the royal flush, 7462 the worst high card."""
        return 7463 - self._strength

    @property
    def category(self) -> Category:
        return Category(_core.category_of(self._strength))

    def describe(self) -> str:
        """A readable name of the hand class, e.g. ``"Full house, Jacks over Nines"``."""
        return _core.describe_strength(self._strength)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._strength == other._strength

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._strength < other._strength

    def __hash__(self) -> int:
        return hash(self._strength)

    def __int__(self) -> int:
        return self._strength

    def __repr__(self) -> str:
        return (
            f"HandValue(strength={self._strength}, rank_class={self.rank_class}, "
            f"{self.describe()!r})"
        )

    def __str__(self) -> str:
        return self.describe()


def evaluate(cards: CardsLike) -> HandValue:
    """The value of the best 5-card hand among 5, 6 or 7 cards (HE-2.2).

    ``cards`` may be text (``"Ah Kh Qh Jh Th 2c 3d"``), Cards, a CardSet or an iterable. Jokers,
    duplicate cards and counts other than 5-7 raise a :class:`cardavia.CardaviaError` naming the
    problem.
    """
    return HandValue(_core.evaluate_cards(cards))


def best_five(cards: CardsLike) -> list[Card]:
    """One best 5-card hand among 5-7 cards, highest rank first."""
    return _core.best_five(cards)


def evaluate_batch(
    hands: npt.NDArray[np.uint8] | npt.NDArray[np.uint64],
    *,
    threads: int = 1,
    out: npt.NDArray[np.uint16] | None = None,
) -> npt.NDArray[np.uint16]:
    """Strengths of many hands at once.

    ``hands`` is either a ``(N, k)`` array of card indices (k = 5, 6 or 7; uint8, or any integer
    dtype with values in 0..255) or a ``(N,)`` array of card masks (uint64, or any integer dtype
    with non-negative values). Any memory layout is read correctly: C or Fortran order, strided,
    sliced or reversed views (a layout other than C order is copied once). Float, bool and object
    arrays are refused rather than converted (no silent truncation of 51.7 to 51). Returns a
    ``(N,)`` uint16 array of strengths. The work runs in Rust with the interpreter released;
    ``threads=0`` uses every core. ``out``, if given, is a writable C-contiguous ``(N,)`` uint16
    array that receives the strengths and is returned (to reuse one buffer across calls); on
    error its contents are unspecified.
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise InvalidArgumentError(f"threads must be a non-negative int, got {threads!r}")
    if out is not None and not (
        isinstance(out, np.ndarray) and out.dtype == np.uint16 and out.ndim == 1
    ):
        got = f"{out.dtype} array of shape {out.shape}" if isinstance(out, np.ndarray) else out
        raise InvalidArgumentError(f"out must be a (N,) uint16 numpy array, got {got!r}")
    arr: Any = np.asarray(hands)
    if arr.ndim not in (1, 2):
        raise InvalidArgumentError(f"expected a 1- or 2-dimensional array, got shape {arr.shape}")
    what = "card indices" if arr.ndim == 2 else "card masks"
    if arr.dtype.kind not in "iu":
        raise InvalidArgumentError(f"{what} must be integers, got a {arr.dtype} array")
    want = np.uint8 if arr.ndim == 2 else np.uint64
    if arr.dtype != want:
        high = 255 if arr.ndim == 2 else None
        bad = (arr < 0) if high is None else (arr < 0) | (arr > high)
        if bad.any():
            at = np.argwhere(bad)[0]
            value = arr[tuple(at)]
            if arr.ndim == 2:
                raise InvalidArgumentError(f"row {at[0]}: card index {value} is out of range 0..52")
            raise InvalidArgumentError(f"row {at[0]}: card mask {value} is negative")
        arr = arr.astype(want)
    return _core.evaluate_batch(arr, threads, out)  # any layout; the dtype is checked above


def range_combos(text: str) -> list[tuple[Card, Card]]:
    """Every two-card combo of a holding (``"AhAs"``) or range (``"QQ+, AKs, KQo, 76s-54s"``)."""
    return _core.range_combos(text)


@dataclass(frozen=True)
class EquityResult:
    """Per-player equity: ``equity[i] = win[i] + (share of split pots)``, all fractions of 1.

    ``trials`` is the number of showdowns counted (every board of every compatible combination of
    holdings when ``exact``, else the Monte Carlo sample count).
    """

    hands: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    trials: int
    exact: bool

    def __str__(self) -> str:
        width = max(len(h) for h in self.hands)
        kind = "exact" if self.exact else "Monte Carlo"
        lines = [f"{'hand':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"]
        for h, e, w, t in zip(self.hands, self.equity, self.win, self.tie, strict=True):
            lines.append(f"{h:<{width}}  {e:>8.3%}  {w:>8.3%}  {t:>8.3%}")
        lines.append(f"{self.trials:,} showdowns ({kind})")
        return "\n".join(lines)


def equity(
    hands: Sequence[str],
    board: CardsLike = "",
    dead: CardsLike = "",
    samples: int | None = None,
    seed: int | None = None,
    *,
    threads: int = 0,
    progress: Callable[[float], object] | None = None,
) -> EquityResult:
    """Equity of 2-10 players, each a holding (``"AhAs"``) or a range (``"QQ+, AKs, 76s-54s"``).

    With ``samples=None`` every completion of the board is enumerated for every compatible
    combination of holdings (exact); otherwise ``samples`` Monte Carlo trials are drawn with the
    seeded generator (the result depends on ``seed`` only, not on ``threads``). ``threads=0`` uses
    every core. Bad input (a card in two hands, too many players, an empty range...) raises a
    :class:`cardavia.CardaviaError` naming the problem.

    The work runs in Rust in batches of about a tenth of a second: between batches, Ctrl-C
    interrupts it (``KeyboardInterrupt``) and ``progress``, if given, is called with the fraction
    of the work done (0 to 1; ``cardavia equity`` draws a progress bar with it). The result does
    not depend on the batches, nor on ``threads``.
    """
    if isinstance(hands, str):
        raise InvalidArgumentError("hands must be a list of holdings or ranges, one per player")
    hands = [str(h) for h in hands]
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 1
    ):
        raise InvalidArgumentError(f"samples must be a positive int or None, got {samples!r}")
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0:
        raise InvalidArgumentError(f"threads must be a non-negative int, got {threads!r}")
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(f"progress must be a callable or None, got {progress!r}")
    eq, win, tie, trials, exact = _core.equity(
        hands, board, dead, samples, check_seed(seed), threads, progress
    )
    return EquityResult(
        hands=tuple(hands),
        equity=tuple(eq),
        win=tuple(win),
        tie=tuple(tie),
        trials=trials,
        exact=exact,
    )


def to_phh(state: Any) -> str:
    """The hand so far as a PHH hand history (see :func:`cardavia.games.holdem.to_phh`)."""
    from cardavia.games.holdem import to_phh as game_to_phh

    return game_to_phh(state)


def from_phh(text: str, game: Any = None) -> Any:
    """A Hold'em state replayed from PHH text (see :func:`cardavia.games.holdem.from_phh`)."""
    from cardavia.games.holdem import from_phh as game_from_phh

    return game_from_phh(text, game)
