"""The uniformly random agent: the floor every other agent is measured from."""

from __future__ import annotations

from cardavia.agents.base import SeededAgent, require_decision
from cardavia.game import Action, State

__all__ = ["RandomAgent"]


class RandomAgent(SeededAgent):
    """Picks one of ``state.legal_actions()`` uniformly at random (seeded: reproducible).

    Works for every game. Where a game lists representative amounts instead of every legal one
    (Hold'em raises), it picks among the listed actions."""

    name = "random"

    def act(self, state: State) -> Action:
        require_decision(state)
        actions = state.legal_actions()
        return actions[self._rng().below(len(actions))]
