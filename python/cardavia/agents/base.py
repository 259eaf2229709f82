"""The shapes every agent shares: the :class:`Agent` protocol, the :class:`Hint` a search gives
for one action, and the seeding that makes agents reproducible."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from cardavia._core import Rng
from cardavia.cards import check_seed
from cardavia.errors import InvalidArgumentError
from cardavia.game import Action, State
from cardavia.games.climbing import derive_seed

__all__ = ["Agent", "Hint", "RunningMean", "check_budget", "decision_seed", "require_decision"]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for the player to act.

    ``act(state)`` returns one of ``state.legal_actions()`` (or an Action equal to one) for
    ``state.current_player``; it must not change ``state``. ``name`` labels the agent in arena
    results."""

    name: str

    def act(self, state: State) -> Action: ...


@dataclass(frozen=True)
class Hint:
    """One ranked action of :func:`cardavia.recommend`.

    ``value`` is the estimated payoff of the player to act after taking ``action``, in the unit
    of ``state.returns()``; ``interval`` the half-width of its 95% confidence interval (``value
    ± interval``); ``samples`` how many simulated continuations back the estimate (0 for an
    action ranked by the heuristic alone); ``reason`` a short text a person can read. ``line``
    is the whole play when a decision takes several actions (Tractor builds a play card by card:
    ``action`` is its first step, ``line`` every step)."""

    action: Action
    value: float
    interval: float
    samples: int
    reason: str
    line: tuple[Action, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "value": self.value,
            "interval": self.interval,
            "samples": self.samples,
            "reason": self.reason,
            "line": [str(a) for a in self.line],
        }


class RunningMean:
    """Mean and variance of a stream of payoffs (Welford), with a 95% half-width."""

    __slots__ = ("n", "mean", "_m2")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self._m2 = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    def add_many(self, xs: Any) -> None:
        for x in xs:
            self.add(float(x))

    @property
    def variance(self) -> float:
        return self._m2 / (self.n - 1) if self.n > 1 else 0.0

    @property
    def half_width(self) -> float:
        """1.96 standard errors (0 with fewer than two samples)."""
        return 1.96 * math.sqrt(self.variance / self.n) if self.n > 1 else 0.0


def require_decision(state: State) -> int:
    """The player to act, or InvalidArgumentError if the deal is over."""
    if not isinstance(state, State):
        raise InvalidArgumentError(f"expected a cardavia State, got {type(state).__name__}")
    player = state.current_player
    if player is None:
        raise InvalidArgumentError("the deal is over: there is no decision to make")
    return player


def check_budget(seconds: float | None, iterations: int | None) -> None:
    """A search budget must be positive: seconds > 0 or iterations ≥ 1."""
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int):
            raise InvalidArgumentError(f"iterations must be an int, got {iterations!r}")
        if iterations < 1:
            raise InvalidArgumentError(f"iterations must be ≥ 1, got {iterations}")
    elif seconds is None:
        raise InvalidArgumentError("give a budget: seconds or iterations")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
            raise InvalidArgumentError(f"seconds must be a number, got {seconds!r}")
        if not seconds > 0 or math.isinf(seconds):
            raise InvalidArgumentError(f"seconds must be a positive finite number, got {seconds}")


class SeededAgent:
    """Base of the built-in agents: a name, a seed, and one sub-seed per decision.

    Decision ``k`` of an agent uses ``derive_seed(seed, k)``, so a seeded agent replays a whole
    game exactly; ``seed=None`` draws a fresh seed (``agent.seed`` tells which)."""

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.seed = check_seed(seed)
        self._decisions = 0

    def _next_seed(self) -> int:
        s = derive_seed(self.seed, self._decisions)
        self._decisions += 1
        return s

    def _rng(self) -> Rng:
        return Rng(self._next_seed())

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def decision_seed(seed: int | None) -> int:
    """A search seed: the given one validated, or a fresh one."""
    return check_seed(seed)
