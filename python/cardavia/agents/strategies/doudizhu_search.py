"""Dou Dizhu's card-play search: PIMC in a Rust kernel, ranked by the chance of winning.

For the player to act during card play (DDZ-6), in rounds:

1. **Worlds.** The Rust kernel (``cardavia._core.ddz_search``) deals the cards the player
   cannot see, exactly uniformly among the deals consistent with what he saw (his hand, every
   play, the bottom cards the landlord still holds — public once taken, DDZ-3.7; passes reveal
   nothing in Dou Dizhu, any player may pass). It never reads the true hidden hands. With
   ``draws`` > 1 each world is picked among that many uniform draws, weighted by how many of
   the other players' past decisions the rollout policy explains in it (an opponent model).
2. **Common worlds.** Every candidate still in the running is applied in each world and the
   deal is finished by one rollout of the rule policy (``DouDizhuStrategy``'s card play in
   Rust), settled by DDZ-7 (bombs double, a spring doubles). Every candidate sees the same
   worlds, so their differences are paired.
3. **Objective.** A simulation is worth ``1 + payoff_weight × payoff`` when the player's side
   wins the deal and ``payoff_weight × payoff`` when it loses: the win rate first, the points
   (the size of the win or loss) as a tie-breaker.
4. **Focus.** After ``min_worlds`` worlds, a candidate whose paired difference from the leader
   lies wholly below zero at 95% is no longer simulated; the search stops when the budget is
   spent or one candidate is left.

Hints are ranked by that objective, a play that empties the hand (a certain win) first;
each hint's ``value`` is the mean payoff in the unit of ``returns()`` (with its 95%
half-width), its reason gives the simulated win rate. An ``iterations`` budget counts
simulations (one candidate in one world) and with a seed makes the result exactly
reproducible.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia.agents.base import Hint
from cardavia.game import Action, State
from cardavia.games.climbing import derive_seed

__all__ = ["DdzSearchSettings", "card_play_search"]


@dataclass(frozen=True)
class DdzSearchSettings:
    """The knobs of :func:`card_play_search` (the defaults are what the agents use)."""

    policy: str = "rule"
    """Rollout policy of the kernel: ``"rule"`` (the rule strategy) or ``"greedy"``."""
    payoff_weight: float = 0.05
    """Weight of the payoff next to the win (0: win rate only)."""
    min_worlds: int = 16
    """Worlds every candidate gets before it may be dropped."""
    round_worlds: int = 8
    """Worlds drawn per round (all active candidates in each)."""
    draws: int = 1
    """Uniform worlds drawn per search world; with more than one, the world is chosen with
    weight ``mismatch_weight`` per decision of another player that ``policy`` would have taken
    differently in it (the rollout policy as a model of the other players)."""
    mismatch_weight: float = 1.0


_TIME_MARGIN = 0.9


def card_play_search(
    state: State,
    ordered: list[Action],
    describe: list[str],
    *,
    seconds: float | None,
    iterations: int | None,
    seed: int,
    settings: DdzSearchSettings,
) -> list[Hint]:
    """The ranked hints for the player to act (see the module documentation). ``ordered`` are
    the legal actions (the rule's favourites first, which wins ties), ``describe`` their
    reasons."""
    player = state.current_player
    assert player is not None
    k = len(ordered)
    table = state._table  # type: ignore[attr-defined]
    hands = state._hands  # type: ignore[attr-defined]
    bottom = state._bottom  # type: ignore[attr-defined]
    landlord = state._landlord  # type: ignore[attr-defined]
    bid = state._high_bid  # type: ignore[attr-defined]
    masks = [None if a.kind == "pass" else a.cards for a in ordered]
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds * _TIME_MARGIN
    payoffs = np.zeros((0, k))
    active = np.ones(k, dtype=bool)
    simulations = 0
    round_index = 0
    while active.sum() > 1 or simulations == 0:
        idx = np.flatnonzero(active)
        worlds = settings.round_worlds
        if iterations is not None:
            left = iterations - simulations
            if left <= 0:
                break
            worlds = max(1, min(worlds, left // len(idx)))
        elif deadline is not None and simulations and time.perf_counter() >= deadline:
            break
        block = _core.ddz_search(
            player,
            hands,
            bottom,
            table,
            landlord,
            bid,
            [masks[i] for i in idx],
            worlds,
            settings.policy,
            derive_seed(seed, round_index),
            settings.draws,
            settings.mismatch_weight,
        )
        rows = np.full((worlds, k), np.nan)
        rows[:, idx] = block
        payoffs = np.vstack([payoffs, rows])
        simulations += worlds * len(idx)
        round_index += 1
        if len(idx) > 1 and len(payoffs) >= settings.min_worlds:
            _reject(payoffs, active, settings)
    size = len(table.hand(player))
    out = [a.kind == "play" and len(a.cards or ()) == size for a in ordered]
    return _hints(ordered, describe, payoffs, settings, out)


def _utility(payoffs: npt.NDArray[np.float64], weight: float) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = (payoffs > 0) + weight * payoffs
    return out


def _reject(
    payoffs: npt.NDArray[np.float64], active: npt.NDArray[np.bool_], s: DdzSearchSettings
) -> None:
    """Drops the active candidates whose paired difference from the leader is below zero at
    95% (the rows where both were simulated: every row since both are active)."""
    idx = np.flatnonzero(active)
    u = _utility(payoffs[:, idx], s.payoff_weight)
    means = u.mean(axis=0)
    lead = int(np.argmax(means))
    diff = u[:, [lead]] - u
    n = len(u)
    mean = diff.mean(axis=0)
    sd = diff.std(axis=0, ddof=1)
    below = mean - 1.96 * sd / math.sqrt(n) > 0
    active[idx[below]] = False


def _hints(
    ordered: list[Action],
    describe: list[str],
    payoffs: npt.NDArray[np.float64],
    s: DdzSearchSettings,
    goes_out: list[bool],
) -> list[Hint]:
    rows = []
    for i, action in enumerate(ordered):
        col = payoffs[:, i]
        col = col[~np.isnan(col)]
        n = len(col)
        if n:
            mean = float(col.mean())
            half = 1.96 * float(col.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
            win = float((col > 0).mean())
            score = float(_utility(col, s.payoff_weight).mean())
        else:
            mean = half = win = 0.0
            score = -math.inf
        if goes_out[i]:
            score = math.inf  # a certain win (DDZ-6.6) before any sampled estimate
        rows.append((score, n, i, action, mean, half, win))
    # A play that goes out first; then the best objective; among equals the candidate sampled
    # longer, then the rule's order.
    rows.sort(key=lambda r: (-r[0], -r[1], r[2]))
    hints = []
    for _score, n, i, action, mean, half, win in rows:
        if len(ordered) == 1:
            odds = "the only legal choice"
        elif n:
            odds = f"wins {win:.0%} of {n} simulations"
        else:
            odds = "not simulated"
        reason = f"{describe[i]}; {odds}" if describe[i] else odds
        hints.append(Hint(action=action, value=mean, interval=half, samples=n, reason=reason))
    return hints
