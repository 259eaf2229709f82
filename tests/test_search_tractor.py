"""Tractor's search primitives (issue 13) and the reliability items of issue 18 that touch it:
clone, resample (consistent with the observation, uniform, fresh seed), settled playouts from
every decision point under both policies, whole plays, pickling, ids and seat validation.

Behaviour only: no timing here (see benches/test_bench_tractor.py). Rules: rules/tractor.md.
"""

from __future__ import annotations

import itertools
import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import CardBag, IllegalActionError, InvalidArgumentError, Rng
from cardavia._core import TractorTable
from cardavia.games.tractor import (
    BURY_BASE,
    END_ID,
    FULL_DECK,
    NUM_ACTIONS,
    PLAY_BASE,
    TractorGame,
    TractorState,
    count_follows,
)


def game() -> TractorGame:
    g = cardavia.load("tractor", initial_seat=0)
    assert isinstance(g, TractorGame)
    return g


def random_walk(
    seed: int, g: TractorGame | None = None, all_pass: bool = False
) -> Iterator[TractorState]:
    """Every state of one seeded random deal (card by card), start to end (not copies);
    with ``all_pass`` nobody declares, so the kitty is turned up (TR-3.9)."""
    g = g or game()
    s = g.new_state(seed=seed)
    rng = Rng(seed)
    yield s
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[0] if all_pass and s.phase == "declare" else acts[rng.below(len(acts))])
        yield s


# --------------------------------------------------------------------------------------------
# resample: the two defects of the issue


def test_the_issue_case_resamples_consistently() -> None:
    """Seed 0, 18 uniformly random steps from random.Random(0), viewer 1: seat 3 has led Js
    alone. Leading a single is legal whether or not its twin is held (TR-4.3), so a resample
    may give seat 3 the twin; the record then encodes the lead with an ``end`` step."""
    g = cardavia.load("tractor")
    s = g.new_state(seed=0)
    r = random.Random(0)
    for _ in range(18):
        s.apply(r.choice(s.legal_actions()))
    assert s.observation(1)["trick"] == [[3, "Js"]]
    twins = 0
    for k in range(300):
        t = s.resample(1, seed=k)
        assert t.observation(1) == s.observation(1)
        assert g.state_from_json(t.to_json()).to_json() == t.to_json()
        twins += t._table is not None and t._table.hand(3).count(cardavia.Card("Js")) == 1
    assert twins > 0  # the twin of the led Js is sometimes in seat 3's hand


def test_finished_deals_refuse_and_unfinished_ones_always_resample() -> None:
    g = game()
    for seed in range(30):
        states = random_walk(seed, g)
        for i, s in enumerate(states):
            if s.is_terminal():
                with pytest.raises(InvalidArgumentError):
                    s.resample(1, seed=0)
            elif i % 11 == 0:
                for p in range(4):
                    s.resample(p, seed=i)


# --------------------------------------------------------------------------------------------
# resample: consistency with the observation


def test_resamples_never_contradict_the_observation() -> None:
    g = game()
    for seed in range(40):
        rng = Rng(seed + 500)
        for i, s in enumerate(random_walk(seed, g)):
            if s.is_terminal() or i % 5:
                continue
            for p in range(4):
                seen = s.observation(p)
                t = s.resample(p, seed=rng.below(1 << 40))
                assert t.observation(p) == seen, (seed, i, p)
                assert t.current_player == s.current_player
                assert t.seed != s.seed
                text = t.to_json()
                assert g.state_from_json(text).to_json() == text
                if s.current_player == p:
                    assert t.legal_action_ids() == s.legal_action_ids()


def test_resample_seed_is_fresh_and_reproducible() -> None:
    s = next(itertools.islice(random_walk(4), 60, None))
    a = s.resample(2, seed=9)
    b = s.resample(2, seed=9)
    assert a.to_json() == b.to_json()
    assert a.seed != s.seed and a.resample(2, seed=1).seed != a.seed
    c = s.resample(2)  # a fresh seed
    assert c.observation(2) == s.observation(2)


def _unseen(s: TractorState, viewer: int) -> tuple[CardBag, list[int]]:
    """The unseen cards and the sizes of the hidden places (seats, then the buried kitty)."""
    table = s._table
    assert table is not None
    seen = table.hand(viewer)
    for e in s.history:
        if e["event"] == "trick":
            for p in e["plays"]:
                seen = seen + CardBag(p["cards"])
    for _, c in table.trick_plays:
        seen = seen + c
    if viewer == s.dealer:
        seen = seen + table.kitty
    sizes = [0 if q == viewer else len(table.hand(q)) for q in range(4)]
    sizes.append(0 if viewer == s.dealer else 8)
    return FULL_DECK - seen, sizes


def _assignments(unseen: CardBag, sizes: list[int]) -> Iterator[tuple[list[CardBag], int]]:
    """Every unlabelled assignment of ``unseen`` to places of ``sizes``, with its number of
    labelled assignments (2 for each card kind whose two unseen copies are split)."""
    kinds = [(c, unseen.count(c)) for c in sorted(set(unseen), key=lambda c: c.index)]

    def rec(i: int, left: list[int]) -> Iterator[list[list[Any]]]:
        if i == len(kinds):
            if not any(left):
                yield [[] for _ in sizes]
            return
        card, copies = kinds[i]
        places = [q for q in range(len(sizes)) if left[q] > 0]
        for combo in itertools.combinations_with_replacement(places, copies):
            nxt = list(left)
            ok = True
            for q in combo:
                nxt[q] -= 1
                ok = ok and nxt[q] >= 0
            if not ok:
                continue
            for rest in rec(i + 1, nxt):
                for q in combo:
                    rest[q].append(card)
                yield rest

    for slots in rec(0, list(sizes)):
        weight = 1
        for card, copies in kinds:
            if copies == 2 and sum(card in sl for sl in slots) == 2:
                weight *= 2
        yield [CardBag(sl) for sl in slots], weight


def _consistent(s: TractorState, viewer: int, slots: list[CardBag]) -> bool:
    """Whether the public course replays legally with these hidden places (through the Python
    protocol, independently of the Rust sampler)."""
    table = s._table
    assert table is not None and s.dealer is not None
    d = s.dealer
    hands = [table.hand(q) if q == viewer else slots[q] for q in range(4)]
    buried = table.kitty if viewer == d else slots[4]
    played = [CardBag() for _ in range(4)]
    tricks = [e["plays"] for e in s.history if e["event"] == "trick"]
    current = [{"player": q, "cards": str(c)} for q, c in table.trick_plays]
    for plays in [*tricks, current]:
        for p in plays:
            played[p["player"]] = played[p["player"]] + CardBag(p["cards"])
    dealt = [hands[q] + played[q] for q in range(4)]
    group = dealt[d] + buried
    if s._kitty_revealed:
        kitty = list(s._kitty_order)
    elif viewer == d:
        kitty = list(s._kitty_order)
        group = s._dealt[d] + CardBag(kitty)
    else:
        spare = group - s._shown[d]
        kitty = list(spare)[:8]
    dealt[d] = group - CardBag(kitty)
    record = dict(s._deal_record)
    record["hands"] = [str(h) for h in dealt]
    record["kitty"] = " ".join(str(c) for c in kitty)
    try:
        t = s.game.new_state(seed=1, deal=record)
        for entry in s._actions[: s._bury_start]:
            t.apply(t.action_from_json(entry))
        t.play_cards(buried)
        for plays in [*tricks, current]:
            for p in plays:
                t.play_cards(p["cards"])
    except IllegalActionError:
        return False
    return True


def _late_position(
    seed: int, left: int, viewer_is_dealer: bool, all_pass: bool = False
) -> tuple[TractorState, int]:
    g = game()
    for s in random_walk(seed, g, all_pass):
        table = s._table
        if (
            table is not None
            and table.phase == "play"
            and len(table.hand(0)) == left
            and not table.trick_plays
        ):
            assert s.dealer is not None
            viewer = s.dealer if viewer_is_dealer else (s.dealer + 1) % 4
            return s.clone(), viewer
    raise AssertionError("no such position")


def _key(t: TractorState, viewer: int) -> tuple[str, ...]:
    table = t._table
    assert table is not None
    out = [str(table.hand(q)) for q in range(4) if q != viewer]
    if viewer != t.dealer:
        out.append(str(table.kitty))
    return tuple(out)


def _chi_square_critical(dof: int, z: float = 3.29) -> float:
    """Wilson-Hilferty approximation of the upper chi-square quantile (z = 3.29: 99.95%)."""
    k = float(dof)
    return float(k * (1 - 2 / (9 * k) + z * (2 / (9 * k)) ** 0.5) ** 3)


@pytest.mark.parametrize(
    ("seed", "left", "viewer_is_dealer", "all_pass"),
    [
        (1, 2, True, False),
        (2, 2, True, False),
        (5, 3, True, False),
        (3, 1, False, False),
        (8, 1, False, False),
        (4, 1, False, True),
        (6, 2, True, True),
    ],
)
def test_resample_is_uniform_over_the_consistent_deals(
    seed: int, left: int, viewer_is_dealer: bool, all_pass: bool
) -> None:
    """Late in a deal: every consistent deal of the unseen cards (labelled copies) comes out
    with equal frequency (chi-square, fixed seeds), no inconsistent one ever, and the true
    hidden cards no more often than chance. ``all_pass``: the kitty was turned up (TR-3.9),
    so its cards are in the dealer's hand or buried unless played."""
    s, viewer = _late_position(seed, left, viewer_is_dealer, all_pass)
    assert s._kitty_revealed == all_pass
    unseen, sizes = _unseen(s, viewer)
    expected: dict[tuple[str, ...], int] = {}
    rejected = 0
    for slots, weight in _assignments(unseen, sizes):
        if _consistent(s, viewer, slots):
            key = tuple(str(slots[q]) for q in range(5) if sizes[q] > 0)
            expected[key] = weight
        else:
            rejected += 1
    assert len(expected) >= 2
    total = sum(expected.values())
    draws = 60 * len(expected) if len(expected) < 200 else 25 * len(expected)
    draws = max(draws, 3000)
    seen: Counter[tuple[str, ...]] = Counter()
    for k in range(draws):
        seen[_key(s.resample(viewer, seed=k), viewer)] += 1
    assert set(seen) <= set(expected), "a resample contradicts the observation"
    chi2 = 0.0
    for key, w in expected.items():
        e = draws * w / total
        chi2 += (seen[key] - e) ** 2 / e
    assert chi2 < _chi_square_critical(len(expected) - 1), (chi2, len(expected), rejected)
    true = _key(s, viewer)
    p = expected[true] / total
    assert seen[true] <= draws * p + 5 * (draws * p * (1 - p)) ** 0.5 + 1


def test_the_uniformity_positions_have_inference_to_do() -> None:
    """At least one of the positions above excludes deals by what the follows showed, so the
    chi-square tests test the constraints, not only the counting."""
    excluded = 0
    for seed, left, dealer_view in [(1, 2, True), (2, 2, True), (5, 3, True)]:
        s, viewer = _late_position(seed, left, dealer_view)
        unseen, sizes = _unseen(s, viewer)
        excluded += sum(
            not _consistent(s, viewer, slots) for slots, _ in _assignments(unseen, sizes)
        )
    assert excluded > 0


def test_pair_follow_inference_is_exactly_the_rules() -> None:
    """A follower who answers a pair with two different cards of the suit held no pair of it
    (TR-4.4): no resample gives him one afterwards; a void follower shows no card of the suit."""
    g = game()
    checked = 0
    for seed in range(60):
        states = list(s.clone() for s in random_walk(seed, g))
        for s in states[::7]:
            if s.is_terminal() or s._table is None or s.trump is None:
                continue
            trump = s.trump
            facts: list[tuple[int, str, str]] = []  # (seat, "void"|"nopair", suit)
            for e in s.history:
                if e["event"] != "trick":
                    continue
                lead = CardBag(e["plays"][0]["cards"])
                suit = trump.effective_suit(next(iter(lead)))
                pairs = len(lead) // 2 if len(set(lead)) * 2 == len(lead) else 0
                for p in e["plays"][1:]:
                    cards = CardBag(p["cards"])
                    suits = {trump.effective_suit(c) for c in cards}
                    if suits != {suit}:
                        facts.append((p["player"], "void", suit))
                    elif pairs and sum(cards.count(c) == 2 for c in set(cards)) < pairs:
                        facts.append((p["player"], "nopair", suit))
            for viewer in range(4):
                t = s.resample(viewer, seed=seed)
                assert t._table is not None
                for seat, kind, suit in facts:
                    if seat == viewer:
                        continue
                    held = [c for c in t._table.hand(seat) if trump.effective_suit(c) == suit]
                    if kind == "void":
                        assert not held, (seed, seat, suit)
                    else:
                        assert all(held.count(c) < 2 for c in held), (seed, seat, suit)
                    checked += 1
    assert checked > 50


def test_declaration_phase_resamples_keep_the_shown_cards() -> None:
    g = game()
    for seed in range(40):
        s = g.new_state(seed=seed)
        rng = Rng(seed)
        while s.phase == "declare":
            for p in range(4):
                t = s.resample(p, seed=seed)
                assert t.observation(p) == s.observation(p)
                for q in range(4):
                    assert s._shown[q] <= t._dealt[q]
                assert t._dealt[p] == s._dealt[p]
                total = CardBag(t._kitty_order)
                for h in t._dealt:
                    total = total + h
                assert total == FULL_DECK
            acts = s.legal_actions()
            s.apply(acts[-1] if rng.below(2) else acts[0])  # declare often


# --------------------------------------------------------------------------------------------
# clone and pickling


def test_clones_share_nothing() -> None:
    g = game()
    for s in itertools.islice(random_walk(6, g), 0, None, 9):
        if s.is_terminal():
            continue
        s.legal_actions()
        c = s.clone()
        before = s.to_json()
        obs = [s.observation(p) for p in range(4)]
        c.apply(c.legal_actions()[0])
        assert s.to_json() == before and [s.observation(p) for p in range(4)] == obs
        c2 = s.clone()
        text2 = c2.to_json()
        s2 = s.clone()
        s2.apply(s2.legal_action_ids()[-1])
        assert c2.to_json() == text2


def _same(a: TractorState, b: TractorState) -> None:
    assert a.to_json() == b.to_json()
    assert [str(x) for x in a.legal_actions()] == [str(x) for x in b.legal_actions()]
    assert [a.observation(p) for p in range(4)] == [b.observation(p) for p in range(4)]


def test_states_games_and_matches_pickle_to_equal_objects() -> None:
    g = game()
    assert pickle.loads(pickle.dumps(g)) == g
    for i, s in enumerate(random_walk(12, g)):
        if i % 17 == 0 or s.is_terminal():
            _same(pickle.loads(pickle.dumps(s)), s)
            if not s.is_terminal():
                r = s.resample(i % 4, seed=i)
                _same(pickle.loads(pickle.dumps(r)), r)
    out = g.new_state(seed=3)
    out.play_out(3)
    _same(pickle.loads(pickle.dumps(out)), out)
    m = g.new_match(seed=2)
    for _ in range(3):
        d = m.new_deal()
        d.play_out(7)
    m2 = pickle.loads(pickle.dumps(m))
    assert (m2.levels, m2.dealer, m2.scores) == (m.levels, m.dealer, m.scores)
    assert [d.to_json() for d in m2.deals] == [d.to_json() for d in m.deals]
    assert m2.new_deal().to_json() == m.new_deal().to_json()


# --------------------------------------------------------------------------------------------
# playouts


def _phases(seed: int) -> list[TractorState]:
    """Decision points of every kind: declarations (start and after a call), the bury (start
    and with a pending selection), the first card, a pending lead selection, mid-trick."""
    g = game()
    out: list[TractorState] = []
    kinds: set[str] = set()
    for s in random_walk(seed, g):
        if s.is_terminal():
            break
        t = s._table
        kind = s.phase
        if t is not None and t.phase == "play":
            kind = f"play-{len(t.trick_plays)}-{len(t.selection) > 0}"
        if t is not None and t.phase == "bury":
            kind = f"bury-{len(t.selection) > 0}"
        if s.phase == "declare":
            kind = f"declare-{len(s._calls)}"
        if kind not in kinds:
            kinds.add(kind)
            out.append(s.clone())
    return out


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_playouts_from_every_decision_point(policy: str) -> None:
    allowed = {float(v) for v in range(-8, 9)}
    for s in _phases(2):
        a = s.playout_returns(40, policy=policy, seed=5)
        b = s.playout_returns(40, policy=policy, seed=5, threads=3)
        c = s.playout_returns(40, policy=policy, seed=5, threads=0)
        assert a.shape == (40, 4) and a.dtype == np.float64
        assert np.array_equal(a, b) and np.array_equal(a, c)
        assert np.all(a.sum(axis=1) == 0) and np.all(a[:, 0] == a[:, 2])
        assert set(a.ravel().tolist()) <= allowed
        assert np.array_equal(s.playout_returns(10, policy=policy, seed=5), a[:10])


def test_playouts_settle_in_the_unit_of_returns() -> None:
    """One card left to play: every playout ends the deal exactly as applying it does."""
    for seed in range(8):
        states = [s.clone() for s in random_walk(seed)]
        last = states[-2]
        for policy in ("random", "greedy"):
            r = last.playout_returns(5, policy=policy, seed=1)
            assert np.all(r == np.array(states[-1].returns())), seed


def test_greedy_rollouts_are_deterministic_and_sensible() -> None:
    """Greedy is a deterministic rule: all playouts of one state agree. Against random play it
    wins most deals (a sanity check of the rule, not a strength benchmark)."""
    s = _phases(3)[0]
    r = s.playout_returns(8, policy="greedy", seed=1)
    assert np.all(r == r[0])
    g = game()
    gain = 0.0
    for seed in range(40):
        team = seed % 2
        t = g.new_state(seed=seed)
        rng = Rng(seed)
        while not t.is_terminal():
            assert t.current_player is not None
            if t.current_player % 2 == team and t._table is not None:
                play = t._table.greedy_play()
                assert play is not None
                t.play_cards(play)
            else:
                acts = t.legal_actions()
                t.apply(acts[rng.below(len(acts))])
        gain += t.returns()[team]
    assert gain > 15


def test_play_out_works_from_a_new_state_and_replays() -> None:
    g = game()
    a = g.new_state(seed=21)
    a.play_out(4)
    assert a.is_terminal() and a.result is not None
    assert g.state_from_json(a.to_json()).to_json() == a.to_json()
    b = g.new_state(seed=21)
    b.play_out(4)
    assert a.to_json() == b.to_json()
    c = g.new_state(seed=21)
    c.apply(c.legal_actions()[0])
    c.play_out(4)
    assert c.is_terminal()


def test_an_action_listed_before_play_out_is_checked_after_it() -> None:  # issue 18.6
    s = next(itertools.islice(random_walk(9), 40, None)).clone()
    stale = s.legal_actions()[0]
    s.play_out(1)
    text = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply(stale)
    assert s.to_json() == text
    assert s.game.state_from_json(text).to_json() == text


def test_playout_arguments_are_validated() -> None:  # issue 18.2
    s = _phases(1)[0]
    for bad in (0, -1, True, 1.5, "4"):
        with pytest.raises(InvalidArgumentError):
            s.playout_returns(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        s.playout_returns(10**12)
    with pytest.raises(InvalidArgumentError):
        s.playout_returns(4, policy="best")
    for threads in (-1, 2**70, 1.0):
        with pytest.raises(InvalidArgumentError):
            s.playout_returns(4, threads=threads)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        s.playout_returns(4, seed=2**70)
    assert s.whole_plays(limit=2**70) == s.whole_plays(limit=10**9)
    played = s.clone()
    played.play_out(1)
    with pytest.raises(InvalidArgumentError):
        played.playout_returns(4)
    table = next(x for x in _phases(1) if x._table is not None)._table
    assert table is not None
    with pytest.raises(InvalidArgumentError):
        table.playouts(10**12)
    with pytest.raises(InvalidArgumentError):
        table.playout_returns(10**12)


def test_rust_declaration_phase_mirrors_python() -> None:
    """The Rust declaration phase used by playouts (legal calls, end of phase, trump, dealer)
    agrees with the game's, on random call sequences (TR-3.6 – TR-3.10)."""
    g = game()
    for seed in range(200):
        first = seed % 3 != 0
        deal = g.random_deal(seed, seat=seed % 4, first_deal=first, levels=(2 + seed % 13, 5))
        s = g.new_state(seed=seed, deal=deal)
        rng = Rng(seed)
        while True:
            info = TractorTable.declaring_state(
                s._dealt, s._kitty_order, s.level, s._seat, s._first_deal, s._calls
            )
            if s.phase != "declare":
                assert info["current_player"] is None
                assert s.trump is not None
                assert info["trump"] == s.trump.suit
                assert (info["dealer"], info["declarer"]) == (s.dealer, s.declarer)
                break
            assert info["current_player"] == s.current_player
            assert [k + 1 for k in info["legal"]] == s.legal_action_ids()[1:]
            ids = s.legal_action_ids()
            s.apply(ids[rng.below(len(ids))] if rng.below(3) else ids[-1])


# --------------------------------------------------------------------------------------------
# whole plays


def test_whole_plays_are_legal_and_play_as_lines() -> None:
    g = game()
    for seed in range(6):
        for i, s in enumerate(random_walk(seed, g)):
            if s.is_terminal() or i % 3:
                continue
            plays = s.whole_plays()
            if s._table is None:
                assert plays == []
                continue
            assert plays and len(set(plays)) == len(plays)
            burying = s._table.phase == "bury"
            player = s.current_player
            for cards in plays[:12]:
                c = s.clone()
                assert c.can_apply(c.play_line(cards)[0])
                c.play_cards(cards)
                t = c._table
                assert t is not None and len(t.selection) == 0
                if burying:
                    assert t.kitty == cards
                elif t.trick_plays and t.trick_plays[-1][0] == player:
                    assert t.trick_plays[-1][1] == cards
                else:
                    last = [e for e in c.history if e["event"] == "trick"][-1]
                    assert {"player": player, "cards": str(cards)} in last["plays"]


def test_whole_plays_of_a_void_follower_facing_a_tractor_are_narrowed() -> None:
    """Seat 1 holds only clubs and a diamond against a spade tractor(3): any 6 of his 25 cards
    (TR-4.4, void), 11,506 multisets; a short list of candidates."""
    hands = [
        CardBag("9s 9s Ts Ts Js Js 2h 3s 3s 4s 4s 5s 5s 6s 6s 7s 7s 8s 8s Qs Qs Ks Ks As As"),
        CardBag(" ".join(f"{r}c {r}c" for r in "3456789TJQKA") + " 3d"),
    ]
    rest = sorted(FULL_DECK - hands[0] - hands[1], key=lambda c: c.index)
    hands.append(CardBag(rest[:25]))
    hands.append(CardBag(rest[25:50]))
    deal = {
        "hands": [str(h) for h in hands],
        "kitty": " ".join(str(c) for c in rest[50:]),
        "first_deal": True,
        "seat": 0,
        "levels": [2, 2],
        "number": 0,
    }
    s = game().new_state(seed=1, deal=deal)
    s.apply("declare 2h")
    for _ in range(3):
        s.apply("pass")
    assert s._table is not None and s.dealer == 0
    s.play_cards(CardBag(rest[50:]))  # bury the kitty back
    s.play_cards("9s 9s Ts Ts Js Js")
    assert s.current_player == 1
    plays = s.whole_plays()
    assert 5 < len(plays) < 300
    classes = {(cardavia.games.tractor.card_points(p), sum(1 for _ in p)) for p in plays}
    assert len(classes) > 5
    for p in plays:
        c = s.clone()
        c.play_cards(p)
        assert c.current_player == 2
    assert s.trump is not None and s._table is not None
    full = count_follows(s._table.hand(1), "9s 9s Ts Ts Js Js", s.trump)
    assert full == 11_506 == len(s.whole_plays(limit=10**6))


# --------------------------------------------------------------------------------------------
# ids, texts and seats (issue 18 points 10 and 11)


def test_seats_are_validated() -> None:
    s = _phases(4)[3]
    for bad in (-1, 4, True, 1.0, "1", None):
        with pytest.raises(InvalidArgumentError):
            s.observation(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError):
            s.resample(bad)  # type: ignore[arg-type]
    assert s.observation(np.int64(2))["player"] == 2
    s.resample(np.int64(2), seed=1)


def test_bad_text_and_ids() -> None:
    for s in _phases(5)[::2]:
        before = s.to_json()
        assert s.can_apply("zz") is False
        assert s.can_apply(NUM_ACTIONS) is False and s.can_apply(-1) is False
        for bad in (NUM_ACTIONS, -1, 10**20):
            with pytest.raises(InvalidArgumentError):
                s.apply(bad)
            with pytest.raises(InvalidArgumentError):
                s.action_from_id(bad)
        legal = set(s.legal_action_ids())
        for i in range(NUM_ACTIONS):
            if i in legal:
                continue
            with pytest.raises(IllegalActionError) as e:
                s.apply(i)
            assert e.value.rule and "not a legal action id now" in str(e.value)
            with pytest.raises(IllegalActionError):
                s.action_from_id(i)
            assert not s.can_apply(i)
        assert s.to_json() == before


def test_finished_deals_name_the_rule_for_every_id() -> None:
    s = game().new_state(seed=2)
    s.play_out(2)
    for i in (0, 70, 119):
        with pytest.raises(IllegalActionError) as e:
            s.apply(i)
        assert e.value.rule == "TR-4.9" and "not a legal action id now" in str(e.value)
    with pytest.raises(InvalidArgumentError):
        s.apply(120)
    assert not s.can_apply("pass") and not s.can_apply("zz")


def test_the_integer_path_is_the_action_path() -> None:
    g = game()
    for seed in range(6):
        a = g.new_state(seed=seed)
        b = g.new_state(seed=seed)
        rng = Rng(seed)
        while not a.is_terminal():
            acts = a.legal_actions()
            ids = b.legal_action_ids()
            assert ids == [a.action_id(x) for x in acts]
            assert all(BURY_BASE <= i <= END_ID for i in ids) or a._table is None
            k = rng.below(len(acts))
            a.apply(acts[k])
            b.apply(ids[k])
        assert a.to_json() == b.to_json()
        assert a.history == b.history and a.returns() == b.returns()
        assert b.legal_action_ids() == []
    assert PLAY_BASE == 65


def test_records_of_resampled_states_are_well_formed() -> None:
    s = next(itertools.islice(random_walk(7), 90, None))
    t = s.resample(0, seed=3)
    record = json.loads(t.to_json())
    assert record["seed"] == t.seed != s.seed
    assert sorted(record) == sorted(json.loads(s.to_json()))
