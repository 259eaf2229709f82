"""The per-call benchmarks of the climbing games (issue 13 point 6), shared by
``test_bench_doudizhu.py``, ``test_bench_zhengshangyou.py`` and ``test_bench_red_ten.py``.

Positions: the mid-deal state of a seeded uniformly random deal (the first card-play state
with at most half of the cards left in hand), an early decision (the deal's first decision:
the Dou Dizhu auction, the Red Ten lighting poll, the Zheng Shangyou first lead) and the first
card. Run with ``python -m pytest benches/test_bench_<game>.py --benchmark-only``.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import cardavia
from cardavia.game import State

PLAYOUTS = 200  # per benchmark round; the figure to read is the time per round / PLAYOUTS


def mid_deal(game_id: str, seed: int = 3) -> State:
    state = cardavia.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    total = None
    while not state.is_terminal():
        if getattr(state, "phase", "") == "play":
            sizes = state.observation(0)["hand_sizes"]
            total = total or sum(sizes)
            if sum(sizes) <= total // 2:
                return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the deal ended before mid-deal")


def first_card(game_id: str, seed: int = 3) -> State:
    state = cardavia.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    while state.phase != "play":  # type: ignore[attr-defined]
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_game(game_id: str, seed: int, ids: bool) -> None:
    state = cardavia.load(game_id).new_state(seed=seed)
    choice = random.Random(seed).choice
    if ids:
        while not state.is_terminal():
            state.apply(choice(state.legal_action_ids()))
    else:
        while not state.is_terminal():
            state.apply(choice(state.legal_actions()))


def define(game_id: str) -> dict[str, Any]:
    """The benchmark functions of one game, to be bound into a test module's namespace."""

    def test_clone(benchmark: Any) -> None:
        state = mid_deal(game_id)
        benchmark(state.clone)

    def test_clone_after_legal_actions(benchmark: Any) -> None:
        state = mid_deal(game_id)
        state.legal_actions()
        benchmark(state.clone)

    def test_resample(benchmark: Any) -> None:
        state = mid_deal(game_id)
        player = state.current_player
        seeds = itertools.count()
        benchmark(lambda: state.resample(player, seed=next(seeds)))

    def test_observation(benchmark: Any) -> None:
        state = mid_deal(game_id)
        benchmark(state.observation, state.current_player)

    def test_legal_actions(benchmark: Any) -> None:
        benchmark(mid_deal(game_id).legal_actions)

    def test_legal_action_ids(benchmark: Any) -> None:
        benchmark(mid_deal(game_id).legal_action_ids)

    def test_clone_and_apply_id(benchmark: Any) -> None:
        state = mid_deal(game_id)
        first = state.legal_action_ids()[0]

        def step() -> None:
            state.clone().apply(first)

        benchmark(step)

    def test_random_game_ids(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: random_game(game_id, next(seeds), True))

    def test_random_game_actions(benchmark: Any) -> None:
        seeds = itertools.count()
        benchmark(lambda: random_game(game_id, next(seeds), False))

    @pytest.mark.parametrize("policy", ["random", "greedy"])
    def test_playouts_from_the_first_decision(benchmark: Any, policy: str) -> None:
        state = cardavia.load(game_id).new_state(seed=3)
        benchmark(state.playout_returns, PLAYOUTS, policy)  # type: ignore[attr-defined]

    @pytest.mark.parametrize("policy", ["random", "greedy"])
    def test_playouts_from_the_first_card(benchmark: Any, policy: str) -> None:
        state = first_card(game_id)
        benchmark(state.playout_returns, PLAYOUTS, policy)  # type: ignore[attr-defined]

    return {name: f for name, f in locals().items() if name.startswith("test_")}
