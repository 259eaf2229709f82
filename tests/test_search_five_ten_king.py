"""5-10-K for search (issue 13): clone, resample, playouts, the action-id space, and the
privacy of reveal opportunities (FTK-3.10). Behaviour only: timings live in benches/."""

from __future__ import annotations

import json
import math
import pickle
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import chi_square_p, splits

import cardavia
from cardavia import IllegalActionError, InvalidArgumentError, Rng
from cardavia.games.five_ten_king import FiveTenKingState, _to_action

GAME = cardavia.load("five_ten_king")
TWO_CALLS = cardavia.load("five_ten_king", partner_calls=2)


def random_state(seed: int, steps: int, game: Any = GAME) -> FiveTenKingState:
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
    return state


def walk(seed: int, game: Any = GAME) -> list[FiveTenKingState]:
    state = game.new_state(seed=seed)
    rng = Rng(seed + 1)
    out = [state.clone()]
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply(acts[rng.below(len(acts))])
        out.append(state.clone())
    return out


# ---- clone ----------------------------------------------------------------------------------


def test_clone_shares_nothing_mutable() -> None:
    for state in walk(4)[::9][:-1]:
        state.legal_actions()
        copy = state.clone()
        before = (state.to_json(), [state.observation(p) for p in range(5)])
        copy.apply(copy.legal_actions()[-1])
        assert (state.to_json(), [state.observation(p) for p in range(5)]) == before
        again = state.clone()
        seen = (again.to_json(), [again.observation(p) for p in range(5)])
        state.apply(state.legal_action_ids()[0])
        assert (again.to_json(), [again.observation(p) for p in range(5)]) == seen


# ---- resample: consistency ----------------------------------------------------------------


@pytest.mark.parametrize("game", [GAME, TWO_CALLS], ids=["one call", "two calls"])
def test_resample_never_contradicts_the_observation(game: Any) -> None:
    for seed in range(6):
        for k, state in enumerate(walk(seed, game)[:-1]):
            if state.phase == "play" and k % 11:
                continue
            for viewer in range(5):
                other = state.resample(viewer, seed=k * 5 + viewer)
                assert other.observation(viewer) == state.observation(viewer)
                assert other.current_player == state.current_player
                assert other.phase == state.phase
                assert other.seed != state.seed
                text = other.to_json()
                assert game.state_from_json(text).to_json() == text
                assert [str(a) for a in other.legal_actions()] == [
                    str(a) for a in game.state_from_json(text).legal_actions()
                ]


def test_resample_in_later_deals_of_a_match() -> None:
    # Deal 2 on: only the previous winners may reveal, each at his own level (FTK-3.6b), and
    # without a reveal the scan picks the banker (FTK-3.12).
    match = GAME.new_match(seed=2)
    rng = Rng(2)
    for _ in range(3):
        state = match.new_deal()
        k = 0
        while not state.is_terminal():
            if state.phase != "play" or k % 17 == 0:
                for viewer in range(5):
                    other = state.resample(viewer, seed=k)
                    assert other.observation(viewer) == state.observation(viewer)
                    assert other.current_player == state.current_player
                    text = other.to_json()
                    assert GAME.state_from_json(text).to_json() == text
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
            k += 1


def test_resample_is_seeded_and_never_keeps_the_true_seed() -> None:
    state = random_state(3, 40)
    a = state.resample(2, seed=9)
    b = state.resample(2, seed=9)
    assert a.to_json() == b.to_json()
    assert a.seed != state.seed
    assert state.resample(2, seed=10).to_json() != a.to_json()
    assert state.resample(2).seed != state.resample(2).seed  # seed=None draws a fresh one


def test_resample_redeal_comes_from_the_resample_seed() -> None:
    # Deal 1 with every opportunity passed is redealt (FTK-3.11): the resampled state's redeal
    # is drawn from its own seed, never the true one.
    state = GAME.new_state(seed=21)
    other = state.resample(state.current_player, seed=5)
    for s in (state, other):
        while s._round == 0:
            s.apply("pass")
    assert other._g.deck_text() != state._g.deck_text()
    replayed = GAME.state_from_json(other.to_json())
    assert replayed._g.deck_text() == other._g.deck_text()


def test_resample_rejects_bad_seats_and_finished_deals() -> None:
    state = random_state(1, 30)
    for bad in (-1, 5, True, 2.0, "1", None):
        with pytest.raises(InvalidArgumentError):
            state.resample(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            state.observation(bad)  # type: ignore[arg-type]
    end = walk(2)[-1]
    with pytest.raises(InvalidArgumentError):
        end.resample(0, seed=1)


def test_banker_keeps_his_burial_and_kitty() -> None:
    state = random_state(6, 400)
    while state.phase != "play":
        state = random_state(state.seed + 1, 60)
    banker = state.banker
    assert banker is not None
    seen = state.observation(banker)
    for k in range(20):
        other = state.resample(banker, seed=k)
        assert other._g.buried == state._g.buried
        assert other.observation(banker)["kitty"] == seen["kitty"]


# ---- resample: uniformity ------------------------------------------------------------------


def late_position(seed: int, hidden_max: int, viewer_is_banker: bool) -> tuple[Any, int]:
    """A card-play position with at most ``hidden_max`` cards hidden from a viewer."""
    for s in range(seed, seed + 400):
        state = GAME.new_state(seed=s)
        rng = Rng(s)
        while not state.is_terminal():
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
            if state.phase != "play" or state.is_terminal():
                continue
            banker = state.banker
            viewers = [banker] if viewer_is_banker else [p for p in range(5) if p != banker]
            for v in viewers:
                assert v is not None
                sizes = [len(h) for p, h in enumerate(state._g.hands()) if p != v]
                hidden = sum(sizes) + (0 if v == banker else 3)
                if hidden <= hidden_max and min(sizes) > 0:
                    return state, v
    raise AssertionError("no late position found")


def reveal_weight(kind: str, slot: int, q: int, m: int) -> float:
    """The fraction of orders of the revealer's 24 cards that agree with his reveal."""
    if m == 0:
        return 0.0
    if kind == "receipt":
        missing = math.comb(23 - slot, m) / math.comb(23, m)
        return (m + (q - m) * (1 - missing)) / 24
    return 1 - math.comb(3, m) / math.comb(24, m)


def assignment(state: Any, viewer: int) -> tuple[tuple[int, ...], ...]:
    hands = state._g.hands()
    out = [tuple(sorted(c.index for c in hands[p])) for p in range(5) if p != viewer]
    if viewer != state.banker:
        out.append(tuple(sorted(c.index for c in state._g.buried)))
    return tuple(out)


@pytest.mark.parametrize("viewer_is_banker", [True, False], ids=["banker", "defender"])
def test_every_consistent_deal_is_equally_likely(viewer_is_banker: bool) -> None:
    state, viewer = late_position(100, 8 if viewer_is_banker else 7, viewer_is_banker)
    banker = state.banker
    others = [p for p in range(5) if p != viewer]
    hands = state._g.hands()
    sizes = [len(hands[p]) for p in others] + ([] if viewer == banker else [3])
    hidden: Counter[int] = Counter()
    for p in others:
        hidden.update(c.index for c in hands[p])
    if viewer != banker:
        hidden.update(c.index for c in state._g.buried)
    # Expected weight of each split: labelled ways x the reveal's agreeing orders x call
    # validity (FTK-3.15).
    revealed = state._g.revealed
    calls = state._g.calls
    expected: dict[tuple[tuple[int, ...], ...], float] = {}
    for *parts, ways in splits(hidden, sizes):
        key = tuple(parts)
        weight = float(ways)
        if viewer != banker:
            burial = Counter(parts[-1])
            if any(burial[c.index] > (1 if o == 1 else 0) for c, o in calls):
                continue
            if revealed is not None:
                seat, card, dealt, kind = revealed
                assert seat == banker
                mine = list(parts[others.index(banker)]) + list(parts[-1])
                history = state._history
                played = [e for e in history if e["event"] == "play" and e["player"] == banker]
                for e in played:
                    mine += [c.index for c in cardavia.CardBag(e["cards"].replace("+", " "))]
                target = cardavia.Card(card).index
                q = sum(1 for i in mine if i < 52 and i // 4 == 1)
                m = mine.count(target)
                weight *= reveal_weight(kind, (dealt - 1) // 5, q, m)
        if weight > 0:
            expected[key] = weight
    total = sum(expected.values())
    n = 12_000
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for k in range(n):
        seen[assignment(state.resample(viewer, seed=k), viewer)] += 1
    assert set(seen) <= set(expected), "a resample gave an impossible deal"
    keys = sorted(expected)
    # Pool the rare splits into one category so that every expected count is at least 5.
    obs, exp, rare_o, rare_e = [], [], 0, 0.0
    for key in keys:
        e = n * expected[key] / total
        if e < 5:
            rare_o += seen[key]
            rare_e += e
        else:
            obs.append(seen[key])
            exp.append(e)
    if rare_e > 0:
        obs.append(rare_o)
        exp.append(rare_e)
    assert len(obs) > 5
    assert chi_square_p(obs, exp) > 1e-4
    # The true hidden cards come back no more often than chance.
    truth = assignment(state, viewer)
    p_true = expected[truth] / total
    assert seen[truth] <= n * p_true + 5 * math.sqrt(n * p_true) + 3


def test_true_hands_do_not_come_back_mid_deal() -> None:
    state = random_state(8, 70)
    assert state.phase == "play"
    viewer = state.current_player
    truth = assignment(state, viewer)
    assert all(assignment(state.resample(viewer, seed=k), viewer) != truth for k in range(300))


# ---- FTK-3.10: reveal opportunities are private ---------------------------------------------


def test_others_cannot_see_that_an_opportunity_was_offered_or_passed() -> None:
    for seed in range(30):
        state = GAME.new_state(seed=seed)
        seen = {p: state.observation(p) for p in range(5)}
        while state.phase == "deal" and state._round < 2:
            asked = state.current_player
            assert asked is not None
            for p in range(5):
                now = state.observation(p)
                if p == asked:
                    assert now["your_prompt"] is not None
                    assert now["cards_dealt"] == state._g.dealt
                    seen[p] = now
                else:
                    # Nothing changed for p since he was last asked (or since the deal began).
                    assert now == seen[p], (seed, p)
                    assert now["to_act"] is None and now["your_prompt"] is None
            state.apply("pass")
            if state.phase == "deal" and state._round != seen[0]["round"]:
                seen = {p: state.observation(p) for p in range(5)}
            elif state.current_player != asked:
                # The seat that passed sees its pass: the prompt is gone, nothing else moved.
                after = state.observation(asked)
                expected = dict(seen[asked], your_prompt=None, to_act=None)
                if state.phase == "deal":
                    assert after == expected
                seen[asked] = after


def test_hand_sizes_follow_the_cards_a_seat_may_know_of() -> None:
    state = GAME.new_state(seed=2)
    asked = state.current_player
    for p in range(5):
        obs = state.observation(p)
        assert len(cardavia.CardBag(obs["hand"])) == obs["hand_sizes"][p]
        assert sum(obs["hand_sizes"]) == obs["cards_dealt"]
        if p != asked:
            assert obs["cards_dealt"] == 0


# ---- playouts -----------------------------------------------------------------------------


def states_by_phase(seed: int) -> dict[str, FiveTenKingState]:
    out: dict[str, FiveTenKingState] = {}
    for state in walk(seed)[:-1]:
        out.setdefault(state.phase, state)
    return out


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_every_phase(policy: str) -> None:
    found = states_by_phase(5)
    assert set(found) == {"deal", "bury", "call", "play"}
    for phase, state in found.items():
        before = state.to_json()
        out = state.playout_returns(40, policy=policy, seed=3)
        assert out.dtype == np.float64 and out.shape == (40, 5), phase
        assert state.to_json() == before
        for row in out:
            steps = {abs(x) for x in row}
            assert len(steps) == 1 and steps <= {0.0, 1.0, 2.0, 3.0}
        for threads in (2, 0):
            again = state.playout_returns(40, policy=policy, seed=3, threads=threads)
            assert np.array_equal(out, again)
        if policy == "random":
            assert not np.array_equal(out, state.playout_returns(40, policy=policy, seed=4))


def test_greedy_playout_is_the_greedy_game_in_the_unit_of_returns() -> None:
    for phase, state in states_by_phase(9).items():
        s = state.clone()
        while not s.is_terminal():
            s.apply(_to_action(s._g.greedy_action()))
        out = state.playout_returns(3, policy="greedy", seed=0)
        assert out.tolist() == [s.returns()] * 3, phase


def test_random_playout_matches_a_seeded_random_deal() -> None:
    # A playout row is a real deal: it ends with a settlement whose returns are a band's steps.
    state = states_by_phase(11)["play"]
    out = state.playout_returns(200, seed=1)
    assert (out != 0).any()
    winners = (out > 0).sum(axis=1)
    assert set(winners.tolist()) <= {0, 1, 2, 3, 4}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n": 0},
        {"n": -3},
        {"n": True},
        {"n": 2.5},
        {"n": 10**12},
        {"n": 2**70},
        {"n": 5, "policy": "smart"},
        {"n": 5, "threads": -1},
        {"n": 5, "threads": True},
        {"n": 5, "seed": -1},
        {"n": 5, "seed": 2**64},
    ],
)
def test_playout_arguments_are_validated(kwargs: dict[str, Any]) -> None:
    state = random_state(1, 10)
    with pytest.raises(InvalidArgumentError):
        state.playout_returns(**kwargs)


def test_no_playout_from_a_finished_deal() -> None:
    with pytest.raises(InvalidArgumentError):
        walk(3)[-1].playout_returns(1)


def test_greedy_decisions() -> None:
    # Bury: low lone non-point cards go first; call: a high card the banker does not hold.
    state = states_by_phase(5)["bury"]
    hand = state._g.banker_hand()
    choice = state._g.greedy_action()
    assert choice[0] == "bury"
    buried = choice[1]
    assert buried.rank.symbol not in ("5", "T", "K", "2") and not buried.is_joker
    assert hand.count(buried) == 1
    state = states_by_phase(5)["call"]
    choice = state._g.greedy_action()
    assert choice[0] == "call" and state._g.banker_hand().count(choice[1]) == 0
    # Card play: go out when one play empties the hand.
    for s in walk(13):
        if s.phase == "play" and s._g.hands()[s.current_player].__len__() <= 3:
            hand = s._g.hands()[s.current_player]
            plays = [a for a in s.legal_actions() if a.kind == "play"]
            if any(a.cards == hand for a in plays):
                choice = s._g.greedy_action()
                assert choice.bag == hand
                break


def test_greedy_never_beats_a_known_teammate() -> None:
    checked = 0
    for seed in range(40):
        for s in walk(seed):
            if s.phase != "play" or s._table is None:
                continue
            table = s._table
            top = table.top
            if top is None or s.legal_actions()[-1].kind != "pass":
                continue
            me = s.current_player
            assert me is not None
            side = {table.banker} | {a for a in table.answerers if a is not None}
            if me in side and top[1] in side and len(table.hand(me)) > len(top[0].bag):
                assert s._g.greedy_action() is None, (seed, me, top)
                checked += 1
    assert checked > 20


def test_greedy_beats_random_play() -> None:
    # Seat 0 greedy, the others random, over seeded deals: seat 0 gains more levels.
    total = np.zeros(5)
    for seed in range(120):
        state = GAME.new_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.current_player == 0:
                state.apply(_to_action(state._g.greedy_action()))
            else:
                acts = state.legal_actions()
                state.apply(acts[rng.below(len(acts))])
        total += state.returns()
    assert total[0] > max(total[1:])


# ---- action ids (issue 18, point 4) -------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 250), two=st.booleans())
def test_every_legal_action_has_its_own_id(seed: int, steps: int, two: bool) -> None:
    state = random_state(seed, steps, TWO_CALLS if two else GAME)
    if state.is_terminal():
        return
    acts = state.legal_actions()
    ids = state.legal_action_ids()
    assert ids == [state.action_id(a) for a in acts]
    assert len(set(ids)) == len(ids)
    for a, i in zip(acts, ids, strict=True):
        assert 0 <= i < state.game.num_actions
        assert state.action_from_id(i) == a
    assert sorted(np.flatnonzero(state.legal_action_mask()).tolist()) == sorted(ids)


def test_the_reported_shared_id_is_split() -> None:
    # Issue 18: "Tc Td Th Ts" and "Tc Tc Td Th" had one id at seed 1000682.
    for seed in range(40):
        for s in walk(seed):
            if s.phase != "play":
                continue
            ids = s.legal_action_ids()
            assert len(set(ids)) == len(ids)


def test_integer_path_plays_the_same_game() -> None:
    a = GAME.new_state(seed=17)
    b = GAME.new_state(seed=17)
    rng = Rng(4)
    while not a.is_terminal():
        ids = a.legal_action_ids()
        k = rng.below(len(ids))
        act = b.legal_actions()[k]
        a.apply(ids[k])
        b.apply(act)
        assert a.to_json() == b.to_json()
    assert a.history == b.history and a.returns() == b.returns()


# ---- errors (issue 18, points 10 and 11) ----------------------------------------------------


def test_bad_actions_are_refused_clearly() -> None:
    state = random_state(2, 5)
    before = state.to_json()
    assert state.can_apply("zz") is False
    assert state.can_apply(10**9) is False
    for bad in (-1, state.game.num_actions, 2**40, 2**70):
        with pytest.raises(InvalidArgumentError):
            state.apply(bad)
    legal = set(state.legal_action_ids())
    illegal = next(i for i in range(state.game.num_actions) if i not in legal)
    with pytest.raises(IllegalActionError) as e:
        state.apply(illegal)
    assert e.value.rule
    with pytest.raises(IllegalActionError) as e:
        state.action_from_id(illegal)
    assert e.value.rule and "not a legal action id now" in str(e.value)
    assert state.to_json() == before


# ---- pickling -------------------------------------------------------------------------------


def same(a: Any, b: Any) -> None:
    assert a.to_json() == b.to_json()
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    assert [a.observation(p) for p in range(5)] == [b.observation(p) for p in range(5)]


def test_states_games_and_matches_pickle() -> None:
    for state in walk(6)[::25]:
        same(pickle.loads(pickle.dumps(state)), state)
        if not state.is_terminal():
            other = state.resample(1, seed=3)
            same(pickle.loads(pickle.dumps(other)), other)
    assert pickle.loads(pickle.dumps(TWO_CALLS)) == TWO_CALLS
    match = GAME.new_match(seed=3)
    rng = Rng(3)
    for _ in range(3):
        deal = match.new_deal()
        while not deal.is_terminal():
            acts = deal.legal_actions()
            deal.apply(acts[rng.below(len(acts))])
    again = pickle.loads(pickle.dumps(match))
    assert again.levels == match.levels and again.scores == match.scores
    for x, y in zip(again.deals, match.deals, strict=True):
        same(x, y)
    json.dumps(match.deals[-1].result)
