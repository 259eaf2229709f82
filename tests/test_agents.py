"""The agent framework (cardavia.agents): budgets, reproducibility, hints, the arena."""

from __future__ import annotations

import pytest

import cardavia
from cardavia import InvalidArgumentError
from cardavia.agents import (
    HeuristicAgent,
    Hint,
    RandomAgent,
    SearchAgent,
    arena,
    make_agent,
    recommend,
)
from cardavia.game import State


def doudizhu_in_play(seed: int = 5) -> State:
    state = cardavia.load("doudizhu").new_state(seed=seed)
    bidder = HeuristicAgent(seed=1)
    while state.phase == "auction":  # type: ignore[attr-defined]
        state.apply(bidder.act(state))
    return state


def test_recommend_ranks_every_legal_action_once() -> None:
    state = doudizhu_in_play()
    hints = recommend(state, iterations=600, seed=3)
    assert all(isinstance(h, Hint) for h in hints)
    legal = state.legal_actions()
    assert sorted(map(str, (h.action for h in hints))) == sorted(map(str, legal))
    values = [h.value for h in hints]
    assert values == sorted(values, reverse=True)
    assert sum(h.samples for h in hints) >= 600
    assert all(h.reason for h in hints)


def test_recommend_with_iterations_and_seed_is_reproducible() -> None:
    state = doudizhu_in_play()
    a = recommend(state, iterations=400, seed=11)
    b = recommend(state.clone(), iterations=400, seed=11)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]


def test_recommend_does_not_change_the_state() -> None:
    state = doudizhu_in_play()
    before = state.to_json()
    recommend(state, iterations=200, seed=1)
    assert state.to_json() == before


def test_going_out_at_once_is_ranked_first_at_its_payoff() -> None:
    # The landlord's 20 cards are one airplane with five single wings (DDZ-4.3): leading it
    # ends the deal at once, a spring (DDZ-7.2) at bid 3: 2 x 3 x 2 = +12 for the landlord.
    deal = {
        "hands": [
            "8c 8d 8h 8s 9d 9h 9s Td Th Ts Tc Jd Jh Js Qd Qh Qs",
            "Kd Kh Ks Ad Ah As 2c 2d 2h 2s SJ BJ 3s 4s 5s 6s 7s",
            "3c 3d 3h 4c 4d 4h 5c 5d 5h 6c 6d 6h 7c 7d 7h 9c Jc",
        ],
        "bottom": "Qc Kc Ac",
        "first_bidder": 2,
    }
    state = cardavia.load("doudizhu").new_state(seed=1, deal=deal)
    state.apply("bid 3")
    assert state.current_player == 2
    hints = recommend(state, iterations=400, seed=2)
    best = hints[0]
    assert len(best.action.cards or ()) == 20
    assert best.value == 12.0 and best.interval == 0.0
    assert "goes out" in best.reason


def test_budget_and_terminal_errors() -> None:
    state = doudizhu_in_play()
    for bad in (0, -1):
        with pytest.raises(InvalidArgumentError):
            recommend(state, iterations=bad)
    with pytest.raises(InvalidArgumentError):
        recommend(state, seconds=0)
    with pytest.raises(InvalidArgumentError):
        recommend(state, seconds=float("nan"))
    with pytest.raises(InvalidArgumentError):
        SearchAgent(seconds=-1.0)
    done = state.clone()
    agent = RandomAgent(seed=1)
    while not done.is_terminal():
        done.apply(agent.act(done))
    with pytest.raises(InvalidArgumentError, match="over"):
        recommend(done, iterations=10)
    with pytest.raises(InvalidArgumentError):
        agent.act(done)


def test_seeded_agents_replay_a_game_exactly() -> None:
    def play(seed: int) -> str:
        state = cardavia.load("doudizhu").new_state(seed=9)
        agents = [HeuristicAgent(seed), RandomAgent(seed), RandomAgent(seed + 1)]
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            state.apply(agents[player].act(state))
        return state.to_json()

    assert play(4) == play(4)


def test_make_agent_names() -> None:
    assert make_agent("random").name == "random"
    assert make_agent("heuristic").name == "heuristic"
    search = make_agent("search@50", seed=1)
    assert isinstance(search, SearchAgent) and search.iterations == 50
    assert isinstance(make_agent("search:0.25"), SearchAgent)
    with pytest.raises(InvalidArgumentError, match="unknown agent"):
        make_agent("alphazero")
    with pytest.raises(InvalidArgumentError, match="budget"):
        make_agent("search:fast")


def test_arena_is_duplicate_zero_sum_and_reproducible() -> None:
    a = arena("doudizhu", ["heuristic", "random", "random"], deals=12, seed=3)
    b = arena("doudizhu", ["heuristic", "random", "random"], deals=12, seed=3)
    timing = "seconds_per_decision"
    assert [{k: v for k, v in x.items() if k != timing} for x in a.to_json()["agents"]] == [
        {k: v for k, v in x.items() if k != timing} for x in b.to_json()["agents"]
    ]
    assert a.rotations == 3
    heuristic, random_ = a.score("heuristic"), a.score("random")
    assert heuristic.seats_played == 12 * 3 and random_.seats_played == 12 * 6
    # Zero-sum: one heuristic seat balances two random seats in every deal.
    assert heuristic.mean + 2 * random_.mean == pytest.approx(0.0, abs=1e-9)
    j = a.to_json()
    assert {"WP_landlord", "ADP_farmer"} <= set(j["agents"][0])


def test_arena_rejects_bad_input() -> None:
    with pytest.raises(InvalidArgumentError):
        arena("doudizhu", [], deals=1)
    with pytest.raises(InvalidArgumentError):
        arena("doudizhu", ["random"], deals=0)
    with pytest.raises(InvalidArgumentError, match="unknown agent"):
        arena("doudizhu", ["random", "nobody"], deals=1)


def test_arena_difference_is_paired_by_deal() -> None:
    from cardavia.agents import arena

    result = arena("zhengshangyou", ["heuristic", "random", "random"], deals=6, seed=3)
    mean, half = result.difference("heuristic", "random")
    h, r = result.score("heuristic").scores, result.score("random").scores
    assert mean == pytest.approx(sum(x - y for x, y in zip(h, r, strict=True)) / len(h))
    assert half >= 0.0
    swapped, half2 = result.difference("random", "heuristic")
    assert swapped == pytest.approx(-mean) and half2 == pytest.approx(half)
    with pytest.raises(cardavia.InvalidArgumentError):
        result.difference("heuristic", "nobody")


def test_a_forced_action_is_hinted_as_the_only_choice() -> None:
    import random

    state = cardavia.load("zhengshangyou").new_state(seed=4)
    rng = random.Random(4)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    (hint,) = cardavia.recommend(state, iterations=20, seed=1)
    assert hint.action == state.legal_actions()[0]
    assert "the only legal choice" in hint.reason
