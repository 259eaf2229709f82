"""Views of a table: what one seat sees, as typed data and as text.

* :func:`table_view` — a :class:`TableView` for ``player`` built **only from**
  ``state.observation(player)`` (for ``player=None``, from every seat's observation, showing
  every hand), so a view can never show what the seat may not see. Once the deal is over the
  settlement (``state.result``, which the rules make public then) is added.
* :func:`render_text` — the text picture of that view (``state.render()`` and ``str(state)``).

One adapter module per game (``cardavia.view.doudizhu`` ...) knows how that game sorts and
groups a hand, what lies on the table and which facts to list. Every label is a catalogue key
(``cardavia/web/i18n/en.json``, ``ko.json``) so the same view is shown in English or Korean by
the web table, the terminal table and the text renderer.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from cardavia.errors import InvalidArgumentError
from cardavia.view.common import Context, action_msg
from cardavia.view.model import Info, LogEntry, Msg, Pile, SeatView, Stat, TableView
from cardavia.view.text import LANGUAGES, Formatter, card_text, catalogue, render_view

if TYPE_CHECKING:
    from cardavia.game import State

__all__ = [
    "LANGUAGES",
    "Formatter",
    "Info",
    "LogEntry",
    "Msg",
    "Pile",
    "SeatView",
    "Stat",
    "TableView",
    "action_msg",
    "card_text",
    "catalogue",
    "render_text",
    "table_view",
]

ADAPTERS: dict[str, str] = {
    "doudizhu": "cardavia.view.doudizhu",
    "zhengshangyou": "cardavia.view.zhengshangyou",
    "red_ten": "cardavia.view.red_ten",
    "five_ten_king": "cardavia.view.five_ten_king",
    "guandan": "cardavia.view.guandan",
    "tractor": "cardavia.view.tractor",
    "bridge": "cardavia.view.bridge",
    "smear": "cardavia.view.smear",
    "holdem": "cardavia.view.holdem",
    "one_poker": "cardavia.view.one_poker",
}
"""Game id -> the module whose ``build(ctx)`` makes that game's view."""


def table_view(state: State, player: int | None) -> TableView:
    """What ``player`` sees of ``state`` (every seat's cards when ``player`` is None).

    Built from ``state.observation(player)`` alone (and the public settlement once the deal is
    over): a player's view holds none of the other players' hidden cards."""
    from cardavia.game import State

    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a cardavia State, got {type(state).__name__}")
    viewer = None if player is None else state._check_player(player)
    module = ADAPTERS.get(state.game.id)
    if module is None:
        raise InvalidArgumentError(f"no table view for game {state.game.id!r}")
    build = importlib.import_module(module).build
    view: TableView = build(Context.of(state, viewer))
    return view


def render_text(state: State, player: int | None = None, lang: str = "en") -> str:
    """A text picture of the table as ``player`` sees it (see :func:`table_view`): the seats
    with their roles, cards (sorted and grouped) or card counts and scores, the cards on the
    table, the bids, contract, trump, levels or pot, whose turn it is, the last lines of the
    log and, once the deal is over, the settlement."""
    return render_view(table_view(state, player), lang)
