"""The rule-based agent: each game's documented strategy (``cardavia.agents.strategies``)."""

from __future__ import annotations

from cardavia.agents.base import SeededAgent, require_decision
from cardavia.agents.strategies import strategy_for
from cardavia.game import Action, State

__all__ = ["HeuristicAgent"]


class HeuristicAgent(SeededAgent):
    """Plays each game's rule strategy (see the game's module in
    :mod:`cardavia.agents.strategies` for what it does at every decision).

    Cheap (no search) and deterministic given its seed, which only breaks ties."""

    name = "heuristic"

    def act(self, state: State) -> Action:
        require_decision(state)
        return strategy_for(state.game.id).choose(state, self._rng())
