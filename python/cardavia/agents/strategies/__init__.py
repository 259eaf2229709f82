"""Per-game knowledge the agents use: a documented rule strategy, short reasons a person can
read, and (for games whose action lists are huge) how the candidate plays are narrowed.

Each game has a module here named by its game id (``doudizhu.py``, ``bridge.py``...) that
defines a ``STRATEGY`` object following :class:`Strategy`. :func:`strategy_for` loads it on
first use.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from cardavia._core import Rng
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action, State

__all__ = ["GAMES_WITH_STRATEGIES", "GameSearch", "Strategy", "game_search", "strategy_for"]

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

    # A game whose search is not the generic one (double-dummy solving, a CFR policy, range
    # weighting) also defines ``search(state, *, seconds, iterations, seed, config)`` returning
    # the ranked hints (or None to use the generic search for this decision); ``analyse`` calls
    # it with the checked budget and the decision's seed. See :data:`GameSearch`.


class GameSearch(Protocol):
    """The optional ``search`` member of a strategy (see :class:`Strategy`)."""

    def __call__(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int,
        config: object,
    ) -> list[Any] | None: ...


# A strategy may also define ``search_act(state, *, seconds, iterations, seed) -> Action``: the
# SearchAgent's move when it is not simply the best hint (One Poker samples its mixed
# equilibrium; Hold'em keeps the rule choice unless a size is significantly better). Games
# without it play the first hint, as before.


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


def game_search(strategy: Strategy | None) -> GameSearch | None:
    """The strategy's own ``search`` if it has one (see :class:`Strategy`)."""
    found: GameSearch | None = getattr(strategy, "search", None)
    return found
