"""Ten Point Smear: how strong the SearchAgent is, and how long recommend() takes.

Strength (duplicate, :func:`cardavia.agents.seat_duplicate`): deal ``k`` is played once with
the SearchAgent in seat ``k mod players`` and once each with a HeuristicAgent and a RandomAgent
in that seat, every other seat played by HeuristicAgents seeded the same way in every replay.
The gain per deal is the seat's game points (``returns()``, SM-6.4) with the search minus with
the baseline; the mean gain and its 95% interval are printed per player count, the running
result after every ``--chunk`` deals (chunk ``c`` is seeded ``--seed + c``)::

    python benches/strength_smear.py strength --players 4 --deals 300 --search search@2000

Speed: ``recommend()`` at its default budget (1 s) at every decision of ``--deals`` random
deals (every seat, the heuristic agent playing the deals on), with the 50th/99th percentile
and the maximum of the wall time per call, and the 99th percentile of its CPU time (what one
core spends, whatever else the machine runs)::

    python benches/strength_smear.py speed --players 4 5 6 --deals 50

The machine's cores are shared: run these under ``nice`` and in the background, sized to
finish; ``--json`` prints the numbers as JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import cardavia
from cardavia.agents import HeuristicAgent, recommend, seat_duplicate


def _gain(d: list[float]) -> tuple[float, float]:
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def strength(players: int, deals: int, seed: int, search: str, chunk: int) -> dict[str, Any]:
    """Deals in chunks of ``chunk`` (chunk ``c`` seeded ``seed + c``), the running result
    printed after each."""
    game = cardavia.load("smear", players=players)
    t0 = time.perf_counter()
    gains: dict[str, list[float]] = {"heuristic": [], "random": []}
    means: dict[str, list[float]] = {search: [], "heuristic": [], "random": []}
    decisions, seconds = 0, 0.0
    out: dict[str, Any] = {}
    for c in range((deals + chunk - 1) // chunk):
        size = min(chunk, deals - c * chunk)
        result = seat_duplicate(game, search, ["heuristic", "random"], deals=size, seed=seed + c)
        decisions += result.decisions
        seconds += result.seconds
        for b in gains:
            gains[b] += result.differences(b)
        for k in means:
            means[k] += result.scores[k]
        done = len(gains["heuristic"])
        out = {
            "players": players,
            "deals": done,
            "seed": seed,
            "chunk": chunk,
            "candidate": search,
            "others": "heuristic",
            "mean": {k: sum(v) / done for k, v in means.items()},
            "gain": {
                b: dict(zip(("mean", "interval"), _gain(d), strict=True)) for b, d in gains.items()
            },  # fmt: skip
            "seconds_per_decision": seconds / decisions if decisions else 0.0,
            "wall_seconds": time.perf_counter() - t0,
        }
        g = out["gain"]
        print(
            f"smear {players}p, {done} deals (seed {seed}, chunks of {chunk}), others heuristic: "
            f"{search} in the seat {out['mean'][search]:+.3f}/deal; gain over heuristic "
            f"{g['heuristic']['mean']:+.3f} ± {g['heuristic']['interval']:.3f}, over random "
            f"{g['random']['mean']:+.3f} ± {g['random']['interval']:.3f}; "
            f"{out['seconds_per_decision']:.4f} s/decision; {out['wall_seconds']:.0f} s",
            flush=True,
        )
    return out


def speed(players: int, deals: int, seed: int) -> dict[str, Any]:
    game = cardavia.load("smear", players=players)
    times: list[float] = []
    cpu: list[float] = []
    by_phase: dict[str, float] = {}
    for deal in range(deals):
        state = game.new_state(seed=seed + deal)
        agent = HeuristicAgent(seed=deal)
        while not state.is_terminal():
            phase = state.phase
            t, c = time.perf_counter(), time.process_time()
            recommend(state)
            dt = time.perf_counter() - t
            cpu.append(time.process_time() - c)
            times.append(dt)
            by_phase[phase] = max(by_phase.get(phase, 0.0), dt)
            state.apply(agent.act(state))
    times.sort()
    cpu.sort()
    out = {
        "players": players,
        "deals": deals,
        "decisions": len(times),
        "p50": times[len(times) // 2],
        "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
        "max": times[-1],
        "cpu_p99": cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))],
        "cpu_max": cpu[-1],
        "max_by_phase": by_phase,
    }
    print(
        f"smear {players}p: recommend() over {len(times)} decisions of {deals} deals: "
        f"p50 {out['p50']:.3f} s, p99 {out['p99']:.3f} s, max {out['max']:.3f} s wall; "
        f"CPU time p99 {out['cpu_p99']:.3f} s, max {out['cpu_max']:.3f} s",
        flush=True,
    )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["strength", "speed"])
    parser.add_argument("--players", type=int, nargs="+", default=[4, 5, 6])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--search", default="search", help="the search agent's name/budget")
    parser.add_argument("--chunk", type=int, default=50, help="deals between reports")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    results = []
    for players in args.players:
        if args.mode == "strength":
            results.append(strength(players, args.deals, args.seed, args.search, args.chunk))
        else:
            results.append(speed(players, args.deals, args.seed))
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
