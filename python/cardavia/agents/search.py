"""Determinized search: the :class:`SearchAgent` and :func:`recommend`.

The search is perfect-information Monte Carlo (PIMC) over the player's information set:

1. **Determinize.** ``state.resample(player, seed)`` deals the cards the player cannot see,
   uniformly among the deals consistent with everything the player has observed (issue 13's
   contract), so the search can never read hidden cards: the true hands only ever reach it
   through the player's own view. A game's strategy may replace it with its own
   ``resample(state, player, seed)`` (Smear weighs the draws by the bids), built on the same
   primitive.
2. **Evaluate every candidate in the same world.** Each candidate play is applied to a copy of
   the world and the deal is finished by a Rust playout (``state.playout_returns``) under the
   game's rollout policy; the player's payoff is one sample for that candidate. All candidates
   share the world and the playout seed (common random numbers), so their differences are
   measured far more precisely than their values.
3. **Focus.** Once every candidate has a few samples, candidates whose 95% interval lies wholly
   below the leader's are no longer sampled (successive rejection); the search stops when the
   budget is spent or one candidate is left.

A game's strategy may bring its own search (``Strategy.search``: bridge's double-dummy
solving, One Poker's CFR policy, Hold'em's range weighting); :func:`analyse` then hands it the
checked budget and the decision's seed, and falls back to the method above when it declines.

Budgets: ``iterations`` counts simulated continuations (one candidate in one world) and with a
seed makes the result exactly reproducible; ``seconds`` bounds wall time instead. The Python
here only orchestrates: every simulated card is played in Rust.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardavia.agents.base import (
    Hint,
    RunningMean,
    SeededAgent,
    check_budget,
    decision_seed,
    require_decision,
)
from cardavia.agents.strategies import Strategy, game_search, strategy_for
from cardavia.errors import CardaviaError
from cardavia.game import Action, State
from cardavia.games.climbing import derive_seed

__all__ = ["SearchAgent", "SearchConfig", "recommend"]

DEFAULT_SECONDS = 1.0

# A candidate needs this many samples before successive rejection may drop it.
_MIN_SAMPLES = 12
# Keep this fraction of a time budget in reserve for ranking and the reasons.
_TIME_MARGIN = 0.9


@dataclass(frozen=True)
class SearchConfig:
    """Knobs of the search (the defaults are what :func:`recommend` uses).

    ``policy`` overrides the game's rollout policy (``"greedy"`` or ``"random"``);
    ``playouts_per_world`` is how many playouts finish each candidate in each world (more
    playouts per world spend the budget on the cards still to be played rather than on the
    hidden cards)."""

    policy: str | None = None
    playouts_per_world: int = 1
    min_samples: int = _MIN_SAMPLES
    simulate: (
        Callable[[State, Sequence[Action], int, int, str, int], tuple[list[float], bool]] | None
    ) = None
    """Replaces :func:`_simulate` (same arguments and result): a game's own objective for a
    search that is not ranked by payoff (Zheng Shangyou's SearchAgent plays to go out first)."""


def _strategy(state: State) -> Strategy | None:
    try:
        return strategy_for(state.game.id)
    except CardaviaError:
        return None


def _lines(state: State, strategy: Strategy | None) -> list[tuple[Action, ...]]:
    if strategy is not None:
        narrowed = strategy.candidates(state)
        if narrowed is not None:
            return narrowed
    return [(a,) for a in state.legal_actions()]


class _Candidate:
    __slots__ = ("line", "stats", "wins", "active", "exact")

    def __init__(self, line: tuple[Action, ...]):
        self.line = line
        self.stats = RunningMean()
        self.wins = 0
        self.active = True
        # True while every world ended the deal with the line itself (no playout involved).
        self.exact = True

    def settled(self, min_samples: int) -> bool:
        return self.stats.n >= min_samples or (self.exact and self.stats.n >= 1)


def _simulate(
    world: State, line: Sequence[Action], player: int, seed: int, policy: str, playouts: int
) -> tuple[list[float], bool]:
    """The player's payoffs from playing ``line`` in ``world``, and whether the line itself
    ended the deal (an exact value, no playout)."""
    child = world.clone()
    for action in line:
        child.apply(action)
    if child.is_terminal():
        return [child.returns()[player]], True
    out = child.playout_returns(playouts, policy=policy, seed=seed)  # type: ignore[attr-defined]
    return [float(x) for x in out[:, player]], False


def analyse(
    state: State,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    seed: int | None = None,
    config: SearchConfig | None = None,
) -> list[Hint]:
    """Every candidate play for the player to act, best first, with its estimated value.

    See the module documentation for the method. With ``iterations`` the time budget is
    ignored and the result depends only on the state's information set and ``seed``."""
    player = require_decision(state)
    if iterations is not None:
        seconds = None
    check_budget(seconds, iterations)
    config = config or SearchConfig()
    seed = decision_seed(seed)
    strategy = _strategy(state)
    own_search = game_search(strategy)
    if own_search is not None:
        found = own_search(state, seconds=seconds, iterations=iterations, seed=seed, config=config)
        if found is not None:
            return found
    policy = config.policy or (strategy.search_policy if strategy is not None else "random")
    candidates = [_Candidate(line) for line in _lines(state, strategy)]
    # A strategy may draw its worlds itself (an opponent model), else the game's resample.
    resample = getattr(strategy, "resample", None)
    simulate = config.simulate or _simulate
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds * _TIME_MARGIN
    simulations = 0
    world_index = 0

    def out_of_budget() -> bool:
        if iterations is not None:
            return simulations >= iterations
        assert deadline is not None
        return time.perf_counter() >= deadline

    while not out_of_budget():
        world_seed = derive_seed(seed, world_index)
        world = (
            state.resample(player, seed=world_seed)
            if resample is None
            else resample(state, player, world_seed)
        )
        playout_seed = derive_seed(world_seed, 1)
        for cand in candidates:
            if not cand.active:
                continue
            if cand.exact and cand.stats.n >= 1:
                continue  # the line ends the deal: one world told its value
            values, exact = simulate(
                world, cand.line, player, playout_seed, policy, config.playouts_per_world
            )
            cand.exact = cand.exact and exact
            for v in values:
                cand.stats.add(v)
                cand.wins += v > 0
            simulations += len(values)
            if out_of_budget():
                break
        world_index += 1
        if _reject(candidates, config.min_samples):
            break
    return _rank(state, candidates, strategy)


def _reject(candidates: list[_Candidate], min_samples: int) -> bool:
    """Stop sampling candidates clearly worse than the leader; True when one is left."""
    active = [c for c in candidates if c.active]
    if len(active) <= 1 or not all(c.settled(min_samples) for c in active):
        return len(active) <= 1
    best = max(active, key=lambda c: c.stats.mean)
    floor = best.stats.mean - best.stats.half_width
    for c in active:
        if c is not best and c.stats.mean + c.stats.half_width < floor:
            c.active = False
    return sum(c.active for c in candidates) <= 1


def _describe(strategy: Strategy | None, state: State, line: tuple[Action, ...]) -> str:
    """The strategy's reason for a candidate: ``describe_line`` for a whole play when the
    strategy has it (Tractor's plays take several actions), else ``describe`` of its first
    action."""
    if strategy is None:
        return ""
    describe_line = getattr(strategy, "describe_line", None)
    if describe_line is not None:
        return str(describe_line(state, line))
    return strategy.describe(state, line[0])


def _rank(state: State, candidates: list[_Candidate], strategy: Strategy | None) -> list[Hint]:
    def key(i: int) -> tuple[float, bool, int, int]:
        c = candidates[i]
        mean = -c.stats.mean if c.stats.n else float("inf")
        # Equal means: an exact value before an estimate, more samples before fewer.
        return (mean, not (c.exact and c.stats.n > 0), -c.stats.n, i)

    order = sorted(range(len(candidates)), key=key)
    hints = []
    for i in order:
        c = candidates[i]
        described = _describe(strategy, state, c.line)
        if len(candidates) == 1:
            # Nothing to compare: one simulation told the value, not a choice.
            odds = "the only legal choice"
        elif c.stats.n:
            odds = f"wins {c.wins / c.stats.n:.0%} of {c.stats.n} simulations"
        else:
            odds = "not simulated"
        reason = f"{described}; {odds}" if described else odds
        hints.append(
            Hint(
                action=c.line[0],
                value=c.stats.mean,
                interval=c.stats.half_width,
                samples=c.stats.n,
                reason=reason,
                line=c.line if len(c.line) > 1 else (),
            )
        )
    return hints


def recommend(
    state: State,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    seed: int | None = None,
) -> list[Hint]:
    """The hint at every choice: the legal actions of the player to act, best first.

    Each :class:`~cardavia.agents.Hint` has the action, its estimated value (the player's
    payoff in the unit of ``state.returns()``), a 95% half-width, the number of simulations
    behind it and a reason. Games with huge action lists (Guandan leads, Tractor's card-by-card
    plays) rank whole plays, narrowed as their strategy module documents. ``iterations`` with a
    ``seed`` makes the ranking exactly reproducible. A terminal state or a budget ≤ 0 raises
    :class:`cardavia.InvalidArgumentError`."""
    return analyse(state, seconds=seconds, iterations=iterations, seed=seed)


class SearchAgent(SeededAgent):
    """Plays the best-ranked action of the determinized search (see the module docs).

    ``seconds`` bounds each decision's wall time; ``iterations`` (simulations per decision)
    replaces it and, with ``seed``, makes every decision exactly reproducible. A forced action
    (one legal choice) is played without searching. A play made of several actions (a Tractor
    follow built card by card) is searched once and then played step by step."""

    name = "search"

    def __init__(
        self,
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        seed: int | None = None,
        config: SearchConfig | None = None,
    ):
        if iterations is not None:
            seconds = None
        check_budget(seconds, iterations)
        super().__init__(seed)
        self.seconds = seconds
        self.iterations = iterations
        self.config = config or SearchConfig()
        self._plan: list[Action] = []
        self._plan_at: tuple[int, int] | None = None

    def act(self, state: State) -> Action:
        player = require_decision(state)
        step = (player, state.actions_taken)
        if self._plan and self._plan_at == step:
            action = self._plan.pop(0)
            self._plan_at = (player, step[1] + 1)
            if state.can_apply(action):
                return action
            self._plan = []
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        own = getattr(_strategy(state), "search_act", None)
        if own is not None:  # a game that plays its own search's choice (Strategy.search_act)
            chosen: Action = own(
                state, seconds=self.seconds, iterations=self.iterations, seed=self._next_seed()
            )
            return chosen
        hints = analyse(
            state,
            seconds=self.seconds,
            iterations=self.iterations,
            seed=self._next_seed(),
            config=self.config,
        )
        best = hints[0]
        if best.line:
            self._plan = list(best.line[1:])
            self._plan_at = (player, step[1] + 1)
        return best.action

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations else f"seconds={self.seconds}"
        return f"SearchAgent({budget}, seed={self.seed})"
