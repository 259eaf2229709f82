"""Per-call figures of Tractor's protocol and search primitives (issue 13), pytest-benchmark.

Run: ``python -m pytest benches/test_bench_tractor.py --benchmark-only`` (medians in the
``Median`` column; ideally on a release build, ``pip install .`` or ``maturin develop -r``).

The positions are seeded and fixed: ``mid_deal()`` is deal 3 played at random (card by card,
``Rng(3)``) until 12 tricks are done and two players have played to the 13th; the viewer of
``resample`` is the seat after the one to act. ``playout_returns`` is timed per call of 64
playouts (divide by 64 for one playout); a random-game round plays deals 0..9 (divide by 10),
through ``legal_action_ids`` + ``apply(id)`` or ``legal_actions`` + ``apply(action)``. The
machine is often shared: ``--benchmark-timer time.process_time`` measures CPU time.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import Rng
from cardavia.games.tractor import TractorState

PLAYOUTS = 64


def game() -> Any:
    return cardavia.load("tractor", initial_seat=0)


def mid_deal() -> TractorState:
    s: TractorState = game().new_state(seed=3)
    rng = Rng(3)
    while not (
        s.phase == "play"
        and s._table is not None
        and s._table.tricks_done == 12
        and len(s._table.trick_plays) == 2
        and len(s._table.selection) == 0
    ):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def first_card() -> TractorState:
    s: TractorState = game().new_state(seed=3)
    rng = Rng(3)
    while s.phase != "play":
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return s


def viewer(s: TractorState) -> int:
    actor = s.current_player
    assert actor is not None
    return (actor + 1) % 4


def test_clone(benchmark: Any) -> None:
    s = mid_deal()
    benchmark(s.clone)


def test_clone_after_legal_actions(benchmark: Any) -> None:
    s = mid_deal()

    def run() -> Any:
        s.legal_actions()
        return s.clone()

    benchmark(run)


def test_resample(benchmark: Any) -> None:
    s = mid_deal()
    p = viewer(s)
    counter = iter(range(10**9))
    benchmark(lambda: s.resample(p, seed=next(counter)))


def test_observation(benchmark: Any) -> None:
    s = mid_deal()
    benchmark(s.observation, viewer(s))


def test_legal_actions(benchmark: Any) -> None:
    s = mid_deal()
    benchmark(s.legal_actions)


def test_legal_action_ids(benchmark: Any) -> None:
    s = mid_deal()
    benchmark(s.legal_action_ids)


def test_apply_id(benchmark: Any) -> None:
    s = mid_deal()
    first = s.legal_action_ids()[0]

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        return (s.clone(), first), {}

    benchmark.pedantic(lambda t, i: t.apply(i), setup=setup, rounds=2000)


def test_apply_action(benchmark: Any) -> None:
    s = mid_deal()

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        t = s.clone()
        return (t, t.legal_actions()[0]), {}

    benchmark.pedantic(lambda t, a: t.apply(a), setup=setup, rounds=2000)


def _random_game_ids(seed: int) -> None:
    s = game().new_state(seed=seed)
    rng = Rng(seed)
    while not s.is_terminal():
        ids = s.legal_action_ids()
        s.apply(ids[rng.below(len(ids))])


def _random_game_actions(seed: int) -> None:
    s = game().new_state(seed=seed)
    rng = Rng(seed)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])


GAMES = 10  # games per round: deals 0..9, the same work every round


def test_random_games_x10_ids(benchmark: Any) -> None:
    benchmark.pedantic(lambda: [_random_game_ids(k) for k in range(GAMES)], rounds=15)


def test_random_games_x10_actions(benchmark: Any) -> None:
    benchmark.pedantic(lambda: [_random_game_actions(k) for k in range(GAMES)], rounds=15)


def _playouts(s: TractorState, policy: str | None) -> Any:
    if policy is None:
        return s.playout_returns(PLAYOUTS, seed=1)
    return s.playout_returns(PLAYOUTS, seed=1, policy=policy)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playout_returns_x64_from_declarations(benchmark: Any, policy: str) -> None:
    s = game().new_state(seed=3)
    benchmark(_playouts, s, policy)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playout_returns_x64_from_first_card(benchmark: Any, policy: str) -> None:
    s = first_card()
    benchmark(_playouts, s, policy)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playout_returns_x64_from_mid_deal(benchmark: Any, policy: str) -> None:
    s = mid_deal()
    benchmark(_playouts, s, policy)


def test_whole_plays(benchmark: Any) -> None:
    s = mid_deal()
    benchmark(s.whole_plays)
