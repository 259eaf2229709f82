"""The search primitives of every game at mid-deal positions: the README's table (issue 13).

    python benches/primitives.py [--positions 40] [--repeats 200] [--seed 1] [--markdown]

For each game, ``--positions`` seeded positions halfway through a uniformly random deal (the
deal is played to its end once, then replayed to half its length); at each, after
``legal_actions()`` was called, the CPU time of ``clone()``, ``resample(player, seed)`` for the
player to act, ``observation(player)``, ``legal_action_ids()`` and one random Rust playout
(``playout_returns(1)``) — each the median over positions of the mean of ``--repeats`` calls.
A release build gives the figures the README quotes (``maturin develop --release``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardavia


def mid_deal(game_id: str, seed: int) -> cardavia.State:
    game = cardavia.load(game_id)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    picks: list[int] = []
    while not state.is_terminal():
        ids = state.legal_action_ids()
        pick = rng.randrange(len(ids))
        picks.append(pick)
        state.apply(ids[pick])
    state = game.new_state(seed=seed)
    for pick in picks[: len(picks) // 2]:
        state.apply(state.legal_action_ids()[pick])
    return state


def per_call(fn: Callable[[], object], repeats: int) -> float:
    start = time.process_time()
    for _ in range(repeats):
        fn()
    return (time.process_time() - start) / repeats


def _one_position(state: cardavia.State, repeats: int) -> dict[str, float]:
    player = state.current_player
    assert player is not None
    state.legal_actions()
    seeds = iter(range(10**9))
    return {
        "clone": per_call(state.clone, repeats),
        "resample": per_call(lambda: state.resample(player, seed=next(seeds)), repeats),
        "observation": per_call(lambda: state.observation(player), repeats),
        "ids": per_call(state.legal_action_ids, repeats),
        "playout": per_call(
            lambda: state.playout_returns(1, seed=next(seeds)), max(1, repeats // 4)
        ),
    }


def measure(game_id: str, positions: int, repeats: int, seed: int) -> dict[str, float]:
    samples: dict[str, list[float]] = {
        k: [] for k in ("clone", "resample", "observation", "ids", "playout")
    }
    for k in range(positions):
        for name, value in _one_position(mid_deal(game_id, seed + k), repeats).items():
            samples[name].append(value)
    return {k: statistics.median(v) * 1e6 for k, v in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=cardavia.games())
    args = parser.parse_args()
    header = "| game | clone µs | resample µs | observation µs | legal ids µs | playout µs |"
    print(header)
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        m = measure(game_id, args.positions, args.repeats, args.seed)
        print(
            f"| {game_id} | {m['clone']:.1f} | {m['resample']:.1f} | {m['observation']:.1f} "
            f"| {m['ids']:.2f} | {m['playout']:.1f} |"
        )


if __name__ == "__main__":
    main()
