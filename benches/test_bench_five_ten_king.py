"""Per-call figures of 5-10-K (issue 13) with pytest-benchmark:

    python -m pytest benches/test_bench_five_ten_king.py --benchmark-only

Positions are seeded random walks: "mid" is halfway through card play's actions, "early" the
first reveal opportunity of the deal, "first card" the banker's first lead."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import Rng

GAME = cardavia.load("five_ten_king")


def walk(seed: int) -> list[Any]:
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    out = [state.clone()]
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
        out.append(state.clone())
    return out


STATES = walk(3)
PLAY = [s for s in STATES if s.phase == "play"]
MID = PLAY[len(PLAY) // 2]
FIRST_CARD = PLAY[0]
EARLY = STATES[0]


def test_clone(benchmark: Any) -> None:
    benchmark(MID.clone)


def test_clone_after_legal_actions(benchmark: Any) -> None:
    state = MID.clone()
    state.legal_actions()
    benchmark(state.clone)
    assert state.to_json() == MID.to_json()


def test_resample(benchmark: Any) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: MID.resample(MID.current_player, seed=next(seeds)))


def test_resample_from_the_deal(benchmark: Any) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: EARLY.resample(EARLY.current_player, seed=next(seeds)))


def test_observation(benchmark: Any) -> None:
    benchmark(MID.observation, MID.current_player)


def fresh(state: Any) -> Any:
    """A pedantic setup giving a fresh clone (legal actions not listed yet: no cache)."""

    def setup() -> tuple[tuple[Any], dict[str, Any]]:
        return (state.clone(),), {}

    return setup


def test_legal_actions(benchmark: Any) -> None:
    benchmark.pedantic(lambda s: s.legal_actions(), setup=fresh(MID), rounds=5000)


def test_legal_actions_on_a_lead(benchmark: Any) -> None:
    benchmark.pedantic(lambda s: s.legal_actions(), setup=fresh(FIRST_CARD), rounds=2000)


def test_legal_action_ids(benchmark: Any) -> None:
    benchmark.pedantic(lambda s: s.legal_action_ids(), setup=fresh(MID), rounds=5000)


def test_legal_action_ids_on_a_lead(benchmark: Any) -> None:
    benchmark.pedantic(lambda s: s.legal_action_ids(), setup=fresh(FIRST_CARD), rounds=2000)


def test_apply_id(benchmark: Any) -> None:
    def setup() -> tuple[tuple[Any, int], dict[str, Any]]:
        state = MID.clone()
        return (state, state.legal_action_ids()[0]), {}

    benchmark.pedantic(lambda s, i: s.apply(i), setup=setup, rounds=2000)


def test_apply_action(benchmark: Any) -> None:
    def setup() -> tuple[tuple[Any, Any], dict[str, Any]]:
        state = MID.clone()
        return (state, state.legal_actions()[0]), {}

    benchmark.pedantic(lambda s, a: s.apply(a), setup=setup, rounds=2000)


def random_game_ids(seed: int) -> None:
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal():
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])


def random_game_actions(seed: int) -> None:
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])


def test_random_game_through_ids(benchmark: Any) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: random_game_ids(next(seeds)))


def test_random_game_through_actions(benchmark: Any) -> None:
    seeds = iter(range(10**9))
    benchmark(lambda: random_game_actions(next(seeds)))


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("where", ["early", "first card"])
def test_playout_returns_100(benchmark: Any, where: str, policy: str) -> None:
    """100 playouts on one thread (divide by 100 for one playout)."""
    state = EARLY if where == "early" else FIRST_CARD
    benchmark(state.playout_returns, 100, policy, 1, 1)
