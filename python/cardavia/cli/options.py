"""Command-line options shared by the tables (``cardavia play`` and ``cardavia serve``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def computer_player_options(*, hint_seconds: float) -> Callable[[F], F]:
    """``--agent``, ``--agent-seconds`` and ``--hint-seconds``, the last with the table's own
    default (the web table answers a click sooner than ``recommend()``'s 1 s default)."""

    def decorate(command: F) -> F:
        command = click.option(
            "--hint-seconds",
            type=click.FloatRange(min=0.01),
            default=hint_seconds,
            show_default=True,
            help="Search budget of one hint (the ranked list of your actions), in seconds.",
        )(command)
        command = click.option(
            "--agent-seconds",
            type=click.FloatRange(min=0.01),
            default=0.5,
            show_default=True,
            help="Search budget of a computer player per decision, in seconds.",
        )(command)
        return click.option(
            "--agent",
            type=click.Choice(["search", "heuristic", "random"]),
            default="search",
            show_default=True,
            help="The computer players: search (SearchAgent), heuristic (the game's rule "
            "strategy) or random.",
        )(command)

    return decorate
