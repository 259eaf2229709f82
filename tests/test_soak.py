"""The soak of issue 18 in small, memory that stays flat, and one id per legal action.

* ``benches/soak.py`` (run by CI with 10,000 deals per game) at a size that fits the suite:
  no problem found, and the same seed gives the same digest twice.
* Memory: creating, playing, cloning, recording and discarding deals of every game, and long
  runs of Rust playouts, hold the process's resident memory flat (a generous bound: a leak of
  the kind issue 18 found, hundreds of MB, fails it; allocator noise does not). A Dou Dizhu
  state redealt 1,000 times (DDZ-3.5c) holds no more than a fresh one besides its record and
  history, which must keep every call to replay the deal.
* Property (hypothesis): at random positions of all ten games every legal action has an id of
  its own, ``legal_action_ids()`` lists each id once, ids map back to their actions, and the
  mask marks exactly the legal ids (issue 18, point 4).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import Rng

GAMES = cardavia.games()
SOAK = Path(__file__).parent.parent / "benches" / "soak.py"


def _soak_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardavia_soak", SOAK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cardavia_soak"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", GAMES)
def test_a_small_soak_finds_nothing_and_repeats(game_id: str) -> None:
    soak = _soak_module()
    first = soak.soak_game(game_id, deals=120, protocol_deals=6, seed=18)
    assert first.problems == []
    assert first.deals == 120 and first.protocol_deals == 6
    assert first.rust_playouts > 120 and first.positions > 6
    assert first.leak_checks > 0 and first.mask_checks > 0
    again = soak.soak_game(game_id, deals=120, protocol_deals=6, seed=18)
    assert again.digest.hexdigest() == first.digest.hexdigest()
    other = soak.soak_game(game_id, deals=20, protocol_deals=2, seed=19)
    assert other.digest.hexdigest() != first.digest.hexdigest()


def test_the_soak_reports_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks can fail: a game whose returns stop summing to zero is reported."""
    soak = _soak_module()
    state_type = type(cardavia.load("doudizhu").new_state(seed=1))
    real = state_type.returns
    monkeypatch.setattr(state_type, "returns", lambda self: [r + 1 for r in real(self)])
    report = soak.soak_game("doudizhu", deals=3, protocol_deals=3, seed=1)
    assert report.problems and "do not sum to zero" in report.problems[0]


# ---------------------------------------------------------------------------------------------
# Memory


def _rss() -> int:
    """The resident memory of this process in bytes (Linux)."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _play(game_id: str, seed: int) -> None:
    game = cardavia.load(game_id)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        steps += 1
        if steps == 5:
            copy = state.clone()
            copy.observation(0)
            state.can_apply("zz")
            state.legal_action_mask()
    game.state_from_json(state.to_json())


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_create_play_discard_keeps_memory_flat() -> None:
    for game_id in GAMES:  # warm up: caches, action spaces, allocator pools
        for seed in range(40):
            _play(game_id, seed)
    gc.collect()
    before = _rss()
    for game_id in GAMES:
        for seed in range(40, 240):
            _play(game_id, seed)
    gc.collect()
    grown = _rss() - before
    assert grown < 48 * 2**20, f"resident memory grew by {grown / 2**20:.1f} MB"


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_repeated_rust_playouts_keep_memory_flat() -> None:
    states = [cardavia.load(g).new_state(seed=3) for g in GAMES]
    for state in states:
        state.playout_returns(50, seed=0)
    gc.collect()
    before = _rss()
    for k in range(30):
        for state in states:
            state.playout_returns(50, seed=k)
    gc.collect()
    grown = _rss() - before
    assert grown < 32 * 2**20, f"resident memory grew by {grown / 2**20:.1f} MB"


def _held(make: Any) -> int:
    """Bytes of Python memory still held by what ``make()`` returns, once it is built."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        kept = make()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    del kept
    return held


def test_a_dou_dizhu_state_redealt_a_thousand_times_holds_no_more() -> None:
    game = cardavia.load("doudizhu")

    def fresh() -> Any:
        return game.new_state(seed=5)

    def redealt() -> Any:
        state = game.new_state(seed=5)
        while state._deal_index < 1000:
            state.apply("pass")  # three passes: a void deal, redealt (DDZ-3.5c)
        assert state.actions_taken == 3000
        # The record and the history keep every call (to_json must replay them): set them
        # aside, and what is left must be no bigger than a fresh state.
        state._action_log = []
        state._history_log = []
        return state

    redealt()  # warm up: what the first redeals allocate once (interned text, caches)
    held_fresh = _held(fresh)
    held_redealt = _held(redealt)
    # Keeping the old deals would hold 1,000 x (three hands, a bottom, their calls): well
    # over a megabyte. The slack covers what CPython keeps outside the state (small caches
    # that fill once and do not grow: 3,000 redeals hold about what 1,000 do).
    assert held_redealt <= held_fresh + 64 * 1024, (held_fresh, held_redealt)
    objects = gc.get_objects()
    state = redealt()
    assert len(gc.get_objects()) - len(objects) < 50
    del state, objects


# ---------------------------------------------------------------------------------------------
# Property: every legal action has its own id


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(GAMES),
    seed=st.integers(0, 2**64 - 1),
    steps=st.integers(0, 400),
)
def test_every_legal_action_has_its_own_id(game_id: str, seed: int, steps: int) -> None:
    game = cardavia.load(game_id)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    if state.is_terminal():
        assert list(state.legal_action_ids()) == [] and not state.legal_action_mask().any()
        return
    actions = state.legal_actions()
    ids = list(state.legal_action_ids())
    listed = [state.action_id(a) for a in actions]
    assert len(set(ids)) == len(ids), "an id listed twice"
    assert len(set(listed)) == len(listed), "two legal actions share an id"
    assert set(listed) <= set(ids)
    for action, i in zip(actions, listed, strict=True):
        assert 0 <= i < game.num_actions
        assert state.action_from_id(i) == action
    mask = state.legal_action_mask()
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
