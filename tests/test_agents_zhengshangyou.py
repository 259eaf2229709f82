"""Zheng Shangyou agents: the search's rollout rule is the rule strategy's, and the arena's
first-out measure."""

from __future__ import annotations

import cardavia
from cardavia.agents import HeuristicAgent, RandomAgent, arena
from cardavia.game import State

GAME = cardavia.load("zhengshangyou")


def _greedy_choice(state: State) -> int:
    """The action id the Rust greedy rollout policy takes first from ``state``."""
    steps, _ = state.playout_trace(policy="greedy", seed=0)  # type: ignore[attr-defined]
    return int(steps[0])


def test_greedy_rollout_plays_the_rule_strategy() -> None:
    """ZSY's greedy playout policy (rust/core climbing::zsy_rule) takes the HeuristicAgent's
    action at every decision, leads and beats, along heuristic and random games."""
    decisions = 0
    for deal in range(60):
        state = GAME.new_state(seed=deal)
        rule, noise = HeuristicAgent(seed=1), RandomAgent(seed=deal)
        while not state.is_terminal():
            chosen = rule.act(state)
            assert _greedy_choice(state) == state.action_id(chosen)
            decisions += 1
            state.apply(chosen if deal % 2 else noise.act(state))
    assert decisions > 2000


def test_greedy_rollout_is_deterministic() -> None:
    """The rule draws nothing: greedy playouts from one state agree whatever the seed, and
    their returns are zero-sum (ZSY-7.6)."""
    for deal in range(5):
        state = GAME.new_state(seed=deal)
        first = state.playout_returns(3, policy="greedy", seed=1)  # type: ignore[attr-defined]
        again = state.playout_returns(3, policy="greedy", seed=99)  # type: ignore[attr-defined]
        assert (first == again).all()
        assert abs(first.sum(axis=1)).max() < 1e-9


def test_arena_reports_first_out_shares() -> None:
    """The arena's Zheng Shangyou metric: per seating, the share of an agent's seats that went
    out first; over all agents the shares weighted by seats sum to one deal's winner."""
    result = arena(GAME, ["heuristic", "random", "random"], deals=8, seed=3)
    h, r = result.score("heuristic"), result.score("random")
    assert len(h.extra["first_out"]) == 8 * result.rotations
    for a, b in zip(h.extra["first_out"], r.extra["first_out"], strict=True):
        assert a in (0.0, 1.0) and b in (0.0, 0.5, 1.0)
        assert a + 2 * b == 1.0
    assert sum(h.extra["first_out"]) > sum(r.extra["first_out"])
