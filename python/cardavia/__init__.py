"""cardavia: ten card games played exactly by their rules, fast.

The rules engines live in a Rust core (``cardavia._core``); this package is the Python face of
it. Start with :mod:`cardavia.cards` (cards, card sets, seeded deals) and :mod:`cardavia.holdem`
(hand evaluation and equity).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from cardavia import agents as agents
    from cardavia import holdem as holdem
    from cardavia import holdem_game as holdem_game
    from cardavia import rules as rules
    from cardavia.games import bridge as bridge
    from cardavia.games import doudizhu as doudizhu
    from cardavia.games import five_ten_king as five_ten_king
    from cardavia.games import guandan as guandan
    from cardavia.games import one_poker as one_poker
    from cardavia.games import red_ten as red_ten
    from cardavia.games import smear as smear
    from cardavia.games import tractor as tractor
    from cardavia.games import zhengshangyou as zhengshangyou

# Submodules reachable as attributes of the package without importing them first
# (``cardavia.doudizhu.classify(...)`` right after ``import cardavia``), loaded on first use so
# that ``import cardavia`` stays cheap.
_LAZY_MODULES: dict[str, str] = {
    "doudizhu": "cardavia.games.doudizhu",
    "zhengshangyou": "cardavia.games.zhengshangyou",
    "red_ten": "cardavia.games.red_ten",
    "five_ten_king": "cardavia.games.five_ten_king",
    "guandan": "cardavia.games.guandan",
    "tractor": "cardavia.games.tractor",
    "bridge": "cardavia.games.bridge",
    "smear": "cardavia.games.smear",
    "one_poker": "cardavia.games.one_poker",
    "holdem_game": "cardavia.games.holdem",
    "holdem": "cardavia.holdem",
    "agents": "cardavia.agents",
    "rules": "cardavia.rules",
}

if TYPE_CHECKING:
    from cardavia.agents import arena as arena
    from cardavia.agents import recommend as recommend


_LAZY_FUNCTIONS: dict[str, str] = {"recommend": "cardavia.agents", "arena": "cardavia.agents"}


def __getattr__(name: str) -> Any:
    if name in _LAZY_FUNCTIONS:
        value = getattr(importlib.import_module(_LAZY_FUNCTIONS[name]), name)
        globals()[name] = value
        return value
    target = _LAZY_MODULES.get(name)
    if target is None:
        raise AttributeError(f"module 'cardavia' has no attribute {name!r}")
    module = importlib.import_module(target)
    globals()[name] = module
    return module


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY_MODULES, *_LAZY_FUNCTIONS})


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
