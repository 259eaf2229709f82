"""Per-call figures of the Hold'em and One Poker protocol (pytest-benchmark).

Run with ``python -m pytest benches/test_bench_poker.py --benchmark-only`` (benches are not in
the CI test paths). Positions are fixed and seeded:

* Hold'em: the default table (4 players, 1000 chips, blinds 10/20), seed 1, everyone limps, the
  big blind checks, the flop is bet 40 and called once: a mid-hand decision on the flop.
* One Poker: a match from seed 3, the third deal, both cards locked, the first player bet 2:
  a betting decision mid-match (the shoe carried over).

A "random game" is a whole hand (Hold'em) or deal (One Poker) played uniformly at random from
the start through one path: ``legal_action_ids()`` + ``apply(id)`` or ``legal_actions()`` +
``apply(action)``. Playout figures are per playout (``playout_returns(200)`` / 200).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardavia

PLAYOUTS = 200


def holdem_mid() -> Any:
    state = cardavia.load("holdem").new_state(seed=1)
    for text in ("call", "call", "call", "check", "bet to 40", "call"):
        state.apply(text)
    assert state.hand.street == "flop" and not state.is_terminal()
    return state


def one_poker_mid() -> Any:
    match = cardavia.load("one_poker").new_match(seed=3)
    for _ in range(2):
        deal = match.new_deal()
        while not deal.is_terminal():
            deal.apply(deal.legal_actions()[0] if deal.phase == "lock" else "check")
    deal = match.new_deal()
    deal.apply(deal.legal_actions()[0])
    deal.apply(deal.legal_actions()[0])
    deal.apply("bet to 2")
    assert deal.phase == "betting" and not deal.is_terminal()
    return deal


POSITIONS = {"holdem": holdem_mid, "one_poker": one_poker_mid}
GAMES = list(POSITIONS)


def _needs(state: Any, name: str) -> None:
    if not hasattr(state, name):
        pytest.skip(f"{type(state).__name__} has no {name}() in this build")


@pytest.mark.parametrize("game", GAMES)
def test_clone(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    benchmark(state.clone)


@pytest.mark.parametrize("game", GAMES)
def test_clone_after_legal_actions(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()

    def run() -> None:
        state.legal_actions()
        state.clone()

    benchmark(run)


@pytest.mark.parametrize("game", GAMES)
def test_resample(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    seeds = iter(range(10**9))
    benchmark(lambda: state.resample(state.current_player, seed=next(seeds)))


@pytest.mark.parametrize("game", GAMES)
def test_observation(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    benchmark(state.observation, state.current_player)


@pytest.mark.parametrize("game", GAMES)
def test_legal_actions(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    benchmark(state.legal_actions)


@pytest.mark.parametrize("game", GAMES)
def test_legal_action_ids(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    benchmark(state.legal_action_ids)


@pytest.mark.parametrize("game", GAMES)
def test_legal_action_mask(benchmark: Any, game: str) -> None:
    state = POSITIONS[game]()
    benchmark(state.legal_action_mask)


@pytest.mark.parametrize("game", GAMES)
def test_apply_call_on_a_clone(benchmark: Any, game: str) -> None:
    """clone() + apply() of the check/call (id 1): subtract test_clone for apply alone."""
    state = POSITIONS[game]()

    def run() -> None:
        state.clone().apply(1)

    benchmark(run)


@pytest.mark.parametrize("game", GAMES)
def test_illegal_huge_raise_is_rejected(benchmark: Any, game: str) -> None:
    """An illegal amount is checked in O(1) (issue 18 point 3)."""
    state = POSITIONS[game]()

    def run() -> None:
        assert not state.can_apply("raise to 2000000")

    benchmark(run)


LOADED = {game: cardavia.load(game) for game in GAMES}


def _new_game_state(game: str, seed: int) -> Any:
    return LOADED[game].new_state(seed=seed)


@pytest.mark.parametrize("game", GAMES)
def test_random_game_through_ids(benchmark: Any, game: str) -> None:
    seeds = iter(range(10**9))

    def run() -> None:
        seed = next(seeds)
        state = _new_game_state(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            ids = state.legal_action_ids()
            state.apply(ids[rng.randrange(len(ids))])

    benchmark(run)


@pytest.mark.parametrize("game", GAMES)
def test_random_game_through_actions(benchmark: Any, game: str) -> None:
    seeds = iter(range(10**9))

    def run() -> None:
        seed = next(seeds)
        state = _new_game_state(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])

    benchmark(run)


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("where", ["first_decision", "mid"])
@pytest.mark.parametrize("game", GAMES)
def test_playout_per_playout(benchmark: Any, game: str, where: str, policy: str) -> None:
    """``playout_returns(200)``: divide the figure by 200 for one playout."""
    state = _new_game_state(game, 5) if where == "first_decision" else POSITIONS[game]()
    _needs(state, "playout_returns")
    seeds = iter(range(10**9))
    benchmark(lambda: state.playout_returns(PLAYOUTS, policy=policy, seed=next(seeds)))
