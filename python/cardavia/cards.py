"""Cards, card collections and seeded deals.

Card index layout (used by ``CardSet.mask``, ``to_array()`` and the numpy entry points):
``index = 4 * rank + suit`` with ranks ``2 3 4 5 6 7 8 9 T J Q K A`` numbered 0..12 and suits
``c d h s`` numbered 0..3; the small joker ``SJ`` is 52 and the big joker ``BJ`` is 53.

Shuffles use ChaCha8 seeded from a 64-bit integer and a Fisher-Yates shuffle with unbiased
bounded draws (see the README): the same seed gives the same deal on every machine.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, Rank, Suit
from cardavia.errors import InvalidArgumentError

__all__ = ["Card", "CardBag", "CardSet", "Deal", "Rank", "Suit", "deal", "parse_cards", "new_seed"]


def parse_cards(text: str) -> list[Card]:
    """Parse card text into Cards in the order written (duplicates kept).

    Accepts canonical text (``"Ah Kd"``), ``10`` for the ten, any case, suit symbols and no
    separators (``"AhKd"``). Raises :class:`cardavia.InvalidCardError` naming the bad token.
    """
    return _core.parse_cards_text(text)


def new_seed() -> int:
    """A fresh random 64-bit seed from the operating system (for ``seed=None``)."""
    return secrets.randbits(64)


def check_seed(seed: int | None) -> int:
    """Validate a user seed (a non-negative integer below 2**64) or draw a new one."""
    if seed is None:
        return new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgumentError(f"seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be in 0..2**64-1, got {seed}")
    return seed


@dataclass(frozen=True)
class Deal:
    """The result of :func:`deal`: the hands in seat order, the undealt cards, and the seed."""

    hands: tuple[CardSet | CardBag, ...]
    leftover: CardSet | CardBag
    seed: int
    order: tuple[tuple[Card, ...], ...]
    """Each hand's cards in the order they were dealt."""


def deal(
    hands: int,
    cards_per_hand: int | None = None,
    *,
    packs: int = 1,
    jokers: bool = False,
    seed: int | None = None,
) -> Deal:
    """Shuffle one or two packs and deal ``hands`` hands.

    Cards go out one at a time, hand 0 first, round after round, from the top of the shuffled deck.
    With ``cards_per_hand=None`` every card is dealt as evenly as possible and the remainder is left
    over. With ``packs=2`` the hands are :class:`CardBag` objects, otherwise :class:`CardSet`.
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise InvalidArgumentError(f"hands must be a positive integer, got {hands!r}")
    if cards_per_hand is not None and (
        isinstance(cards_per_hand, bool)
        or not isinstance(cards_per_hand, int)
        or cards_per_hand < 0
    ):
        raise InvalidArgumentError(
            f"cards_per_hand must be a non-negative integer or None, got {cards_per_hand!r}"
        )
    if packs not in (1, 2):
        raise InvalidArgumentError(f"packs must be 1 or 2, got {packs!r}")
    seed = check_seed(seed)
    dealt, rest = _core.deal_cards(hands, cards_per_hand, packs, bool(jokers), seed)
    collection = CardSet if packs == 1 else CardBag
    return Deal(
        hands=tuple(collection(h) for h in dealt),
        leftover=collection(rest),
        seed=seed,
        order=tuple(tuple(h) for h in dealt),
    )
