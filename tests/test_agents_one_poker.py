"""One Poker agents: the rule strategy, the CFR+ equilibrium search, hints (issue 16)."""

from __future__ import annotations

import math

import pytest

import cardavia
from cardavia import _core
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent
from cardavia.agents.base import Agent
from cardavia.agents.strategies.one_poker import (
    BLIND,
    ITERATIONS,
    certainty_equivalent,
    rank_index,
    risk_aversion,
    strength,
)
from cardavia.errors import InvalidArgumentError
from cardavia.game import State

GAME = cardavia.load("one_poker")


def _stock(first: list[str], second: list[str], rest_seed: int = 0) -> str:
    """A 104-card stock giving ``first`` and ``second`` their two cards (OP-3.10)."""
    shoe = [f"{r}{s}" for r in "23456789TJQKA" for s in "shdc"] * 2
    for c in first + second:
        shoe.remove(c)
    rest = cardavia.Rng(rest_seed).shuffled(shoe)
    return " ".join([first[0], second[0], first[1], second[1], *rest])


def _deal(
    first: list[str], second: list[str], stacks: tuple[int, int] = (20, 20), number: int = 1
) -> State:
    spec = GAME.first_deal(1, stock=_stock(first, second))
    spec["stacks"] = list(stacks)
    spec["number"] = number
    return GAME.new_state(seed=7, deal=spec)


def _play_matches(agents: list[Agent], matches: int, seed: int, max_deals: int) -> int:
    """Plays matches, checking every action is legal; the number of decisions."""
    decisions = 0
    for m in range(matches):
        match = GAME.new_match(seed=seed + m)
        for _ in range(max_deals):
            if match.is_over():
                break
            state = match.new_deal()
            while not state.is_terminal():
                p = state.current_player
                assert p is not None
                action = agents[(p + m) % 2].act(state)
                assert action in state.legal_actions() or state.can_apply(action)
                state.apply(action)
                decisions += 1
    return decisions


def test_heuristic_agent_is_always_legal_over_ten_thousand_decisions() -> None:
    agents: list[Agent] = [HeuristicAgent(seed=1), RandomAgent(seed=2)]
    n = _play_matches(agents, 400, seed=100, max_deals=40)
    assert n >= 10_000


def test_search_agent_is_always_legal() -> None:
    agents: list[Agent] = [SearchAgent(iterations=5, seed=3), HeuristicAgent(seed=4)]
    assert _play_matches(agents, 12, seed=500, max_deals=25) >= 300


def test_act_and_recommend_are_reproducible_with_a_seed() -> None:
    for seed in range(6):
        state = GAME.new_state(seed=seed)
        while not state.is_terminal():
            a = SearchAgent(iterations=3, seed=9).act(state)
            b = SearchAgent(iterations=3, seed=9).act(state)
            assert a == b
            h1 = cardavia.recommend(state, iterations=3, seed=5)
            h2 = cardavia.recommend(state, iterations=3, seed=5)
            assert [h.to_json() for h in h1] == [h.to_json() for h in h2]
            state.apply(a)


def test_hints_rank_every_legal_action_exactly_once() -> None:
    for seed in range(20):
        state = GAME.new_state(seed=seed)
        agent = HeuristicAgent(seed=seed)
        while not state.is_terminal():
            hints = cardavia.recommend(state, iterations=2, seed=1)
            actions = [h.action for h in hints]
            assert len(actions) == len(set(actions))
            assert set(state.legal_actions()) <= set(actions)
            assert all(state.can_apply(a) for a in actions)
            if state.phase == "betting":  # locks also count the card kept (module docs)
                values = [h.value for h in hints]
                assert values == sorted(values, reverse=True)
            assert all(h.reason for h in hints)
            state.apply(agent.act(state))


def test_sure_winners_are_valued_at_least_the_ante_and_the_better_card_is_kept() -> None:
    # The second player has only DOWN cards (2..7): a king or a queen beats every one of them
    # (OP-2.3), so either lock wins at least his ante; keeping the king for the next deal
    # (OP-3.4) is worth more, so the queen is locked.
    state = _deal(["Kh", "Qc"], ["4d", "6s"])
    hints = cardavia.recommend(state, iterations=1, seed=0)
    assert all(h.value >= 1.0 - 1e-3 for h in hints)
    assert str(hints[0].action) == "lock Qc"
    assert "next deal" in hints[0].reason
    assert str(SearchAgent(iterations=1, seed=0).act(state)) == "lock Qc"


def test_folding_is_valued_at_exactly_the_chips_given_up() -> None:
    state = _deal(["Kh", "3c"], ["4d", "6s"])
    state.apply("lock 3c")
    state.apply("lock 4d")
    state.apply("bet to 5")
    hints = cardavia.recommend(state, iterations=1, seed=0)
    fold = next(h for h in hints if h.action.kind == "fold")
    assert fold.value == pytest.approx(-1.0)  # his ante (OP-5.2)
    assert any(h.action.kind == "raise" and "equilibrium" in h.reason for h in hints)


def test_the_search_never_reads_the_opponents_cards() -> None:
    # Same own cards, same public signals and actions; the opponent's cards differ.
    for other in (["9d", "2s"], ["Ac", "7h"], ["Td", "4c"]):
        a = _deal(["Qh", "5c"], ["8d", "3s"])
        b = _deal(["Qh", "5c"], other)
        compared = 0
        for step in ("lock Qh", None, "bet to 3", "call"):
            if a.is_terminal():
                break
            if a.current_player == 0:
                ha = cardavia.recommend(a, iterations=4, seed=11)
                hb = cardavia.recommend(b, iterations=4, seed=11)
                assert [h.to_json() for h in ha] == [h.to_json() for h in hb]
                compared += 1
            if step is None:  # the opponent locks his first card in either deal
                a.apply(a.legal_actions()[0])
                b.apply(b.legal_actions()[0])
            else:
                a.apply(step)
                b.apply(step)
        assert compared >= 2


def test_second_player_hints_do_not_depend_on_the_first_players_lock_or_cards() -> None:
    a = _deal(["Kd", "9c"], ["Js", "4h"])
    b = _deal(["Ad", "8c"], ["Js", "4h"])
    a.apply("lock 9c")
    b.apply("lock Ad")
    ha = cardavia.recommend(a, iterations=2, seed=3)
    hb = cardavia.recommend(b, iterations=2, seed=3)
    assert [h.to_json() for h in ha] == [h.to_json() for h in hb]
    assert SearchAgent(iterations=2, seed=4).act(a) == SearchAgent(iterations=2, seed=4).act(b)


def test_rule_strength_follows_two_beats_ace() -> None:
    # Against an UP-UP opponent a 2 (beats his aces) is worth more than a 7 (beats nothing).
    assert strength(rank_index("2"), 2) > strength(rank_index("7"), 2) == 0.0
    assert strength(rank_index("A"), 0) < strength(rank_index("K"), 0) == pytest.approx(1.0)
    state = _deal(["2h", "7c"], ["Ad", "Ks"])
    assert str(HeuristicAgent(seed=0).act(state)) == "lock 2h"


def test_cfr_converges_and_exploitability_is_small() -> None:
    early = _core.one_poker_cfr_exploitability(19, (1, 1), 30)[0]
    late, value, br0, br1 = _core.one_poker_cfr_exploitability(19, (1, 1), ITERATIONS)
    assert late < early
    assert late < 0.01 * 20  # well within 1% of the stack, in antes
    assert br0 >= value - 1e-9 and br1 >= -value - 1e-9


def test_bad_cfr_arguments_are_clear_errors() -> None:
    with pytest.raises(InvalidArgumentError, match="UP count"):
        _core.one_poker_cfr_lock(5, (3, 1), 0, 1, 2, 10)
    with pytest.raises(InvalidArgumentError, match="rank index"):
        _core.one_poker_cfr_lock(5, (1, 1), 0, 1, 13, 10)
    with pytest.raises(InvalidArgumentError, match="do not fit"):
        _core.one_poker_cfr_lock(5, (2, 1), 0, 1, 2, 10)
    with pytest.raises(InvalidArgumentError, match="iterations"):
        _core.one_poker_cfr_exploitability(5, (1, 1), 0)
    with pytest.raises(InvalidArgumentError, match="depth"):
        _core.one_poker_cfr_depth(-1.0, (1, 1))


def test_recommend_on_a_finished_deal_is_an_error() -> None:
    state = _deal(["Kh", "3c"], ["4d", "6s"])
    state.apply("lock Kh")
    state.apply("lock 4d")
    state.apply("check")
    state.apply("check")
    with pytest.raises(InvalidArgumentError):
        cardavia.recommend(state, iterations=1, seed=0)


def test_the_match_equity_risk_follows_the_players_record() -> None:
    assert risk_aversion(0, 0) == 0 and risk_aversion(0, 30) == 0
    assert risk_aversion(10, 10) > 0 > risk_aversion(-10, 10)
    assert risk_aversion(10, 10) == -risk_aversion(-10, 10)
    assert risk_aversion(15, 10) >= risk_aversion(5, 10)
    assert risk_aversion(10, 40) <= risk_aversion(10, 5)  # the same chips over more deals
    for theta in (-0.08, 0.0, 0.02, 0.16):
        for x in (-19.0, -1.0, 0.0, 3.0, 19.0):
            u = x if theta == 0 else (1 - math.exp(-theta * x)) / theta
            assert certainty_equivalent(u, theta) == pytest.approx(x)


def test_ahead_in_the_match_a_fold_is_still_valued_at_the_chips_given_up() -> None:
    # Deal 12, the player to act has won 10 chips: the payoff is risk-averse utility, the
    # hint values its certainty equivalent in chips.
    state = _deal(["Kh", "3c"], ["4d", "6s"], stacks=(30, 10), number=12)
    state.apply("lock 3c")
    state.apply("lock 4d")
    state.apply("bet to 5")
    hints = cardavia.recommend(state, iterations=1, seed=0)
    fold = next(h for h in hints if h.action.kind == "fold")
    assert fold.value == pytest.approx(-1.0)
    assert len({str(h.action) for h in hints}) == len(hints)


def test_the_leader_calls_an_all_in_less_often_than_the_chip_solve() -> None:
    # The second player facing an all-in at 19 antes deep: risk-averse (ahead in the match),
    # he calls less often with a king and with a 2 (which only beats an ace, OP-2.3) than
    # the chip solve does.
    history = [("bet", 19.0)]

    def call(rank: int, risk: int) -> float:
        rows = _core.one_poker_cfr_bet(19, (1, 1), 1, rank, history, 1.0, ITERATIONS, BLIND, risk)
        return next(p for kind, _to, p, _v in rows if kind == "call")

    # The solve's risk is the first player's: the second is risk-averse when it is negative.
    for rank in (rank_index("K"), rank_index("2")):
        assert call(rank, -80) < call(rank, 0) - 0.2


def test_the_played_solve_answers_a_card_blind_opponent_and_stays_near_equilibrium() -> None:
    plain = _core.one_poker_cfr_against_blind(19, (1, 1), ITERATIONS, 0)
    played = _core.one_poker_cfr_against_blind(19, (1, 1), ITERATIONS, BLIND)
    assert played[0] > plain[0] and played[1] > plain[1]
    exploitability = _core.one_poker_cfr_exploitability(19, (1, 1), ITERATIONS, BLIND)[0]
    assert exploitability < 0.2  # 1% of the 20-ante stack (issue 16)
    with pytest.raises(InvalidArgumentError):
        _core.one_poker_cfr_exploitability(19, (1, 1), 10, 101)
    with pytest.raises(InvalidArgumentError):
        _core.one_poker_cfr_exploitability(19, (1, 1), 10, 0, 600)


def test_the_stored_carry_table_is_what_the_solve_gives() -> None:
    """The carry values stored for the default match (one_poker_carry.py, generated) equal a
    fresh computation: regenerate the table after any change to the solve."""
    from cardavia.agents.strategies import one_poker, one_poker_carry

    assert set(one_poker_carry.STORED_CARRY) == {
        (depth, one_poker.ITERATIONS, one_poker.BLIND) for depth in one_poker_carry.GENERATED_DEPTHS
    }
    for (depth, _iterations, _blind), stored in one_poker_carry.STORED_CARRY.items():
        fresh = one_poker.compute_carry_values(depth)
        assert len(stored) == 13
        assert fresh == pytest.approx(list(stored), abs=1e-12)
        assert one_poker.carry_values(depth) == pytest.approx(fresh, abs=1e-12)
    # An ace carried into the next deal is worth more than a three.
    table = one_poker_carry.STORED_CARRY[(19.0, one_poker.ITERATIONS, one_poker.BLIND)]
    assert table[12] > table[1]
