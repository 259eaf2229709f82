"""Play one seeded random deal of every game and print how it ended.

Run: python examples/play_every_game.py [--seed 7]
"""

from __future__ import annotations

import argparse
import random

import cardavia


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for game_id in cardavia.games():
        state = cardavia.load(game_id).new_state(seed=args.seed)
        rng = random.Random(args.seed)
        steps = 0
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        print(f"{game_id:>14}: {steps:4} actions, returns {state.returns()}")


if __name__ == "__main__":
    main()
