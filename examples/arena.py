"""Measure the rule strategy against random play on duplicate deals, with 95% intervals.

Run: python examples/arena.py [--game zhengshangyou] [--deals 40]
"""

from __future__ import annotations

import argparse

import cardavia


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="zhengshangyou")
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    result = cardavia.arena(args.game, ["heuristic", "random"], deals=args.deals, seed=1)
    print(result.table())


if __name__ == "__main__":
    main()
