"""Bridge double-dummy solving: agreement with endplay's DDS and speed, side by side in one
process (issue 15, "The solver").

Run: ``python benches/bridge_dd.py`` (needs ``pip install endplay``; time it with a release
build of cardavia: ``pip install -e .`` without the dev-fast profile). Options: ``--deals N``
(tables, default 2000), ``--positions N`` (mid-play positions, default 2000), ``--seed S``,
``--par N`` (deals whose par score is compared for the four vulnerabilities, default 200),
``--quiet``.

* Agreement: for each seeded random deal, cardavia's ``dd_table`` against endplay's
  ``calc_dd_table`` (the 20 results); for each random mid-play position (a random one-level
  contract, 0-51 random legal cards played), ``solve_position`` against endplay's
  ``solve_board`` on every legal card; ``par`` against endplay's ``par`` (score, South
  dealing). The same generators as tests/test_bridge_dd.py (which runs a sample).
* Speed, one thread each (DDS limited with ``SetMaxThreads(1)``), in CPU time of the process
  (``time.process_time``, so time spent waiting for a core on a busy machine does not count):
  per table, cardavia ``dd_table(threads=1)`` against ``calc_dd_table``; per position,
  ``solve_position(state)`` against ``solve_board(deal)`` (endplay's Deal built beforehand).
  The two sides alternate deal by deal so that machine load hits them alike. Reported: total
  and median per call, and the ratio cardavia / DDS (below 1: cardavia is faster).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bridge_dd_helpers import (  # noqa: E402
    endplay_deal,
    endplay_par_score,
    endplay_table,
    random_deal_state,
    random_position,
)

import cardavia.bridge as bridge  # noqa: E402


def _report(name: str, ours: list[float], theirs: list[float]) -> None:
    total_o, total_t = sum(ours), sum(theirs)
    med_o, med_t = statistics.median(ours), statistics.median(theirs)
    print(
        f"{name}: cardavia {1000 * total_o / len(ours):.2f} ms mean, {1000 * med_o:.2f} ms "
        f"median; DDS {1000 * total_t / len(theirs):.2f} ms mean, {1000 * med_t:.2f} ms median; "
        f"ratio cardavia/DDS {total_o / total_t:.2f} (total), {med_o / med_t:.2f} (median)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="random deals (tables)")
    parser.add_argument("--positions", type=int, default=2000, help="random mid-play positions")
    parser.add_argument("--par", type=int, default=200, help="deals whose par is compared")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--quiet", action="store_true", help="no per-disagreement lines")
    args = parser.parse_args()

    import endplay._dds as dds_lib
    from endplay.dds import calc_dd_table, solve_board
    from endplay.types import Deal

    dds_lib.SetMaxThreads(1)
    clock = time.process_time

    wrong_tables = 0
    ours_t: list[float] = []
    theirs_t: list[float] = []
    for k in range(args.deals):
        state = random_deal_state(args.seed + k)
        deal = Deal(bridge_pbn(state))
        t0 = clock()
        ours = bridge.dd_table(state, threads=1).tricks
        t1 = clock()
        calc_dd_table(deal)
        t2 = clock()
        ours_t.append(t1 - t0)
        theirs_t.append(t2 - t1)
        if ours != endplay_table(state):
            wrong_tables += 1
            if not args.quiet:
                print(f"table disagrees: seed {args.seed + k}")
    print(f"tables: {args.deals - wrong_tables}/{args.deals} deals agree on all 20 results")
    if ours_t:
        _report("dd_table per deal", ours_t, theirs_t)

    wrong_positions = 0
    cards = 0
    ours_p: list[float] = []
    theirs_p: list[float] = []
    for k in range(args.positions):
        state = random_position(args.seed + k)
        deal = endplay_deal(state)
        t0 = clock()
        ours_values = bridge.solve_position(state)
        t1 = clock()
        solved = list(solve_board(deal))
        t2 = clock()
        ours_p.append(t1 - t0)
        theirs_p.append(t2 - t1)
        theirs = {_text(card): int(t) for card, t in solved}
        mine = {str(a): t for a, t in ours_values.items()}
        cards += len(mine)
        if mine != theirs:
            wrong_positions += 1
            if not args.quiet:
                print(f"position disagrees: seed {args.seed + k}: {mine} vs {theirs}")
    print(
        f"positions: {args.positions - wrong_positions}/{args.positions} agree on every legal "
        f"card ({cards} cards)"
    )
    if ours_p:
        _report("solve_position per position", ours_p, theirs_p)

    wrong_par = 0
    for k in range(args.par):
        state = random_deal_state(args.seed + k)
        table = bridge.dd_table(state)
        for vul in bridge.VULNERABILITIES:
            if bridge.par(table, vul).score != endplay_par_score(state, vul):
                wrong_par += 1
                if not args.quiet:
                    print(f"par disagrees: seed {args.seed + k} {vul}")
    print(f"par: {4 * args.par - wrong_par}/{4 * args.par} (deal, vulnerability) scores agree")


def bridge_pbn(state: bridge.BridgeState) -> str:
    return "N:" + " ".join(bridge._pbn_hand(h) for h in state.hands())


def _text(card: object) -> str:
    rank = str(card)[1:]
    return {"10": "T"}.get(rank, rank) + "shdc"[int(card.suit)]  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
