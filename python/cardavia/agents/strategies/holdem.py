"""No-limit Texas Hold'em: a rule strategy that plays like a solid human (the HeuristicAgent)
and a range search (the SearchAgent and :func:`cardavia.recommend`).

Everything reads only what the player may see (HE-3.10): his hole cards, the board, the stacks,
bets and pot, and every public action. Amounts are exact legal chip counts (HE-4.3): a target
``H + f × (pot + owed)`` ("``f`` of the pot") clamped to :meth:`~HoldemState.raise_range`,
and all-in; a raise that would leave less than a third of the stack behind goes all-in.

**Preflop (by position).** A hand's strength is its percentile among the 1,326 combos by equity
against a random hand (``cardavia_core::search::holdem::preflop_strengths``). Position is the
seat's distance from the button among the players dealt in. Unopened pots: open-raise to
2.5 big blinds (plus one per limper) with the top 15% early, 20% in the hijack, 27% in the
cutoff, 40% on the button, 35% in the small blind (heads-up the button opens 70%); otherwise
check (big blind) or fold. Facing one raise: re-raise to three times it with the top 4%, call
with the top half of the opening range when the price is at most a third of the pot, else fold.
Facing a re-raise: all-in with the top 2.5%, call with the top 5%, else fold. With 12 big
blinds or fewer behind (the effective stack), push or fold: all-in with the top 20% (call an
all-in with the top 10%).

**After the flop (by equity against the opponents' ranges).** Each live opponent's range is
narrowed from his actions by Bayesian weighting (``holdem_narrow_ranges``, documented in
``cardavia_core::search::holdem``); the hand's equity against each range is the Rust hand
strength against those weights (exact on the river, every river on the turn, 24 sampled
turn-and-river pairs on the flop) and the equity against the table is their product. Not
facing a bet: equity ≥ 0.75 bets ⅔ of the pot, ≥ 0.6 bets half the pot against at most two
opponents, and heads-up on the flop or turn a hand with equity 0.35-0.5 semi-bluffs half the
pot one time in six (the rng decides); otherwise it checks. Facing a bet (price = ``owed /
(pot + owed)``): equity ≥ 0.85 raises the pot, equity ≥ price + 0.05 calls, else it folds.

**The search.** Candidates: fold (when legal), check or call, and the raise-to amounts min
raise, ⅓, ½, ¾, 1 and 1½ pot and all-in (the exact legal amounts, without repeats). Every
opponent's range is narrowed as above; then in each world the live opponents' hole cards are
drawn from their ranges (jointly, without shared cards), the unseen cards shuffled, and every
candidate is applied and the hand played out in Rust with the greedy rollout policy, all
candidates sharing the world and the playout seed (common random numbers). The value is the
mean chips won or lost in the hand (the unit of ``returns()``); the hint's interval is the
95% half-width; the reason gives the hand's equity and the pot odds. ``iterations`` counts
simulated continuations (worlds × candidates) and with a seed is exactly reproducible;
``seconds`` bounds wall time instead. No hidden card is read: the hand's public record and
the player's own cards are all the Rust search takes from the state.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from cardavia._core import (
    Card,
    Rng,
    holdem_combo_index,
    holdem_hand_strengths,
    holdem_narrow_ranges,
    holdem_search_values,
)
from cardavia.agents.base import Hint, RunningMean
from cardavia.game import Action, State

__all__ = ["STRATEGY", "HoldemStrategy", "preflop_percentile", "SIZES"]

SIZES = (1 / 3, 1 / 2, 3 / 4, 1.0, 1.5)
"""Pot fractions of the search's candidate raises (besides the min raise and all-in)."""
_RUNOUTS = 24  # flop completions sampled for strengths and ranges
_WORLDS_CHUNK = 64

_PREFLOP: npt.NDArray[np.float64] | None = None


def _combo(hole: Sequence[str]) -> int:
    return holdem_combo_index(Card(hole[0]).index, Card(hole[1]).index)


def preflop_percentile(hole: Sequence[str]) -> float:
    """The share of the 1,326 combos with a lower preflop equity (ties counted half)."""
    global _PREFLOP
    if _PREFLOP is None:
        table = holdem_hand_strengths("", None, 1, 0)
        order = np.argsort(table, kind="stable")
        pct = np.empty(len(table))
        ranks = np.searchsorted(table[order], table, side="left")
        highs = np.searchsorted(table[order], table, side="right")
        pct[:] = (ranks + highs) / 2 / len(table)
        _PREFLOP = pct
    return float(_PREFLOP[_combo(hole)])


class _View:
    """A decision from the player's observation."""

    def __init__(self, state: State):
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        self.state = state
        self.obs = obs
        self.player = player
        self.hole = str(obs["hole"]).split()
        self.board = str(obs["board"]).split()
        self.stacks = [int(x) for x in obs["stacks"]]
        self.bets = [int(x) for x in obs["bets"]]
        self.pot = int(obs["pot"])
        self.level = max(self.bets)
        self.owed = self.level - self.bets[player]
        self.bb = int(state.game.options["big_blind"])
        rr = obs["raise_range"]
        self.raise_range: tuple[int, int] | None = None if rr is None else (rr[0], rr[1])
        n = len(self.stacks)
        self.folded = [bool(f) for f in obs["folded"]]
        contrib = [int(x) for x in obs["contributions"]]
        self.dealt = [self.stacks[i] + self.bets[i] + contrib[i] > 0 for i in range(n)]
        self.live = [i for i in range(n) if self.dealt[i] and not self.folded[i]]
        self.opponents = [i for i in self.live if i != player]
        behind = self.stacks[player] + self.bets[player]
        others = [self.stacks[i] + self.bets[i] for i in self.opponents]
        self.effective = min(behind, max(others)) if others else behind
        self.button = int(obs["button"])
        order = [(self.button + k) % n for k in range(n) if self.dealt[(self.button + k) % n]]
        self.seats = len(order)
        self.position = order.index(player)  # 0 button, 1 small blind, 2 big blind, ...
        self.raises = sum(
            1
            for e in obs["history"]
            if e["event"] == "action" and e["action"] in ("bet", "raise") and not self.board
        )
        self.limpers = sum(
            1
            for e in obs["history"]
            if e["event"] == "action" and e["action"] == "call" and not self.board
        )

    def to(self, fraction: float) -> int | None:
        """The exact legal raise-to nearest ``fraction`` of the pot (all-in when it would
        leave less than a third of the stack)."""
        if self.raise_range is None:
            return None
        lo, hi = self.raise_range
        target = self.level + fraction * (self.pot + self.owed)
        cap = max(lo, min(hi, self.level_cap()))
        t = max(lo, min(cap, round(target)))
        mine = self.stacks[self.player] + self.bets[self.player]
        if mine - t < (mine - self.bets[self.player]) / 3:
            t = cap
        return t

    def level_cap(self) -> int:
        """No bet beyond what the deepest opponent can match."""
        others = [self.stacks[i] + self.bets[i] for i in self.opponents]
        return max(others) if others else self.stacks[self.player] + self.bets[self.player]

    def all_in(self) -> int | None:
        if self.raise_range is None:
            return None
        lo, hi = self.raise_range
        return max(lo, min(hi, self.level_cap()))

    def price(self) -> float:
        return self.owed / (self.pot + self.owed) if self.owed else 0.0


def _find(legal: Sequence[Action], kind: str) -> Action | None:
    for a in legal:
        if a.kind == kind:
            return a
    return None


def _raise(state: State, v: _View, to: int) -> Action:
    return state.parse_action(f"{'raise' if v.level > 0 else 'bet'} to {to}")


def _open_fraction(v: _View) -> float:
    if v.seats == 2:
        return 0.7 if v.position == 0 else 0.45
    if v.position == 0:
        return 0.40
    if v.position == 1:
        return 0.35
    if v.position == 2:
        return 0.30
    from_button = v.seats - v.position  # 1 cutoff, 2 hijack, ...
    return {1: 0.27, 2: 0.20}.get(from_button, 0.15)


def equity(v: _View, seed: int = 0) -> float:
    """The hand's equity against every live opponent's narrowed range (their product)."""
    if not v.board:
        return preflop_percentile(v.hole)
    hand = v.state.hand  # type: ignore[attr-defined]
    ranges, _random = holdem_narrow_ranges(hand, v.player, _RUNOUTS, seed)
    combo = _combo(v.hole)
    e = 1.0
    for opp in v.opponents:
        s = holdem_hand_strengths(" ".join(v.board), list(ranges[opp]), _RUNOUTS, seed)
        e *= float(s[combo])
    return e


class HoldemStrategy:
    search_policy = "greedy"

    # ---- the rule strategy ---------------------------------------------------------------

    def choose(self, state: State, rng: Rng) -> Action:
        v = _View(state)
        legal = state.legal_actions()
        if not v.board:
            return self._preflop(state, v, legal)
        return self._postflop(state, v, legal, equity(v), rng)

    def _preflop(self, state: State, v: _View, legal: Sequence[Action]) -> Action:
        q = preflop_percentile(v.hole)
        passive = _find(legal, "check") or _find(legal, "call")
        assert passive is not None
        fold = _find(legal, "fold")
        give_up = fold or passive
        short = v.effective <= 12 * v.bb
        if short:
            if v.owed and v.level >= v.effective:  # facing an all-in
                return passive if q >= 0.90 else give_up
            if q >= 0.80:
                to = v.all_in()
                return passive if to is None else _raise(state, v, to)
            return passive if fold is None else fold
        opening = _open_fraction(v)
        if v.raises == 0:
            if q >= 1 - opening:
                if v.raise_range is None:
                    return passive
                lo, hi = v.raise_range
                to = max(lo, min(hi, (5 * v.bb) // 2 + v.limpers * v.bb))
                return _raise(state, v, to)
            return passive if fold is None else fold
        if v.raises == 1:
            if q >= 0.96 and v.raise_range is not None:
                lo, hi = v.raise_range
                return _raise(state, v, max(lo, min(hi, 3 * v.level)))
            if q >= 1 - opening / 2 and v.price() <= 1 / 3:
                return passive
            return give_up
        if q >= 0.975:
            to = v.all_in()
            return passive if to is None else _raise(state, v, to)
        return passive if q >= 0.95 else give_up

    def _postflop(
        self, state: State, v: _View, legal: Sequence[Action], e: float, rng: Rng
    ) -> Action:
        passive = _find(legal, "check") or _find(legal, "call")
        assert passive is not None
        fold = _find(legal, "fold")
        if v.owed == 0:
            to = None
            if e >= 0.75:
                to = v.to(2 / 3)
            elif (
                e >= 0.6
                and len(v.opponents) <= 2
                or (
                    len(v.opponents) == 1
                    and len(v.board) < 5
                    and 0.35 <= e < 0.5
                    and rng.below(6) == 0
                )
            ):
                to = v.to(0.5)
            return passive if to is None else _raise(state, v, to)
        if e >= 0.85 and v.raise_range is not None:
            to = v.to(1.0)
            assert to is not None
            return _raise(state, v, to)
        if e >= v.price() + 0.05 or fold is None:
            return passive
        return fold

    def describe(self, state: State, action: Action) -> str:
        v = _View(state)
        what = {"fold": "folds", "check": "checks", "call": f"calls {v.owed}"}.get(action.kind)
        if what is None:
            to = int(action.amount or 0)
            frac = (to - v.level) / max(1, v.pot + v.owed)
            size = "all-in" if to >= v.stacks[v.player] + v.bets[v.player] else f"{frac:.2g} pot"
            what = f"{action.kind}s to {to} ({size})"
        if not v.board:
            return f"{what}; {' '.join(v.hole)} is in the top {1 - preflop_percentile(v.hole):.0%}"
        odds = f", needs {v.price():.0%}" if v.owed else ""
        return f"{what} into {v.pot}; pot odds{odds}" if v.owed else f"{what} into {v.pot}"

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Fold, check or call, then the raise sizes of the module documentation and any other
        listed action."""
        v = _View(state)
        legal = state.legal_actions()
        out: list[Action] = []
        for kind in ("fold", "check", "call"):
            a = _find(legal, kind)
            if a is not None:
                out.append(a)
        if v.raise_range is not None:
            lo, hi = v.raise_range
            cap = max(lo, min(hi, v.level_cap()))
            amounts = [lo] + [
                max(lo, min(cap, round(v.level + f * (v.pot + v.owed)))) for f in SIZES
            ]
            amounts.append(cap)
            for t in sorted(set(amounts)):
                out.append(_raise(state, v, t))
        for a in legal:  # the listing's own sizes too (e.g. an all-in beyond the cap)
            if a not in out:
                out.append(a)
        return [(a,) for a in out]

    # ---- the search ----------------------------------------------------------------------

    def _evaluate(
        self, state: State, seconds: float | None, iterations: int | None, seed: int
    ) -> tuple[list[Action], npt.NDArray[np.float64], list[float], _View]:
        """The candidates (the rule strategy's choice among them) and one row per world:
        chips after each candidate, then the showdown equity."""
        v = _View(state)
        lines = self.candidates(state)
        assert lines is not None
        cands = [a for (a,) in lines]
        rule = self.choose(state, Rng(seed))
        if rule not in cands:
            cands.append(rule)
        hand = state.hand  # type: ignore[attr-defined]
        ranges, random_kind = holdem_narrow_ranges(hand, v.player, _RUNOUTS, seed)
        spec = [(a.kind, a.amount if a.kind in ("bet", "raise") else None) for a in cands]
        deadline = None if seconds is None else time.perf_counter() + 0.85 * seconds
        budget_worlds = None if iterations is None else max(1, math.ceil(iterations / len(cands)))
        blocks = []
        done = 0
        while True:
            if budget_worlds is not None:
                n = min(_WORLDS_CHUNK, budget_worlds - done)
                if n <= 0:
                    break
            else:
                assert deadline is not None
                if done and time.perf_counter() >= deadline:
                    break
                n = _WORLDS_CHUNK if done else 16
            blocks.append(
                holdem_search_values(hand, v.player, ranges, spec, "greedy", done, n, seed, 1)
            )
            done += n
        return cands, np.vstack(blocks), random_kind, v

    def search(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int,
        config: object = None,
    ) -> list[Hint]:
        cands, rows, random_kind, v = self._evaluate(state, seconds, iterations, seed)
        note = f"equity {rows[:, -1].mean():.0%} against the ranges"
        if v.opponents:
            loose = max(random_kind[i] for i in v.opponents)
            if loose > 0.5:
                note += f" (an opponent plays at random with chance {loose:.0%})"
        hints = []
        for k, a in enumerate(cands):
            stat = RunningMean()
            stat.add_many(rows[:, k])
            hints.append(
                Hint(
                    action=a,
                    value=stat.mean,
                    interval=stat.half_width,
                    samples=stat.n,
                    reason=f"{self.describe(state, a)}; {note}; {stat.mean:+.1f} chips",
                )
            )
        order = sorted(range(len(hints)), key=lambda k: (-hints[k].value, k))
        return [hints[k] for k in order]

    def search_act(
        self, state: State, *, seconds: float | None, iterations: int | None, seed: int
    ) -> Action:
        """The best candidate when it beats the rule strategy's choice significantly (its
        mean difference over the same worlds above 1.96 standard errors), else that choice."""
        cands, rows, _random, _v = self._evaluate(state, seconds, iterations, seed)
        rule = cands.index(self.choose(state, Rng(seed)))
        means = rows[:, :-1].mean(axis=0)
        best = int(np.argmax(means))
        if best == rule or len(rows) < 2:
            return cands[rule]
        diff = rows[:, best] - rows[:, rule]
        se = float(diff.std(ddof=1)) / math.sqrt(len(diff))
        return cands[best] if float(diff.mean()) > 1.96 * se else cands[rule]


STRATEGY = HoldemStrategy()
