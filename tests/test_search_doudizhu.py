"""Dou Dizhu for search (issue 13, issue 18 points 2, 10, 11): clone, resample (DDZ-3.9),
playouts from the auction and from card play (DDZ-3.5, DDZ-7), ids and errors, pickling."""

from __future__ import annotations

import pickle
from collections import Counter

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
    chi_square_uniform,
    consistent_by_replay,
    hidden_hands,
    positions,
    splits,
)

import cardavia
from cardavia import CardSet, IllegalActionError, InvalidArgumentError

GAME = "doudizhu"


def test_clones_are_independent() -> None:
    for state in positions(GAME, range(3), every=9):
        check_clone_independent(state)


def test_resample_never_contradicts_the_observation() -> None:  # DDZ-3.9
    for k, state in enumerate(positions(GAME, range(8), every=4)):
        for player in range(3):
            other = check_resample_consistent(state, player, seed=k * 3 + player)
            check_pickles(other)


def test_resample_keeps_the_public_bottom_and_hides_it_before() -> None:  # DDZ-3.7, DDZ-3.9
    state = cardavia.load(GAME).new_state(seed=11)
    # During the auction the bottom is one of the hidden parts: every unseen card lands there
    # with the same probability 3/37.
    unseen = [str(c) for c in CardSet.full_pack(jokers=True) - CardSet(state._hands[0])]
    hits: Counter[str] = Counter()
    draws = 1500
    for k in range(draws):
        for c in state.resample(0, seed=k)._bottom:
            hits[str(c)] += 1
    chi_square_uniform(hits, len(unseen), 3 * draws, "bottom")
    state.apply("bid 3")
    landlord = state.observation(0)["landlord"]
    for k in range(20):
        other = state.resample((landlord + 1) % 3, seed=k)
        assert other._bottom == state._bottom
        assert state._bottom <= CardSet(other.observation(landlord)["hand"])


def late(seed: int, unseen_max: int) -> tuple[cardavia.game.State, int]:
    """A card-play state whose viewer (the player to act) cannot see at most ``unseen_max``
    cards."""
    for state in positions(GAME, range(seed, seed + 200), every=1):
        if state.phase != "play":
            continue
        player = state.current_player
        obs = state.observation(player)
        landlord = obs["landlord"]
        hidden = sum(obs["hand_sizes"]) - obs["hand_sizes"][player]
        if landlord != player:
            hidden -= len(CardSet(obs["bottom"]) & state._table.hand(landlord))
        if 4 <= hidden <= unseen_max:
            return state, player
    raise AssertionError("no late position found")


def candidates(state: cardavia.game.State, player: int) -> list[dict[str, object]]:
    table, landlord, bottom = state._table, state._landlord, state._bottom
    dealt = [CardSet(h) for h in state._deal_record["hands"]]
    played = [dealt[p] | (bottom if p == landlord else CardSet()) for p in range(3)]
    played = [played[p] - table.hand(p) for p in range(3)]
    others = [p for p in range(3) if p != player]
    known = {p: (bottom & table.hand(p)) if p == landlord else CardSet() for p in others}
    pool = [str(c) for p in others for c in table.hand(p) - known[p]]
    sizes = [len(table.hand(p)) - len(known[p]) for p in others]
    out = []
    for parts in splits(pool, sizes):
        hands = list(dealt)
        for p, part in zip(others, parts, strict=True):
            hands[p] = (part | known[p] | played[p]) - (bottom if p == landlord else CardSet())
        record = dict(state._deal_record)
        record["hands"] = [str(h) for h in hands]
        out.append(record)
    return out


@pytest.mark.parametrize("seed", [3, 40])
def test_resample_is_uniform_over_consistent_deals(seed: int) -> None:
    state, player = late(seed, 9)
    deals = consistent_by_replay(state, player, candidates(state, player))
    consistent = [
        tuple(h for p, h in enumerate(d["hands"]) if p != player)  # type: ignore[arg-type]
        for d in deals
    ]
    check_uniform(state, player, consistent)
    # The true hands come back no more often than any other consistent deal.
    truth = hidden_hands(state, player)
    assert truth in consistent
    hits = sum(hidden_hands(state.resample(player, seed=k), player) == truth for k in range(600))
    assert hits <= 600 / len(consistent) + 5 * (600 / len(consistent)) ** 0.5


def test_resample_draws_redeals_from_its_own_seed() -> None:  # DDZ-3.5c
    state = cardavia.load(GAME).new_state(seed=2)
    other = state.resample(0, seed=9)
    for s in (state, other):
        for _ in range(3):
            s.apply("pass")
    assert other.observation(0)["deal_number"] == 1
    assert other.observation(0)["hand"] != state.observation(0)["hand"]
    assert other.resample(1, seed=10).seed != other.seed


def test_resample_refuses_bad_arguments() -> None:
    state = cardavia.load(GAME).new_state(seed=5)
    with pytest.raises(InvalidArgumentError):
        state.resample(True)
    with pytest.raises(InvalidArgumentError):
        state.resample(3)
    with pytest.raises(InvalidArgumentError):
        state.resample(-1)
    state.apply("bid 3")
    while not state.is_terminal():
        state.apply(state.legal_action_ids()[0])
    with pytest.raises(InvalidArgumentError):
        state.resample(0)
    with pytest.raises(InvalidArgumentError):
        state.playout_returns(2)


def test_playouts_from_every_phase_replay_through_the_protocol() -> None:  # DDZ-3.5, DDZ-7
    replayed = 0
    for k, state in enumerate(positions(GAME, range(6), every=6)):
        for policy in ("random", "greedy"):
            replayed += check_playout_trace(state, policy, seed=k)
        a = state.playout_returns(60, policy="random", seed=k, threads=1)
        assert (a == state.playout_returns(60, policy="random", seed=k, threads=3)).all()
        assert (a.sum(axis=1) == 0).all()
    assert replayed > 10


def test_auction_playouts_redeal_from_their_own_seed() -> None:  # DDZ-3.5c
    state = cardavia.load(GAME).new_state(seed=7)
    state.apply("pass")
    state.apply("pass")
    redeals = 0
    for seed in range(200):
        steps, returns = state.playout_trace("random", seed)
        redeals += -1 in steps
        assert sum(returns) == 0
    assert redeals > 0  # a third pass voids the deal, and the playout deals anew
    check_playout_arguments(state)


def test_greedy_bids_for_strong_hands() -> None:
    state = cardavia.load(GAME).new_state(
        seed=1,
        deal={
            "hands": [
                "SJ BJ 2c 2d 2h 2s Ac Ad 3c 4c 5c 6c 7c 8d 9d Td Jd",
                "3d 4d 5d 6d 7d 8c 9c Tc Jc Qc Kc 3h 4h 5h 6h 7h 8h",
                "9h Th Jh Qh Kh Ah 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
            ],
            "bottom": "Qd Kd As",
            "first_bidder": 0,
        },
    )
    steps, _ = state.playout_trace("greedy", 0)
    assert steps[0] == 3  # bid 3 with the rocket, four 2s and two aces


def test_ids_and_errors() -> None:  # issue 18 points 10, 11
    def auction_text(state: cardavia.game.State) -> None:
        if state.phase == "auction":
            with pytest.raises(IllegalActionError, match="DDZ-3.4") as info:
                state.apply("bid 4")
            assert "bid 4" in str(info.value)
            assert not state.can_apply("bid 4")
        else:
            with pytest.raises(IllegalActionError, match="DDZ-3.5"):
                state.apply("bid 2")
            with pytest.raises(IllegalActionError, match="DDZ-3.5"):
                state.apply(2)

    for state in positions(GAME, range(3), every=11):
        check_ids_and_errors(state, auction_text)


def test_ids_and_actions_play_the_same_games() -> None:
    for seed in range(25):
        check_same_game_by_ids_and_actions(GAME, seed)


def test_states_games_and_redealt_states_pickle() -> None:
    state = cardavia.load(GAME).new_state(seed=2)
    for _ in range(3):
        state.apply("pass")  # a redeal
    check_pickles(state)
    state.apply("bid 2")
    check_pickles(state)
    for s in positions(GAME, range(2), every=13):
        check_pickles(s)
    assert pickle.loads(pickle.dumps(state)).observation(0)["deal_number"] == 1


def test_table_playouts_refuse_counts_they_cannot_hold() -> None:  # issue 18 point 2
    state = cardavia.load(GAME).new_state(seed=4)
    state.apply("bid 3")
    table = state._table
    out = table.playouts(5, "greedy", 1, 1)
    assert out["finish_order"].shape == (5, 3)
    for bad in (10**12, 2**64, 0, -3):
        with pytest.raises(InvalidArgumentError):
            table.playouts(bad)
    with pytest.raises(InvalidArgumentError):
        table.playouts(2, seed=-1)
