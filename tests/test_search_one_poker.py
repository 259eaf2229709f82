"""One Poker for search and learning (issue 13) and under bad input (issue 18): clone,
resample (signals, carried groups, the shoe), playouts, ids, pickling, clear errors.
Rules: rules/onepoker.md. Behaviour only: speed is measured in benches/test_bench_poker.py.
"""

from __future__ import annotations

import json
import math
import pickle
from collections import Counter
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import IllegalActionError, InvalidArgumentError, Rng
from cardavia.games.one_poker import SHOE_LIST, OnePokerState, signal

GAME = cardavia.load("one_poker")


def chi2_bound(df: int, z: float = 3.5) -> float:
    """Upper quantile of chi-square (Wilson-Hilferty, z = 3.5: p ≈ 0.9998)."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def is_up(card: str) -> bool:
    return card[0] in "89TJQKA"


def match_positions(seed: int, deals: int) -> list[OnePokerState]:
    """Every decision of the first ``deals`` deals of a seeded random match."""
    m = GAME.new_match(seed=seed)
    rng = Rng(seed)
    out = []
    for _ in range(deals):
        if m.is_over():
            break
        st = m.new_deal()
        while not st.is_terminal():
            out.append(st.clone())
            if rng.below(3) == 0:
                ids = st.legal_action_ids()
                st.apply(ids[rng.below(len(ids))])
            else:
                acts = st.legal_actions()
                st.apply(acts[rng.below(len(acts))])
    return out


def later_deal() -> OnePokerState:
    """Deal 3 of a match, seat 0 to decide after both locks."""
    m = GAME.new_match(seed=21)
    for _ in range(2):
        st = m.new_deal()
        while not st.is_terminal():
            st.apply(st.legal_actions()[0] if st.phase == "lock" else "check")
    st = m.new_deal()
    while st.phase == "lock":
        st.apply(st.legal_actions()[0])
    return st


# ---- clone ---------------------------------------------------------------------------------


def test_clone_shares_nothing_mutable() -> None:
    for state in match_positions(1, 6)[::2]:
        state.legal_actions()
        copy = state.clone()
        text, obs = state.to_json(), [state.observation(p) for p in (0, 1)]
        copy.apply(copy.legal_actions()[-1])
        assert state.to_json() == text and [state.observation(p) for p in (0, 1)] == obs
        other = state.clone()
        text2 = other.to_json()
        state.apply(state.legal_actions()[0])
        assert other.to_json() == text2


# ---- resample ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 2, True, 0.0, "1"])
def test_seats_are_validated(bad: Any) -> None:
    state = GAME.new_state(seed=1)
    with pytest.raises(InvalidArgumentError):
        state.resample(bad, seed=0)
    with pytest.raises(InvalidArgumentError):
        state.observation(bad)


def test_resample_never_contradicts_the_observation() -> None:
    for seed in range(4):
        for state in match_positions(seed, 8):
            for player in (0, 1):
                seen = state.observation(player)
                for k in range(2):
                    other = state.resample(player, seed=17 * k + player)
                    assert other.observation(player) == seen
                    assert other.current_player == state.current_player
                    if state.current_player == player:
                        assert other.legal_action_ids() == state.legal_action_ids()
                    assert other.seed != state.seed
                    again = GAME.state_from_json(other.to_json())  # the shoe adds up (OP-1.2)
                    assert again.to_json() == other.to_json()


def test_resample_deals_the_opponent_uniformly_within_the_public_groups() -> None:
    state = later_deal()
    me, opp = 0, 1
    rec = state._deal_record
    carried_up = is_up(rec["held"][opp])
    drawn_up = signal(state._hands[opp])[0] - int(carried_up) == 1
    unseen = Counter(SHOE_LIST)
    unseen.subtract(state._hands[me].split() + rec["discard"].split())
    samples = 40_000
    pairs: Counter[tuple[str, str]] = Counter()
    true = tuple(state._hands[opp].split())
    for k in range(samples):
        other = state.resample(me, seed=k)
        carried, drawn = other._hands[opp].split()
        assert is_up(carried) == carried_up and is_up(drawn) == drawn_up
        assert other._deal_record["held"][opp] == carried
        pairs[(carried, drawn)] += 1
    # Every labelled pair is equally likely: weight = copies of the first x copies of the
    # second (minus one when both are the same kind).
    cells = {}
    for a, ca in unseen.items():
        for b, cb in unseen.items():
            if ca > 0 and cb > 0 and is_up(a) == carried_up and is_up(b) == drawn_up:
                w = ca * (cb - (a == b))
                if w > 0:
                    cells[(a, b)] = w
    total = sum(cells.values())
    stat = 0.0
    for cell, w in cells.items():
        expected = samples * w / total
        stat += (pairs.get(cell, 0) - expected) ** 2 / expected
    assert set(pairs) <= set(cells)
    assert stat < chi2_bound(len(cells) - 1), stat
    expected_true = samples * cells[true] / total
    assert pairs[true] < expected_true + 4 * math.sqrt(expected_true) + 1


def test_first_deal_order_and_hidden_lock_are_fair_coins() -> None:
    """Deal 1 with the opponent's signal UP 1 / DOWN 1: which of his two cards came off the
    stock first is unknown (half each), and so is which of them he locked."""
    for seed in range(200):
        state = GAME.new_state(seed=seed)
        opp = 1
        if signal(state._hands[opp]) == (1, 1):
            break
    state.apply(state.legal_actions()[0])  # seat 0 locks
    state.apply(state.legal_actions()[0])  # seat 1 locks
    first_up = 0
    locked_first = 0
    n = 4000
    for k in range(n):
        other = state.resample(0, seed=k)
        a, b = other._hands[opp].split()
        first_up += is_up(a)
        locked_first += other.deal.locked(opp) == a
    for count in (first_up, locked_first):
        assert abs(count - n / 2) < 4 * math.sqrt(n / 4)


def test_resample_refuses_a_finished_deal() -> None:
    state = GAME.new_state(seed=3)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(InvalidArgumentError, match="over"):
        state.resample(1, seed=0)


# ---- playouts ------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_locks_and_bets_are_settled_deals(policy: str) -> None:
    for state in match_positions(5, 6):
        out = state.playout_returns(30, policy=policy, seed=1)
        assert out.shape == (30, 2) and out.dtype == np.float64
        assert np.all(out.sum(axis=1) == 0)
        before = np.array(state._deal_record["stacks"], dtype=float)
        assert np.all(out >= -before)


def test_playouts_settle_exactly_as_returns() -> None:
    """OP-8.18: s1 is all-in from the ante, so only the two locks are left: the playout rows
    are exactly the returns of the four lock pairs played through the protocol."""
    stock = " ".join(["Kc", "Ad", "3c", "2h"] + SHOE_LIST[8:] + ["5s", "5d", "6s", "6d"])
    spec = {
        "number": 1,
        "stacks": [39, 1],
        "first": 0,
        "held": [None, None],
        "stock": _valid_stock(stock),
        "discard": "",
    }
    state = GAME.new_state(seed=0, deal=spec)
    outcomes = set()
    for lock0 in dict.fromkeys(state._hands[0].split()):
        for lock1 in dict.fromkeys(state._hands[1].split()):
            done = state.clone()
            done.apply(f"lock {lock0}")
            done.apply(f"lock {lock1}")
            assert done.is_terminal()
            outcomes.add(tuple(done.returns()))
    out = state.playout_returns(300, policy="random", seed=4)
    assert {tuple(row) for row in out} == outcomes
    assert np.array_equal(out, state.playout_returns(300, seed=4, threads=2))


def _valid_stock(text: str) -> str:
    """``text``'s leading cards first, then the rest of the 104-card shoe."""
    head = text.split()[:4]
    rest = list(SHOE_LIST)
    for c in head:
        rest.remove(c)
    return " ".join(head + rest)


def test_playout_arguments_are_validated() -> None:
    state = GAME.new_state(seed=1)
    for kwargs in ({"n": 0}, {"n": 10**12}, {"n": 5, "policy": "x"}, {"n": 5, "threads": -2}):
        with pytest.raises(InvalidArgumentError):
            state.playout_returns(**kwargs)  # type: ignore[arg-type]


# ---- ids, amounts, errors ------------------------------------------------------------------


def test_ids_cover_every_amount_and_errors_name_the_rule() -> None:
    state = GAME.new_state(seed=2)
    lock_ids = state.legal_action_ids()
    assert all(i >= 2 + GAME.total_chips for i in lock_ids)
    with pytest.raises(IllegalActionError) as e:
        state.apply(1)  # betting before the locks
    assert e.value.rule == "OP-3.8"
    state.apply(lock_ids[0])
    state.apply(state.legal_action_ids()[0])
    ids = state.legal_action_ids()
    assert list(ids) == [1] + list(range(2, 21))  # check, bet to 1 .. 19
    assert [str(a) for a in state.legal_actions()] == ["check", "bet to 1", "bet to 2", "bet to 19"]
    with pytest.raises(IllegalActionError) as e:
        state.apply(2 + GAME.total_chips)  # a lock id now
    assert e.value.rule == "OP-3.7"
    with pytest.raises(InvalidArgumentError):
        state.apply(GAME.num_actions)
    with pytest.raises(IllegalActionError, match="OP-4.5"):
        state.apply("bet to 123456789012345678901234567890")
    assert not state.can_apply("lock zz") and not state.can_apply("zz")
    state.apply(1 + 7)  # bet to 7
    assert state.deal.level == 7
    record = json.loads(state.to_json())
    record["actions"][-1]["amount"] = 10**25
    with pytest.raises(InvalidArgumentError, match="OP-4.5"):
        GAME.state_from_json(json.dumps(record))


@pytest.mark.parametrize("options", [{"ante": 10**12}, {"stack": 10**12}, {"stack": 0}])
def test_options_beyond_the_engine_are_refused(options: dict[str, int]) -> None:
    with pytest.raises(InvalidArgumentError):
        cardavia.load("one_poker", **options)


# ---- pickling ------------------------------------------------------------------------------


def test_states_games_and_matches_pickle_to_equal_objects() -> None:
    states = match_positions(2, 4)[::3] + [later_deal().resample(1, seed=3)]
    for state in states:
        again = pickle.loads(pickle.dumps(state))
        assert again.to_json() == state.to_json()
        assert again.observation(0) == state.observation(0)
        assert again.observation(1) == state.observation(1)
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert pickle.loads(pickle.dumps(GAME)) == GAME
    m = GAME.new_match(seed=8)
    rng = Rng(8)
    for k in range(5):
        if m.is_over():
            m.restart()
        st = m.new_deal()
        while not st.is_terminal():
            acts = st.legal_actions()
            st.apply(acts[rng.below(len(acts))])
        if k == 2:
            m.restart()
    if m.is_over():
        m.restart()
    st = m.new_deal()
    st.apply(st.legal_actions()[0])
    again = pickle.loads(pickle.dumps(m))
    assert [d.to_json() for d in again.deals] == [d.to_json() for d in m.deals]
    assert again.revealed == m.revealed and again.stacks == m.stacks
    for match in (m, again):
        d = match.deals[-1]
        while not d.is_terminal():
            d.apply(d.legal_actions()[0])
    if not m.is_over():
        assert again.new_deal().to_json() == m.new_deal().to_json()
