"""Ten Point Smear agents (cardavia.agents.strategies.smear): legality at every decision,
seeded reproducibility, hints, a forced win, and a search that never reads hidden cards."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia._core import Card, CardSet
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, recommend
from cardavia.agents.strategies.smear import (
    MAX_KEEPS,
    STRATEGY,
    keep_candidates,
    rule_keep,
    view_of,
)
from cardavia.games.smear import SUITS, trumps


def smear(players: int = 4) -> Any:
    return cardavia.load("smear", players=players)


def play_to(state: Any, phase: str, agent: Any = None, seat: int | None = None) -> Any:
    """Advance ``state`` with ``agent`` (the heuristic by default) to the first decision of
    ``phase`` (by ``seat`` when given)."""
    agent = agent or HeuristicAgent(seed=0)
    while not state.is_terminal():
        if state.phase == phase and (seat is None or state.current_player == seat):
            return state
        state.apply(agent.act(state))
    raise AssertionError(f"the deal ended before a {phase} decision")


def kept_legally(hand: CardSet, keep: CardSet, trump: int) -> bool:
    """SM-3.10: six cards kept, min(6, k) of them trumps."""
    k = len(hand & trumps(trump))
    return len(keep) == 6 and keep <= hand and len(keep & trumps(trump)) == min(6, k)


# ---- legality ---------------------------------------------------------------------------


def test_heuristic_agent_is_legal_at_10000_decisions_of_4_5_and_6_players() -> None:
    decisions = 0
    phases: set[str] = set()
    for players in (4, 5, 6):
        game = smear(players)
        for deal in range(64):
            state = game.new_state(seed=1000 * players + deal)
            agent = HeuristicAgent(seed=deal)
            while not state.is_terminal():
                legal = state.legal_actions()
                action = agent.act(state)
                assert action in legal, (players, deal, action)
                phases.add(state.phase)
                state.apply(action)
                decisions += 1
            assert state.returns() is not None
    assert decisions >= 10_000
    assert phases == {"bidding", "trump", "discard", "partner_call", "play"}


def test_heuristic_discards_keep_trumps_sm_3_10() -> None:
    for players in (4, 5, 6):
        for deal in range(20):
            state = play_to(smear(players).new_state(seed=deal), "discard")
            trump = state.trump
            while state.phase == "discard":
                seat = state.current_player
                hand = CardSet(state.observation(seat)["hand"])
                while state.phase == "discard" and state.current_player == seat:
                    state.apply(HeuristicAgent(seed=0).act(state))
                kept = CardSet(state.observation(seat)["hand"])
                assert kept_legally(hand, kept, trump)
                assert kept == rule_keep(hand, trump)


def test_search_agent_is_legal_with_a_small_budget() -> None:
    for players in (4, 5, 6):
        game = smear(players)
        for deal in range(2):
            state = game.new_state(seed=77 + deal)
            agents = [SearchAgent(iterations=40, seed=s) for s in range(players)]
            while not state.is_terminal():
                action = agents[state.current_player].act(state)
                assert action in state.legal_actions()
                state.apply(action)


def test_every_agent_plays_out_a_deal_against_random() -> None:
    state = smear(5).new_state(seed=9)
    agents = [HeuristicAgent(seed=1), RandomAgent(seed=2), SearchAgent(iterations=30, seed=3)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat % 3].act(state))
    assert len(state.returns()) == 5


# ---- reproducibility --------------------------------------------------------------------


def test_act_and_recommend_are_reproducible_with_a_seed() -> None:
    for phase in ("bidding", "discard", "play"):
        state = play_to(smear(4).new_state(seed=3), phase)
        a = recommend(state, iterations=300, seed=5)
        b = recommend(state.clone(), iterations=300, seed=5)
        assert [h.to_json() for h in a] == [h.to_json() for h in b]
        assert SearchAgent(iterations=200, seed=8).act(state) == SearchAgent(
            iterations=200, seed=8
        ).act(state.clone())
    # A whole deal by seeded search agents replays identically.
    logs = []
    for _ in range(2):
        state = smear(6).new_state(seed=21)
        agents = [SearchAgent(iterations=30, seed=s) for s in range(6)]
        while not state.is_terminal():
            state.apply(agents[state.current_player].act(state))
        logs.append((state.to_json(), state.returns()))
    assert logs[0] == logs[1]


def test_heuristic_is_deterministic() -> None:
    for seed in range(3):
        runs = []
        for agent_seed in (0, 99):
            state = smear(5).new_state(seed=seed)
            agent = HeuristicAgent(seed=agent_seed)
            while not state.is_terminal():
                state.apply(agent.act(state))
            runs.append(state.returns())
        assert runs[0] == runs[1]


# ---- hints ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5, 6])
def test_hints_rank_every_legal_action_once(players: int) -> None:
    state = smear(players).new_state(seed=40 + players)
    agent = HeuristicAgent(seed=0)
    seen = set()
    while not state.is_terminal():
        phase = state.phase
        if phase != "discard" and phase not in seen:
            seen.add(phase)
            hints = recommend(state, iterations=200, seed=1)
            legal = state.legal_actions()
            assert sorted(str(h.action) for h in hints) == sorted(str(a) for a in legal)
            values = [h.value for h in hints]
            assert values == sorted(values, reverse=True)
            assert all(h.reason and h.samples >= 0 and h.interval >= 0 for h in hints)
        state.apply(agent.act(state))
    assert seen >= {"bidding", "trump", "play"}
    assert ("partner_call" in seen) == (players == 5)


def test_discard_hints_are_whole_legal_keeps_each_once() -> None:
    state = play_to(smear(4).new_state(seed=12), "discard")
    seat = state.current_player
    trump = state.trump
    hand = CardSet(state.observation(seat)["hand"])
    hints = recommend(state, iterations=400, seed=2)
    assert 1 < len(hints) <= MAX_KEEPS
    keeps = []
    for h in hints:
        line = h.line or (h.action,)
        assert h.action == line[0]
        child = state.clone()
        for action in line:
            assert child.current_player == seat
            child.apply(action)
        assert child.current_player != seat or child.phase != "discard"
        keep = CardSet(child.observation(seat)["hand"])
        assert kept_legally(hand, keep, trump)
        keeps.append(str(keep))
    assert len(set(keeps)) == len(keeps)
    assert str(rule_keep(hand, trump)) in keeps
    # Each keep is described as the six cards it keeps (describe_line).
    for h, keep in zip(hints, keeps, strict=True):
        assert h.reason.startswith(f"keeps {keep} ("), h.reason
    assert set(keeps) == {str(k) for k in keep_candidates(hand, trump)}


def test_search_agent_plays_its_whole_keep() -> None:
    state = play_to(smear(6).new_state(seed=4), "discard")
    seat = state.current_player
    agent = SearchAgent(iterations=300, seed=1)
    first = state.clone()
    while state.phase == "discard" and state.current_player == seat:
        state.apply(agent.act(state))
    kept = CardSet(state.observation(seat)["hand"])
    hand = CardSet(first.observation(seat)["hand"])
    assert kept_legally(hand, kept, first.trump)
    assert str(kept) in {str(k) for k in keep_candidates(hand, first.trump)}


def test_reasons_read_like_a_player() -> None:
    state = smear(4).new_state(seed=25)
    agent = HeuristicAgent(seed=0)
    reasons: dict[str, str] = {}
    while not state.is_terminal():
        action = agent.act(state)
        reasons.setdefault(state.phase, STRATEGY.describe(state, action))
        state.apply(action)
    assert reasons["bidding"].startswith(("bids", "passes"))
    assert "as trump" in reasons["trump"]
    assert reasons["discard"].startswith("discards")
    assert reasons["play"].split()[0] in {"leads", "cashes", "wins", "smears", "plays", "gives",
                                          "overtakes"}  # fmt: skip


# ---- values in the payoff unit: a forced win ------------------------------------------------

# Seed 25, 4 players, the heuristic agent for 54 actions: S3 bid 7 in hearts and holds 7h BJ;
# the trick is Jd 9h Kh (S0 led, S2's Kh wins) and S3 plays last. Winning it with the big
# joker leaves him leading 7h into the last trick (-7, set); playing 7h under the king keeps the
# joker for the last trick, which takes the trey: the contract is made (+7) in every world.
FORCED = (  # noqa: SIM905
    "bid 6,bid 7,pass,pass,trump h,discard 2c,discard 2s,discard 3d,discard 3s,discard 4c,"
    "discard 4s,discard 6c,discard 7c,discard 7s,discard Jc,discard Js,discard Qc,discard Qs,"
    "discard Td,discard Ts,discard Kc,discard Kd,discard Ks,discard 6d,discard 8c,discard 9d,"
    "discard Tc,discard 2d,discard 5c,discard 5d,discard 8s,discard 3c,discard 4d,discard 5s,"
    "discard 6s,Ah,8h,Jh,2h,Ad,Qh,9c,Qd,As,9s,5h,6h,Ac,SJ,4h,7d,Jd,9h,Kh"
).split(",")


def test_a_forced_win_is_ranked_first_at_its_payoff() -> None:
    state = smear(4).new_state(seed=25)
    for text in FORCED:
        state.apply(text)
    assert state.current_player == 3 and state.bidder == 3 and state.trump == SUITS.index("h")
    assert CardSet(state.observation(3)["hand"]) == CardSet("7h BJ")
    hints = recommend(state, iterations=400, seed=6)
    assert [str(h.action) for h in hints] == ["7h", "BJ"]
    for h in hints:
        # The true deal played out from here (every later card is forced).
        child = state.clone()
        child.apply(h.action)
        while not child.is_terminal():
            child.apply(child.legal_actions()[0])
        assert h.value == child.returns()[3]
        assert h.interval == 0.0
    assert hints[0].value == 7.0 and hints[1].value == -7.0
    assert SearchAgent(iterations=100, seed=0).act(state) == hints[0].action


# ---- privacy ----------------------------------------------------------------------------


def _swapped_deal(state: Any, seats: tuple[int, int], same_suit_as: int | None) -> Any:
    """The deal of ``state`` with one card swapped between two seats' dealt hands (cards they
    still hold, of the same effective suit when a trump is named), or None."""
    record = state._deal_record
    hands = [CardSet(h) for h in record["hands"]]
    a, b = seats
    now = [CardSet(state.hands()[s]) for s in seats]
    partner_card = state.observation(a)["partner_card"]
    for x in sorted(now[0] & hands[a], key=lambda c: c.index):
        for y in sorted(now[1] & hands[b], key=lambda c: c.index):
            if partner_card in (str(x), str(y)):
                continue
            if same_suit_as is not None:
                t = trumps(same_suit_as)
                if (x in t) != (y in t) or (x not in t and x.index % 4 != y.index % 4):
                    continue
            hands[a] = (hands[a] - CardSet([x])) | CardSet([y])
            hands[b] = (hands[b] - CardSet([y])) | CardSet([x])
            return {**record, "hands": [str(h) for h in hands]}
    return None


@pytest.mark.parametrize(("players", "phase"), [(4, "bidding"), (4, "play"), (6, "play"),
                                                (5, "trump")])  # fmt: skip
def test_search_never_reads_hidden_cards(players: int, phase: str) -> None:
    game = smear(players)
    deal = None
    for seed in range(30):
        state = game.new_state(seed=seed)
        agent = HeuristicAgent(seed=0)
        actions = []
        while state.phase != phase:
            actions.append(agent.act(state))
            state.apply(actions[-1])
        if phase == "play":  # a few tricks in
            for _ in range(players + 1):
                actions.append(agent.act(state))
                state.apply(actions[-1])
        me = state.current_player
        others = [s for s in range(players) if s not in (me, state.bidder)]
        deal = _swapped_deal(state, (others[0], others[1]), state.trump)
        if deal is not None:
            break
    assert deal is not None
    other = game.new_state(deal=deal)
    for action in actions:
        other.apply(str(action))
    assert other.current_player == me
    assert state.hands() != other.hands()
    assert state.observation(me) == other.observation(me)
    a = recommend(state, iterations=300, seed=4)
    b = recommend(other, iterations=300, seed=4)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]
    assert SearchAgent(iterations=150, seed=2).act(state) == SearchAgent(
        iterations=150, seed=2
    ).act(other)


def test_view_reads_only_the_observation() -> None:
    state = play_to(smear(4).new_state(seed=8), "play")
    for _ in range(6):
        state.apply(HeuristicAgent(seed=0).act(state))
    view = view_of(state)
    me = state.current_player
    assert view.hand == CardSet(state.observation(me)["hand"])
    for seat in range(4):
        if seat != me:
            assert not (view.hand & state.hands()[seat])
    # Every card another seat holds is unseen to the player.
    for seat in range(4):
        if seat != me:
            assert state.hands()[seat] <= view.unseen
    # Every card is the player's, seen (played or his own discard) or unseen: no other source.
    played = CardSet([Card(c) for t in state.observation(me)["tricks"] for c in t["cards"]])
    played |= CardSet([Card(c) for c in state.observation(me)["current_trick"]["cards"]])
    mine = CardSet(state.observation(me)["discards"])
    assert view.unseen | view.hand | played | mine == CardSet.full_pack(jokers=True)


def test_resample_by_bids_keeps_the_view_and_checks_its_arguments() -> None:
    from cardavia import InvalidArgumentError

    state = play_to(smear(4).new_state(seed=5), "discard")
    me = state.current_player
    world = state.resample_by_bids(me, seed=3, tries=64, slack=0.1)
    assert world.observation(me) == state.observation(me)
    assert world.hands()[me] == state.hands()[me]
    again = state.resample_by_bids(me, seed=3, tries=64, slack=0.1)
    assert [str(h) for h in again.hands()] == [str(h) for h in world.hands()]
    # slack 1 keeps the first draw: the plain resample.
    plain = state.resample(me, seed=3)
    assert [str(h) for h in state.resample_by_bids(me, seed=3, slack=1.0).hands()] == [
        str(h) for h in plain.hands()
    ]
    for bad in ({"slack": 1.5}, {"slack": -0.1}, {"tries": 0}, {"slack": "x"}, {"tries": 2.5}):
        with pytest.raises(InvalidArgumentError):
            state.resample_by_bids(me, seed=1, **bad)
    with pytest.raises(InvalidArgumentError):
        state.resample_by_bids(9, seed=1)
