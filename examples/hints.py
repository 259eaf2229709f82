"""Ask for the ranked hints at the first card-play decision of a Dou Dizhu deal.

Run: python examples/hints.py [--seed 11] [--iterations 400]
"""

from __future__ import annotations

import argparse

import cardavia
from cardavia.agents import HeuristicAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--iterations", type=int, default=400)
    args = parser.parse_args()
    state = cardavia.load("doudizhu").new_state(seed=args.seed)
    bidder = HeuristicAgent(seed=args.seed)
    while state.phase == "auction":
        state.apply(bidder.act(state))
    player = state.current_player
    assert player is not None
    print(f"seat {player} to lead, holding {state.observation(player)['hand']}")
    hints = cardavia.recommend(state, iterations=args.iterations, seed=args.seed)
    for hint in hints[:8]:
        print(f"{str(hint.action):>28}  {hint.value:+6.2f} ± {hint.interval:4.2f}  {hint.reason}")


if __name__ == "__main__":
    main()
