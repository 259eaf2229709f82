"""Red Ten for search (issue 13, issue 18): clone, resample with hidden teams and lighting
(RT-3.5–3.9, RT-5.7), playouts from the lighting poll and from card play (RT-6), ids, errors,
pickling of states and matches."""

from __future__ import annotations

import pickle
import random

import pytest
from climbing_search import (
    check_clone_independent,
    check_ids_and_errors,
    check_pickles,
    check_playout_arguments,
    check_playout_trace,
    check_resample_consistent,
    check_same_game_by_ids_and_actions,
    check_uniform,
    consistent_by_replay,
    hidden_hands,
    positions,
    splits,
)

import cardavia
from cardavia import CardSet

GAME = "red_ten"
RED_TENS = CardSet("Td Th")


def test_clones_are_independent() -> None:
    for state in positions(GAME, range(3), every=9):
        check_clone_independent(state)


def test_resample_never_contradicts_the_observation() -> None:  # RT-3.5
    for k, state in enumerate(positions(GAME, range(8), every=4)):
        for player in range(4):
            check_resample_consistent(state, player, seed=k * 4 + player)


def lit_state(seed: int) -> cardavia.game.State:
    """A deal where every red-ten holder lights."""
    state = cardavia.load(GAME).new_state(seed=seed)
    while state.phase == "lighting":
        state.apply("light" if state.can_apply("light") else "decline")
    return state


def test_a_light_shows_every_red_ten_of_the_seat() -> None:  # RT-3.6
    for seed in range(12):
        state = lit_state(seed)
        shown = [CardSet(s) for s in state.observation(0)["shown"]]
        for viewer in range(4):
            for k in range(6):
                other = state.resample(viewer, seed=k)
                for p in range(4):
                    hand = CardSet(other._deal_record["hands"][p])
                    if shown[p]:
                        assert hand & RED_TENS == shown[p]


def test_declines_reveal_nothing() -> None:  # RT-3.6
    # Nobody lights: a viewer without red tens finds them anywhere among the three others.
    for seed in range(40):
        state = cardavia.load(GAME).new_state(seed=seed)
        holders = [p for p in range(4) if not CardSet(state._hands[p]).isdisjoint(RED_TENS)]
        viewer = next((p for p in range(4) if p not in holders), None)
        if viewer is None:
            continue
        for _ in range(4):
            state.apply("decline")
        places = set()
        for k in range(300):
            other = state.resample(viewer, seed=k)
            places |= {p for p in range(4) if "Th" in other._deal_record["hands"][p].split()}
        assert places == {p for p in range(4) if p != viewer}
        return
    raise AssertionError("no deal found")


def test_first_leader_holds_3h_until_he_plays_it() -> None:  # RT-3.9
    state = cardavia.load(GAME).new_state(seed=3)
    leader = state.current_player
    for k in range(20):
        other = state.resample((leader + 1) % 4, seed=k)
        assert "3h" in other.observation(leader)["hand"].split()


def late(seed: int) -> tuple[cardavia.game.State, int]:
    for state in positions(GAME, range(seed, seed + 400), every=1):
        if state.phase != "play" or not state.observation(0)["finish_order"]:
            continue
        player = state.current_player
        obs = state.observation(player)
        hidden = sum(obs["hand_sizes"]) - obs["hand_sizes"][player]
        if 4 <= hidden <= 7:
            return state, player
    raise AssertionError("no late position found")


def candidates(state: cardavia.game.State, player: int) -> list[dict[str, object]]:
    table = state._table
    dealt = [CardSet(h) for h in state._deal_record["hands"]]
    others = [p for p in range(4) if p != player]
    pool = [str(c) for p in others for c in table.hand(p)]
    out = []
    for parts in splits(pool, [len(table.hand(p)) for p in others]):
        hands = list(dealt)
        for p, part in zip(others, parts, strict=True):
            hands[p] = part | (dealt[p] - table.hand(p))
        out.append({"dealer": state._dealer, "hands": [str(h) for h in hands]})
    return out


@pytest.mark.parametrize("seed", [0, 60])
def test_resample_is_uniform_over_consistent_deals(seed: int) -> None:  # RT-5.7
    state, player = late(seed)
    deals = consistent_by_replay(state, player, candidates(state, player))
    consistent = [
        tuple(h for p, h in enumerate(d["hands"]) if p != player)  # type: ignore[arg-type]
        for d in deals
    ]
    assert hidden_hands(state, player) in consistent
    check_uniform(state, player, consistent, draws_per_cell=30)


def test_resample_keeps_the_deal_running_under_new_teams() -> None:  # RT-3.4, RT-5.7
    for k, state in enumerate(positions(GAME, range(20, 40), every=3)):
        if state.phase != "play" or not state.observation(0)["finish_order"]:
            continue
        other = state.resample(state.current_player, seed=k)
        assert not other.is_terminal()
        red = [p for p in range(4) if not CardSet(other._hands[p]).isdisjoint(RED_TENS)]
        assert other.teams["red"] == red


def test_playouts_from_the_lighting_poll_and_card_play() -> None:  # RT-3.6, RT-6
    for k, state in enumerate(positions(GAME, range(6), every=6)):
        for policy in ("random", "greedy"):
            assert check_playout_trace(state, policy, seed=k)
        a = state.playout_returns(40, seed=k, threads=1)
        assert (a == state.playout_returns(40, seed=k, threads=2)).all()
        assert (a.sum(axis=1) == 0).all()
    check_playout_arguments(cardavia.load(GAME).new_state(seed=1))


def test_greedy_lights_only_strong_hands() -> None:  # RT-6.3
    lights = 0
    for seed in range(60):
        state = cardavia.load(GAME).new_state(seed=seed)
        steps, _ = state.playout_trace("greedy", 0)
        lights += steps[:4].count(1)
    assert 0 <= lights < 15


def test_ids_and_errors() -> None:
    def lighting(state: cardavia.game.State) -> None:
        if state.phase == "play":
            assert not state.can_apply("light")
            assert not state.can_apply(1)

    for state in positions(GAME, range(3), every=11):
        check_ids_and_errors(state, lighting)


def test_ids_and_actions_play_the_same_games() -> None:
    for seed in range(25):
        check_same_game_by_ids_and_actions(GAME, seed)


def test_states_and_matches_pickle() -> None:
    for state in positions(GAME, range(2), every=13):
        check_pickles(state)
        check_pickles(state.resample(1, seed=2))
    game = cardavia.load(GAME, deals=2)
    match = game.new_match(seed=4)
    deal = match.new_deal()
    rng = random.Random(1)
    while not deal.is_terminal():
        deal.apply(rng.choice(deal.legal_action_ids()))
    again = pickle.loads(pickle.dumps(match))
    assert again.scores == match.scores
    assert [d.to_json() for d in again.deals] == [d.to_json() for d in match.deals]
