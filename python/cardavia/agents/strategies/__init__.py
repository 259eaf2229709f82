"""Per-game knowledge the agents use: a documented rule strategy, short reasons a person can
read, and (for games whose action lists are huge) how the candidate plays are narrowed.

Each game has a module here named by its game id (``doudizhu.py``, ``bridge.py``...) that
defines a ``STRATEGY`` object following :class:`Strategy`. :func:`strategy_for` loads it on
first use.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from cardavia._core import Rng
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action, State

__all__ = ["Strategy", "strategy_for", "GAMES_WITH_STRATEGIES"]

GAMES_WITH_STRATEGIES: tuple[str, ...] = (
    "doudizhu",
    "zhengshangyou",
    "red_ten",
    "five_ten_king",
    "guandan",
    "tractor",
    "bridge",
    "smear",
    "holdem",
    "one_poker",
)


class Strategy(Protocol):
    """What a game module provides to the agents."""

    def choose(self, state: State, rng: Rng) -> Action:
        """The rule strategy's action for ``state.current_player`` (the HeuristicAgent's move).

        Reads only what that player may see (``state.observation(player)`` and the legal
        actions); ``rng`` breaks ties and nothing else."""
        ...

    def describe(self, state: State, action: Action) -> str:
        """A few words on what ``action`` does for the player to act ("keeps the bomb; leaves
        two plays"), from that player's point of view."""
        ...

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """The plays a search ranks, each as the actions that make it, the most promising first
        (a small budget samples them first), or None for every legal action on its own in the
        game's order."""
        ...

    search_policy: str
    """The rollout policy a search uses for this game (``"greedy"`` or ``"random"``)."""


# Optional, for games whose search is not the generic determinized one (One Poker's CFR
# equilibrium, Hold'em's range search): a strategy may also define
#
#     def search(self, state, *, seconds, iterations, seed) -> list[Hint]
#         every candidate ranked best first; ``analyse``/``recommend`` return it as is;
#     def search_act(self, state, *, seconds, iterations, seed) -> Action
#         the SearchAgent's move (e.g. sampled from a mixed equilibrium strategy).
#
# Games without them get the generic search unchanged.


_LOADED: dict[str, Strategy] = {}


def strategy_for(game_id: str) -> Strategy:
    """The strategy module's ``STRATEGY`` for ``game_id`` (InvalidArgumentError if none)."""
    found = _LOADED.get(game_id)
    if found is not None:
        return found
    if game_id not in GAMES_WITH_STRATEGIES:
        raise InvalidArgumentError(
            f"no agent strategy for game {game_id!r}; games with one: "
            f"{', '.join(GAMES_WITH_STRATEGIES)}"
        )
    try:
        module = importlib.import_module(f"cardavia.agents.strategies.{game_id}")
    except ModuleNotFoundError as e:
        if e.name != f"cardavia.agents.strategies.{game_id}":
            raise
        raise InvalidArgumentError(f"the agent strategy for {game_id!r} is not built yet") from e
    strategy: Strategy = module.STRATEGY
    _LOADED[game_id] = strategy
    return strategy
