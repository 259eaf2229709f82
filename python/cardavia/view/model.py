"""The typed picture of a table that the text renderer, the web table and the terminal table
draw: :class:`TableView` and its parts.

Every label in a view is a message key of the catalogues in ``cardavia/web/i18n/`` (``en.json``,
``ko.json``) with its parameters (:class:`Msg`), so the same view is shown in English or Korean;
cards are card text (``"Ah"``, ``"SJ"``), seats are seat numbers.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Info", "LogEntry", "Msg", "Pile", "SeatView", "Stat", "TableView"]


@dataclass(frozen=True)
class Msg:
    """A message: a catalogue key and its parameters.

    Parameters named in :data:`SEAT_PARAMS` are seat numbers (shown as the seat's name), those
    in :data:`CARD_PARAMS` card text (shown with suit symbols); a parameter may itself be a
    :class:`Msg` (translated in turn); anything else is shown as it is."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": _jsonable(self.params)}


SEAT_PARAMS = frozenset({"seat", "to", "winner", "leader", "seats"})
"""Message parameters holding a seat number (``seats``: a list of them)."""
CARD_PARAMS = frozenset({"cards", "card"})
"""Message parameters holding card text."""


@dataclass(frozen=True)
class Stat:
    """A labelled value of one seat (chips, level, points, tricks...)."""

    key: str
    value: Any


@dataclass(frozen=True)
class SeatView:
    """One seat as the viewer sees it.

    ``cards`` are the seat's cards the viewer may see, sorted for the game, and ``groups`` the
    same cards split into the game's groups (ranks for climbing games, suits for trick games);
    ``None`` when they are hidden, and ``count`` then says how many there are. ``tags`` are role
    keys (``tag.landlord``, ``tag.dealer``...), ``last`` the seat's last action in the current
    round."""

    seat: int
    name: Msg
    tags: tuple[str, ...] = ()
    cards: tuple[str, ...] | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    count: int | None = None
    stats: tuple[Stat, ...] = ()
    last: Msg | None = None
    to_act: bool = False
    you: bool = False


@dataclass(frozen=True)
class Pile:
    """Cards on the table: a play of ``seat`` (the current trick, the top play) or a public
    pile (``board``, ``bottom``, ``kitty``...), named by ``key``."""

    key: str
    cards: tuple[str, ...] = ()
    seat: int | None = None
    note: Msg | None = None


@dataclass(frozen=True)
class Info:
    """One line of the table's state: bids, contract, trump, level, pot, phase, turn..."""

    key: str
    value: Any


@dataclass(frozen=True)
class LogEntry:
    """One readable line of the deal's log."""

    msg: Msg
    seat: int | None = None


@dataclass(frozen=True)
class TableView:
    """What one seat (``viewer``) sees of a deal, or everything (``viewer`` None).

    Built by :func:`cardavia.view.table_view` from observations only. ``result`` is the
    settlement breakdown once the deal is over; ``layout`` is ``"ring"`` (seats around the
    table, the viewer at the bottom) or ``"bridge"`` (N top, S bottom, W and E at the sides)."""

    game: str
    viewer: int | None
    num_players: int
    phase: str
    to_act: int | None
    seats: tuple[SeatView, ...]
    table: tuple[Pile, ...] = ()
    info: tuple[Info, ...] = ()
    log: tuple[LogEntry, ...] = ()
    result: tuple[Info, ...] | None = None
    returns: tuple[float, ...] | None = None
    over: bool = False
    layout: str = "ring"
    clockwise: bool = False

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (what the web table sends to a browser)."""
        out = _jsonable(self)
        assert isinstance(out, dict)
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
