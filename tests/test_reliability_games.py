"""Bad input through the game protocol of all ten games (issue 18, points 8-11).

Every integer, text, seat or id that reaches a game is refused with the library's own error
naming it — never OverflowError, UnicodeEncodeError or a silently truncated float — and a
refused action leaves the state byte-identical; ``can_apply`` answers False for junk of every
kind in every game; an id that no legal action has names a rule or says "not a legal action id
now"; an id outside the action space is an InvalidArgumentError in every game; malformed PBN
and PHH records are InvalidArgumentError. Cards/seats/ids of the climbing games are checked
further in ``tests/climbing_search.py``; cards and Hold'em evaluation in
``tests/test_reliability_cards_holdem.py``.
"""

from __future__ import annotations

import inspect
import json
import random
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import IllegalActionError, InvalidArgumentError, InvalidCardError, Rng
from cardavia.game import State
from cardavia.games import bridge
from cardavia.games.holdem import from_phh, to_phh

GAMES = cardavia.games()
JUNK: list[Any] = [
    "zz",
    "",
    "   ",
    "\ud800",
    "bid \udfff",
    "As \ud83d",
    "x" * 5000,
    "\x00",
    1.5,
    float("nan"),
    float("inf"),
    None,
    [1, 2],
    {"kind": "pass"},
    object(),
    2**70,
    -(2**70),
    -1,
    True,
]
"""Values that name no legal action of any game at any moment."""


def positions(game_id: str, seed: int, every: int = 7) -> list[State]:
    """Moments of one seeded random deal: the start, every ``every``-th position, the end."""
    state = cardavia.load(game_id).new_state(seed=seed)
    rng = Rng(seed)
    out = [state.clone()]
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        steps += 1
        if steps % every == 0:
            out.append(state.clone())
    out.append(state)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_junk_is_refused_with_library_errors_and_changes_nothing(game_id: str) -> None:
    for state in positions(game_id, 3):
        before = state.to_json()
        for junk in JUNK:
            assert state.can_apply(junk) is False, junk
            with pytest.raises((IllegalActionError, InvalidCardError, InvalidArgumentError)):
                state.apply(junk)
            assert state.to_json() == before, junk
            if isinstance(junk, str):
                # Reading text may give an Action (empty text: the play of no cards) that is
                # then refused as illegal; it must not raise anything else.
                try:
                    read = state.parse_action(junk)
                except (IllegalActionError, InvalidCardError, InvalidArgumentError):
                    pass
                else:
                    assert not state.can_apply(read), (junk, read)
            assert state.to_json() == before, junk


@pytest.mark.parametrize("game_id", GAMES)
def test_ids_out_of_range_and_ids_of_no_legal_action(game_id: str) -> None:
    size = cardavia.load(game_id).num_actions
    for state in positions(game_id, 4, every=11):
        before = state.to_json()
        for bad in (-1, size, size + 7, 2**40, 2**70, np.int64(-5), np.uint64(2**63)):
            with pytest.raises(InvalidArgumentError, match="action id"):
                state.apply(bad)  # type: ignore[arg-type]
            with pytest.raises(InvalidArgumentError):
                state.action_from_id(bad)  # type: ignore[arg-type]
            assert not state.can_apply(bad)  # type: ignore[arg-type]
        legal = set(state.legal_action_ids())
        pool = random.Random(size).sample(range(size), min(size, 80))
        for i in [i for i in pool if i not in legal][:15]:
            with pytest.raises(IllegalActionError) as info:
                state.apply(i)
            err = info.value
            assert err.rule or "not a legal action id now" in str(err), str(err)
            assert not state.can_apply(i)
        assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_seats_are_validated_alike_in_every_game(game_id: str) -> None:
    game = cardavia.load(game_id)
    state = game.new_state(seed=9)
    n = game.num_players
    for bad in (-1, n, n + 1, 2**70, True, False, 1.0, "0", None, np.float64(0)):
        with pytest.raises(InvalidArgumentError, match="player must be a seat"):
            state.observation(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError, match="player must be a seat"):
            state.resample(bad)  # type: ignore[arg-type]
        if bad is not None:
            with pytest.raises(InvalidArgumentError, match="player must be a seat"):
                state.render(bad)  # type: ignore[arg-type]
    for seat in (0, n - 1, np.int64(n - 1)):
        assert state.observation(seat) == state.observation(int(seat))
        state.resample(seat, seed=1)


@pytest.mark.parametrize("game_id", GAMES)
def test_counts_seeds_and_policies_of_playouts(game_id: str) -> None:
    state = cardavia.load(game_id).new_state(seed=2)
    for kwargs in (
        {"n": 2**70},
        {"n": -1},
        {"n": 1.5},
        {"n": 1, "seed": 2**70},
        {"n": 1, "seed": -1},
        {"n": 1, "seed": 2.0},
        {"n": 1, "threads": 2**70},
        {"n": 1, "threads": -1},
        {"n": 1, "policy": "\ud800"},
        {"n": 1, "policy": "nope"},
    ):
        with pytest.raises(InvalidArgumentError):
            state.playout_returns(**kwargs)
    for seed in (2**64, -1, 1.5, "1"):
        with pytest.raises(InvalidArgumentError):
            state.resample(0, seed=seed)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            cardavia.load(game_id).new_state(seed=seed)  # type: ignore[arg-type]
    assert state.playout_returns(2, seed=2**64 - 1).shape == (2, state.game.num_players)


@pytest.mark.parametrize("game_id", [g for g in GAMES if cardavia.load(g).options])
def test_options_out_of_range(game_id: str) -> None:
    game = cardavia.load(game_id)
    for name in game.options:
        for bad in (2**70, -(2**70), float("nan"), "\ud800", [1]):
            with pytest.raises(InvalidArgumentError, match=name):
                cardavia.load(game_id, **{name: bad})


def test_dou_dizhu_names_the_illegal_bid() -> None:
    state = cardavia.load("doudizhu").new_state(seed=1)
    for text in ("bid 4", "bid 0", "bid 99"):
        with pytest.raises(IllegalActionError, match="bid") as info:
            state.apply(text)
        assert text.split()[1] in str(info.value)


def test_bridge_call_text_of_level_zero_or_eight() -> None:
    """Issue 18: ``Call::bid(0, _)`` overflowed in the core."""
    state = cardavia.load("bridge").new_state(seed=1)
    before = state.to_json()
    for text in ("0C", "0NT", "8S", "0", "\ud800S"):
        assert not state.can_apply(text)
        with pytest.raises((IllegalActionError, InvalidArgumentError)):
            state.apply(text)
    assert state.to_json() == before
    for text in ("0C", "8S", "\ud800"):
        with pytest.raises(InvalidArgumentError):
            cardavia._core.bridge_call_id(text)


def _finished(game_id: str, seed: int) -> State:
    state = cardavia.load(game_id).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    return state


def _mutations(text: str, rng: random.Random, count: int) -> list[str]:
    alphabet = list("\"[]{} \n=,.0123456789-AKQJT9xXpP#'\\") + ["\ud800", "NT", "Pass", "1e999"]
    out = []
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars) + 1)
            op = rng.randrange(3)
            if op == 0 and chars:
                del chars[min(i, len(chars) - 1) : i + rng.randint(1, 8)]
            elif op == 1:
                chars[i:i] = list(rng.choice(alphabet))
            elif chars:
                chars[min(i, len(chars) - 1)] = rng.choice(alphabet)
        out.append("".join(chars))
    return out


def test_malformed_pbn_and_phh_are_invalid_argument() -> None:
    rng = random.Random(18)
    pbn = bridge.to_pbn(_finished("bridge", 3))
    phh = to_phh(_finished("holdem", 3))  # type: ignore[arg-type]
    for read, text in ((bridge.from_pbn, pbn), (from_phh, phh)):
        read(text)  # the record itself reads
        for bad in _mutations(text, rng, 600):
            try:
                read(bad)
            except InvalidArgumentError as e:
                assert str(e)
    with pytest.raises(InvalidArgumentError):
        bridge.from_pbn(pbn.replace("[Play", '[Play "Q"]\n[X'))
    with pytest.raises(InvalidArgumentError):
        bridge.from_pbn(pbn.replace("Pass", "P\ud800ss", 1))


@pytest.mark.parametrize("game_id", GAMES)
def test_records_with_surrogates_or_huge_numbers(game_id: str) -> None:
    game = cardavia.load(game_id)
    record = json.loads(_finished(game_id, 5).to_json())
    for change in (
        {"seed": 2**70},
        {"seed": -1},
        {"seed": 1.5},
        {"actions": [{"kind": "\ud800"}]},
        {"actions": [{"kind": "pass", "amount": 2**70}]},
        {"actions": [{"kind": "play", "cards": "\ud800"}]},
    ):
        with pytest.raises(InvalidArgumentError):
            game.state_from_json(json.dumps({**record, **change}))
    with pytest.raises(InvalidArgumentError):
        game.state_from_json("\ud800")


def _core_functions() -> list[tuple[str, Any, list[inspect.Parameter]]]:
    out = []
    for name in sorted(dir(cardavia._core)):
        f = getattr(cardavia._core, name)
        if name.startswith("_") or isinstance(f, type) or not callable(f):
            continue
        try:
            params = list(inspect.signature(f).parameters.values())
        except (TypeError, ValueError):
            continue
        out.append((name, f, params))
    return out


def test_no_core_function_lets_overflow_surrogates_or_floats_through() -> None:
    """Point 9 for every module-level function of ``cardavia._core``: a huge or negative
    int, a float or a lone surrogate in any argument raises a cardavia error (or, for an
    argument of another kind altogether, a TypeError naming it) — never OverflowError,
    UnicodeEncodeError, or a float read as an integer."""
    wrong: list[str] = []
    tried = 0
    for name, f, params in _core_functions():
        required = [p for p in params if p.default is inspect.Parameter.empty]
        for i in range(len(params)):
            for bad in (2**70, -(2**70), 1.5, float("nan"), "\ud800"):
                for fill in (1, "random", "none", "As Ks"):
                    args: list[Any] = [fill] * max(len(required), i + 1)
                    args[i] = bad
                    tried += 1
                    try:
                        f(*args)
                    except cardavia.CardaviaError:
                        pass
                    except TypeError as e:
                        if "cannot be interpreted as an integer" in str(e):
                            wrong.append(f"{name}({params[i].name}={bad!r}): {e}")
                        continue  # an argument of another type: try another filler
                    except (OverflowError, UnicodeEncodeError) as e:
                        wrong.append(f"{name}({params[i].name}={bad!r}): {type(e).__name__}")
                    except Exception:
                        continue
                    break
    assert tried > 500
    assert wrong == [], "\n".join(wrong[:30])
