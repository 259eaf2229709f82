"""pytest-benchmark figures of bridge's protocol and search primitives (issue 13).

Run: ``python -m pytest benches/test_bench_bridge.py --benchmark-only`` (ideally after a
release build). The mid-deal position is seed 3 after a uniformly random auction and five
tricks; "early" is the first call of a deal, "first card" the opening lead after a greedy
auction. Playout figures are per call of ``n`` playouts: divide by ``n``.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import Rng

GAME = cardavia.load("bridge")
PLAYOUTS = 200


def mid_deal() -> Any:
    state = GAME.new_state(seed=3)
    rng = Rng(3)
    while not (state.phase == "play" and len(state._deal.tricks()) >= 5):
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
    return state


def first_card() -> Any:
    state = GAME.new_state(seed=3)
    while state.phase == "auction":
        state.apply(state._deal.greedy_action())
    return state


@pytest.fixture
def state() -> Any:
    s = mid_deal()
    s.legal_actions()
    return s


def test_clone(benchmark: Any, state: Any) -> None:
    benchmark(state.clone)


def test_resample(benchmark: Any, state: Any) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: state.resample(state.current_player, seed=next(seeds)))


def test_observation(benchmark: Any, state: Any) -> None:
    benchmark(state.observation, state.current_player)


def test_legal_actions(benchmark: Any, state: Any) -> None:
    benchmark(state.legal_actions)


def test_legal_action_ids(benchmark: Any, state: Any) -> None:
    benchmark(state.legal_action_ids)


def test_clone_and_apply_id(benchmark: Any, state: Any) -> None:
    i = state.legal_action_ids()[0]

    def run() -> None:
        state.clone().apply(i)

    benchmark(run)


def random_game(ids: bool) -> None:
    state = GAME.new_state(seed=1)
    rng = Rng(2)
    while not state.is_terminal():
        legal = state.legal_action_ids() if ids else state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_random_game_through_ids(benchmark: Any) -> None:
    benchmark(random_game, True)


def test_random_game_through_actions(benchmark: Any) -> None:
    benchmark(random_game, False)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_the_auction(benchmark: Any, policy: str) -> None:
    state = GAME.new_state(seed=3)
    benchmark(state.playout_returns, PLAYOUTS, policy, 1)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_the_first_card(benchmark: Any, policy: str) -> None:
    state = first_card()
    benchmark(state.playout_returns, PLAYOUTS, policy, 1)
