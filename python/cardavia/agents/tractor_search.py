"""Tractor's search: the determinized search of :mod:`cardavia.agents.search`, over whole
plays, ranked by the payoff plus a share of the point margin.

The method is the generic one (PIMC over ``state.resample(player, seed)``, every candidate
finished in the same worlds by Rust greedy playouts with common random numbers, successive
rejection; see :mod:`cardavia.agents.search`), with two Tractor specifics:

* **Whole plays.** The candidates are the strategy's whole plays
  (:meth:`cardavia.agents.strategies.tractor.TractorStrategy.candidates`): a lead or a follow
  set is applied card by card in each world and only then played out, and a hint's ``line``
  is the whole play.
* **Ranking by payoff and margin.** A deal's payoff (``returns()``) moves in steps of 40
  attackers' points (TR-5.4), so most single plays (which card to discard, which trick to
  contest) change it in only a few worlds. Each playout also reports the point margin of the
  player's side in levels (``(A - 80) / 40`` for the attackers, its negative for the
  defenders; :meth:`TractorState.playout_margins`), and the candidates are compared on
  ``payoff + MARGIN_WEIGHT × margin``: the same order where payoffs differ clearly, a
  sharper one where they tie. A hint's ``value`` and ``interval`` stay the payoff's (the
  unit of ``returns()``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from cardavia.agents.base import Hint, RunningMean, check_budget, decision_seed, require_decision
from cardavia.game import Action, State
from cardavia.games.climbing import derive_seed

if TYPE_CHECKING:
    from cardavia.agents.search import SearchConfig

__all__ = ["KEEP_RULE", "MARGIN_WEIGHT", "analyse_tractor"]

MARGIN_WEIGHT = 0.5
"""How much one level of point margin weighs against one level of payoff in the ranking."""

KEEP_RULE = True
"""Keep the rule strategy's play unless a candidate beats it by 1.96 standard errors of the
paired difference (see :func:`_keeps_rule`)."""

_TIME_MARGIN = 0.9


class _Candidate:
    __slots__ = ("line", "payoff", "rank", "gain", "wins", "active", "exact")

    def __init__(self, line: tuple[Action, ...]):
        self.line = line
        self.payoff = RunningMean()
        self.rank = RunningMean()
        # Paired difference of the ranking value over the rule strategy's play, in the worlds
        # where both were simulated (same world, same playout seed).
        self.gain = RunningMean()
        self.wins = 0
        self.active = True
        self.exact = True

    def settled(self, min_samples: int) -> bool:
        return self.rank.n >= min_samples or (self.exact and self.rank.n >= 1)


def _margin(state: State, player: int) -> float:
    s = state.settlement  # type: ignore[attr-defined]
    m = float(s.attackers_score - 80) / 40
    return -m if player % 2 == s.dealer % 2 else m


def analyse_tractor(
    state: State,
    strategy: object,
    *,
    seconds: float | None,
    iterations: int | None,
    seed: int | None,
    config: SearchConfig,
) -> list[Hint]:
    """The ranked hints for the player to act (see the module documentation)."""
    player = require_decision(state)
    if iterations is not None:
        seconds = None
    check_budget(seconds, iterations)
    seed = decision_seed(seed)
    policy = config.policy or "greedy"
    lines = strategy.candidates(state)  # type: ignore[attr-defined]
    if lines is None:
        lines = [(a,) for a in state.legal_actions()]
    candidates = [_Candidate(line) for line in lines]
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds * _TIME_MARGIN
    simulations = 0
    world_index = 0
    n = config.playouts_per_world

    def out_of_budget() -> bool:
        if iterations is not None:
            return simulations >= iterations
        assert deadline is not None
        return time.perf_counter() >= deadline

    rule = candidates[0]
    while not out_of_budget():
        world_seed = derive_seed(seed, world_index)
        world = state.resample(player, seed=world_seed)
        playout_seed = derive_seed(world_seed, 1)
        rule_value: float | None = None
        for cand in candidates:
            if not cand.active or (cand.exact and cand.rank.n >= 1):
                continue
            child = world.clone()
            for action in cand.line:
                child.apply(action)
            if child.is_terminal():
                pairs = [(child.returns()[player], _margin(child, player))]
            else:
                cand.exact = False
                out = child.playout_margins(n, policy=policy, seed=playout_seed)  # type: ignore[attr-defined]
                pairs = [(float(row[player]), float(row[4 + player])) for row in out]
            value = 0.0
            for payoff, margin in pairs:
                cand.payoff.add(payoff)
                cand.rank.add(payoff + MARGIN_WEIGHT * margin)
                cand.wins += payoff > 0
                value += payoff + MARGIN_WEIGHT * margin
            value /= len(pairs)
            if cand is rule:
                rule_value = value
            elif rule_value is not None:
                cand.gain.add(value - rule_value)
            simulations += len(pairs)
            if out_of_budget():
                break
        world_index += 1
        if _reject(candidates, config.min_samples):
            break
    return _rank(state, candidates, strategy)


def _keeps_rule(candidates: list[_Candidate]) -> bool:
    """Whether the rule strategy's play (the first candidate) stays the choice: unless the
    search's best play beats it by more than 1.96 standard errors of their paired difference
    (same worlds), the difference is as likely noise as skill, and the rule play is kept."""
    rule = candidates[0]
    if len(candidates) == 1 or not rule.rank.n:
        return False
    best = max((c for c in candidates if c.rank.n), key=lambda c: c.rank.mean)
    if best is rule:
        return False
    if best.exact and rule.exact:
        return False  # both values are exact: no noise to guard against
    g = best.gain
    return g.n < 2 or g.mean <= g.half_width


def _reject(candidates: list[_Candidate], min_samples: int) -> bool:
    active = [c for c in candidates if c.active]
    if len(active) <= 1 or not all(c.settled(min_samples) for c in active):
        return len(active) <= 1
    best = max(active, key=lambda c: c.rank.mean)
    floor = best.rank.mean - best.rank.half_width
    for c in active:
        if c is not best and c.rank.mean + c.rank.half_width < floor:
            c.active = False
    return sum(c.active for c in candidates) <= 1


def _rank(state: State, candidates: list[_Candidate], strategy: object) -> list[Hint]:
    def key(i: int) -> tuple[float, bool, int, int]:
        c = candidates[i]
        mean = -c.rank.mean if c.rank.n else float("inf")
        return (mean, not (c.exact and c.rank.n > 0), -c.rank.n, i)

    order = sorted(range(len(candidates)), key=key)
    if KEEP_RULE and _keeps_rule(candidates):
        order.remove(0)
        order.insert(0, 0)
    hints = []
    for i in order:
        c = candidates[i]
        described = strategy.describe_line(state, c.line)  # type: ignore[attr-defined]
        if len(candidates) == 1:
            # Nothing to compare: one simulation told the value, not a choice.
            odds = "the only legal choice"
        elif c.payoff.n:
            odds = f"wins {c.wins / c.payoff.n:.0%} of {c.payoff.n} simulations"
        else:
            odds = "not simulated"
        hints.append(
            Hint(
                action=c.line[0],
                value=c.payoff.mean,
                interval=c.payoff.half_width,
                samples=c.payoff.n,
                reason=f"{described}; {odds}" if described else odds,
                line=c.line if len(c.line) > 1 else (),
            )
        )
    return hints
