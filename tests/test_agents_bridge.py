"""Bridge agents: the bidding system's calls and reasons, the card-play rules, the search."""

from __future__ import annotations

import pytest

import cardavia
from cardavia import InvalidArgumentError
from cardavia._core import CardSet
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent, recommend
from cardavia.agents.bridge_search import (
    DoubleDummyPlayer,
    auction_boxes,
    dd_play_values,
    worlds,
)
from cardavia.agents.strategies import strategy_for
from cardavia.agents.strategies.bridge_system import (
    RULES,
    SITUATIONS,
    Hand,
    choose_call,
    read_auction,
)
from cardavia.games.bridge import BridgeState

GAME = cardavia.load("bridge")
STRATEGY = strategy_for("bridge")
DECK = CardSet.full_pack(jokers=False)


def deal_with(**given: str) -> BridgeState:
    """A deal with the given seats' hands (n, e, s, w); the other cards go round the other
    seats."""
    seats = "nesw"
    hands: list[list[str]] = [[] for _ in range(4)]
    used = CardSet()
    for seat, text in given.items():
        cards = CardSet(text)
        assert len(cards) == 13 and not (used & cards)
        used |= cards
        hands[seats.index(seat)] = [str(c) for c in cards]
    free = [i for i in range(4) if seats[i] not in given]
    rest = sorted(DECK - used, key=lambda c: c.index)
    for k, card in enumerate(rest):
        hands[free[k % len(free)]].append(str(card))
    state = GAME.new_state(deal={"hands": [" ".join(h) for h in hands]})
    assert isinstance(state, BridgeState)
    return state


def after(state: BridgeState, calls: str) -> BridgeState:
    for call in calls.split():
        state.apply(call)
    return state


def heuristic_reason(state: BridgeState) -> tuple[str, str]:
    action = HeuristicAgent(seed=0).act(state)
    return str(action), STRATEGY.describe(state, action)


# ---- the system on hand-made hands ---------------------------------------------------------

SIXTEEN_BALANCED = "As Ks 4s 3s Kh Qh 8h Td 9d 5d Ac 6c 2c"


def test_1nt_with_16_balanced() -> None:
    call, reason = heuristic_reason(deal_with(s=SIXTEEN_BALANCED))
    assert call == "1NT"
    assert reason == "1NT: 15–17 HCP, balanced"


def test_1s_with_five_spades_and_13_hcp() -> None:
    call, reason = heuristic_reason(deal_with(s="As Ks 9s 7s 3s Kh 8h 4h Qd 7d 2d Jc 3c"))
    assert call == "1S"
    assert reason.startswith("1S: 12–21 HCP") and "five or more spades" in reason


def test_weak_two() -> None:
    call, reason = heuristic_reason(deal_with(s="Kh Qh Jh 9h 7h 4h Qs 8s 3d 2d 9c 5c 3c"))
    assert call == "2H"
    assert reason == "2H: weak two: 5–10 HCP, a six-card heart suit"


def test_stayman_asked_and_answered() -> None:
    north = "Ah Jh 7h 3h Kd Jd 4d 2d 8c 7c 5s 6s 7s"  # 9 HCP, four hearts
    state = after(deal_with(s=SIXTEEN_BALANCED, n=north), "1NT P")
    call, reason = heuristic_reason(state)
    assert call == "2C"
    assert reason.startswith("2C: Stayman")
    state.apply("2C")
    state.apply("P")
    call, reason = heuristic_reason(state)  # South has four spades, three hearts
    assert call == "2S"
    assert reason == "2S: four spades, not four hearts (answers Stayman)"


def test_transfer_completed() -> None:
    north = "Jh 9h 7h 6h 3h 8d 4d 2d 8c 7c 5s 6s 7s"  # five hearts, weak
    state = after(deal_with(s=SIXTEEN_BALANCED, n=north), "1NT P")
    call, reason = heuristic_reason(state)
    assert call == "2D" and "transfer" in reason
    state.apply("2D")
    state.apply("P")
    call, reason = heuristic_reason(state)
    assert call == "2H"
    assert reason == "2H: completes the transfer"
    state.apply("2H")
    state.apply("P")
    call, reason = heuristic_reason(state)  # 1 HCP: passes the transfer
    assert call == "P" and "plays the transferred suit" in reason


def test_every_rule_reads_back_what_it_shows() -> None:
    # 1NT shows 15-17 balanced for the opener; a pass in first seat shows fewer than 12.
    boxes = auction_boxes(["P", "1NT"])
    assert boxes[2] == (0, 11, [(0, 13)] * 4)
    assert boxes[3] == (15, 17, [(2, 5)] * 4)
    assert boxes[0] is None and boxes[1] is None
    assert {r.situation for r in RULES} == set(SITUATIONS)
    assert all(r.text for r in RULES)


def test_choose_call_is_always_a_legal_call_of_the_table() -> None:
    # Random auctions: whatever happened before, the system's call is legal in the state.
    for seed in range(150):
        state = GAME.new_state(seed=seed)
        rand = RandomAgent(seed=seed)
        while state.phase == "auction":  # type: ignore[attr-defined]
            obs = state.observation(state.current_player or 0)
            call, _ = choose_call(Hand.of(obs["hand"]), read_auction(obs["calls"]))
            legal = [str(a) for a in state.legal_actions()]
            assert call in legal
            state.apply(rand.act(state) if seed % 2 else call)


# ---- the heuristic agent -------------------------------------------------------------------


def test_heuristic_agent_is_legal_over_ten_thousand_decisions() -> None:
    decisions = 0
    seed = 0
    while decisions < 10_000:
        state = GAME.new_state(seed=seed)
        agents = [HeuristicAgent(seed=seed * 4 + s) for s in range(4)]
        if seed % 3 == 2:  # heuristic card play after random auctions too
            agents[1] = agents[3] = HeuristicAgent(seed=seed)
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            action = agents[player].act(state)
            assert action in state.legal_actions()
            state.apply(action)
            decisions += 1
        seed += 1


def test_heuristic_card_play_after_random_calls_is_legal() -> None:
    for seed in range(60):
        state = GAME.new_state(seed=seed)
        rand, heur = RandomAgent(seed=seed), HeuristicAgent(seed=seed)
        while state.phase == "auction":  # type: ignore[attr-defined]
            state.apply(rand.act(state))
        while not state.is_terminal():
            action = heur.act(state)
            assert action in state.legal_actions()
            state.apply(action)


def test_heuristic_is_reproducible() -> None:
    def play(seed: int) -> list[str]:
        state = GAME.new_state(seed=seed)
        agent = HeuristicAgent(seed=3)
        while not state.is_terminal():
            state.apply(agent.act(state))
        return [str(a) for a in state.calls]  # type: ignore[attr-defined]

    assert play(4) == play(4)


def test_opening_lead_top_of_a_sequence_against_nt() -> None:
    west = "Kd Qd Jd 7d 7s 6s 5s 5h 4h 3h 5c 4c 3c"
    state = after(deal_with(s=SIXTEEN_BALANCED, w=west), "1NT P P P")
    action, reason = heuristic_reason(state)
    assert action == "Kd" and "top of a sequence" in reason


def test_second_hand_low_and_third_hand_high() -> None:
    west = "Kd Qd Jd 7d 7s 6s 5s 5h 4h 3h 5c 4c 3c"
    state = after(deal_with(s=SIXTEEN_BALANCED, w=west), "1NT P P P Kd")
    # North (dummy) plays: declarer chooses for dummy; then East third hand.
    assert state.current_player == 2 and state.seat_to_play == 0
    state.apply(HeuristicAgent(seed=0).act(state))
    action, reason = heuristic_reason(state)
    assert state.current_player == 1
    assert "third hand high" in reason or "partner is winning" in reason or "cannot" in reason


# ---- the search ----------------------------------------------------------------------------


def seven_spades() -> BridgeState:
    # South holds every spade: 7S makes whatever anyone plays, 1510 to North-South.
    state = after(deal_with(s="As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"), "7S P P P")
    state.apply(HeuristicAgent(seed=0).act(state))  # West's opening lead
    return state


def test_a_made_grand_slam_is_valued_at_its_score() -> None:
    state = seven_spades()
    assert state.current_player == 2  # declarer, for dummy
    hints = recommend(state, iterations=300, seed=2)
    assert sorted(str(h.action) for h in hints) == sorted(map(str, state.legal_actions()))
    assert all(h.value == 1510.0 and h.interval == 0.0 for h in hints)


def test_play_hints_rank_every_legal_card_once_best_first() -> None:
    state = GAME.new_state(seed=9)
    agent = HeuristicAgent(seed=1)
    while state.phase == "auction":  # type: ignore[attr-defined]
        state.apply(agent.act(state))
    for _ in range(5):
        state.apply(agent.act(state))
    while len(state.legal_actions()) < 2:
        state.apply(agent.act(state))
    hints = recommend(state, iterations=400, seed=5)
    assert sorted(str(h.action) for h in hints) == sorted(map(str, state.legal_actions()))
    values = [h.value for h in hints]
    assert values == sorted(values, reverse=True)
    assert all(h.reason and h.samples > 0 for h in hints)


def test_call_hints_rank_every_legal_call_once_the_systems_first() -> None:
    state = deal_with(s=SIXTEEN_BALANCED)
    hints = recommend(state, iterations=120, seed=1)
    assert sorted(str(h.action) for h in hints) == sorted(map(str, state.legal_actions()))
    assert str(hints[0].action) == "1NT"
    assert hints[0].reason.startswith("1NT: 15–17 HCP, balanced")
    assert hints[0].samples > 0


def test_search_is_reproducible_with_iterations() -> None:
    state = GAME.new_state(seed=12)
    a = recommend(state, iterations=100, seed=7)
    b = recommend(state.clone(), iterations=100, seed=7)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]
    agent_a, agent_b = SearchAgent(iterations=20, seed=3), SearchAgent(iterations=20, seed=3)
    s1, s2 = GAME.new_state(seed=12), GAME.new_state(seed=12)
    for _ in range(9):  # the auction and the first cards
        if s1.is_terminal():
            break
        x, y = agent_a.act(s1), agent_b.act(s2)
        assert x == y
        s1.apply(x)
        s2.apply(y)


def _swap_hidden(hands: list[str], keep: CardSet) -> list[str]:
    """East and West exchange every card but ``keep`` (West's opening lead), so that only
    cards South cannot see differ."""
    east, west = CardSet(hands[1]), CardSet(hands[3])
    west_rest = [c for c in west if c not in keep]
    east_cards = list(east)
    new_west = CardSet(east_cards[: len(west_rest)]) | keep
    new_east = CardSet(west_rest) | CardSet(east_cards[len(west_rest) :])
    return [hands[0], str(new_east), hands[2], str(new_west)]


def test_search_never_reads_hidden_cards() -> None:
    base = deal_with(s=SIXTEEN_BALANCED)
    hands = [str(h) for h in base.hands()]
    # In the auction South sees only his own cards: any other layout gives the same hints.
    other = GAME.new_state(deal={"hands": [hands[3], hands[0], hands[2], hands[1]]})
    a = recommend(base, iterations=90, seed=4)
    b = recommend(other, iterations=90, seed=4)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]
    # In the play, declarer sees dummy: East and West swap their unplayed cards.
    after(base, "1NT P P P")
    lead = HeuristicAgent(seed=0).act(base)
    base.apply(lead)
    assert isinstance(lead.cards, CardSet)
    swapped = GAME.new_state(deal={"hands": _swap_hidden(hands, lead.cards)})
    after(swapped, f"1NT P P P {lead}")
    a = recommend(base, iterations=40, seed=4)
    b = recommend(swapped, iterations=40, seed=4)
    assert [h.to_json() for h in a] == [h.to_json() for h in b]


def test_worlds_respect_the_auction() -> None:
    state = after(deal_with(s=SIXTEEN_BALANCED), "1NT P 2C P 2S P")
    for world in worlds(state, 3, 12, seed=1):
        assert world.calls == state.calls
        assert str(world.hands()[3]) == str(state.hands()[3])
        north = Hand.of(world.hands()[0])
        assert north.hcp >= 8  # Stayman
        south = Hand.of(world.hands()[2])
        assert 15 <= south.hcp <= 17 and south.lengths[3] >= 4
        assert all(2 <= n <= 5 for n in south.lengths)  # 1NT's box: no suit outside 2..5


def test_search_budget_and_terminal_errors() -> None:
    state = GAME.new_state(seed=1)
    with pytest.raises(InvalidArgumentError):
        recommend(state, iterations=0)
    after(state, "P P P P")
    with pytest.raises(InvalidArgumentError):
        recommend(state, iterations=10)


def test_advancing_a_double_when_they_bid_every_suit() -> None:
    state = after(GAME.new_state(seed=3), "P 1C P 1D P 1H P 1S X P")
    auction = read_auction(state.calls)
    assert auction.situation == "advance_double"
    hand = Hand.of(state.hands()[state.current_player or 0])
    call, rule = choose_call(hand, auction)
    assert call in [str(a) for a in state.legal_actions()] and rule.text


def test_a_double_dummy_solver_is_used_when_the_core_has_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A stand-in solver, exact on this deal (South's spades win every trick): the tricks the
    # side to play takes from the current trick on. The search turns them into scores.
    from cardavia.games import bridge as bridge_module

    calls = []

    def solve_position(world: BridgeState) -> list[tuple[object, int]]:
        calls.append(1)
        won = world.observation(0)["tricks_won"]
        left = 13 - sum(won)
        seat = world.seat_to_play or 0
        tricks = left if seat % 2 == 0 else 0
        return [(a.cards, tricks) for a in world.legal_actions()]

    monkeypatch.setattr(bridge_module, "solve_position", solve_position, raising=False)
    state = seven_spades()
    hints = recommend(state, iterations=60, seed=1)
    assert calls and all(h.value == 1510.0 for h in hints)
    assert "double dummy" in hints[0].reason
    state.apply(hints[0].action)  # East, a defender, to play: every card loses the grand slam
    hints = recommend(state, iterations=60, seed=1)
    assert all(h.value == -1510.0 for h in hints)


def test_search_agent_plays_whole_deals_legally() -> None:
    for seed in range(31, 34):
        state = GAME.new_state(seed=seed)
        search, rule = SearchAgent(iterations=12, seed=seed), HeuristicAgent(seed=seed)
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            action = (search if player % 2 == 0 else rule).act(state)
            assert action in state.legal_actions()
            state.apply(action)


# ---- the fixed-size double-dummy card player and the opening-lead inference ---------------


def _after_lead(seed: int) -> BridgeState:
    state = GAME.new_state(seed=seed)
    rule = HeuristicAgent(seed=0)
    while state.phase == "auction":  # type: ignore[attr-defined]
        state.apply(rule.act(state))
    state.apply(rule.act(state))  # the opening lead
    assert isinstance(state, BridgeState)
    return state


def test_dd_play_values_rank_every_card_with_scores_and_tricks() -> None:
    state = seven_spades()
    values = dd_play_values(state, 2, 4, seed=1)
    assert sorted(str(v.action) for v in values) == sorted(map(str, state.legal_actions()))
    assert all(v.score.mean == 1510.0 and v.tricks.mean == 13 and v.score.n == 4 for v in values)
    state = _after_lead(21)
    player = state.current_player
    assert player is not None
    values = dd_play_values(state, player, 6, seed=2)
    keys = [(-v.score.mean, -v.tricks.mean) for v in values]
    assert keys == sorted(keys)
    assert all(0 <= v.tricks.mean <= 13 for v in values)


def test_declarers_worlds_lead_the_card_the_defender_led() -> None:
    from cardavia.agents.strategies.bridge import opening_lead

    state = _after_lead(20)
    declarer = state.declarer
    assert declarer is not None
    player = state.current_player
    assert player is not None and player % 2 == declarer % 2
    leader, lead = state._deal.plays()[0]
    at_lead: dict[str, object] = {"seat_to_play": leader, "dummy_hand": None, "tricks": [],
               "current_trick": {"leader": None, "cards": []}}  # fmt: skip
    obs = {**state.observation(leader), **at_lead}
    for world in worlds(state, player, 10, seed=5):
        hand = world.hands()[leader] | CardSet([lead])
        assert opening_lead({**obs, "hand": [str(c) for c in hand]}, hand) == lead
        assert str(world.hands()[(declarer + 2) % 4]) == str(state.hands()[(declarer + 2) % 4])


def test_double_dummy_player_is_legal_reproducible_and_blind_to_hidden_cards() -> None:
    for seed in (40, 41):
        state = GAME.new_state(seed=seed)
        dd, rule = DoubleDummyPlayer(3, seed=seed), HeuristicAgent(seed=seed)
        again = DoubleDummyPlayer(3, seed=seed)
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            if player % 2 == 0:
                action = dd.act(state)
                assert again.act(state.clone()) == action
            else:
                action = rule.act(state)
            assert action in state.legal_actions()
            state.apply(action)
    base = after(deal_with(s=SIXTEEN_BALANCED), "1NT P P P")
    hands = [str(h) for h in base.hands()]
    lead = HeuristicAgent(seed=0).act(base)
    base.apply(lead)
    assert isinstance(lead.cards, CardSet)
    swapped = GAME.new_state(deal={"hands": _swap_hidden(hands, lead.cards)})
    after(swapped, f"1NT P P P {lead}")
    assert DoubleDummyPlayer(4, seed=9).act(base) == DoubleDummyPlayer(4, seed=9).act(swapped)
    with pytest.raises(InvalidArgumentError):
        DoubleDummyPlayer(0)


def test_a_time_budget_too_short_for_one_solve_uses_playouts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardavia.agents import bridge_search

    state = _after_lead(21)
    trick = len(state._deal.plays()) // 4
    monkeypatch.setitem(bridge_search._SOLVE_SECONDS, trick, 30.0)  # a solve lately: 30 s
    hints = recommend(state, seconds=0.3, seed=1)
    assert sorted(str(h.action) for h in hints) == sorted(map(str, state.legal_actions()))
    assert "greedy playouts" in hints[0].reason and hints[0].samples > 0
    assert bridge_search._SOLVE_SECONDS[trick] == 15.0  # halved: a solve is tried again
    with pytest.raises(InvalidArgumentError):
        DoubleDummyPlayer(4, tie_rounds=-1)
