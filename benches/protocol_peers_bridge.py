"""Bridge protocol speed: full uniformly random deals stepped from Python, cardavia against
OpenSpiel's Python loop, side by side in one process (issue 13).

Run: ``python benches/protocol_peers_bridge.py`` (after ``pip install open_spiel``; ideally
with a release build of cardavia: ``maturin develop --release``). Options: ``--games N``
(per round), ``--rounds R``, ``--seed S``.

Each side plays whole deals with the same uniformly random policy (``random.Random``, one
``randrange`` per decision):

* ``pyspiel``: ``bridge(use_double_dummy_result=false)`` — the 52 dealing chance nodes, the
  auction and the 52 cards — with ``state.legal_actions()`` (ints, chance nodes too) and
  ``state.apply_action(a)``: the loop OpenSpiel's own examples use;
* ``cardavia ids``: ``game.new_state(seed)`` (the deal), then ``state.legal_action_ids()``
  and ``state.apply(i)``;
* ``cardavia actions``: the same with ``state.legal_actions()`` and ``state.apply(action)``.

The rounds alternate the three sides so that machine load hits them alike, and each is timed
in CPU time of the process (``time.process_time``: time spent waiting for a core on a busy
machine does not count); the figure is the median over rounds of microseconds per deal, and
the ratio is pyspiel's time over cardavia's (above 1: cardavia is faster).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import cardavia


def cardavia_ids(games: int, seed: int) -> int:
    game = cardavia.load("bridge")
    rng = random.Random(seed)
    steps = 0
    for i in range(games):
        state = game.new_state(seed=seed + i)
        while not state.is_terminal():
            ids = state.legal_action_ids()
            state.apply(ids[rng.randrange(len(ids))])
            steps += 1
    return steps


def cardavia_actions(games: int, seed: int) -> int:
    game = cardavia.load("bridge")
    rng = random.Random(seed)
    steps = 0
    for i in range(games):
        state = game.new_state(seed=seed + i)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def pyspiel_loop(games: int, seed: int) -> int:
    import pyspiel

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(seed)
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="deals per side per round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("pip install open_spiel to compare with OpenSpiel") from None

    sides: dict[str, Callable[[int, int], int]] = {
        "pyspiel": pyspiel_loop,
        "cardavia ids": cardavia_ids,
        "cardavia actions": cardavia_actions,
    }
    times: dict[str, list[float]] = {name: [] for name in sides}
    steps: dict[str, int] = {}
    for run in sides.values():  # warm-up
        run(10, args.seed)
    for r in range(args.rounds):
        for name, run in sides.items():
            start = time.process_time()
            steps[name] = run(args.games, args.seed + 1000 * r)
            times[name].append((time.process_time() - start) / args.games * 1e6)
    base = statistics.median(times["pyspiel"])
    print(f"bridge, uniformly random full deals, {args.games} per round, {args.rounds} rounds")
    print(f"{'side':<18}{'µs/deal':>10}{'steps/deal':>12}{'vs pyspiel':>12}")
    for name in sides:
        us = statistics.median(times[name])
        print(f"{name:<18}{us:>10.1f}{steps[name] / args.games:>12.1f}{base / us:>11.2f}x")


if __name__ == "__main__":
    main()
