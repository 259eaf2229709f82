"""Dou Dizhu agents: the card-play search's Rust kernel (worlds from the player's view, the rule
strategy as rollout policy, ranked by the chance of winning) and its hints."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

import cardavia
from cardavia import CardSet, InvalidArgumentError, _core
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, recommend
from cardavia.agents.strategies.doudizhu import STRATEGY
from cardavia.agents.strategies.doudizhu_search import DdzSearchSettings
from cardavia.game import State

GAME = cardavia.load("doudizhu")


@pytest.fixture(autouse=True)
def kernel_search() -> Iterator[None]:
    """The card-play kernel is opt-in (DouDizhuStrategy.search_settings): on for these tests."""
    saved = STRATEGY.search_settings
    STRATEGY.search_settings = DdzSearchSettings()
    yield
    STRATEGY.search_settings = saved


def _card_play(seed: int, moves: int) -> State:
    """Seat 0 the landlord at bid 1, then ``moves`` heuristic plays."""
    record = json.loads(GAME.new_state(seed=seed).to_json())["deal"]
    record["first_bidder"] = 0
    state = GAME.new_state(seed=seed, deal=record)
    for call in ("bid 1", "pass", "pass"):
        state.apply(call)
    rule = HeuristicAgent(seed=seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rule.act(state))
    return state


def _hidden(state: State, player: int) -> list[str]:
    return [str(h) for p, h in enumerate(state._table.hands()) if p != player]  # type: ignore[attr-defined]


def test_rust_rule_plays_the_heuristic_agents_card_play() -> None:
    """The kernel's rollout rule (rust/core climbing::ddz_rule) takes the HeuristicAgent's card
    play at every decision, along heuristic and random games."""
    decisions = 0
    for deal in range(40):
        state = _card_play(deal, 0)
        rule, noise = HeuristicAgent(seed=1), RandomAgent(seed=deal)
        while not state.is_terminal():
            chosen = rule.act(state)
            rust = _core.ddz_rule_choice(state._table)  # type: ignore[attr-defined]
            if chosen.kind == "pass":
                assert rust is None
            else:
                assert rust == chosen.cards
            decisions += 1
            state.apply(chosen if deal % 2 else noise.act(state))
    assert decisions > 1000


def test_hints_rank_every_legal_action_once_and_are_seeded() -> None:
    for deal in range(4):
        state = _card_play(deal, 3 * deal)
        if state.is_terminal():
            continue
        hints = recommend(state, iterations=400, seed=5)
        legal = state.legal_actions()
        assert sorted(map(str, (h.action for h in hints))) == sorted(map(str, legal))
        assert hints == recommend(state.clone(), iterations=400, seed=5)
        assert all(h.samples > 0 for h in hints)
        # Values are payoffs at bid 1: within the DDZ-7 range of this deal.
        assert all(abs(h.value) <= 2 * 2**4 * 2 for h in hints)


def test_search_reads_no_hidden_cards() -> None:
    """Two states that differ only in the other players' hidden cards give the same hints."""
    for deal, moves in ((3, 4), (7, 9), (11, 1)):
        state = _card_play(deal, moves)
        player = state.current_player
        assert player is not None
        other = state.resample(player, seed=99)
        assert _hidden(other, player) != _hidden(state, player)
        assert recommend(state, iterations=300, seed=2) == recommend(other, iterations=300, seed=2)


def test_search_agent_is_reproducible_and_legal() -> None:
    state = _card_play(5, 0)
    agents = [SearchAgent(iterations=200, seed=s) for s in range(3)]
    again = [SearchAgent(iterations=200, seed=s) for s in range(3)]
    replay = state.clone()
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = agents[player].act(state)
        assert state.can_apply(action)
        assert again[player].act(replay) == action
        state.apply(action)
        replay.apply(action)


def test_a_play_that_goes_out_is_ranked_first_at_the_wins_payoff() -> None:
    found = 0
    for deal in range(60):
        state = _card_play(deal, 0)
        rule = HeuristicAgent(seed=deal)
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            size = state.observation(player)["hand_sizes"][player]
            out = [
                a for a in state.legal_actions() if a.kind == "play" and len(a.cards or ()) == size
            ]
            if out and len(state.legal_actions()) > 1:
                best = recommend(state, iterations=200, seed=1)[0]
                assert best.action.kind == "play" and len(best.action.cards or ()) == size
                child = state.clone()
                child.apply(best.action)
                assert best.value == child.returns()[player] and best.interval == 0.0
                found += 1
                break
            state.apply(rule.act(state))
        if found >= 5:
            break
    assert found >= 5


def test_kernel_refuses_bad_arguments() -> None:
    state = _card_play(2, 0)
    table = state._table  # type: ignore[attr-defined]
    hands, bottom = state._hands, state._bottom  # type: ignore[attr-defined]
    ok = [state.legal_actions()[0].cards]
    out = _core.ddz_search(0, hands, bottom, table, 0, 1, ok, 3, "rule", 1)
    assert out.shape == (3, 1)
    with pytest.raises(InvalidArgumentError):
        _core.ddz_search(1, hands, bottom, table, 0, 1, ok, 3, "rule", 1)  # not to act
    with pytest.raises(InvalidArgumentError):
        _core.ddz_search(0, hands, bottom, table, 0, 1, ok, 3, "best", 1)
    with pytest.raises(InvalidArgumentError):
        _core.ddz_search(0, hands, bottom, table, 0, 1, [None], 3, "rule", 1)  # no pass on a lead
    with pytest.raises(InvalidArgumentError):
        _core.ddz_search(0, hands, bottom, table, 0, 1, [CardSet("3c 5d")], 3, "rule", 1)
    with pytest.raises(InvalidArgumentError):
        _core.ddz_search(0, hands, bottom, table, 0, 1, ok, 0, "rule", 1)
