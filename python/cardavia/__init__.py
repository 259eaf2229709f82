"""cardavia: ten card games played exactly by their rules, fast.

The rules engines live in a Rust core (``cardavia._core``); this package is the Python face of
it. Start with :mod:`cardavia.cards` (cards, card sets, seeded deals) and :mod:`cardavia.holdem`
(hand evaluation and equity).
"""

from __future__ import annotations

from cardavia._core import (
    Card,
    CardBag,
    CardSet,
    ClimbTable,
    FtkTable,
    GuandanPlay,
    GuandanTable,
    Play,
    Rank,
    Rng,
    Suit,
)
from cardavia._core import __version__ as __version__
from cardavia.cards import Deal, deal, parse_cards
from cardavia.errors import (
    CardaviaError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCardError,
)
from cardavia.game import Action, Game, Match, State, games, load

__all__ = [
    "Action",
    "Game",
    "Match",
    "State",
    "games",
    "load",
    "Card",
    "CardBag",
    "CardSet",
    "ClimbTable",
    "FtkTable",
    "GuandanPlay",
    "GuandanTable",
    "Play",
    "Rng",
    "CardaviaError",
    "Deal",
    "IllegalActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "Rank",
    "Suit",
    "deal",
    "parse_cards",
]
