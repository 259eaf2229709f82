"""Per-call benchmarks over the positions of one seeded random walk, shared by
``test_bench_five_ten_king.py`` and ``test_bench_guandan.py`` (issue 13).

A game's bench module builds the walk (``walk`` for one deal, or its own for a deal inside a
match) and binds the functions of :func:`define` into its namespace. Positions: "mid" is
halfway through the card play's actions, "early" the walk's first state (each module says what
decision that is), "first card" the first lead.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from cardavia import Rng
from cardavia.game import Game, State


def walk(state: State, rng: Rng) -> list[State]:
    """Every state of a uniformly random walk from ``state`` to the end, as clones."""
    out = [state.clone()]
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
        out.append(state.clone())
    return out


def define(game: Game, states: list[State], early_name: str) -> dict[str, Any]:
    """The benchmark functions for the positions of ``states``; ``early_name`` names the
    resample benchmark at the walk's first state (``test_resample_<early_name>``)."""
    play = [s for s in states if getattr(s, "phase", "") == "play"]
    mid, first_card, early = play[len(play) // 2], play[0], states[0]

    def fresh(state: State) -> Any:
        """A pedantic setup giving a fresh clone (legal actions not listed yet: no cache)."""

        def setup() -> tuple[tuple[State], dict[str, Any]]:
            return (state.clone(),), {}

        return setup

    def random_game(seed: int, ids: bool) -> None:
        state = game.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            choices: list[Any] = state.legal_action_ids() if ids else state.legal_actions()
            state.apply(choices[rng.below(len(choices))])

    def test_clone(benchmark: Any) -> None:
        benchmark(mid.clone)

    def test_clone_after_legal_actions(benchmark: Any) -> None:
        state = mid.clone()
        state.legal_actions()
        benchmark(state.clone)
        assert state.to_json() == mid.to_json()

    def test_resample(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: mid.resample(mid.current_player, seed=next(seeds)))

    def test_resample_early(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: early.resample(early.current_player, seed=next(seeds)))

    def test_observation(benchmark: Any) -> None:
        benchmark(mid.observation, mid.current_player)

    def test_legal_actions(benchmark: Any) -> None:
        benchmark.pedantic(lambda s: s.legal_actions(), setup=fresh(mid), rounds=5000)

    def test_legal_actions_on_a_lead(benchmark: Any) -> None:
        benchmark.pedantic(lambda s: s.legal_actions(), setup=fresh(first_card), rounds=2000)

    def test_legal_action_ids(benchmark: Any) -> None:
        benchmark.pedantic(lambda s: s.legal_action_ids(), setup=fresh(mid), rounds=5000)

    def test_legal_action_ids_on_a_lead(benchmark: Any) -> None:
        benchmark.pedantic(lambda s: s.legal_action_ids(), setup=fresh(first_card), rounds=2000)

    def test_apply_id(benchmark: Any) -> None:
        def setup() -> tuple[tuple[State, int], dict[str, Any]]:
            state = mid.clone()
            return (state, state.legal_action_ids()[0]), {}

        benchmark.pedantic(lambda s, i: s.apply(i), setup=setup, rounds=2000)

    def test_apply_action(benchmark: Any) -> None:
        def setup() -> tuple[tuple[State, Any], dict[str, Any]]:
            state = mid.clone()
            return (state, state.legal_actions()[0]), {}

        benchmark.pedantic(lambda s, a: s.apply(a), setup=setup, rounds=2000)

    def test_random_game_through_ids(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: random_game(next(seeds), True))

    def test_random_game_through_actions(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: random_game(next(seeds), False))

    @pytest.mark.parametrize("policy", ["random", "greedy"])
    @pytest.mark.parametrize("where", ["early", "first card"])
    def test_playout_returns_100(benchmark: Any, where: str, policy: str) -> None:
        """100 playouts on one thread (divide by 100 for one playout)."""
        state = early if where == "early" else first_card
        benchmark(state.playout_returns, 100, policy, 1, 1)  # type: ignore[attr-defined]

    tests = {name: f for name, f in locals().items() if name.startswith("test_")}
    tests[f"test_resample_{early_name}"] = tests.pop("test_resample_early")
    return tests
