"""Shared checks of the search-facing protocol (issue 13) for the climbing games: positions from
seeded random play, clone independence, resample consistency and uniformity, playout traces
replayed through the protocol, and the action-id conventions. Used by
``test_search_doudizhu.py``, ``test_search_zhengshangyou.py`` and ``test_search_red_ten.py``.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import CardSet, IllegalActionError, InvalidArgumentError
from cardavia.game import State


def positions(game_id: str, seeds: range, every: int = 5) -> Iterator[State]:
    """Every ``every``-th non-terminal state of seeded uniformly random deals."""
    game = cardavia.load(game_id)
    for seed in seeds:
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def hidden_hands(state: State, player: int) -> tuple[str, ...]:
    """What ``player`` cannot see of ``state``: the other hands as dealt (and, in Dou Dizhu, the
    bottom while it is hidden), as text."""
    record = state._deal_record  # the dealt cards
    hands = tuple(h for p, h in enumerate(record["hands"]) if p != player)
    if "bottom" in record and state.observation(player).get("bottom") is None:
        hands += (record["bottom"],)
    return hands


def check_clone_independent(state: State) -> None:
    """Mutating either of a state and its clone leaves the other's record and views as they
    were (issue 13 point 1)."""
    n = state.game.num_players
    before = (state.to_json(), [state.observation(p) for p in range(n)], state.history)
    for first in (True, False):
        original = state.clone()
        copy = original.clone()
        moved, kept = (copy, original) if first else (original, copy)
        rng = random.Random(len(before[0]))
        for _ in range(4):
            if moved.is_terminal():
                break
            moved.legal_actions()
            moved.apply(rng.choice(moved.legal_action_ids()))
        assert (kept.to_json(), [kept.observation(p) for p in range(n)], kept.history) == before
    assert (state.to_json(), [state.observation(p) for p in range(n)]) == before[:2]


def check_resample_consistent(state: State, player: int, seed: int) -> State:
    """A resample shows ``player`` exactly what the state shows him, is a full state of the same
    decision point that replays from its record, and has a seed of its own."""
    other = state.resample(player, seed=seed)
    assert other.observation(player) == state.observation(player)
    assert other.current_player == state.current_player
    assert other.seed != state.seed
    again = state.game.state_from_json(other.to_json())
    assert again.to_json() == other.to_json()
    assert [again.observation(p) for p in range(state.game.num_players)] == [
        other.observation(p) for p in range(state.game.num_players)
    ]
    assert other.legal_action_ids() == [other.action_id(a) for a in other.legal_actions()]
    return other


def chi_square_uniform(counts: Counter[Any], cells: int, draws: int, label: str = "") -> None:
    """Every one of ``cells`` outcomes appeared, equally often up to chance (chi-square,
    99.9% quantile by Wilson-Hilferty)."""
    assert len(counts) == cells, f"{label}: {len(counts)} of {cells} deals seen"
    expected = draws / cells
    chi2 = sum((o - expected) ** 2 / expected for o in counts.values())
    k = cells - 1
    critical = k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < critical, f"{label}: chi2 {chi2:.1f} >= {critical:.1f} over {cells} deals"


def check_uniform(
    state: State, player: int, consistent: list[tuple[str, ...]], draws_per_cell: int = 40
) -> None:
    """Resamples of ``state`` for ``player`` hit each deal of ``consistent`` (the hidden hands,
    found by brute force) equally often, and only those."""
    cells = len(consistent)
    allowed = set(consistent)
    draws = draws_per_cell * cells
    seen: Counter[tuple[str, ...]] = Counter()
    for k in range(draws):
        hidden = hidden_hands(state.resample(player, seed=k), player)
        assert hidden in allowed, f"inconsistent resample {hidden}"
        seen[hidden] += 1
    chi_square_uniform(seen, cells, draws, state.game.id)


def splits(cards: list[str], sizes: list[int]) -> Iterator[tuple[CardSet, ...]]:
    """Every way to deal ``cards`` into hands of ``sizes``."""
    import itertools

    if len(sizes) == 1:
        yield (CardSet(cards),)
        return
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        for tail in splits(rest, sizes[1:]):
            yield (CardSet(list(first)), *tail)


def check_playout_trace(state: State, policy: str, seed: int) -> bool:
    """Playout 0 of ``playout_returns(…, seed=seed)`` replayed action by action through the
    protocol ends with the same returns (the policy plays only legal actions; Rust settles like
    ``returns()``). False if the playout redealt a void deal (its cards are the playout's)."""
    steps, returns = state.playout_trace(policy, seed)  # type: ignore[attr-defined]
    array = state.playout_returns(1, policy=policy, seed=seed)  # type: ignore[attr-defined]
    assert list(array[0]) == returns
    if -1 in steps:
        return False
    replay = state.clone()
    for step in steps:
        assert step in replay.legal_action_ids()
        replay.apply(step)
    assert replay.is_terminal()
    assert replay.returns() == returns
    return True


def check_playout_arguments(state: State) -> None:
    """issue 18 point 2: counts that cannot be allocated are refused; bad arguments named."""
    out = state.playout_returns(3, policy="greedy", seed=5)  # type: ignore[attr-defined]
    assert out.shape == (3, state.game.num_players) and out.dtype == np.float64
    for bad in (10**12, 2**70, 0, -1, True, 2.5):
        with pytest.raises(InvalidArgumentError):
            state.playout_returns(bad)  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError):
        state.playout_returns(2, policy="best")  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError):
        state.playout_returns(2, seed=-1)  # type: ignore[attr-defined]
    with pytest.raises(InvalidArgumentError):
        state.playout_returns(2, threads=-1)  # type: ignore[attr-defined]


def check_ids_and_errors(state: State, parse_cases: Callable[[State], None] | None = None) -> None:
    """Issue 18 points 10 and 11 at one state: seats validated everywhere, out-of-range ids
    InvalidArgumentError, ids of no legal action IllegalActionError with a rule or the words
    "not a legal action id now", ``can_apply`` False for junk text."""
    n = state.game.num_players
    before = state.to_json()
    for bad in (-1, n, True, 1.0, "0"):
        with pytest.raises(InvalidArgumentError):
            state.observation(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            state.resample(bad)  # type: ignore[arg-type]
    size = state.game.num_actions
    for bad_id in (-1, size, 2**70):
        with pytest.raises(InvalidArgumentError):
            state.apply(bad_id)
        with pytest.raises(InvalidArgumentError):
            state.action_from_id(bad_id)
        assert not state.can_apply(bad_id)
    legal = set(state.legal_action_ids())
    illegal = [i for i in random.Random(size).sample(range(size), 60) if i not in legal]
    for i in illegal[:20]:
        with pytest.raises(IllegalActionError) as info:
            state.apply(i)
        assert info.value.rule is not None or "not a legal action id now" in str(info.value)
        assert not state.can_apply(i)
        assert state.to_json() == before
    assert not state.can_apply("zz")
    assert not state.can_apply("")
    for i in sorted(legal):
        assert state.can_apply(i)
        assert state.action_id(state.action_from_id(i)) == i
    if parse_cases is not None:
        parse_cases(state)
    assert state.to_json() == before


def check_same_game_by_ids_and_actions(game_id: str, seed: int) -> None:
    """A random game through ids and the same game through Actions give the same record."""
    game = cardavia.load(game_id)
    a, b = game.new_state(seed=seed), game.new_state(seed=seed)
    rng = random.Random(seed)
    while not a.is_terminal():
        ids = a.legal_action_ids()
        actions = b.legal_actions()
        assert ids == [b.action_id(x) for x in actions]
        mask = a.legal_action_mask()
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        k = rng.randrange(len(ids))
        a.apply(ids[k])
        b.apply(actions[k])
    assert a.to_json() == b.to_json() and a.history == b.history
    assert a.returns() == b.returns()


def check_pickles(state: State) -> None:
    """A state pickles to an equal object (record, legal actions, observations)."""
    again = pickle.loads(pickle.dumps(state))
    assert again.to_json() == state.to_json()
    assert again.legal_action_ids() == state.legal_action_ids()
    n = state.game.num_players
    assert [again.observation(p) for p in range(n)] == [state.observation(p) for p in range(n)]
    assert pickle.loads(pickle.dumps(state.game)) == state.game


def consistent_by_replay(state: State, player: int, deals: list[dict[str, Any]]) -> list[Any]:
    """The candidate deal records under which ``state``'s actions replay legally to the same
    observation for ``player`` (the definition of consistency, checked through the protocol)."""
    game = state.game
    record = __import__("json").loads(state.to_json())
    seen = state.observation(player)
    out = []
    for deal in deals:
        try:
            replay = game.new_state(seed=record["seed"], deal=deal)
            for entry in record["actions"]:
                replay.apply(replay.action_from_json(entry))
        except (IllegalActionError, InvalidArgumentError):
            continue
        if replay.observation(player) == seen and not replay.is_terminal():
            out.append(deal)
    return out
