"""One Poker: a rule strategy (the HeuristicAgent) and an equilibrium by CFR+ (the search).

Both read only what the player may see (OP-3.11, OP-6.6): his own two cards and lock, both
public UP/DOWN signals (OP-3.6), the stacks, the pot and the betting so far.

**The rule strategy** ("lock the best card, bet by strength"):

* *Opponent model.* Each of the opponent's two cards is a uniform rank of the group his signal
  names (UP = 8..A, DOWN = 2..7, OP-3.6), and he locks the higher of the two by the plain order
  (OP-2.2). Against that distribution of his locked rank, a rank's *strength* is its chance to
  win plus half its chance to tie (OP-2.5: 2 beats A, so a 2 is worth something only against
  an opponent who may lock an ace).
* *Lock* (OP-3.7): the card of higher strength (the higher rank on equal strength).
* *Not facing a bet* (check or bet): strength ≥ 0.75 bets the pot, ≥ 0.6 bets half the pot;
  below 0.2 it bluffs half the pot one time in eight (the rng decides); otherwise it checks.
* *Facing a bet* (fold, call or raise): the price is ``owed / (pot + owed)``. Strength ≥ 0.85
  raises the pot (all-in with a short stack); strength ≥ price + 0.1 calls; otherwise it folds.
* *Stack depth.* With at most 3 antes behind (effective stack) every bet is all-in and it
  pushes or calls with strength ≥ 0.55.
* Amounts are exact legal chip counts: ``H + f × (pot + owed)`` clamped to the legal raise
  range (OP-4.5), the opponent's all-in level capping it (chips beyond it would come back,
  OP-4.9).

**The search** (``SearchAgent`` and :func:`cardavia.recommend`) plays a solve of the deal
computed by CFR+ in Rust (``cardavia_core::search::cfr``, documented there) over this
abstraction: ranks as 13 buckets (suits never matter, OP-2.4), the two players' UP counts,
the effective depth in antes (exact up to 24 antes, a geometric grid beyond), and bet sizes of
min raise, ½, 1, 1½, 2½ × (pot + owed) and all-in (at most four bets and raises). The shoe's
card removal and the cards seen in earlier deals are left out (each card is uniform in its
group). Two things make the played solve more than the deal's chip equilibrium, both for the
match (OP-6.1: the match is won by taking all 40 chips, not by chips per deal):

* *A restricted Nash response* (:data:`BLIND`, 2%): each player's strategy is the best one
  against an opponent who, with chance 2%, is *card-blind* — locks either card and takes each
  action the game lists (fold, check or call, min raise, half pot, pot, all-in) with equal
  chance whatever his cards — and otherwise plays anything at all (the solve's other side).
  Against an equilibrium player it gives up little (exploitability 0.05 ante per deal at 19
  antes deep, ¼% of the stack, against 0.001 for the equilibrium), against an opponent whose
  bets say nothing about his card it stops bluffing into calls and calling all-ins with a 2
  (it wins about 0.7 ante per deal more against the card-blind player).
* *Match equity, not chips* (:func:`risk_aversion`). A player with an edge of ``mu`` antes per
  deal (variance ``var``) wins the match from a stack of ``s`` with chance close to the
  gambler's-ruin curve ``(1 - e^(-θs)) / (1 - e^(-40θ))``, ``θ = 2 mu / var``; a deal's result
  ``x`` then changes that chance by a positive factor times ``u(x) = (1 - e^(-θx)) / θ``, the
  same ``u`` whatever the stacks, and the opponent's chance is the complement, so the deal is
  solved as a zero-sum game with payoff ``u`` (the leader risk-averse, the trailer
  risk-seeking). The edge is estimated from the match so far as seen by the player — his net
  chips over the deals played, shrunk toward no edge by :data:`PRIOR_DEALS` deals — with
  :data:`DEAL_VARIANCE` antes² per deal, and θ is taken to the nearest of :data:`RISK_GRID`. In
  deal 1 and in an even match θ is 0 and the payoff is chips; ahead, the player declines
  coin-flips for the match that chips would accept, and behind he seeks them. Hint values are
  then certainty equivalents: the chips whose utility is the action's expected utility (a
  fold's value stays exactly the chips given up).

A solve (1,500 iterations: the plain equilibrium's exploitability is about 0.001 ante per deal
at 19 antes deep, ``benches/strength_one_poker.py --exploitability``) takes well under a
second at first use of a depth, signal pair and risk and is cached for the process; it is
deterministic, so the same position always gets the same hints. Hints rank every legal
action (the listing plus the abstract sizes mapped to exact amounts) by the solve's value in
chips of the abstract action it stands for (a real raise maps to the abstract size nearest in
ratio); the reason gives the solve's frequency. The agent samples the solve's mixed betting action
from its seed, and its lock likewise, with one look ahead: the unlocked card is kept for the
next deal (OP-3.4), so when the two cards would end every showdown alike against any card the
opponent's signal allows (a king and a queen against two DOWN cards), it locks the one that
keeps the more valuable card (:func:`carry_values`: the equilibrium value of a deal holding
that rank, at the match's starting depth; an ace kept is worth about 1.4 antes more than a
3), and the lock hints are ranked by this deal's value plus the kept card's. The hint's
``value`` stays this deal's result (the unit of ``returns()``); its reason gives the kept
card's worth. (Locking the weaker card more often than the equilibrium does, whenever its
equilibrium value is as high, measured far worse: it leans on opponents folding as an
equilibrium player would.) A betting history the abstraction cannot follow (more raises than
it models) falls back to the rule strategy, valued by it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from cardavia._core import (
    Rng,
    one_poker_cfr_bet,
    one_poker_cfr_depth,
    one_poker_cfr_lock,
)
from cardavia.agents.base import Hint
from cardavia.agents.strategies.one_poker_carry import STORED_CARRY
from cardavia.errors import CardaviaError
from cardavia.game import Action, State

__all__ = [
    "STRATEGY",
    "OnePokerStrategy",
    "ITERATIONS",
    "rank_index",
    "risk_aversion",
    "strength",
]
RISK = True
"""Whether the played solve uses the match-equity payoff (the default)."""

RANKS = "23456789TJQKA"
FIRST_UP = 6  # rank index of 8 (OP-3.6)
ITERATIONS = 1500
"""CFR+ iterations of the solves the search plays."""
BLIND = 2
"""Weight in percent of the card-blind opponent the played solve also answers (a restricted
Nash response; 0 is the plain equilibrium). See the module documentation."""
DEAL_VARIANCE = 20.0
"""Variance (antes²) of one deal's result assumed by the match-equity payoff."""
PRIOR_DEALS = 10
"""Deals of zero edge the estimate of the edge starts from (shrinkage)."""
RISK_GRID = (0, 10, 20, 40, 80, 160)
"""Risk aversions (thousandths per ante) the solves use; the estimate goes to the nearest."""


def risk_aversion(won: float, deals: int) -> int:
    """The risk aversion θ (thousandths per ante, on :data:`RISK_GRID`) of a player who has
    won ``won`` antes net over ``deals`` deals: the edge ``mu = won / (deals + PRIOR_DEALS)``
    antes per deal, ``θ = 2 mu / DEAL_VARIANCE`` (gambler's ruin), negative when behind."""
    mu = won / (deals + PRIOR_DEALS)
    theta = 2000.0 * mu / DEAL_VARIANCE
    best = min(RISK_GRID, key=lambda g: abs(abs(theta) - g))
    return best if theta >= 0 else -best


def certainty_equivalent(value: float, theta: float) -> float:
    """The chip result (antes) whose exponential utility is ``value``."""
    if theta == 0:
        return value
    return -math.log(max(1e-12, 1.0 - theta * value)) / theta


def rank_index(card: str) -> int:
    """0 for a 2 .. 12 for an ace."""
    return RANKS.index(card[0])


def _beats(r: int, s: int) -> float:
    """+1, 0 or -1: locked rank ``r`` against ``s`` (OP-2.5: 2 beats A)."""
    if r == s:
        return 0.0
    if {r, s} == {0, 12}:
        return 1.0 if r == 0 else -1.0
    return 1.0 if r > s else -1.0


def _higher_lock(up: int) -> list[float]:
    """The rule model's distribution of a player's locked rank given his UP count."""
    low, high = list(range(FIRST_UP)), list(range(FIRST_UP, 13))
    a, b = {0: (low, low), 1: (low, high), 2: (high, high)}[up]
    out = [0.0] * 13
    each = 1.0 / (len(a) * len(b))
    for x in a:
        for y in b:
            out[max(x, y)] += each
    return out


_LOCKED = [_higher_lock(u) for u in range(3)]


def strength(rank: int, opponent_up: int) -> float:
    """Chance to win plus half the chance to tie against the rule model's lock."""
    return sum(p * (1.0 + _beats(rank, s)) / 2.0 for s, p in enumerate(_LOCKED[opponent_up]))


_P_UP = 7 / 13  # chance a card is UP (8..A) in a full shoe
_CARRY: dict[float, list[float]] = {}


def compute_carry_values(depth: float) -> list[float]:
    """Per rank, the equilibrium value in antes of a deal in which the player holds that rank
    and draws a uniform rank, at effective depth ``depth``: either position equally, the
    opponent's UP count binomial (each card UP with chance 7/13), the better lock taken. The
    difference between two ranks is what carrying one instead of the other into the next deal
    is worth (OP-3.4: the unlocked card is kept). Solves nine deals (one per UP-count pair):
    about 3 s of CPU at :data:`ITERATIONS`."""
    p_up = [(1 - _P_UP) ** 2, 2 * _P_UP * (1 - _P_UP), _P_UP**2]
    out = []
    for h in range(13):
        total = 0.0
        for x in range(13):
            mine = int(h >= FIRST_UP) + int(x >= FIRST_UP)
            for u in range(3):
                for role in (0, 1):
                    ups = (mine, u) if role == 0 else (u, mine)
                    _p, (vh, vx) = one_poker_cfr_lock(depth, ups, role, h, x, ITERATIONS, BLIND)
                    total += p_up[u] * 0.5 * max(vh, vx) / 13
        out.append(total)
    return out


def carry_values(depth: float) -> list[float]:
    """:func:`compute_carry_values`, taken from the table stored for the default match
    (:mod:`cardavia.agents.strategies.one_poker_carry`, generated from the same solve and
    checked against it by the tests) when it has this depth, else computed once per depth
    and cached: the stored table keeps the first tied lock of a process from waiting for nine
    solves."""
    found = _CARRY.get(depth)
    if found is not None:
        return found
    stored = STORED_CARRY.get((depth, ITERATIONS, BLIND))
    out = list(stored) if stored is not None else compute_carry_values(depth)
    _CARRY[depth] = out
    return out


def _card_of(action: Action) -> str:
    return str(action).split()[-1]


class _View:
    """The facts of a decision, from the player's observation only."""

    def __init__(self, state: State):
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        self.state = state
        self.obs = obs
        self.player = player
        self.opponent = 1 - player
        self.first = int(obs["first_player"])
        self.role = 0 if player == self.first else 1
        sig = obs["signals"]
        self.ups = (int(sig[self.first][0]), int(sig[1 - self.first][0]))
        self.opponent_up = int(sig[self.opponent][0])
        self.ante = int(state.game.options["ante"])
        stacks, bets = obs["stacks"], obs["bets"]
        self.levels = [int(stacks[i]) + int(bets[i]) for i in range(2)]
        self.depth = min(self.levels) / self.ante  # effective antes behind
        self.pot = int(obs["pot"])
        self.level = max(int(b) for b in bets)
        self.owed = self.level - int(bets[player])
        self.raise_range: tuple[int, int] | None = (
            None if obs["raise_range"] is None else (obs["raise_range"][0], obs["raise_range"][1])
        )
        self.hand = str(obs["hand"]).split()
        self.locked = obs["locked"]
        start = int(state.game.options["stack"]) / self.ante
        mine = (int(stacks[player]) + int(bets[player]) + int(obs["antes"][player])) / self.ante
        self.risk = risk_aversion(mine - start, int(obs["deal_number"]) - 1) if RISK else 0
        # The solve's risk is the first player's (the second's is its opposite).
        self.first_risk = self.risk if self.role == 0 else -self.risk

    def amount(self, fraction: float) -> int | None:
        """The legal raise-to nearest ``H + fraction × (pot + owed)``, capped at the
        opponent's all-in level (None when raising is not legal)."""
        if self.raise_range is None:
            return None
        lo, hi = self.raise_range
        cap = max(lo, min(hi, self.levels[self.opponent]))
        target = round(self.level + fraction * (self.pot + self.owed))
        return max(lo, min(cap, target))

    def all_in(self) -> int | None:
        """Raise-to all-in (the opponent's all-in level when he has less)."""
        if self.raise_range is None:
            return None
        lo, hi = self.raise_range
        return max(lo, min(hi, self.levels[self.opponent]))

    def history(self) -> list[tuple[str, float]]:
        out = []
        for e in self.obs["history"]:
            if e["event"] == "action":
                to = float(e.get("to") or 0) / self.ante
                out.append((str(e["action"]), to))
        return out


def _find(legal: Sequence[Action], kind: str, amount: int | None = None) -> Action | None:
    for a in legal:
        if a.kind == kind and (amount is None or a.amount == amount):
            return a
    return None


def _raise_action(state: State, v: _View, to: int) -> Action:
    kind = "raise" if v.level > 0 else "bet"
    return state.parse_action(f"{kind} to {to}")


class OnePokerStrategy:
    search_policy = "greedy"

    # ---- the rule strategy -------------------------------------------------------------

    def choose(self, state: State, rng: Rng) -> Action:
        v = _View(state)
        legal = state.legal_actions()
        if v.obs["phase"] == "lock":
            return self._lock(v, legal)
        return self._bet(state, v, legal, rng)

    def _lock(self, v: _View, legal: Sequence[Action]) -> Action:
        def key(a: Action) -> tuple[float, int]:
            r = rank_index(_card_of(a))
            return (strength(r, v.opponent_up), r)

        return max(legal, key=key)

    def _bet(self, state: State, v: _View, legal: Sequence[Action], rng: Rng) -> Action:
        s = strength(rank_index(str(v.locked)), v.opponent_up)
        passive = _find(legal, "check") or _find(legal, "call")
        assert passive is not None
        fold = _find(legal, "fold")
        short = v.depth <= 3
        if fold is None:  # nothing owed: check or bet
            if short:
                to = v.all_in() if s >= 0.55 else None
            elif s >= 0.75:
                to = v.amount(1.0)
            elif s >= 0.6 or (s < 0.2 and rng.below(8) == 0):
                to = v.amount(0.5)
            else:
                to = None
            return passive if to is None else _raise_action(state, v, to)
        price = v.owed / (v.pot + v.owed)
        if s >= 0.85 and v.raise_range is not None:
            to = v.all_in() if short else v.amount(1.0)
            assert to is not None
            return _raise_action(state, v, to)
        need = max(0.55, price + 0.1) if short else price + 0.1
        return passive if s >= need else fold

    def describe(self, state: State, action: Action) -> str:
        v = _View(state)
        if action.kind == "lock":
            r = rank_index(_card_of(action))
            return (
                f"locks {_card_of(action)}: wins {strength(r, v.opponent_up):.0%} against "
                f"the higher card of an opponent with {v.opponent_up} UP"
            )
        s = strength(rank_index(str(v.locked)), v.opponent_up)
        pot = f"pot {v.pot}"
        if action.kind == "fold":
            return f"folds {v.locked} (strength {s:.0%}) rather than pay {v.owed} into the {pot}"
        if action.kind == "check":
            return f"checks {v.locked} (strength {s:.0%})"
        if action.kind == "call":
            price = v.owed / (v.pot + v.owed)
            return f"calls {v.owed} into the {pot} with {v.locked}: needs {price:.0%}, has {s:.0%}"
        to = int(action.amount or 0)
        all_in = to >= min(v.levels)
        size = "all-in" if all_in else f"{(to - v.level) / max(1, v.pot + v.owed):.2g} pot"
        return f"{action.kind}s to {to} ({size}) with {v.locked} (strength {s:.0%})"

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        return None

    # ---- the equilibrium search ----------------------------------------------------------

    def _policy(self, state: State) -> tuple[list[Action], list[float], list[float], str] | None:
        """The equilibrium's actions (exact legal actions), probabilities and values in chips,
        and a note; None when the abstraction cannot follow the betting."""
        v = _View(state)
        theta = v.risk / 1000.0
        chips = v.ante * (v.depth / max(1, one_poker_cfr_depth(v.depth, v.ups)))
        if v.depth == 0:
            chips = float(v.ante)
        if v.obs["phase"] == "lock":
            a, b = v.hand
            (pa, pb), (va, vb) = one_poker_cfr_lock(
                v.depth,
                v.ups,
                v.role,
                rank_index(a),
                rank_index(b),
                ITERATIONS,
                BLIND,
                v.first_risk,
            )
            va, vb = certainty_equivalent(va, theta), certainty_equivalent(vb, theta)
            legal = state.legal_actions()
            locks = [_find_lock(legal, a), _find_lock(legal, b)]
            if locks[0] == locks[1]:
                return [locks[0]], [1.0], [va * chips], "a pair"
            return locks, [pa, pb], [va * chips, vb * chips], ""

        bucket = one_poker_cfr_depth(v.depth, v.ups)
        scale = bucket / v.depth if v.depth > 0 else 1.0
        try:
            rows = one_poker_cfr_bet(
                v.depth,
                v.ups,
                v.role,
                rank_index(str(v.locked)),
                v.history(),
                scale,
                ITERATIONS,
                BLIND,
                v.first_risk,
            )
        except CardaviaError:
            return None
        acts: list[Action] = []
        probs: list[float] = []
        values: list[float] = []
        legal = state.legal_actions()
        for kind, to, p, value in rows:
            value = certainty_equivalent(value, theta)
            if kind == "raise":
                if v.raise_range is None:
                    continue
                if to >= bucket:
                    real = v.all_in()
                else:
                    lo, hi = v.raise_range
                    cap = max(lo, min(hi, v.levels[v.opponent]))
                    real = max(lo, min(cap, round(to * v.ante / scale)))
                assert real is not None
                act = _raise_action(state, v, real)
            else:
                found = _find(legal, kind)
                if found is None:
                    continue
                act = found
            if act in acts:
                k = acts.index(act)
                probs[k] += p
                values[k] = max(values[k], value * chips)
                continue
            acts.append(act)
            probs.append(p)
            values.append(value * chips)
        return acts, probs, values, ""

    def lock_carry(self, state: State) -> dict[Action, float]:
        """Per lock action, the value in chips of the card it leaves held for the next deal
        (:func:`carry_values` at the match's starting depth), when the two cards end every
        showdown the same way against any card the opponent's signal allows (both beat, or
        both lose to, each such rank); otherwise empty."""
        v = _View(state)
        ranks = [rank_index(c) for c in v.hand]
        u = v.opponent_up
        possible = range(FIRST_UP) if u == 0 else range(FIRST_UP, 13) if u == 2 else range(13)
        if any(_beats(ranks[0], r) != _beats(ranks[1], r) for r in possible):
            return {}  # the locks differ at some showdown: the equilibrium decides
        start = int(state.game.options["stack"]) / v.ante - 1
        table = carry_values(float(one_poker_cfr_depth(start, (1, 1))))
        legal = state.legal_actions()
        out = {}
        for card in v.hand:
            held = [c for c in v.hand if c != card] or [card]
            out[_find_lock(legal, card)] = table[rank_index(held[0])] * v.ante
        return out

    def search(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int,
        config: object = None,
    ) -> list[Hint]:
        """Every legal action valued by the equilibrium (see the module documentation)."""
        policy = self._policy(state)
        legal = state.legal_actions()
        if policy is None:
            return self._rule_hints(state, legal)
        acts, probs, values, note = policy
        carry = self.lock_carry(state) if v_phase(state) == "lock" else {}
        extra = [a for a in acts if a not in legal]
        everything = list(legal) + extra
        ranked: list[tuple[Hint, float]] = []
        for a in everything:
            if a in acts:
                k = acts.index(a)
                value, prob, mapped = values[k], probs[k], ""
            else:
                k = self._nearest(a, acts)
                value, prob, mapped = values[k], 0.0, f" (valued as {acts[k]})"
            why = self.describe(state, a)
            freq = f"equilibrium plays it {prob:.0%}" if not note else f"{note}: either lock"
            if a in carry:
                freq += f"; the card kept is worth {carry[a]:+.2f} chips next deal"
            hint = Hint(
                action=a,
                value=value,
                interval=0.0,
                samples=ITERATIONS,
                reason=f"{why}; {freq}{mapped}",
            )
            ranked.append((hint, prob))

        def key(i: int) -> tuple[float, float, int]:
            hint = ranked[i][0]
            return (-(hint.value + carry.get(hint.action, 0.0)), -ranked[i][1], i)

        order = sorted(range(len(ranked)), key=key)
        return [ranked[i][0] for i in order]

    def _nearest(self, action: Action, acts: list[Action]) -> int:
        if action.kind in ("bet", "raise"):
            raises = [k for k, a in enumerate(acts) if a.kind in ("bet", "raise")]
            if raises:
                to = float(action.amount or 1)
                return min(
                    raises, key=lambda k: abs(math.log(to) - math.log(float(acts[k].amount or 1)))
                )
        for k, a in enumerate(acts):
            if a.kind in ("check", "call") and action.kind in ("check", "call", "bet", "raise"):
                return k
        return 0

    def _rule_hints(self, state: State, legal: Sequence[Action]) -> list[Hint]:
        rng = Rng(0)
        pick = self.choose(state, rng)
        out = [
            Hint(
                action=a,
                value=0.0,
                interval=0.0,
                samples=0,
                reason=f"{self.describe(state, a)}; beyond the abstraction: the rule strategy"
                + (" plays it" if a == pick else " does not"),
            )
            for a in legal
        ]
        out.sort(key=lambda h: h.action != pick)
        return out

    def search_act(
        self, state: State, *, seconds: float | None, iterations: int | None, seed: int
    ) -> Action:
        """The equilibrium's mixed action, sampled from ``seed``; at the lock, the card whose
        value this deal plus the held card's value next deal is higher."""
        policy = self._policy(state)
        rng = Rng(seed)
        if policy is None:
            return self.choose(state, rng)
        acts, probs, values, _note = policy
        carry = self.lock_carry(state) if v_phase(state) == "lock" and len(acts) == 2 else {}
        if carry:
            totals = [values[k] + carry[acts[k]] for k in range(2)]
            return acts[0] if totals[0] >= totals[1] else acts[1]
        total = sum(probs)
        if total <= 0:
            return acts[0]
        u = rng.random() * total
        acc = 0.0
        for a, p in zip(acts, probs, strict=True):
            acc += p
            if u < acc:
                return a
        return acts[-1]


def v_phase(state: State) -> str:
    return str(state.phase)  # type: ignore[attr-defined]


def _find_lock(legal: Sequence[Action], card: str) -> Action:
    for a in legal:
        if _card_of(a) == card:
            return a
    # The same card twice (both copies of the shoe, OP-1.2): one lock action.
    return legal[0]


def lock_probabilities(state: State) -> dict[str, Any]:
    """The equilibrium's lock (or betting) frequencies at the current decision, by action
    text (for display and tests)."""
    policy = STRATEGY._policy(state)
    if policy is None:
        return {}
    acts, probs, _values, _note = policy
    return {str(a): p for a, p in zip(acts, probs, strict=True)}


STRATEGY = OnePokerStrategy()
