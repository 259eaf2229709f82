"""The 5-10-K agents (issue 14): the rule strategy at every decision, the search's hints, its
reproducibility and its privacy. Behaviour only: strength and speed live in benches/."""

from __future__ import annotations

from typing import Any

import cardavia
from cardavia import CardBag, Rng
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, recommend
from cardavia.agents.base import Agent
from cardavia.agents.strategies import strategy_for
from cardavia.agents.strategies.climbing_common import rank_counts
from cardavia.agents.strategies.five_ten_king import hand_moves, sides
from cardavia.game import State

GAME = cardavia.load("five_ten_king")
TWO_CALLS = cardavia.load("five_ten_king", partner_calls=2)
STRATEGY = strategy_for("five_ten_king")

# Seat 0 (first recipient) is dealt seven triples 3..9: one airplane (FTK-4.1 N8a) of 21 cards.
SEAT0 = [f"{r}{s}" for r in "3456789" for s in "chd"]
KITTY = ["Qs", "Qh", "Jc"]


def deck_for(seat0: list[str], kitty: list[str], swap: bool = False) -> str:
    """A deck order (FTK-3.5, first recipient seat 0) giving seat 0 ``seat0`` and the kitty
    ``kitty``; ``swap`` exchanges a 2d of seat 3 with a 2s of seat 4."""
    rest = [str(c) for c in CardBag.two_packs(jokers=True) - CardBag(seat0) - CardBag(kitty)]
    hands = [seat0] + [rest[i::4] for i in range(4)]
    if swap:
        hands[3][0], hands[4][1] = hands[4][1], hands[3][0]
    return " ".join([hands[k % 5][k // 5] for k in range(105)] + kitty)


def banker_to_lead(swap: bool = False) -> State:
    """Seat 0 reveals, buries the kitty and calls the first 4h, a card it holds."""
    state = GAME.new_state(seed=1, deal={"deck": deck_for(SEAT0, KITTY, swap), "first": 0})
    state.apply("reveal 3c")
    for c in KITTY:
        state.apply(f"bury {c}")
    state.apply("call first 4h")
    return state


def play_deal(state: State, agents: list[Agent]) -> int:
    decisions = 0
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        action = agents[player].act(state)
        assert state.can_apply(action), (action, state.phase)
        state.apply(action)
        decisions += 1
    return decisions


def test_heuristic_agent_is_always_legal_at_every_decision() -> None:
    decisions = 0
    phases: set[str] = set()
    for deal in range(110):
        game = TWO_CALLS if deal % 9 == 8 else GAME
        spec: dict[str, Any] | None = None
        if deal % 3 == 2:  # a later deal: only the previous winners reveal (FTK-3.6b)
            spec = {
                "number": 2,
                "levels": [deal % 13, 4, 7, 1, 12],
                "previous_winners": [deal % 5, (deal + 2) % 5],
                "previous_banker": deal % 5,
            }
        state = game.new_state(seed=deal, deal=spec)
        rng = Rng(deal)
        heuristic: Agent = HeuristicAgent(seed=deal)
        agents: list[Agent] = [heuristic] * 5
        if deal % 2:  # heuristic players among random ones reach other positions
            agents = [heuristic if rng.below(2) else RandomAgent(seed=deal) for _ in range(5)]
            agents[deal % 5] = heuristic
        while not state.is_terminal():
            phases.add(state.phase)  # type: ignore[attr-defined]
            player = state.current_player
            assert player is not None
            action = agents[player].act(state)
            assert state.can_apply(action), (action, state.phase)  # type: ignore[attr-defined]
            state.apply(action)
            decisions += agents[player] is heuristic
    assert decisions >= 10_000
    assert phases == {"deal", "bury", "call", "play"}


def test_search_agent_is_legal_with_a_small_budget() -> None:
    for deal in range(2):
        state = GAME.new_state(seed=100 + deal)
        search = SearchAgent(iterations=12, seed=deal)
        agents: list[Agent] = [HeuristicAgent(seed=deal)] * 5
        agents[deal] = search
        assert play_deal(state, agents) > 50


def test_heuristic_and_search_are_reproducible() -> None:
    for seed in (3, 4):
        runs = []
        for _ in range(2):
            state = GAME.new_state(seed=seed)
            agents: list[Agent] = [HeuristicAgent(seed=seed)] * 5
            agents[1] = SearchAgent(iterations=10, seed=9)
            play_deal(state, agents)
            runs.append(state.to_json())
        assert runs[0] == runs[1]
    state = banker_to_lead()
    a = recommend(state, iterations=300, seed=11)
    b = recommend(state.clone(), iterations=300, seed=11)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]


def every_decision_kind() -> list[State]:
    """One state per decision kind: a reveal prompt, the bury, the call, a lead, a follow."""
    found: dict[str, State] = {}
    state = GAME.new_state(seed=21)
    agent = HeuristicAgent(seed=2)
    while not state.is_terminal() and len(found) < 5:
        phase = state.phase  # type: ignore[attr-defined]
        if phase == "play":
            obs = state.observation(state.current_player)  # type: ignore[arg-type]
            phase = "lead" if obs["top"] is None else "follow"
        if phase not in found and len(state.legal_actions()) > 1:
            found[phase] = state.clone()
        state.apply(agent.act(state))
    assert set(found) == {"deal", "bury", "call", "lead", "follow"}
    return list(found.values())


def test_hints_rank_every_candidate_exactly_once() -> None:
    for state in every_decision_kind():
        hints = recommend(state, iterations=150, seed=5)
        lines = STRATEGY.candidates(state)
        assert lines is not None
        legal = state.legal_actions()
        expected = [line[0] for line in lines]
        assert len(set(map(str, expected))) == len(expected)
        assert sorted(str(h.action) for h in hints) == sorted(map(str, expected))
        assert all(any(h.action == a for a in legal) for h in hints)
        values = [h.value for h in hints]
        assert values == sorted(values, reverse=True)
        assert all(h.reason for h in hints)
        if state.phase in ("deal", "bury"):  # type: ignore[attr-defined]
            assert len(hints) == len(legal)


def test_going_out_solo_at_once_is_ranked_first_at_its_payoff() -> None:
    # The banker holds the called 4h, so leading the whole 21-card airplane answers his own
    # call (solo, FTK-3.16) and finishes the banker side: E1 (FTK-6.1) with D = 0, the 0 band
    # of FTK-6.6: +3 levels for the banker.
    state = banker_to_lead()
    hints = recommend(state, iterations=400, seed=2)
    best = hints[0]
    assert len(best.action.cards or ()) == 21
    assert best.value == 3.0 and best.interval == 0.0 and best.samples == 1
    assert "goes out" in best.reason
    assert STRATEGY.choose(state, Rng(0)) == best.action


def test_search_never_reads_hidden_cards() -> None:
    a, b = banker_to_lead(), banker_to_lead(swap=True)
    assert a.observation(3) != b.observation(3)
    for viewer in (0, 1, 2):
        assert a.observation(viewer) == b.observation(viewer)
    hints = [recommend(s, iterations=200, seed=4) for s in (a, b)]
    assert [h.to_json() for h in hints[0]] == [h.to_json() for h in hints[1]]
    # The next player, after the same lead (not the forced line), sees the same too.
    lead = STRATEGY.candidates(a)[3][0]  # type: ignore[index]
    for state in (a, b):
        state.apply(lead)
    assert a.current_player == 1 and a.observation(1) == b.observation(1)
    hints = [recommend(s, iterations=300, seed=8) for s in (a, b)]
    assert [h.to_json() for h in hints[0]] == [h.to_json() for h in hints[1]]


def test_rule_decisions_on_hand_made_positions() -> None:
    # Burying: the lone low non-point cards go first, never a point card while others remain.
    state = GAME.new_state(seed=1, deal={"deck": deck_for(SEAT0, KITTY), "first": 0})
    state.apply("reveal 3c")
    order = [str(a) for line in STRATEGY.candidates(state) or [] for a in line]
    assert order[0] == "bury Jc" and order[1] in ("bury Qs", "bury Qh")
    assert "bury 5c" in order[-6:] or "bury 5d" in order[-6:] or "bury 5h" in order[-6:]
    # The call: the first play of an ace the banker holds no copy of.
    for c in KITTY:
        state.apply(f"bury {c}")
    assert str(STRATEGY.choose(state, Rng(0))) == "call first As"
    # The teams the banker knows before any answer: only himself.
    state.apply("call first As")
    obs = state.observation(0)
    assert sides(obs) == (set(), set())
    holder = next(p for p in range(1, 5) if "As" in state.observation(p)["hand"])
    mates, foes = sides(state.observation(holder))
    assert mates == {0} and foes == set()
    other = next(p for p in range(1, 5) if p != holder and "As" not in state.observation(p)["hand"])
    assert sides(state.observation(other)) == (set(), {0})
    # The move estimate: an airplane of triples is one play, a bomb too.
    assert hand_moves(rank_counts(CardBag("3c 3d 4c 4d 5c 5d"))) == 1
    assert hand_moves(rank_counts(CardBag("7c 7d 7h 7s 7c"))) == 1
