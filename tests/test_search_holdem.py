"""Hold'em for search and learning (issue 13) and under bad input (issue 18): clone, resample,
playouts, the action ids and the listing, pickling, and clear errors. Rules: rules/holdem.md.

Behaviour only: speed is measured in benches/test_bench_poker.py and
benches/protocol_peers_holdem.py.
"""

from __future__ import annotations

import contextlib
import json
import math
import pickle
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import CardSet, IllegalActionError, InvalidArgumentError, Rng, _core
from cardavia.game import Action
from cardavia.games import holdem as holdem_module
from cardavia.games.holdem import HoldemState, LegalIds, from_phh, to_phh


def chi2_bound(df: int, z: float = 3.5) -> float:
    """An upper quantile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty; z = 3.5
    is about p = 0.9998), so a correct sampler fails with a fixed seed essentially never."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def random_positions(game: Any, seeds: range, policy: str = "mixed") -> list[HoldemState]:
    """Every decision of seeded random hands; raises drawn from the listing and, now and then,
    any legal amount (so odd amounts and all streets both appear)."""
    out = []
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_state(seed=seed)
        while not state.is_terminal():
            out.append(state.clone())
            if rng.below(4) == 0:
                ids = state.legal_action_ids()
                state.apply(ids[rng.below(len(ids))])
            else:
                acts = state.legal_actions()
                state.apply(acts[rng.below(len(acts))])
    return out


GAME = cardavia.load("holdem")


def flop_position() -> HoldemState:
    state = GAME.new_state(seed=1)
    for text in ("call", "call", "call", "check", "bet to 40", "call"):
        state.apply(text)
    return state


# ---- clone ---------------------------------------------------------------------------------


def test_clone_shares_nothing_mutable() -> None:
    for state in random_positions(GAME, range(6))[::3]:
        state.legal_actions()  # the listing cached on the original must not leak either
        copy = state.clone()
        text, obs = state.to_json(), [state.observation(p) for p in range(4)]
        copy.apply(copy.legal_actions()[-1])
        assert state.to_json() == text
        assert [state.observation(p) for p in range(4)] == obs
        # ...and the other way round.
        copy2 = state.clone()
        text2 = copy2.to_json()
        state.apply(state.legal_actions()[0])
        assert copy2.to_json() == text2
        assert copy2.observation(0) == obs[0]


# ---- resample ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 4, True, 1.0, "0", None])
def test_resample_and_observation_refuse_bad_seats(bad: Any) -> None:
    state = GAME.new_state(seed=2)
    with pytest.raises(InvalidArgumentError):
        state.resample(bad, seed=1)
    with pytest.raises(InvalidArgumentError):
        state.observation(bad)


def test_resample_refuses_a_finished_hand() -> None:
    state = GAME.new_state(seed=2)
    while not state.is_terminal():
        state.apply("fold" if state.can_apply("fold") else "check")
    with pytest.raises(InvalidArgumentError, match="over"):
        state.resample(0, seed=1)


def test_resample_never_contradicts_the_observation() -> None:
    for game in (GAME, cardavia.load("holdem", players=6, stack=300)):
        for state in random_positions(game, range(12))[::2]:
            for player in range(game.num_players):
                seen = state.observation(player)
                for k in range(2):
                    other = state.resample(player, seed=1000 * k + player)
                    assert other.observation(player) == seen
                    assert other.current_player == state.current_player
                    assert other.legal_action_ids() == state.legal_action_ids()
                    assert other.seed != state.seed  # a fresh seed, never the true one
                    again = game.state_from_json(other.to_json())
                    assert again.to_json() == other.to_json()


def test_resample_is_seeded_and_redeals_the_future_board() -> None:
    state = flop_position()
    a, b = state.resample(0, seed=5), state.resample(0, seed=5)
    assert a.to_json() == b.to_json() and a.seed == b.seed
    decks = {state.resample(0, seed=k)._deal_record["deck"] for k in range(30)}
    assert len(decks) == 30
    # The board dealt so far and seat 0's own cards stay; the turn card changes.
    turns: Counter[str] = Counter()
    for k in range(200):
        other = state.resample(0, seed=k)
        while other.hand.street == "flop":
            other.apply("call" if other.can_apply("call") else "check")
        assert other.hand.board.startswith(state.hand.board)
        assert other.hand.hole(0) == state.hand.hole(0)
        turns[other.hand.board.split()[3]] += 1
    assert len(turns) > 30
    assert state.resample(0).seed != state.seed  # seed=None: a fresh draw


def heads_up_river() -> HoldemState:
    """Heads-up at the river: seat 1 (button) has checked, seat 0 to act."""
    game = cardavia.load("holdem", players=2, stack=100, small_blind=1, big_blind=2)
    state = game.new_state(seed=8)
    state.apply("call")
    state.apply("check")
    while state.hand.street != "river":
        state.apply("check")
    return state


def test_resample_is_uniform_over_the_opponent_hands() -> None:
    """From seat 0 at the river, 45 cards are unseen and seat 1 holds two of them: every one of
    the C(45, 2) = 990 pairs must come back equally often (chi-square), and the true hand no
    more often than chance."""
    state = heads_up_river()
    true = frozenset(state.hand.hole(1).split())
    unseen = set(str(c) for c in CardSet.full_pack(jokers=False)) - set(
        state.hand.hole(0).split() + state.hand.board.split()
    )
    assert len(unseen) == 45
    samples = 60_000
    pairs: Counter[frozenset[str]] = Counter()
    for k in range(samples):
        other = state.resample(0, seed=k)
        pairs[frozenset(other.hand.hole(1).split())] += 1
    assert all(p <= unseen for p in pairs)
    cells = math.comb(45, 2)
    expected = samples / cells
    stat = sum((pairs.get(p, 0) - expected) ** 2 / expected for p in _all_pairs(unseen))
    assert stat < chi2_bound(cells - 1), stat
    # The true hand: chance is 1/990 per sample (~61 of 60,000).
    assert pairs[true] < expected + 4 * math.sqrt(expected)


def _all_pairs(cards: set[str]) -> list[frozenset[str]]:
    ordered = sorted(cards)
    return [frozenset((a, b)) for i, a in enumerate(ordered) for b in ordered[i + 1 :]]


# ---- playouts ------------------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_every_decision_are_settled_hands(policy: str) -> None:
    for state in random_positions(GAME, range(8))[::2]:
        out = state.playout_returns(40, policy=policy, seed=3)
        assert out.dtype == np.float64 and out.shape == (40, 4)
        assert np.all(out.sum(axis=1) == 0)  # chips are conserved (zero-sum, HE-5.9)
        h = state.hand
        start = np.array(h.start_stacks, dtype=float)
        assert np.all(out >= -start)  # nobody loses more than he brought
        # A seat that has folded already loses exactly what it has put in.
        for seat in range(4):
            if h.folded[seat]:
                lost = h.contributions[seat] + h.bets[seat]
                assert np.all(out[:, seat] == -lost)


def test_playouts_do_not_depend_on_threads_and_follow_the_seed() -> None:
    state = GAME.new_state(seed=4)
    a = state.playout_returns(300, seed=9, threads=1)
    assert np.array_equal(a, state.playout_returns(300, seed=9, threads=2))
    assert np.array_equal(a, state.playout_returns(300, seed=9, threads=0))
    assert not np.array_equal(a, state.playout_returns(300, seed=10))
    # Playout i of a larger call is playout i of a smaller one.
    assert np.array_equal(a[:100], state.playout_returns(100, seed=9))
    assert state.to_json() == GAME.new_state(seed=4).to_json()  # the state is untouched


def test_playouts_settle_exactly_as_returns() -> None:
    """Seat 1 faces an all-in it cannot raise: the random policy folds or calls (the listing),
    and those two outcomes, computed through the protocol, are exactly what comes back."""
    game = cardavia.load("holdem", players=2, stack=100, small_blind=1, big_blind=2)
    state = game.new_state(seed=3)
    state.apply("raise to 100")  # the button (seat 0) shoves
    assert [str(a) for a in state.legal_actions()] == ["fold", "call 98"]
    outcomes = set()
    for text in ("fold", "call"):
        done = state.clone()
        done.apply(text)
        outcomes.add(tuple(done.returns()))
    out = state.playout_returns(200, policy="random", seed=1)
    assert {tuple(row) for row in out} == outcomes


def test_greedy_calls_an_all_in_with_aces_and_folds_seven_deuce() -> None:
    game = cardavia.load("holdem", players=2, stack=100, small_blind=1, big_blind=2)
    for hole, folds in (("Ac Ad", False), ("7c 2d", True)):
        # Seat 1 (big blind) is dealt first heads-up (HE-3.8).
        deck = f"{hole[:2]} Ks {hole[3:]} Kd"
        state = game.new_state(seed=0, deal={"stacks": [100, 100], "button": 0, "deck": deck})
        assert state.hand.hole(1) == hole
        state.apply("raise to 100")
        fold = state.clone()
        fold.apply("fold")
        out = state.playout_returns(100, policy="greedy", seed=2)
        folded = np.all(out == np.array(fold.returns()), axis=1)
        assert folded.all() if folds else not folded.any()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 0}, "n must"),
        ({"n": -3}, "n must"),
        ({"n": True}, "n must"),
        ({"n": 2.0}, "n must"),
        ({"n": 10**12}, "batches"),
        ({"n": 10, "policy": "best"}, "policy"),
        ({"n": 10, "seed": -1}, "seed"),
        ({"n": 10, "seed": 2**64}, "seed"),
        ({"n": 10, "threads": -1}, "threads"),
    ],
)
def test_playout_arguments_are_validated(kwargs: dict[str, Any], match: str) -> None:
    state = GAME.new_state(seed=1)
    with pytest.raises(InvalidArgumentError, match=match):
        state.playout_returns(**kwargs)


def test_playouts_refuse_a_finished_hand() -> None:
    state = GAME.new_state(seed=1)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(InvalidArgumentError, match="over"):
        state.playout_returns(5)


# ---- ids, the listing and amounts (issue 18 points 3, 5, 9, 11) -----------------------------


def test_every_legal_amount_has_an_id_and_the_listing_is_short() -> None:
    game = cardavia.load("holdem", stack=500_000)
    state = game.new_state(seed=1)
    acts = state.legal_actions()
    assert [str(a) for a in acts] == [
        "fold",
        "call 20",
        "raise to 40",
        "raise to 45",
        "raise to 70",
        "raise to 500000",
    ]
    assert state.raise_range() == (40, 500_000)
    ids = state.legal_action_ids()
    assert isinstance(ids, LegalIds) and len(ids) == 2 + 499_961
    assert ids[0] == 0 and ids[1] == 1 and ids[2] == 41 and ids[-1] == 500_001
    assert 1234 in ids and 40 not in ids and 500_002 not in ids
    assert ids.ranges == [range(0, 1), range(1, 2), range(41, 500_002)]
    assert np.array_equal(np.asarray(ids), np.array(list(ids)))
    mask = state.legal_action_mask()
    assert mask.sum() == len(ids) and np.flatnonzero(mask)[2] == 41
    for a in acts:
        assert state.action_id(a) in ids
    # Any legal amount is accepted, by text and by id.
    state.clone().apply("raise to 123457")
    state.clone().apply(1 + 123_457)
    assert str(state.action_from_id(1 + 777)) == "raise to 777"


def test_illegal_amounts_are_cheap_and_leave_no_trace() -> None:
    state = flop_position()
    before = state.to_json()
    for text in ("raise to 2000000", "raise to " + "9" * 40, "call 99999999999", "bet to 7"):
        assert not state.can_apply(text)
        with pytest.raises(IllegalActionError) as e:
            state.apply(text)
        assert e.value.rule
    assert state.to_json() == before
    # Memory does not grow with the amounts asked for: the Action cache is bounded.
    for t in range(10_000):
        state.can_apply(f"raise to {10**7 + t}")
    assert len(holdem_module._RECENT) <= holdem_module._RECENT_MAX
    # Inside a record too.
    record = json.loads(state.to_json())
    record["actions"].append({"kind": "raise", "amount": 10**30})
    with pytest.raises(InvalidArgumentError, match="HE-4.3.*not to 10{30}"):
        GAME.state_from_json(json.dumps(record))


@pytest.mark.parametrize(
    "action",
    [
        Action("call"),  # a call must name the chips it moves (issue 18 point 5)
        Action("call", amount=7),
        Action("fold", amount=3),
        Action("check"),  # nothing to check: 40 is owed
        Action("raise", amount=100, label="fold"),
        Action("fold", cards=CardSet("As")),
        Action("raise", amount=-5),
        Action("raise"),
    ],
)
def test_hand_built_actions_must_match_a_legal_one(action: Action) -> None:
    state = flop_position()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before


def test_hand_built_actions_equal_to_legal_ones_are_accepted() -> None:
    state = flop_position()
    state.clone().apply(Action("raise", amount=100))
    state.clone().apply(Action("call", amount=40, label="call 40"))
    state.clone().apply(Action("fold"))


def test_ids_out_of_range_and_ids_not_legal_now() -> None:
    state = flop_position()  # raise range 80..980
    before = state.to_json()
    for bad in (-1, GAME.num_actions, 10**30):
        with pytest.raises(InvalidArgumentError, match="not in 0.."):
            state.apply(bad)
        with pytest.raises(InvalidArgumentError):
            state.action_from_id(bad)
    with pytest.raises(IllegalActionError) as e:
        state.apply(1 + 50)  # raise to 50: below the minimum
    assert e.value.rule == "HE-4.3"
    with pytest.raises(IllegalActionError, match="not a legal action id now") as e:
        state.action_from_id(1 + 990)
    assert e.value.rule == "HE-4.3"
    checked = flop_position()
    checked.apply("call")
    checked.apply("fold")
    with pytest.raises(IllegalActionError) as e:
        checked.apply(0)  # fold when nothing is owed (HE-7.7)
    assert e.value.rule == "HE-7.7"
    assert state.to_json() == before
    assert not state.can_apply("zz") and not state.can_apply("raise to zz")
    state.apply(np.int64(1))  # numpy ids go through the same checks


def test_abstract_ids_stay_the_listing() -> None:
    game = cardavia.load("holdem", actions="abstract")
    state = game.new_state(seed=1)
    assert list(state.legal_action_ids()) == [0, 1, 2, 3, 4, 5]
    state.apply(4)  # pot: raise to 70
    assert state.hand.level == 70
    with pytest.raises(IllegalActionError):
        state.apply("raise to 141")


@pytest.mark.parametrize(
    "options",
    [
        {"big_blind": 10**12},
        {"small_blind": 10**12, "big_blind": 10**12},
        {"stack": 10**12},
        {"players": 10, "stack": 10**8 + 1},
    ],
)
def test_options_beyond_the_engine_are_refused(options: dict[str, int]) -> None:
    with pytest.raises(InvalidArgumentError):
        cardavia.load("holdem", **options)


@pytest.mark.parametrize("matches", [-1, 2**64, True, 1.5, "3"])
def test_simulate_counts_are_validated(matches: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        _core.holdem_simulate(matches)
    with pytest.raises(InvalidArgumentError):
        _core.one_poker_simulate(matches)


def test_simulate_in_chunks_is_the_same_run() -> None:
    assert _core.holdem_simulate(0)["hands"] == 0
    a = _core.holdem_simulate(700, seed=3)  # three chunks of matches
    assert a["matches"] == 700 and a["conservation_failures"] == 0
    assert a == _core.holdem_simulate(700, seed=3)


# ---- pickling ------------------------------------------------------------------------------


def test_states_games_and_matches_pickle_to_equal_objects() -> None:
    for state in random_positions(GAME, range(3))[::3] + [flop_position().resample(2, seed=1)]:
        again = pickle.loads(pickle.dumps(state))
        assert again.to_json() == state.to_json()
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
        assert again.legal_action_ids() == state.legal_action_ids()
        assert [again.observation(p) for p in range(4)] == [state.observation(p) for p in range(4)]
    assert pickle.loads(pickle.dumps(GAME)) == GAME
    match = GAME.new_match(seed=4)
    rng = Rng(4)
    for _ in range(3):
        deal = match.new_deal()
        while not deal.is_terminal():
            acts = deal.legal_actions()
            deal.apply(acts[rng.below(len(acts))])
    again = pickle.loads(pickle.dumps(match))
    assert [d.to_json() for d in again.deals] == [d.to_json() for d in match.deals]
    assert again.stacks == match.stacks and again.button == match.button
    if not match.is_over():
        assert again.new_deal().to_json() == match.new_deal().to_json()


# ---- PHH records (issue 18 point 8) --------------------------------------------------------


def _phh() -> str:
    state = flop_position()
    state.apply("raise to 100")
    return to_phh(state)


def _replace(text: str, field: str, value: str) -> str:
    lines = [f"{field} = {value}" if ln.startswith(f"{field} =") else ln for ln in text.split("\n")]
    return "\n".join(lines)


def _drop(text: str, field: str) -> str:
    return "\n".join(ln for ln in text.split("\n") if not ln.startswith(f"{field} ="))


def _action(text: str, old: str, new: str) -> str:
    return text.replace(json.dumps(old), json.dumps(new), 1)


BAD_PHH = [
    lambda t: t.replace("actions = [", "actions = ((", 1),  # not TOML
    lambda t: _drop(t, "starting_stacks"),
    lambda t: _drop(t, "blinds_or_straddles"),
    lambda t: _replace(t, "starting_stacks", "'many'"),
    lambda t: _replace(t, "starting_stacks", "[1000, -5, 1000, 1000]"),
    lambda t: _replace(t, "starting_stacks", "[1000]"),
    lambda t: _replace(t, "blinds_or_straddles", "[0, 0, 0, 0]"),
    lambda t: _replace(t, "seats", "[1, 1, 2, 3]"),
    lambda t: _replace(t, "seats", "[2, 3, 4, 9]"),
    lambda t: _replace(t, "_cardavia_button", "'x'"),
    lambda t: _replace(t, "_cardavia_button", "17"),
    lambda t: _replace(t, "_cardavia_options", "'{not json'"),
    lambda t: _replace(t, "_cardavia_options", '\'{"players": 4, "stack": -1}\''),
    lambda t: _replace(t, "_cardavia_deck", "5"),
    lambda t: _replace(t, "_cardavia_deck", "'Zz Ah'"),
    lambda t: _replace(t, "actions", "'p1 f'"),
    lambda t: _replace(t, "actions", "[1, 2]"),
    lambda t: _action(t, "p1 cc", "p9 cc"),
    lambda t: _action(t, "p1 cc", "p1 xx"),
    lambda t: _action(t, "p1 cc", "p1 cbr"),
    lambda t: _action(t, "p1 cc", "p1 cbr lots"),
    lambda t: _action(t, "p1 cc", "p1 cbr 99999999999"),
    lambda t: _action(t, "p1 cc", "p2 cc"),
    lambda t: _action(t, "p1 cc", ""),
    lambda t: _action(t, "p1 cc", "d dx p1"),
    lambda t: _action(t, "p1 cc", "d dh p7 AhKd"),
]


@pytest.mark.parametrize("k", range(len(BAD_PHH)))
def test_malformed_phh_records_are_clear_errors(k: int) -> None:
    text = _phh()
    from_phh(text)  # the record itself is fine
    bad = BAD_PHH[k](text)
    assert bad != text
    with pytest.raises(InvalidArgumentError):
        from_phh(bad)


def test_phh_plain_records_with_bad_cards_are_clear_errors() -> None:
    base = "\n".join(
        [
            "variant = 'NT'",
            "antes = [0, 0]",
            "blinds_or_straddles = [1, 2]",
            "min_bet = 2",
            "starting_stacks = [100, 100]",
            "actions = ['d dh p1 AhKd', 'd dh p2 QsQd', 'p2 cc', 'p1 cc', 'd db 2c3c4c']",
        ]
    )
    assert from_phh(base).hand.board == "2c 3c 4c"
    for bad in (
        base.replace("QsQd", "AhQd"),  # a card dealt twice
        base.replace("2c3c4c", "2c3c"),  # a flop of two cards
        base.replace("2c3c4c", "2c3cXx"),
        base.replace("'NT'", "'FT'"),
        base.replace("antes = [0, 0]", "antes = [1, 1]"),
    ):
        with pytest.raises(InvalidArgumentError):
            from_phh(bad)
    with pytest.raises(InvalidArgumentError):
        from_phh(12)  # type: ignore[arg-type]


# A property test: whatever is done to a valid record, from_phh gives a state or an
# InvalidArgumentError, never another exception (issue 18 point 8).


_PHH_TEXT = _phh()
_TOKENS = [
    "'",
    '"',
    "[",
    "]",
    ",",
    "=",
    "0",
    "-1",
    "p0",
    "p9",
    "cbr",
    "cc",
    "f",
    "d",
    "dh",
    "db",
    "??",
    "Ah",
    "Zz",
    "\n",
    "true",
    "1e9",
    "99999999999999999999",
    "{",
    "}",
    " ",
]


@settings(max_examples=300, deadline=None)
@given(
    cuts=st.lists(
        st.tuples(st.integers(0, len(_PHH_TEXT)), st.integers(0, 12), st.sampled_from(_TOKENS)),
        min_size=1,
        max_size=4,
    )
)
def test_mutated_phh_records_give_a_state_or_a_clear_error(
    cuts: list[tuple[int, int, str]],
) -> None:
    text = _PHH_TEXT
    for at, length, token in cuts:
        text = text[:at] + token + text[at + length :]
    with contextlib.suppress(InvalidArgumentError):
        from_phh(text)
