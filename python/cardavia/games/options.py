"""The rule options of each game as typed dictionaries, for type checkers.

``cardavia.load("holdem", players=6)`` is checked by mypy and IDEs against
:class:`HoldemOptions`; at run time every option is validated by the game's ``OPTIONS``
(:class:`cardavia.game.Option`), which a test keeps in step with these declarations.
"""

from __future__ import annotations

from typing import Literal, TypedDict

__all__ = [
    "BridgeOptions",
    "FiveTenKingOptions",
    "HoldemOptions",
    "OnePokerOptions",
    "RedTenOptions",
    "SmearOptions",
    "TractorOptions",
]


class BridgeOptions(TypedDict, total=False):
    vulnerability: Literal["none", "ns", "ew", "both"]
    """Which sides are vulnerable (BR scoring)."""


class FiveTenKingOptions(TypedDict, total=False):
    partner_calls: Literal[1, 2]
    """How many partner cards the banker calls."""


class HoldemOptions(TypedDict, total=False):
    players: int
    stack: int
    small_blind: int
    big_blind: int
    actions: Literal["exact", "abstract"]


class OnePokerOptions(TypedDict, total=False):
    stack: int
    ante: int


class RedTenOptions(TypedDict, total=False):
    deals: int
    """Deals in a match."""


class SmearOptions(TypedDict, total=False):
    players: Literal[4, 5, 6]


class TractorOptions(TypedDict, total=False):
    initial_seat: Literal[-1, 0, 1, 2, 3]
    """The first deal's dealer (-1: drawn)."""
