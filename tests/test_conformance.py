"""The protocol conformance suite: runs on every registered game (see cardavia.game).

Checks, on seeded random playthroughs: every deal ends; returns are zero-sum where the game says
so; illegal actions are rejected with the state byte-identical; clones are independent; JSON
round-trips; the same seed and actions give the same history; observations survive the
redealing of hidden cards (resample) unchanged; action ids round-trip and the mask equals
legal_actions(). And the recorded playthrough of each game still comes out the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import IllegalActionError, Rng
from cardavia.sim.playthrough import DEFAULT_SEED, random_playthrough, record

GAMES = cardavia.games()
PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
MANY = 1500  # random deals per game per run


@pytest.mark.parametrize("game_id", GAMES)
def test_many_random_deals_end_and_sum_to_zero(game_id: str) -> None:
    game = cardavia.load(game_id)
    for seed in range(MANY):
        state = random_playthrough(game, seed)
        returns = state.returns()
        assert len(returns) == game.num_players
        assert state.result is not None
        assert state.current_player is None and state.legal_actions() == []
        if game.zero_sum:
            assert sum(returns) == pytest.approx(0.0), (game_id, seed)


def walk(game_id: str, seed: int) -> list[Any]:
    """The states of one seeded random deal, start to end."""
    game = cardavia.load(game_id)
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        states.append(state.clone())
    return states


def candidate_actions(state: Any, seen: list[Any], rng: Rng) -> list[Any]:
    """Actions of every kind to try: ones legal elsewhere, ids, texts, random card sets."""
    out: list[Any] = list(seen)
    out += [rng.below(state.game.num_actions) for _ in range(5)]
    out += ["pass", "bid 1", "bid 3", "light", "decline", "As", "3c 3d 3h 3s", "SJ BJ"]
    deck = list(cardavia.CardSet.full_pack(jokers=True))
    for k in (1, 2, 3, 5):
        out.append(cardavia.CardSet(rng.shuffled(deck)[:k]))
    return out


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_illegal_actions_change_nothing(game_id: str, seed: int) -> None:
    rng = Rng(seed + 100)
    seen: list[Any] = []
    rejected = 0
    for state in walk(game_id, seed)[:-1][::3]:
        # Every legal action has an id; legal_action_ids() lists them all (Hold'em and One
        # Poker list only representative raise sizes in legal_actions()).
        legal_ids = set(state.legal_action_ids())
        for cand in candidate_actions(state, seen[-30:], rng):
            if isinstance(cand, cardavia.CardSet):
                cand = str(cand)
            before = state.to_json()
            try:
                act = state.to_action(cand)
                state.check(act)
            except (IllegalActionError, cardavia.InvalidCardError) as e:
                rejected += 1
                assert state.to_json() == before
                if isinstance(e, IllegalActionError) and not isinstance(cand, int):
                    assert e.rule, f"{cand!r}: the error names no rule"
                with pytest.raises((IllegalActionError, cardavia.InvalidCardError)):
                    state.apply(cand)
                assert state.to_json() == before, f"{cand!r} changed the state"
            else:
                assert state.action_id(act) in legal_ids, f"{act} accepted but not listed"
        seen += state.legal_actions()
    assert rejected > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent_and_json_round_trips(game_id: str) -> None:
    game = cardavia.load(game_id)
    for state in walk(game_id, 7)[::5]:
        text = state.to_json()
        json.loads(text)
        again = game.state_from_json(text)
        assert again.to_json() == text
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
        assert again.history == state.history
        if not state.is_terminal():
            copy = state.clone()
            copy.apply(copy.legal_actions()[0])
            assert state.to_json() == text


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_actions_same_history(game_id: str) -> None:
    a = walk(game_id, 11)[-1]
    b = walk(game_id, 11)[-1]
    assert a.history == b.history and a.returns() == b.returns()
    json.dumps(a.history)
    json.dumps(a.result)


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_round_trip_and_mask_matches(game_id: str) -> None:
    for state in walk(game_id, 5):
        actions = state.legal_actions()
        ids = [state.action_id(a) for a in actions]
        assert len(set(ids)) == len(ids)
        for a, i in zip(actions, ids, strict=True):
            assert 0 <= i < state.game.num_actions
            assert state.action_from_id(i) == a
        all_ids = state.legal_action_ids()
        assert len(set(all_ids)) == len(all_ids) and set(ids) <= set(all_ids)
        mask = state.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (state.game.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(all_ids)


@pytest.mark.parametrize("game_id", GAMES)
def test_observations_hide_what_they_must(game_id: str) -> None:
    game = cardavia.load(game_id)
    for state in walk(game_id, 3)[::4]:
        for player in range(game.num_players):
            seen = state.observation(player)
            json.dumps(seen)
            if state.is_terminal():
                continue  # issue 13: a finished deal has nothing to resample
            for k in range(3):
                other = state.resample(player, seed=k)
                # Redealing everything hidden from `player` changes nothing `player` sees...
                assert other.observation(player) == seen
                # ...and gives a state with the same public course (legal and replayable).
                assert other.current_player == state.current_player
                assert game.state_from_json(other.to_json()).to_json() == other.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_recorded_playthrough_is_unchanged(game_id: str) -> None:
    path = PLAYTHROUGHS / f"{game_id}.txt"
    assert path.exists(), (
        f"record it with: python -m cardavia.sim.playthrough --write {PLAYTHROUGHS}"
    )
    assert record(game_id, DEFAULT_SEED) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_options_are_rejected_with_the_valid_ones(game_id: str) -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match="unknown option"):
        cardavia.load(game_id, no_such_option=1)


def test_unknown_game() -> None:
    with pytest.raises(cardavia.InvalidArgumentError, match="doudizhu"):
        cardavia.load("no such game")
