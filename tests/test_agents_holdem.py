"""No-limit Hold'em agents: the rule strategy, the range search, the arena bots (issue 16)."""

from __future__ import annotations

import pytest

import cardavia
from cardavia import _core
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, arena, make_agent
from cardavia.agents.base import Agent
from cardavia.agents.holdem_bots import CallingStation, TightAggressive, chen_score
from cardavia.agents.strategies.holdem import STRATEGY, preflop_percentile
from cardavia.errors import InvalidArgumentError
from cardavia.game import State

GAME = cardavia.load("holdem")


def _play(agents: list[Agent], deals: int, seed: int, counted: tuple[int, ...]) -> int:
    """Plays hands, every action checked legal; the decisions of the agents in ``counted``."""
    n = 0
    for d in range(deals):
        state = GAME.new_state(seed=seed + d)
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            k = (p + d) % len(agents)
            action = agents[k].act(state)
            assert state.can_apply(action), (str(action), state.legal_actions())
            if action.kind in ("bet", "raise"):
                rr = state.raise_range()
                assert rr is not None and rr[0] <= int(action.amount or 0) <= rr[1]
            state.apply(action)
            n += k in counted
    return n


def test_heuristic_agent_is_always_legal_over_ten_thousand_decisions() -> None:
    agents: list[Agent] = [
        HeuristicAgent(seed=1),
        HeuristicAgent(seed=2),
        RandomAgent(seed=3),
        HeuristicAgent(seed=4),
    ]
    total = 0
    seed = 0
    while total < 10_000:
        total += _play(agents, 200, seed=seed, counted=(0, 1, 3))
        seed += 200
    assert total >= 10_000


def test_bots_and_search_agent_are_always_legal() -> None:
    agents: list[Agent] = [
        SearchAgent(iterations=40, seed=5),
        CallingStation(seed=6),
        TightAggressive(seed=7),
        RandomAgent(seed=8),
    ]
    assert _play(agents, 60, seed=1000, counted=(0, 1, 2, 3)) > 200


def test_act_and_recommend_are_reproducible_with_a_seed() -> None:
    for seed in range(4):
        state = GAME.new_state(seed=seed)
        rule = HeuristicAgent(seed=seed)
        while not state.is_terminal():
            a = SearchAgent(iterations=60, seed=9).act(state)
            assert a == SearchAgent(iterations=60, seed=9).act(state)
            h1 = cardavia.recommend(state, iterations=60, seed=5)
            h2 = cardavia.recommend(state, iterations=60, seed=5)
            assert [h.to_json() for h in h1] == [h.to_json() for h in h2]
            h = HeuristicAgent(seed=3).act(state)
            assert h == HeuristicAgent(seed=3).act(state)
            state.apply(rule.act(state))


def test_hints_cover_every_candidate_once_with_exact_amounts() -> None:
    for seed in range(8):
        state = GAME.new_state(seed=seed)
        agent = CallingStation(seed=seed)
        while not state.is_terminal():
            hints = cardavia.recommend(state, iterations=80, seed=1)
            actions = [h.action for h in hints]
            assert len(actions) == len(set(actions))
            assert set(state.legal_actions()) <= set(actions)
            lines = STRATEGY.candidates(state)
            assert lines is not None and {a for (a,) in lines} <= set(actions)
            for h in hints:
                assert state.can_apply(h.action)
                assert h.samples >= 1 and h.interval >= 0
                assert "chips" in h.reason
            assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
            state.apply(agent.act(state))


def test_folding_is_valued_at_exactly_the_chips_already_in() -> None:
    state = GAME.new_state(seed=11)
    state.apply("raise to 60")  # seat 3 (under the gun) opens
    while state.current_player != 1:
        state.apply("fold")
    hints = cardavia.recommend(state, iterations=100, seed=2)
    fold = next(h for h in hints if h.action.kind == "fold")
    assert fold.value == pytest.approx(-10.0)  # the small blind (HE-5)
    assert fold.interval == 0.0


def _deck_with_other_holes(state: State, player: int, seed: int) -> str:
    """The deal's deck with every other player's hole cards swapped for undealt cards."""
    deck = state._deal_record["deck"].split()  # type: ignore[attr-defined]
    spare = list(range(len(deck) - 1, 30, -1))
    cardavia.Rng(seed).shuffled(spare)
    for seat in range(GAME.num_players):
        if seat == player:
            continue
        for card in str(state.observation(seat)["hole"]).split():
            i = deck.index(card)
            j = spare.pop()
            deck[i], deck[j] = deck[j], deck[i]
    return " ".join(deck)


def test_the_search_never_reads_the_opponents_hole_cards() -> None:
    for seed in (3, 21):
        a = GAME.new_state(seed=seed)
        player = a.current_player
        assert player is not None
        deal = {"stacks": [1000] * 4, "button": 0, "deck": _deck_with_other_holes(a, player, seed)}
        b = GAME.new_state(seed=seed, deal=deal)
        assert a.observation(player)["hole"] == b.observation(player)["hole"]
        assert a.observation((player + 1) % 4)["hole"] != b.observation((player + 1) % 4)["hole"]
        compared = 0
        for step in ("call 20", "call 20", "call 10", "check", None):
            if a.current_player == player:
                ha = cardavia.recommend(a, iterations=120, seed=7)
                hb = cardavia.recommend(b, iterations=120, seed=7)
                assert [h.to_json() for h in ha] == [h.to_json() for h in hb]
                assert SearchAgent(iterations=120, seed=8).act(a) == SearchAgent(
                    iterations=120, seed=8
                ).act(b)
                compared += 1
            if step is None or a.is_terminal():
                break
            a.apply(step)
            b.apply(step)
        assert compared >= 1


def test_preflop_percentiles_order_the_classic_hands() -> None:
    aa = preflop_percentile(["As", "Ah"])
    ak = preflop_percentile(["As", "Ks"])
    trash = preflop_percentile(["7c", "2d"])
    assert aa > 0.99 > ak > 0.9 > 0.1 > trash
    assert chen_score(["As", "Ah"]) == 20 and chen_score(["7c", "2d"]) <= 0


def test_heuristic_opens_strong_hands_and_folds_trash_under_the_gun() -> None:
    def first_action(hole: str) -> cardavia.Action:
        rest = [c for c in cardavia.Rng(0).shuffled(_all_cards()) if c not in hole.split()]
        # Seat 3 acts first preflop with the button at 0; its holes are deck[2] and deck[6].
        deck = rest[:2] + [hole.split()[0]] + rest[2:5] + [hole.split()[1]] + rest[5:]
        state = GAME.new_state(
            seed=1, deal={"stacks": [1000] * 4, "button": 0, "deck": " ".join(deck)}
        )
        assert state.current_player == 3 and state.observation(3)["hole"] == hole
        return HeuristicAgent(seed=0).act(state)

    assert first_action("As Ah").kind == "raise"
    assert first_action("7c 2d").kind == "fold"


def _all_cards() -> list[str]:
    return [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_station_and_tag_behave_as_documented() -> None:
    state = GAME.new_state(seed=4)
    assert CallingStation(seed=0).act(state).kind == "call"
    assert make_agent("station").name == "station" and make_agent("tag").name == "tag"
    with pytest.raises(InvalidArgumentError, match="station"):
        make_agent("stationx")


def test_arena_runs_the_rule_bot_mix() -> None:
    result = arena(GAME, ["heuristic", "station", "tag", "random"], deals=3, seed=1)
    names = [a["agent"] for a in result.to_json()["agents"]]
    assert names == ["heuristic", "station", "tag", "random"]


def test_bad_search_arguments_are_clear_errors() -> None:
    state = GAME.new_state(seed=1)
    with pytest.raises(InvalidArgumentError, match="1326"):
        _core.holdem_hand_strengths("", [1.0] * 10, 1, 0)
    with pytest.raises(InvalidArgumentError, match="distinct"):
        _core.holdem_combo_index(3, 3)
    with pytest.raises(InvalidArgumentError, match="not the seat to act"):
        ranges, _ = _core.holdem_narrow_ranges(state.hand, 0, 10, 0)
        _core.holdem_search_values(state.hand, 0, ranges, [("fold", None)], "greedy", 0, 1, 0, 1)
    with pytest.raises(InvalidArgumentError, match="policy"):
        ranges, _ = _core.holdem_narrow_ranges(state.hand, 3, 10, 0)
        _core.holdem_search_values(state.hand, 3, ranges, [("fold", None)], "best", 0, 1, 0, 1)
