"""How long ``cardavia.recommend()`` takes at its default budget, every game, every decision.

    python benches/recommend_latency.py [--games doudizhu bridge ...] [--deals 50]
        [--seconds 1.0] [--max-decisions N] [--every K] [--cpu-clock] [--pin CORE]
        [--seed 2026] [--json out.json]

Issues 14-16 ask for ``recommend()`` at its default budget (1 s) to answer within 1 s at the
99th percentile over every decision of 50 random deals per game, on one core of this machine.
This bench plays ``--deals`` seeded deals per game; at every decision of every seat it calls
``recommend(state, seconds=...)``, then lets the game go on with the HeuristicAgent's choice
(cheap, so the deals reach every phase: auctions, buries, calls, card play). It reports per
game the number of decisions, the 50th/90th/99th percentile and the maximum of the wall time per
call, the 99th percentile of the process CPU time per call, and the slowest phase.

Wall time is what a person at the table waits for; it only means "on one core" when the
machine is otherwise idle, so run it on a quiet machine, optionally pinned to one core with
``--pin`` (Linux ``sched_setaffinity``). The CPU-time column tells how much of a slow call was
the search itself and how much was waiting for the processor. ``--max-decisions`` caps the
calls per game for a quick look (the report then says so: it is not the issue's sample).
``--every K`` calls ``recommend()`` at every K-th decision only (the HeuristicAgent plays the
others), an even sample of the same decisions for a cheaper estimate of the percentiles.

``--cpu-clock`` is for a machine whose cores are shared. The searches bound their budget by
``time.perf_counter()``; this option makes that clock the process CPU clock for the run, so
every call gets its full budget of processor time however long it waits for a core, and the
CPU time a call takes is then the wall time it would take on a core of its own: the budget plus
whatever it spends past the deadline (ranking, describing, a step that cannot be cut short).
The report then leads with the CPU-time percentiles. (CPU time is summed over threads, so a
call that runs threads counts more than it would wait: the estimate errs high.)
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import cardavia
from cardavia.agents import HeuristicAgent


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of already sorted values, nearest rank."""
    if not sorted_values:
        return float("nan")
    rank = min(len(sorted_values) - 1, max(0, int(round(q * len(sorted_values))) - 1))
    return sorted_values[rank]


WALL_CLOCK = time.perf_counter  # the bench's own clock, kept when --cpu-clock replaces it


def measure(
    game_id: str,
    deals: int,
    seconds: float,
    seed: int,
    max_decisions: int | None,
    every: int = 1,
    cpu_clock: bool = False,
) -> dict[str, Any]:
    game = cardavia.load(game_id)
    wall: list[float] = []
    cpu: list[float] = []
    slowest_by_phase: dict[str, float] = {}
    played = 0
    decision = 0
    for deal in range(deals):
        if max_decisions is not None and len(wall) >= max_decisions:
            break
        state = game.new_state(seed=seed + deal)
        agent = HeuristicAgent(seed=seed + deal)
        while not state.is_terminal():
            if max_decisions is not None and len(wall) >= max_decisions:
                break
            decision += 1
            if (decision - 1) % every == 0:
                phase = str(getattr(state, "phase", "play"))
                t0, c0 = WALL_CLOCK(), time.process_time()
                cardavia.recommend(state, seconds=seconds)
                elapsed = WALL_CLOCK() - t0
                used = time.process_time() - c0
                cpu.append(used)
                wall.append(elapsed)
                shown = used if cpu_clock else elapsed
                slowest_by_phase[phase] = max(slowest_by_phase.get(phase, 0.0), shown)
            state.apply(agent.act(state))
        played += 1
    wall.sort()
    cpu.sort()
    row: dict[str, Any] = {
        "game": game_id,
        "deals": played,
        "decisions": len(wall),
        "capped": max_decisions is not None and len(wall) >= max_decisions,
        "p50": percentile(wall, 0.50),
        "p90": percentile(wall, 0.90),
        "p99": percentile(wall, 0.99),
        "max": wall[-1] if wall else float("nan"),
        "cpu_p50": percentile(cpu, 0.50),
        "cpu_p90": percentile(cpu, 0.90),
        "cpu_p99": percentile(cpu, 0.99),
        "cpu_max": cpu[-1] if cpu else float("nan"),
        "every": every,
        "cpu_clock": cpu_clock,
        "slowest_phase": max(slowest_by_phase, key=lambda p: slowest_by_phase[p], default=""),
        "max_by_phase": slowest_by_phase,
    }
    note = " (capped: not the full deals)" if row["capped"] else ""
    if every > 1:
        note += f" (1 in {every} decisions)"
    if cpu_clock:
        print(
            f"{game_id:14s} {row['decisions']:5d} decisions of {played:3d} deals{note}: "
            f"CPU p50 {row['cpu_p50']:.3f} s, p90 {row['cpu_p90']:.3f} s, "
            f"p99 {row['cpu_p99']:.3f} s, max {row['cpu_max']:.3f} s ({row['slowest_phase']}); "
            f"wall p99 {row['p99']:.3f} s",
            flush=True,
        )
    else:
        print(
            f"{game_id:14s} {row['decisions']:5d} decisions of {played:3d} deals{note}: "
            f"wall p50 {row['p50']:.3f} s, p90 {row['p90']:.3f} s, p99 {row['p99']:.3f} s, "
            f"max {row['max']:.3f} s ({row['slowest_phase']}); CPU p99 {row['cpu_p99']:.3f} s",
            flush=True,
        )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=cardavia.games())
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=1.0, help="recommend()'s budget")
    parser.add_argument("--max-decisions", type=int, default=None)
    parser.add_argument("--every", type=int, default=1, help="measure every K-th decision")
    parser.add_argument(
        "--cpu-clock", action="store_true", help="budget the searches in process CPU time"
    )
    parser.add_argument("--pin", type=int, default=None, help="run on this CPU core only")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    args = parser.parse_args()
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
    if args.every < 1:
        parser.error("--every must be at least 1")
    if args.cpu_clock:
        # Every search reads its deadline through time.perf_counter(): give it CPU time.
        time.perf_counter = time.process_time
    load = os.getloadavg()[0]
    clock = "process CPU time" if args.cpu_clock else "wall time"
    print(
        f"load average at start {load:.2f}; budget {args.seconds} s per call in {clock}",
        flush=True,
    )
    rows = [
        measure(
            g, args.deals, args.seconds, args.seed, args.max_decisions, args.every, args.cpu_clock
        )
        for g in args.games
    ]
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(
                {"load_at_start": load, "cpu_clock": args.cpu_clock, "rows": rows}, out, indent=2
            )


if __name__ == "__main__":
    main()
