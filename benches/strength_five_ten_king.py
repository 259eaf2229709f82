"""5-10-K strength and speed (issue 14's goals), on duplicate deals.

Goal: one SearchAgent among four HeuristicAgents, rotated over the five seats, wins the deal
(its side, FTK-6.10) at least 1.3 times as often as a HeuristicAgent in the same seat on the
same deals, and gains more levels per deal; search > heuristic > random at 95%.

    python benches/strength_five_ten_king.py search --hero search@300 --deals 60
    python benches/strength_five_ten_king.py chain --deals 200      # heuristic vs random
    python benches/strength_five_ten_king.py timing --deals 50      # recommend() p99

Each ``search`` deal is played 6 times (the field alone, then the hero in each seat).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from strength_climbing_teams import one_in_field, recommend_timing  # noqa: E402

from cardavia.game import State  # noqa: E402

GAME = "five_ten_king"


def side_won(state: State, seat: int) -> bool:
    """Whether ``seat``'s side won the deal (FTK-6.10: banker side with D ≤ 75)."""
    r = state.result
    assert r is not None
    return (seat in r["banker_side"]) == (r["winner"] == "banker")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("search", "chain", "timing"))
    ap.add_argument("--hero", default="search@300")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    if args.mode == "timing":
        out = recommend_timing(GAME, args.deals, args.seed)
    elif args.mode == "search":
        out = one_in_field(GAME, args.hero, "heuristic", args.deals, args.seed, side_won)
    else:
        out = one_in_field(GAME, "heuristic", "random", args.deals, args.seed, side_won)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
