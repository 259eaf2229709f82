"""States pickle as their records, so worker processes can take them: score one position's
legal actions with random playouts in a process pool.

Run: python examples/parallel_states.py
"""

from __future__ import annotations

import concurrent.futures
import random

import cardavia
from cardavia.game import State


def mean_after(state: State, action_text: str, seed: int) -> float:
    player = state.current_player
    assert player is not None
    total = 0.0
    for k in range(20):
        child = state.clone()
        child.apply(action_text)
        rng = random.Random(seed * 1000 + k)
        while not child.is_terminal():
            child.apply(rng.choice(child.legal_actions()))
        total += child.returns()[player]
    return total / 20


def main() -> None:
    state = cardavia.load("zhengshangyou").new_state(seed=3)
    actions = [str(a) for a in state.legal_actions()][:6]
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        values = list(pool.map(mean_after, [state] * len(actions), actions, range(len(actions))))
    for text, value in sorted(zip(actions, values, strict=True), key=lambda p: -p[1]):
        print(f"{text:>24}  {value:+.2f}")


if __name__ == "__main__":
    main()
