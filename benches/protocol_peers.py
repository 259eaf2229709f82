"""Full uniformly random games stepped from Python, cardavia's protocol against OpenSpiel's,
side by side in one run (issue 13 point 4).

Each game gets a section (``--game``): it plays the same number of seeded random games through

* cardavia's integer path: ``state.legal_action_ids()`` and ``state.apply(id)``;
* cardavia's Action path: ``state.legal_actions()`` and ``state.apply(action)``;
* OpenSpiel's Python loop: ``state.legal_actions()`` (ints) and ``state.apply_action``, chance
  nodes included (they are part of an OpenSpiel game: the deal);

interleaved game by game (so drifts of the machine hit all sides alike), timed in process CPU
time and prints the mean time
per game, the decisions per game and each cardavia path's speed relative to OpenSpiel (higher
is faster). Run::

    pip install open_spiel
    python benches/protocol_peers.py --game all --games 2000

Sections: ``doudizhu`` (OpenSpiel ``dou_dizhu``), ``bridge`` (OpenSpiel
``bridge(use_double_dummy_result=false)``: its 52 dealing chance nodes, the auction and the 52
cards) and ``holdem`` (heads-up no-limit against ``universal_poker`` with the same blinds and
stacks; its timing and the reading of its ratios are in ``protocol_peers_holdem.py``, which the
section runs). OpenSpiel has none of the other seven games. A new section registers itself in
``SECTIONS`` (``run(games, seed)`` returning rows, the peer last).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import cardavia

Row = tuple[str, float, float]
"""(side, seconds per game, decisions per game)."""


def _cardavia_loop(game_id: str, ids: bool) -> Callable[[int], int]:
    game = cardavia.load(game_id)

    def play(seed: int) -> int:
        state = game.new_state(seed=seed)
        choice = random.Random(seed).choice
        decisions = 0
        if ids:
            while not state.is_terminal():
                state.apply(choice(state.legal_action_ids()))
                decisions += 1
        else:
            while not state.is_terminal():
                state.apply(choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def _pyspiel_loop(name: str) -> Callable[[int], int]:
    import pyspiel

    game = pyspiel.load_game(name)

    def play(seed: int) -> int:
        state = game.new_initial_state()
        choice = random.Random(seed).choice
        decisions = 0
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(choice(state.legal_actions()))
        return decisions

    return play


def _side_by_side(sides: dict[str, Callable[[int], int]], games: int, seed: int) -> list[Row]:
    """Game k of every side, then game k + 1..., so that the machine's drifts hit all alike."""
    spent = dict.fromkeys(sides, 0.0)
    decisions = dict.fromkeys(sides, 0)
    for side in sides.values():  # warm up (action spaces, imports)
        side(seed)
    clock = time.process_time  # CPU time: other work on the machine does not count
    for k in range(games):
        for name, play in sides.items():
            start = clock()
            decisions[name] += play(seed + k)
            spent[name] += clock() - start
    return [(name, spent[name] / games, decisions[name] / games) for name in sides]


def run_doudizhu(games: int, seed: int) -> list[Row]:
    """Dou Dizhu against OpenSpiel's ``dou_dizhu``."""
    return _side_by_side(
        {
            "cardavia ids (legal_action_ids + apply(id))": _cardavia_loop("doudizhu", True),
            "cardavia Actions (legal_actions + apply)": _cardavia_loop("doudizhu", False),
            "OpenSpiel (legal_actions + apply_action)": _pyspiel_loop("dou_dizhu"),
        },
        games,
        seed,
    )


def run_bridge(games: int, seed: int) -> list[Row]:
    """Bridge against OpenSpiel's ``bridge`` without its double-dummy result."""
    return _side_by_side(
        {
            "cardavia ids (legal_action_ids + apply(id))": _cardavia_loop("bridge", True),
            "cardavia Actions (legal_actions + apply)": _cardavia_loop("bridge", False),
            "OpenSpiel (legal_actions + apply_action)": _pyspiel_loop(
                "bridge(use_double_dummy_result=false)"
            ),
        },
        games,
        seed,
    )


def run_holdem(games: int, seed: int) -> list[Row]:
    """Heads-up no-limit Hold'em against ``universal_poker`` (see protocol_peers_holdem.py).

    Uniform play over every legal amount: both sides play the same distribution of hands
    (nearly every decision a bet or raise), so the ratio per hand is fair."""
    import protocol_peers_holdem as holdem

    seconds = max(0.5, games / 2000)  # the holdem bench budgets CPU time, not hands
    sides = [
        ("cardavia ids (legal_action_ids + apply(id))", holdem.ids_side(seed)),
        ("cardavia Actions (action_from_id + apply)", holdem.actions_by_id_side(seed)),
        ("OpenSpiel (legal_actions + apply_action)", holdem.openspiel_side(seed)),
    ]
    rows = []
    for name, run in sides:
        per_hand, decisions = holdem.best_rate(run, seconds, 3)
        rows.append((name, per_hand, decisions))
    return rows


SECTIONS: dict[str, Callable[[int, int], list[Row]]] = {
    "doudizhu": run_doudizhu,
    "bridge": run_bridge,
    "holdem": run_holdem,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[*sorted(SECTIONS), "all"], default="all")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("pip install open_spiel to compare with OpenSpiel") from None
    for game in sorted(SECTIONS) if args.game == "all" else [args.game]:
        rows = SECTIONS[game](args.games, args.seed)
        peer = rows[-1][1]
        print(f"{game}: uniformly random games, the sides interleaved, CPU time")
        for name, per_game, decisions in rows:
            print(
                f"  {name:48s} {per_game * 1e6:9.1f} µs/game  {decisions:6.1f} decisions/game"
                f"  {peer / per_game:5.2f}x OpenSpiel"
            )


if __name__ == "__main__":
    main()
