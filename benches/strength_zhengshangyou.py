"""Zheng Shangyou strength (issue 14's goal), on duplicate deals.

Goal: one SearchAgent against two HeuristicAgents, seats rotated, goes out first (wins the
deal, ZSY-6.6) in at least 55% of the deals; a fair share is one in three.

    python benches/strength_zhengshangyou.py --hero search@500 --deals 1000
    python benches/strength_zhengshangyou.py --hero heuristic --field random --deals 1000

Each deal is played three times, the hero in each seat. The first-out rate's 95% interval
treats the deals as the independent units (the three seatings of a deal share its cards).
"""

from __future__ import annotations

import argparse
import json
import math
import sys

from cardavia.agents import arena

GAME = "zhengshangyou"


def first_out(hero: str, field: str, deals: int, seed: int) -> dict[str, object]:
    """``hero`` in one seat and ``field`` in the other two, rotated over the seats."""

    def progress(done: int, total: int) -> None:
        if done % 60 == 0 or done == total:
            print(f"  {done}/{total} deal-seatings", file=sys.stderr, flush=True)

    result = arena(GAME, [hero, field, field], deals=deals, seed=seed, progress=progress)
    h = result.score(hero)
    f = result.score(field)
    rate = h.extra["first_out"]
    per_deal = [
        sum(rate[i : i + result.rotations]) / result.rotations
        for i in range(0, len(rate), result.rotations)
    ]
    n = len(per_deal)
    mean = sum(per_deal) / n
    var = sum((x - mean) ** 2 for x in per_deal) / (n - 1) if n > 1 else 0.0
    diff, half = result.difference(hero, field)
    return {
        "game": GAME,
        "hero": hero,
        "field": field,
        "deals": deals,
        "seed": seed,
        "hero_first_out_rate": mean,
        "hero_first_out_ci95": 1.96 * math.sqrt(var / n) if n > 1 else 0.0,
        "field_first_out_rate": sum(f.extra["first_out"]) / len(f.extra["first_out"]),
        "hero_mean_payoff": h.mean,
        "payoff_difference": diff,
        "payoff_difference_ci95": half,
        "hero_seconds_per_decision": h.to_json()["seconds_per_decision"],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hero", default="search@500")
    ap.add_argument("--field", default="heuristic")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    print(json.dumps(first_out(args.hero, args.field, args.deals, args.seed), indent=2))


if __name__ == "__main__":
    main()
