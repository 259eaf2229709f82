"""A seeded soak of all ten games: many random deals, checked for conservation and consistency.

Issue 18 ("Soak and memory in CI"). For every game, ``--deals`` seeded random deals (default
10,000) are each played out in Rust and checked; a sample of ``--protocol-deals`` of them is
also played action by action through the Python protocol with every position checked:

Every deal (Rust playouts, fast)
    * the whole deal from its first decision, settled: returns finite, one per seat, summing to
      zero where the game declares itself zero-sum (``Game.zero_sum``);
    * the card play of the same deal (reached by a seeded random walk through the auction,
      declaration or dealing prompts where the game has one) played out by the game's own Rust
      ``playouts``, with what that records checked for conservation: Bridge 13 tricks, 52
      distinct cards captured; Tractor 200 points between the tricks and the kitty; 5-10-K every
      card of the two packs once (hands, captures, kitty) and 200 points; the climbing games'
      hands disjoint and every finisher out of cards; Guandan a full finishing order;
      Hold'em and One Poker chips conserved to the chip (returns sum to zero); Smear no points
      on a passed-out deal.

Sampled deals (Python protocol, thorough)
    * at every visited position: ``legal_action_ids()`` has no id twice, every listed action's
      id is among them and maps back to that action;
    * every ``--mask-every``-th position: ``legal_action_mask()`` marks exactly those ids;
    * every ``--leak-every``-th position: for one seat, the hidden cards are redealt
      (``resample``, a uniformly random permutation of what that seat cannot see) and the
      seat's observation must be unchanged (nothing hidden leaks into it);
    * at the end: a settlement, zero-sum where declared, chips/tricks conserved in the
      settlement, and the record replays (``state_from_json``) to the same record.

Everything is seeded (``--seed``): the same command gives the same deals and the same digest,
printed at the end. The exit status is 1 if any check failed (each problem is printed with
the game and deal seed that shows it). Run it with ``python benches/soak.py`` (CI: ``.ci/run``);
``--deals 500 --protocol-deals 20`` is a quick look.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import cardavia
from cardavia import CardBag, CardSet, Rng
from cardavia.game import Game, State
from cardavia.games.climbing import derive_seed

TWO_PACKS = CardBag.two_packs(jokers=True)
FTK_POINTS = {"5": 5, "T": 10, "K": 10}


@dataclass
class GameReport:
    """What the soak did and found for one game."""

    game: str
    deals: int = 0
    rust_playouts: int = 0
    protocol_deals: int = 0
    positions: int = 0
    mask_checks: int = 0
    leak_checks: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    digest: Any = field(default_factory=hashlib.sha256, repr=False)

    def problem(self, seed: int, what: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(f"{self.game} deal seed {seed}: {what}")

    def line(self) -> str:
        status = "ok" if not self.problems else f"{len(self.problems)} PROBLEM(S)"
        return (
            f"{self.game:14s} {self.deals:>7,} deals {self.rust_playouts:>7,} Rust playouts "
            f"{self.protocol_deals:>5,} protocol deals {self.positions:>8,} positions "
            f"{self.mask_checks:>6,} masks {self.leak_checks:>6,} leak checks "
            f"{self.seconds:6.1f} s  {status}"
        )


# ---------------------------------------------------------------------------------------------
# The card-play table of a state and the conservation checks of its Rust playouts


def _walk(state: State, rng: Rng, done: Callable[[State], bool]) -> State:
    """Random legal actions until ``done(state)`` or the end of the deal."""
    while not done(state) and not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    return state


def _ftk_points(bag: CardBag) -> int:
    return sum(FTK_POINTS.get(str(c)[0], 0) for c in bag.cards())


def _check_climbing(state: State, report: GameReport, seed: int) -> int:
    table = state._table
    n = state.game.num_players
    hands = [table.hand(p) for p in range(n)]
    sizes = [len(h) for h in hands]
    union = CardSet()
    for h in hands:
        union = union | h
    if len(union) != sum(sizes):
        report.problem(seed, f"hands share a card at the start of play: {hands}")
    out = table.playouts(4, "random", seed, 1)
    for k in range(4):
        order = [int(p) for p in out["finish_order"][k] if p >= 0]
        left = [int(c) for c in out["cards_left"][k]]
        if len(set(order)) != len(order) or not order:
            report.problem(seed, f"finishing order {order}")
        for p in range(n):
            if left[p] > sizes[p] or ((left[p] == 0) != (p in order)):
                report.problem(seed, f"seat {p}: {left[p]} cards left of {sizes[p]}, {order}")
    return 4


def _check_guandan(state: State, report: GameReport, seed: int) -> int:
    out = state._table.playouts(4, "random", seed, 1)
    for order in out["order"]:
        if sorted(order.tolist()) != [0, 1, 2, 3]:
            report.problem(seed, f"finishing order {order.tolist()}")
    return 4


def _check_bridge(state: State, report: GameReport, seed: int) -> int:
    out = state._deal.playouts(4, seed, 1)
    for k in range(4):
        if out["level"][k] < 0:  # passed out: no play
            continue
        tricks = int(out["tricks_won"][k].sum())
        captured = int(out["cards_captured"][k].sum())
        if tricks != 13 or captured != 52 or int(out["distinct_cards"][k]) != 52:
            report.problem(seed, f"{tricks} tricks, {captured} cards captured")
    return 4


def _check_smear(state: State, report: GameReport, seed: int) -> int:
    out = state._deal.playouts(4, seed, 1)
    for k in range(4):
        if out["passed_out"][k] and int(out["points"][k].sum()) != 0:
            report.problem(seed, f"points {out['points'][k].tolist()} on a passed-out deal")
    return 4


def _check_tractor(state: State, report: GameReport, seed: int) -> int:
    out = state._table.playouts(4, seed, 1)
    totals = out["points"].sum(axis=1) + out["kitty_points"]
    if not (totals == 200).all():
        report.problem(seed, f"points of tricks + kitty: {totals.tolist()} (not 200)")
    return 4


def _check_ftk(state: State, report: GameReport, seed: int) -> int:
    table = state._table
    out = table.playouts(2, "random", seed, 1, True)
    for k in range(2):
        everything = table.kitty
        points = _ftk_points(table.kitty)
        for p in range(5):
            everything = everything + out["captured"][5 * k + p] + out["hands"][5 * k + p]
            points += _ftk_points(out["captured"][5 * k + p]) + _ftk_points(out["hands"][5 * k + p])
        if everything != TWO_PACKS or points != 200:
            report.problem(seed, f"cards not conserved ({len(everything)}) or {points} points")
    return 2


def _check_chips(state: State, report: GameReport, seed: int) -> int:
    obj = state._hand if state.game.id == "holdem" else state._deal
    out = obj.playouts(4, "random", seed, 1)
    if not np.all(np.abs(out.sum(axis=1)) < 1e-9):
        report.problem(seed, f"chips not conserved: {out.sum(axis=1).tolist()}")
    return 4


TABLES: dict[str, tuple[Callable[[State], bool], Callable[[State, GameReport, int], int]]] = {
    "doudizhu": (lambda s: s._table is not None, _check_climbing),
    "red_ten": (lambda s: s._table is not None, _check_climbing),
    "zhengshangyou": (lambda s: True, _check_climbing),
    "guandan": (lambda s: True, _check_guandan),
    "five_ten_king": (lambda s: s.phase == "play", _check_ftk),
    "tractor": (lambda s: s._table is not None, _check_tractor),
    "bridge": (lambda s: True, _check_bridge),
    "smear": (lambda s: True, _check_smear),
    "holdem": (lambda s: True, _check_chips),
    "one_poker": (lambda s: True, _check_chips),
}
"""Game id -> (has the walk reached card play?, the playout conservation check)."""


def rust_deal(game: Game[Any], seed: int, report: GameReport) -> None:
    """One deal: whole-deal playout returns from the start, then the card-play check."""
    state = game.new_state(seed=seed)
    returns = state.playout_returns(1, seed=seed)
    report.rust_playouts += 1
    report.digest.update(returns.tobytes())
    if returns.shape != (1, game.num_players) or not np.all(np.isfinite(returns)):
        report.problem(seed, f"playout returns {returns!r}")
    elif game.zero_sum and abs(float(returns.sum())) > 1e-9:
        report.problem(seed, f"returns {returns.tolist()} do not sum to zero")
    reached, check = TABLES[game.id]
    state = _walk(state, Rng(seed ^ 0x50AC), reached)
    if not state.is_terminal():
        report.rust_playouts += check(state, report, seed)


# ---------------------------------------------------------------------------------------------
# The Python protocol, position by position


def _settlement_problem(state: State) -> str | None:
    result = state.result
    if result is None:
        return "a finished deal has no result"
    gid = state.game.id
    tricks = result.get("tricks")
    if gid == "bridge" and not result["passed_out"] and tricks["ns"] + tricks["ew"] != 13:
        return f"tricks {tricks}"
    if gid == "holdem":
        options = state.game.options
        if sum(result["stacks"]) != options["players"] * options["stack"]:
            return f"stacks {result['stacks']}"
        if sum(result["net"]) != 0:
            return f"net {result['net']}"
    if gid == "one_poker" and sum(result["net"]) != 0:
        return f"net {result['net']}"
    if gid == "guandan" and sorted(result["order"]) != [0, 1, 2, 3]:
        return f"order {result['order']}"
    if gid == "tractor" and not 0 <= result["trick_points"] <= 200:
        return f"trick points {result['trick_points']}"
    return None


def protocol_deal(
    game: Game[Any], seed: int, report: GameReport, mask_every: int, leak_every: int
) -> None:
    """One deal through the Python protocol with the checks of every position."""
    state = game.new_state(seed=seed)
    rng = Rng(seed ^ 0x9E37)
    position = 0
    while not state.is_terminal():
        ids = list(state.legal_action_ids())
        actions = state.legal_actions()
        report.positions += 1
        if len(set(ids)) != len(ids):
            report.problem(seed, f"position {position}: an id listed twice in {ids}")
        listed = [state.action_id(a) for a in actions]
        if len(set(listed)) != len(listed) or not set(listed) <= set(ids):
            report.problem(seed, f"position {position}: actions {actions} have ids {listed}")
        if position % mask_every == 0:
            report.mask_checks += 1
            mask = state.legal_action_mask()
            if sorted(np.flatnonzero(mask).tolist()) != sorted(ids):
                report.problem(seed, f"position {position}: the mask is not the legal ids")
            pick = ids[rng.below(len(ids))]
            if state.action_id(state.action_from_id(pick)) != pick:
                report.problem(seed, f"position {position}: id {pick} does not round-trip")
        if position % leak_every == leak_every // 2:
            report.leak_checks += 1
            player = rng.below(game.num_players)
            seen = state.observation(player)
            other = state.resample(player, seed=rng.below(2**32))
            if other.observation(player) != seen:
                report.problem(seed, f"position {position}: seat {player}'s view changed")
        state.apply(actions[rng.below(len(actions))])
        position += 1
    returns = state.returns()
    report.digest.update(json.dumps(returns).encode())
    if len(returns) != game.num_players or not all(math.isfinite(r) for r in returns):
        report.problem(seed, f"returns {returns}")
    if game.zero_sum and abs(sum(returns)) > 1e-9:
        report.problem(seed, f"returns {returns} do not sum to zero")
    why = _settlement_problem(state)
    if why:
        report.problem(seed, why)
    if seed % 8 == 0:
        text = state.to_json()
        if game.state_from_json(text).to_json() != text:
            report.problem(seed, "the record does not replay to itself")
    report.protocol_deals += 1


# ---------------------------------------------------------------------------------------------


def soak_game(
    game_id: str,
    deals: int,
    protocol_deals: int,
    seed: int = 0,
    mask_every: int = 5,
    leak_every: int = 10,
) -> GameReport:
    """Soak one game: ``deals`` deals in Rust, ``protocol_deals`` of them also in Python."""
    game = cardavia.load(game_id)
    report = GameReport(game_id)
    start = time.perf_counter()
    stride = max(1, deals // max(1, protocol_deals))
    for index in range(deals):
        deal_seed = derive_seed(seed, index)
        rust_deal(game, deal_seed, report)
        if index % stride == 0 and report.protocol_deals < protocol_deals:
            protocol_deal(game, deal_seed, report, mask_every, leak_every)
        report.deals += 1
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per game")
    parser.add_argument(
        "--protocol-deals", type=int, default=300, help="of which checked in Python"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--mask-every", type=int, default=5)
    parser.add_argument("--leak-every", type=int, default=10)
    parser.add_argument("--games", nargs="*", default=cardavia.games())
    args = parser.parse_args(argv)
    start = time.perf_counter()
    problems: list[str] = []
    digest = hashlib.sha256()
    for game_id in args.games:
        report = soak_game(
            game_id, args.deals, args.protocol_deals, args.seed, args.mask_every, args.leak_every
        )
        print(report.line(), flush=True)
        problems += report.problems
        digest.update(report.digest.digest())
    total = time.perf_counter() - start
    print(
        f"soak: {len(args.games)} games, {args.deals:,} deals each, seed {args.seed}: "
        f"{total:.1f} s, digest {digest.hexdigest()[:16]}"
    )
    for line in problems:
        print("PROBLEM", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
