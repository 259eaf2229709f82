"""Seeded random playthroughs: the reference record of a game's behaviour.

``record(game_id, seed)`` plays one deal with a seeded random policy (cardavia's ChaCha8
generator, so the same on every machine) and writes every step as text. The policy is uniform
over ``legal_action_ids()``: every legal action of every game, including the raise amounts
that Hold'em and One Poker do not list in ``legal_actions()`` (for the other games the ids are
those of ``legal_actions()``, in the same order). The files under
``tests/playthroughs/`` are such records; the tests regenerate them and diff, so that any change
of the rules' behaviour shows up. Regenerate them deliberately with
``python -m cardavia.sim.playthrough --write tests/playthroughs``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from cardavia._core import Rng
from cardavia.game import Game, games, load

DEFAULT_SEED = 20261130


def random_playthrough(game: Game[Any], seed: int, max_steps: int = 10_000) -> Any:
    """Play one deal to the end with a seeded policy uniform over the legal action ids; return
    the state."""
    state = game.new_state(seed=seed)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal():
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"{game.id}: no end after {max_steps} actions (seed {seed})")
    return state


def record(game_id: str, seed: int = DEFAULT_SEED) -> str:
    """The text record of the seeded random playthrough of ``game_id``."""
    game = load(game_id)
    state = game.new_state(seed=seed)
    rng = Rng(seed ^ 0x5EED)
    lines = [f"game {game_id} seed {seed}", f"deal {json.dumps(state._deal_record)}"]
    while not state.is_terminal():
        player = state.current_player
        ids = state.legal_action_ids()
        choice = ids[rng.below(len(ids))]
        lines.append(f"p{player} [{len(ids)} legal] {state.action_from_id(choice)}")
        state.apply(choice)
    lines.append(f"returns {state.returns()}")
    lines.append(f"result {json.dumps(state.result, sort_keys=True)}")
    lines.append("history")
    lines.extend("  " + json.dumps(e, sort_keys=True) for e in state.history)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", type=Path, help="write <game>.txt files into this folder")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    for game_id in args.games or games():
        text = record(game_id, args.seed)
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            (args.write / f"{game_id}.txt").write_text(text, encoding="utf-8")
        else:
            print(text)


if __name__ == "__main__":
    main()
