"""Zheng Shangyou agents: the search's rollout rule is the rule strategy's, its worlds weighted
by that rule as an opponent model, and the arena's first-out measure."""

from __future__ import annotations

import pytest

import cardavia
from cardavia import CardSet, InvalidArgumentError
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, arena, recommend
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


def _heuristic_position(seed: int, steps: int) -> State:
    """A deal played ``steps`` actions by HeuristicAgents."""
    state = GAME.new_state(seed=seed)
    agent = HeuristicAgent(seed=seed)
    for _ in range(steps):
        state.apply(agent.act(state))
    return state


def _hidden(state: State, player: int) -> list[str]:
    return [str(h) for p, h in enumerate(state._hands) if p != player]  # type: ignore[attr-defined]


def test_resample_by_rule_with_one_draw_is_the_uniform_resample() -> None:
    state = _heuristic_position(4, 9)
    player = state.current_player
    assert player is not None
    for seed in range(5):
        one = state.resample_by_rule(player, seed, draws=1)  # type: ignore[attr-defined]
        assert _hidden(one, player) == _hidden(state.resample(player, seed), player)
        assert one.observation(player) == state.observation(player)


def test_resample_by_rule_reads_no_hidden_cards() -> None:
    """Two states that differ only in the other players' hidden cards (a resampled world and
    the true deal, the same public actions) give the same worlds and the same hints."""
    state = _heuristic_position(8, 12)
    player = state.current_player
    assert player is not None
    other = state.resample(player, 77)
    assert _hidden(other, player) != _hidden(state, player)
    for seed in range(4):
        a = state.resample_by_rule(player, seed)  # type: ignore[attr-defined]
        b = other.resample_by_rule(player, seed)  # type: ignore[attr-defined]
        assert _hidden(a, player) == _hidden(b, player)
    assert recommend(state, iterations=120, seed=3) == recommend(other, iterations=120, seed=3)


def test_resample_by_rule_is_seeded_and_favours_worlds_the_rule_explains() -> None:
    """Against players who do play the rule, the weighted worlds place more of their hidden
    cards where they really are than uniform worlds do; one seed gives one world."""
    right = {"rule": 0, "uniform": 0}
    for deal in range(6):
        state = _heuristic_position(deal, 15)
        if state.is_terminal():
            continue
        player = state.current_player
        assert player is not None
        truth = [CardSet(h) for h in _hidden(state, player)]
        for seed in range(8):
            worlds = {
                "rule": state.resample_by_rule(player, seed, mismatch_weight=0.0),  # type: ignore[attr-defined]
                "uniform": state.resample(player, seed),
            }
            for kind, world in worlds.items():
                guess = [CardSet(h) for h in _hidden(world, player)]
                right[kind] += sum(len(g & t) for g, t in zip(guess, truth, strict=True))
        again = state.resample_by_rule(player, 5)  # type: ignore[attr-defined]
        assert _hidden(again, player) == _hidden(state.resample_by_rule(player, 5), player)  # type: ignore[attr-defined]
    assert right["rule"] > right["uniform"]


def test_resample_by_rule_arguments() -> None:
    state = _heuristic_position(2, 3)
    player = state.current_player
    for bad in ({"draws": 0}, {"draws": 1.5}, {"mismatch_weight": 1.5}, {"mismatch_weight": -1}):
        with pytest.raises(InvalidArgumentError):
            state.resample_by_rule(player, 1, **bad)  # type: ignore[attr-defined]


def test_search_with_rule_worlds_is_reproducible_and_legal() -> None:
    for deal in range(3):
        state = GAME.new_state(seed=deal)
        agents = [SearchAgent(iterations=60, seed=s) for s in range(3)]
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            copy = state.clone()
            action = agents[player].act(state)
            assert state.can_apply(action)
            assert recommend(copy, iterations=60, seed=9) == recommend(state, iterations=60, seed=9)
            state.apply(action)


def test_playout_winners_are_the_greedy_playouts_winners() -> None:
    """The greedy rule draws nothing, so every greedy playout has the winner of the replayed
    greedy trace."""
    for deal in range(4):
        state = _heuristic_position(deal, 6)
        steps, _ = state.playout_trace(policy="greedy", seed=0)  # type: ignore[attr-defined]
        replay = state.clone()
        for step in steps:
            replay.apply(step)
        assert replay.result is not None
        winners = state.playout_winners(5, policy="greedy", seed=deal)  # type: ignore[attr-defined]
        assert winners == [replay.result["winner"]] * 5
        assert set(state.playout_winners(20, policy="random", seed=1)) <= {0, 1, 2}  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError):
        state.playout_winners(0)  # type: ignore[attr-defined]


def test_search_agent_plays_to_go_out_first() -> None:
    """The SearchAgent's search values a simulation 1 when the player goes out first, else 0:
    its values are shares, a play that goes out at once is worth exactly 1 and is chosen, while
    recommend keeps ranking by payoff."""
    from cardavia.agents.search import SearchConfig, analyse
    from cardavia.agents.strategies.zhengshangyou import _first_out

    for deal in range(40):
        state = _heuristic_position(deal, 0)
        while not state.is_terminal():
            legal = state.legal_actions()
            player = state.current_player
            assert player is not None
            size = state.observation(player)["hand_sizes"][player]
            out = [a for a in legal if a.kind == "play" and len(a.cards or ()) == size]
            if out and len(legal) > 1:
                config = SearchConfig(simulate=_first_out)
                hints = analyse(state, iterations=80, seed=4, config=config)
                assert all(0.0 <= h.value <= 1.0 for h in hints)
                assert hints[0].value == 1.0 and hints[0].action in out
                assert SearchAgent(iterations=80, seed=2).act(state) in out
                payoff = recommend(state, iterations=80, seed=4)
                assert payoff[0].action in out and payoff[0].value > 1.0
                return
            state.apply(HeuristicAgent(seed=deal).act(state))
    raise AssertionError("no position with a choice to go out")
