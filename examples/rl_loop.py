"""The integer path a reinforcement-learning loop uses: masks, ids, apply by id.

Run: python examples/rl_loop.py [--game bridge] [--episodes 20]
"""

from __future__ import annotations

import argparse

import numpy as np

import cardavia


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bridge")
    parser.add_argument("--episodes", type=int, default=20)
    args = parser.parse_args()
    game = cardavia.load(args.game)
    rng = np.random.default_rng(0)
    totals = np.zeros(game.num_players)
    for episode in range(args.episodes):
        state = game.new_state(seed=episode)
        while not state.is_terminal():
            ids = np.flatnonzero(state.legal_action_mask())
            state.apply(int(rng.choice(ids)))
        totals += state.returns()
    print(f"{args.game}: {game.num_actions} action ids; mean returns {totals / args.episodes}")


if __name__ == "__main__":
    main()
