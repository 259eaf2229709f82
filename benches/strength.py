"""The README's strength table: duplicate matches between the built-in agents, every game.

    python benches/strength.py [--games doudizhu zhengshangyou ...] [--deals 1000]
        [--search search@2000] [--seed 2026] [--json out.json]

For each game, two matches on the same duplicate deals (seats rotated, partnerships with
them): the search against the rule strategy, and the rule strategy against random play. The
line-up follows each game's goal in issue 14/16: one agent against copies of the other in the
individual games (Zheng Shangyou, Red Ten, 5-10-K: the seat of interest rotates through the
table), a partnership each in the team games (Guandan, Tractor, Bridge, four-player Smear), and
in Dou Dizhu every seating of one against two. The table gives the mean payoff per deal of
each side in the unit of ``returns()``, the paired difference with its 95% interval (deal by
deal: both sides met the same cards), the win rates (a payoff above zero) and the time per
decision. A difference is significant at 95% when it is larger than its interval.

A game whose agents are not built yet is reported as such and skipped. The search budget is
given as an agent name (``search@N``: N simulations per decision, exactly reproducible;
``search:S``: S seconds per decision, the default budget of ``recommend`` being 1 s).
"""

from __future__ import annotations

import argparse
import json
import time

import cardavia
from cardavia.agents import arena
from cardavia.errors import CardaviaError

# Seats given to (stronger, weaker): the seating the issues' goals are stated in.
LINEUPS: dict[str, tuple[int, int]] = {
    # game: (copies of the first agent, copies of the second) in seat order; the arena rotates
    "doudizhu": (1, 2),
    "zhengshangyou": (1, 2),
    "red_ten": (1, 3),
    "five_ten_king": (1, 4),
    "guandan": (1, 1),  # cycled: partners 0+2 and 1+3
    "tractor": (1, 1),
    "bridge": (1, 1),
    "smear": (1, 1),
    "holdem": (1, 3),
    "one_poker": (1, 1),
}


def lineup(game: str, first: str, second: str) -> list[str]:
    ones, twos = LINEUPS[game]
    return [first] * ones + [second] * twos


def match(game: str, first: str, second: str, deals: int, seed: int) -> dict[str, object]:
    started = time.perf_counter()
    result = arena(game, lineup(game, first, second), deals=deals, seed=seed)
    diff, half = result.difference(first, second)
    a, b = result.score(first), result.score(second)
    return {
        "game": game,
        "first": first,
        "second": second,
        "deals": deals,
        "rotations": result.rotations,
        "first_mean": a.mean,
        "second_mean": b.mean,
        "difference": diff,
        "interval": half,
        "significant": abs(diff) > half,
        "first_win_rate": a.win_rate,
        "second_win_rate": b.win_rate,
        "first_seconds_per_decision": a.seconds / a.decisions if a.decisions else 0.0,
        "wall_seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=cardavia.games())
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--search", default="search@2000", help="the search agent's name")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    args = parser.parse_args()
    rows = []
    print("| game | match | deals | mean A | mean B | A − B (95%) | win A | win B | s/decision A |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for game in args.games:
        for first, second in ((args.search, "heuristic"), ("heuristic", "random")):
            try:
                row = match(game, first, second, args.deals, args.seed)
            except CardaviaError as e:
                print(f"| {game} | {first} vs {second} | — | {e} |")
                break
            rows.append(row)
            mark = "" if row["significant"] else " (n.s.)"
            print(
                f"| {game} | {first} vs {second} | {args.deals} | {row['first_mean']:+.3f} "
                f"| {row['second_mean']:+.3f} | {row['difference']:+.3f} ± "
                f"{row['interval']:.3f}{mark} | {row['first_win_rate']:.1%} "
                f"| {row['second_win_rate']:.1%} | {row['first_seconds_per_decision']:.3f} |",
                flush=True,
            )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)


if __name__ == "__main__":
    main()
