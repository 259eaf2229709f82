"""The Guandan agents (issue 14): the rule strategy at the return card and in card play, the
search's whole-play hints, reproducibility and privacy; and Action.info for Guandan plays.
Behaviour only: strength and speed live in benches/."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia import CardBag, Rng
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, recommend
from cardavia.agents.base import Agent
from cardavia.agents.strategies import strategy_for
from cardavia.agents.strategies.guandan import _team_value, hand_moves
from cardavia.game import State

GAME = cardavia.load("guandan")
STRATEGY = strategy_for("guandan")


def spec_for(deal: int) -> dict[str, Any] | None:
    """Every other deal follows a previous deal, so it has a tribute and returns (GD-4)."""
    if deal % 2 == 0:
        return None
    order = [deal % 4, (deal + 1 + deal // 8 % 2) % 4]
    order += [p for p in range(4) if p not in order]
    return {"previous_order": order, "levels": ["23456789TJQKA"[deal % 13], "5"]}


def play_deal(state: State, agents: list[Agent]) -> int:
    decisions = 0
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = agents[player].act(state)
        assert state.can_apply(action), action
        state.apply(action)
        decisions += 1
    return decisions


def test_heuristic_agent_is_always_legal_at_every_decision() -> None:
    decisions = 0
    phases: set[str] = set()
    deal = 0
    while decisions < 10_000:
        state = GAME.new_state(seed=deal, deal=spec_for(deal))
        heuristic: Agent = HeuristicAgent(seed=deal)
        agents: list[Agent] = [heuristic] * 4
        if deal % 3 == 1:  # heuristic players among random ones reach other positions
            agents = [heuristic, RandomAgent(seed=deal)] * 2
            if deal % 2:
                agents = agents[1:] + agents[:1]
        while not state.is_terminal():
            phases.add(state.phase)  # type: ignore[attr-defined]
            player = state.current_player
            assert player is not None
            action = agents[player].act(state)
            assert state.can_apply(action), action
            state.apply(action)
            decisions += agents[player] is heuristic
        deal += 1
    assert phases == {"return", "play"}


def test_search_agent_is_legal_with_a_small_budget() -> None:
    state = GAME.new_state(seed=7, deal=spec_for(7))
    agents: list[Agent] = [SearchAgent(iterations=10, seed=1), HeuristicAgent(seed=2)] * 2
    assert play_deal(state, agents) > 20


def test_heuristic_and_search_are_reproducible() -> None:
    runs = []
    for _ in range(2):
        state = GAME.new_state(seed=5, deal=spec_for(5))
        agents: list[Agent] = [HeuristicAgent(seed=3), SearchAgent(iterations=8, seed=4)] * 2
        play_deal(state, agents)
        runs.append(state.to_json())
    assert runs[0] == runs[1]
    state = GAME.new_state(seed=9)
    a = recommend(state, iterations=300, seed=11)
    b = recommend(state.clone(), iterations=300, seed=11)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]


def test_hints_rank_every_candidate_exactly_once() -> None:
    state = GAME.new_state(seed=3, deal=spec_for(3))
    assert state.phase == "return"  # type: ignore[attr-defined]
    positions = [state.clone()]
    agent = HeuristicAgent(seed=1)
    kinds: set[bool] = set()
    while len(positions) < 3:
        state.apply(agent.act(state))
        me = state.current_player
        assert me is not None
        leading = state.observation(me)["top"] is None
        if leading not in kinds and len(state.legal_actions()) > 1:
            kinds.add(leading)
            positions.append(state.clone())
    for state in positions:
        legal = state.legal_actions()
        lines = STRATEGY.candidates(state)
        assert lines is not None
        hints = recommend(state, iterations=120, seed=5)
        expected = [str(line[0]) for line in lines]
        assert len(set(expected)) == len(expected)
        assert sorted(str(h.action) for h in hints) == sorted(expected)
        assert all(h.action in legal for h in hints)
        assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
        assert all(h.reason for h in hints)
        if state.phase == "return":  # type: ignore[attr-defined]
            assert len(hints) == len(legal)
        elif state.observation(state.current_player)["top"] is None:  # type: ignore[arg-type]
            # A lead: hundreds of moves, ranked as a few whole plays, one per card set.
            assert len(legal) > 100 and len(hints) <= 17
            assert len({str(h.action.cards) for h in hints}) == len(hints)


def third_out_position() -> State:
    """A seeded heuristic deal at the first decision where the player to act can go out
    third, its partner having finished first: that play ends the deal (GD-8.8) at +2 for its
    team (GD-9.3), the best it can get."""
    for seed in range(200):
        state = GAME.new_state(seed=seed)
        agent = HeuristicAgent(seed=seed)
        while not state.is_terminal():
            me = state.current_player
            assert me is not None
            obs = state.observation(me)
            order = obs["finish_order"]
            size = obs["hand_sizes"][me]
            partner_first = len(order) == 2 and order[0] == (me + 2) % 4
            if partner_first and any(len(a.cards or ()) == size for a in state.legal_actions()):
                return state
            state.apply(agent.act(state))
    raise AssertionError("no such position in 200 deals")


def test_going_out_third_is_ranked_first_at_its_payoff() -> None:
    state = third_out_position()
    me = state.current_player
    assert me is not None
    hints = recommend(state, iterations=300, seed=2)
    best = hints[0]
    size = state.observation(me)["hand_sizes"][me]
    assert len(best.action.cards or ()) == size
    assert best.value == 2.0 and best.interval == 0.0 and best.samples == 1
    assert "goes out" in best.reason
    assert len(STRATEGY.choose(state, Rng(0)).cards or ()) == size


def test_search_never_reads_hidden_cards() -> None:
    base = GAME.new_state(seed=4)
    hands = [str(h) for h in base.dealt]  # type: ignore[attr-defined]
    two, three = hands[2].split(), hands[3].split()
    i = next(k for k, c in enumerate(two) if c not in three)
    j = next(k for k, c in enumerate(three) if c not in two)
    two[i], three[j] = three[j], two[i]
    swapped = [hands[0], hands[1], " ".join(two), " ".join(three)]
    a = GAME.new_state(seed=4, deal={"hands": hands, "first_player": 0})
    b = GAME.new_state(seed=4, deal={"hands": swapped, "first_player": 0})
    assert a.observation(2) != b.observation(2)
    assert a.observation(0) == b.observation(0) and a.observation(1) == b.observation(1)
    ha, hb = (recommend(s, iterations=250, seed=6) for s in (a, b))
    assert [h.to_json() for h in ha] == [h.to_json() for h in hb]
    lead = STRATEGY.choose(a, Rng(0))
    a.apply(lead)
    b.apply(lead)
    assert a.current_player == 1 and a.observation(1) == b.observation(1)
    ha, hb = (recommend(s, iterations=250, seed=7) for s in (a, b))
    assert [h.to_json() for h in ha] == [h.to_json() for h in hb]


def test_search_agent_values_simulations_by_the_team_outcome() -> None:
    # Going out third after the partner's first ends the deal at +2 (GD-9.3): a won deal, 1
    # plus 0.1 a level; a lost deal of n levels counts -0.1 n.
    state = third_out_position()
    me = state.current_player
    assert me is not None
    size = state.observation(me)["hand_sizes"][me]
    out = next(a for a in state.legal_actions() if len(a.cards or ()) == size)
    simulate = _team_value(0.1)
    values, exact = simulate(state, [out], me, 1, "greedy", 1)
    assert exact and values == [1.0 + 0.1 * 2.0]
    assert simulate(state, [out], (me + 1) % 4, 1, "greedy", 1) == ([-0.2], True)
    other = next(a for a in state.legal_actions() if len(a.cards or ()) != size)
    values, exact = simulate(state, [other], me, 3, "greedy", 4)
    assert not exact and len(values) == 4
    assert all(v in (1.1, 1.2, 1.3, -0.1, -0.2, -0.3) for v in (round(x, 9) for x in values))
    assert len(SearchAgent(iterations=200, seed=1).act(state).cards or ()) == size


def partner_on_top_positions(count: int) -> list[State]:
    """Seeded heuristic deals at decisions where the partner's play is on top and the player to
    act could beat it or pass."""
    found = []
    for seed in range(100):
        state = GAME.new_state(seed=seed)
        agent = HeuristicAgent(seed=seed)
        while not state.is_terminal() and len(found) < count:
            me = state.current_player
            assert me is not None
            top = state.observation(me)["top"]
            plays = [a for a in state.legal_actions() if a.kind == "play"]
            if top is not None and top["player"] == (me + 2) % 4 and plays:
                found.append(state.clone())
                break
            state.apply(agent.act(state))
        if len(found) >= count:
            return found
    raise AssertionError("too few such positions")


def test_search_agent_keeps_its_partners_play(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(STRATEGY, "keep_partner_play", True)
    monkeypatch.setattr(STRATEGY, "level_weight", 0.1)
    for state in partner_on_top_positions(4):
        me = state.current_player
        assert me is not None
        size = state.observation(me)["hand_sizes"][me]
        outs = [a for a in state.legal_actions() if len(a.cards or ()) == size]
        action = SearchAgent(iterations=100, seed=2).act(state)
        assert action.kind == "pass" if not outs else action in outs


def test_search_agent_never_reads_hidden_cards() -> None:
    base = GAME.new_state(seed=8)
    hands = [str(h) for h in base.dealt]  # type: ignore[attr-defined]
    one, three = hands[1].split(), hands[3].split()
    i = next(k for k, c in enumerate(one) if c not in three)
    j = next(k for k, c in enumerate(three) if c not in one)
    one[i], three[j] = three[j], one[i]
    swapped = [hands[0], " ".join(one), hands[2], " ".join(three)]
    a = GAME.new_state(seed=8, deal={"hands": hands, "first_player": 0})
    b = GAME.new_state(seed=8, deal={"hands": swapped, "first_player": 0})
    assert a.observation(1) != b.observation(1) and a.observation(0) == b.observation(0)
    for seed in range(3):
        assert SearchAgent(iterations=300, seed=seed).act(a) == SearchAgent(
            iterations=300, seed=seed
        ).act(b)


def test_rule_decisions_and_estimate() -> None:
    # One play each: a straight, a pair run, a bomb; wild cards pair up lone cards.
    wild = CardBag("2h")
    assert hand_moves(*_counts("3c 4d 5s 6c 7d")) == 1
    assert hand_moves(*_counts("3c 3d 4s 4c 5d 5d")) == 1
    assert hand_moves(*_counts("9c 9d 9s 9h 9c")) == 1
    assert hand_moves(*_counts("3c Kd 2h")) == 2 and len(wild) == 1
    # The return card to an opponent is a lone low card.
    state = GAME.new_state(seed=3, deal=spec_for(3))
    me = state.current_player
    assert me is not None
    choice = STRATEGY.choose(state, Rng(0))
    assert choice.kind == "return" and choice in state.legal_actions()
    # Following the partner: pass.
    state = GAME.new_state(seed=8)
    agent = HeuristicAgent(seed=1)
    for _ in range(400):
        me = state.current_player
        if me is None:
            break
        top = state.observation(me)["top"]
        if top is not None and top["player"] == (me + 2) % 4:
            size = state.observation(me)["hand_sizes"][me]
            if not any(len(a.cards or ()) == size for a in state.legal_actions()):
                assert STRATEGY.choose(state, Rng(0)).kind == "pass"
        state.apply(agent.act(state))


def _counts(text: str) -> tuple[list[int], int]:
    from cardavia.agents.strategies.guandan import _counts as counts

    return counts(CardBag(text), cardavia.Card("2h"))


def test_action_info_of_every_guandan_play_type() -> None:
    # GuandanPlay has no sequence length of its own: Action.info derives it from the type.
    state = GAME.new_state(seed=3)
    seen: dict[str, int] = {}
    for a in state.legal_actions():
        info = a.info
        assert info["type"] == a.play.kind and info["rank"] == a.play.main_rank  # type: ignore[union-attr]
        seen[info["type"]] = info["length"]
    assert seen["single"] == seen["pair"] == seen["full_house"] == 1
    assert seen["straight"] == 5 and seen["pair_run"] == 3 and seen["triple_run"] == 2
    assert state.legal_actions()[-1].info == {} or state.legal_actions()[-1].kind == "play"
