"""Tractor strength and speed (issue 16), measured on duplicate deals.

Strength: a SearchAgent pair against a random pair and against a HeuristicAgent pair, each
deal played twice with the partnerships swapped (``cardavia.arena``). The measure is the
issue's: the share of deal-seatings in which the search pair's team *gains a level* (its
return is positive, TR-5.4), with a 95% Wilson interval; the mean payoff (levels) per deal
with its 95% interval; and how often it defended. Goals: ≥ 97.6% against random, ≥ 65%
against the heuristic pair.

Speed: ``--timing`` times ``cardavia.recommend()`` at its default budget (1 s) at every
decision (every point where a player starts a whole play and has a choice) of deals played by
HeuristicAgents, and reports the 50th, 90th, 99th percentiles and the maximum.

Examples (the machine is shared: run in the background, ``nice -n 10``)::

    python benches/strength_tractor.py --opponent random --deals 50 --search search:0.25
    python benches/strength_tractor.py --opponent heuristic --deals 50 --search search:0.25
    python benches/strength_tractor.py --timing 50
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import cardavia
from cardavia.agents import HeuristicAgent
from cardavia.agents.duplicate import arena


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def strength(search: str, opponent: str, deals: int, seed: int) -> dict[str, Any]:
    t0 = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(f"\r{done}/{total} deal-seatings", end="", file=sys.stderr, flush=True)

    result = arena("tractor", [search, opponent], deals=deals, seed=seed, progress=progress)
    print(file=sys.stderr)
    score = result.score(search)
    gained = score.extra.get("gained_level", [])
    wins = int(sum(gained))
    low, high = wilson(wins, len(gained))
    defended = score.extra.get("defended", [])
    return {
        "search": search,
        "opponent": opponent,
        "deals": deals,
        "seed": seed,
        "deal_seatings": len(gained),
        "gained_level": wins / len(gained) if gained else 0.0,
        "gained_level_95": [low, high],
        "mean_levels": score.mean,
        "mean_levels_95": score.interval,
        "defended": sum(defended) / len(defended) if defended else 0.0,
        "opponent_gained_level": result.score(opponent).win_rate,
        "seconds_per_decision": score.to_json()["seconds_per_decision"],
        "elapsed": time.perf_counter() - t0,
        # Per deal-seating, in arena order (deal 0 both seatings, deal 1, ...): for pairing
        # two runs on the same seed.
        "gained_per_seating": [int(g) for g in gained],
    }


def timing(deals: int, seed: int) -> dict[str, Any]:
    game = cardavia.load("tractor")
    times: list[float] = []
    for d in range(deals):
        state = game.new_state(seed=seed + d)
        agents = [HeuristicAgent(seed=seed + d + s) for s in range(4)]
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            fresh = not state.observation(p)["selection"]
            if fresh and len(state.legal_actions()) > 1:
                t = time.perf_counter()
                cardavia.recommend(state, seed=d)
                times.append(time.perf_counter() - t)
            state.apply(agents[p].act(state))
        print(f"\rdeal {d + 1}/{deals}: {len(times)} decisions", end="", file=sys.stderr)
    print(file=sys.stderr)
    times.sort()

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))]

    return {
        "deals": deals,
        "decisions": len(times),
        "p50": pct(0.5),
        "p90": pct(0.9),
        "p99": pct(0.99),
        "max": times[-1],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", default="random", help="random or heuristic")
    ap.add_argument("--search", default="search", help="search, search:SECONDS, search@ITERS")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timing", type=int, default=0, help="time recommend() over N deals")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.timing:
        out = timing(args.timing, args.seed)
    else:
        out = strength(args.search, args.opponent, args.deals, args.seed)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for key, value in out.items():
        print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
