"""Guandan strength and speed (issue 14's goals), on duplicate deals.

Goal: a SearchAgent pair against a HeuristicAgent pair wins at least 70% of the deals, the deals
replayed with the partnerships swapped (``cardavia.arena``); search > heuristic > random at 95%.

    python benches/strength_guandan.py pair --hero search@300 --deals 50
    python benches/strength_guandan.py chain --deals 200            # heuristic vs random
    python benches/strength_guandan.py timing --deals 50            # recommend() p99

Deals are first deals of a match (no tribute; the tribute phase is covered by the tests).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength_climbing_teams import recommend_timing  # noqa: E402

from cardavia.agents import arena  # noqa: E402

GAME = "guandan"


def pair(hero: str, field: str, deals: int, seed: int) -> dict[str, object]:
    """``hero`` in seats 0 and 2 against ``field`` in 1 and 3, then swapped, on each deal."""
    result = arena(GAME, [hero, field], deals=deals, seed=seed)
    h, f = result.agents
    return {
        "game": GAME,
        "hero": hero,
        "field": field,
        "deals": deals,
        "seed": seed,
        "hero_deal_win_rate": h.win_rate,
        "hero_mean_payoff": h.mean,
        "hero_payoff_ci95": h.interval,
        "significant": h.mean - h.interval > 0,
        "hero_seconds_per_decision": h.to_json()["seconds_per_decision"],
        "field_mean_payoff": f.mean,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("pair", "chain", "timing"))
    ap.add_argument("--hero", default="search@300")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    if args.mode == "timing":
        out: dict[str, object] = recommend_timing(GAME, args.deals, args.seed)
    elif args.mode == "pair":
        out = pair(args.hero, "heuristic", args.deals, args.seed)
    else:
        out = pair("heuristic", "random", args.deals, args.seed)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
