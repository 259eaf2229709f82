"""Agents for every game: random, rule-based and search, the hint at every choice, the arena.

* :class:`Agent` — the protocol: ``act(state) -> Action`` for the player to act.
* :class:`RandomAgent` — uniform over the legal actions (the floor).
* :class:`HeuristicAgent` — each game's documented rule strategy
  (:mod:`cardavia.agents.strategies`), cheap and deterministic given a seed.
* :class:`SearchAgent` — determinized search (PIMC) over ``resample`` and Rust playouts,
  under a time or iteration budget (:mod:`cardavia.agents.search`).
* :func:`recommend` — every legal action ranked with its value, interval, samples and reason.
* :func:`arena` — strength on duplicate deals with 95% intervals; :func:`seat_duplicate` —
  one agent against others in the same seat on the same deals.
"""

from cardavia.agents.base import Agent, Hint
from cardavia.agents.duplicate import (
    AgentScore,
    ArenaResult,
    SeatComparison,
    arena,
    make_agent,
    seat_duplicate,
)
from cardavia.agents.heuristic import HeuristicAgent
from cardavia.agents.random_agent import RandomAgent
from cardavia.agents.search import SearchAgent, SearchConfig, recommend

__all__ = [
    "Agent",
    "AgentScore",
    "ArenaResult",
    "HeuristicAgent",
    "Hint",
    "RandomAgent",
    "SearchAgent",
    "SearchConfig",
    "SeatComparison",
    "arena",
    "make_agent",
    "recommend",
    "seat_duplicate",
]
