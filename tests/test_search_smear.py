"""Smear's search primitives (issue 13): clone, resample (exactly uniform, consistent with
everything a player saw: his cards and discards, the stock he took, voids, trump retention
SM-3.10, the partner card SM-3.11), playouts from every decision with the random and greedy
policies, the integer path, pickling of states, games and matches, and issue 18's errors."""

from __future__ import annotations

import math
import pickle
from collections import Counter
from typing import Any

import numpy as np
import pytest

import cardavia
from cardavia import Card, CardSet, IllegalActionError, InvalidArgumentError, Rng, smear
from cardavia.games.smear import SmearState, effective_suit, trumps

PLAYERS = (4, 5, 6)


def game(players: int) -> Any:
    return cardavia.load("smear", players=players)


def walk(players: int, seed: int, steps: int | None = None) -> list[SmearState]:
    state = game(players).new_state(seed=seed)
    rng = Rng(seed)
    out = [state.clone()]
    while not state.is_terminal() and (steps is None or len(out) <= steps):
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
        out.append(state.clone())
    return out


def public_facts(state: SmearState) -> tuple[list[CardSet], list[set[int]]]:
    """Each seat's played cards and the effective suits it showed out of (the partner card
    forced into trick 1 shows nothing, SM-5.4), from the public record."""
    n = state.game.num_players
    obs = state.observation(0)
    trump = "cdhs".index(obs["trump"])
    tricks = [(t["leader"], t["cards"]) for t in obs["tricks"]]
    if obs["current_trick"]["cards"]:
        tricks.append((obs["current_trick"]["leader"], obs["current_trick"]["cards"]))
    played = [CardSet() for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    for number, (leader, cards) in enumerate(tricks):
        led = effective_suit(Card(cards[0]), trump)
        for k, text in enumerate(cards):
            seat = (leader + k) % n
            card = Card(text)
            played[seat] |= CardSet([card])
            forced = number == 0 and seat == obs["partner"] and text == obs["partner_card"]
            if effective_suit(card, trump) != led and not forced:
                voids[seat].add(led)
    return played, voids


# ---- clone ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_clone_shares_nothing_mutable(players: int) -> None:
    for state in walk(players, 3)[::6]:
        if state.is_terminal():
            continue
        state.legal_actions()
        copy = state.clone()
        before = state.to_json(), [state.observation(p) for p in range(players)]
        copy.apply(copy.legal_action_ids()[-1])
        assert (state.to_json(), [state.observation(p) for p in range(players)]) == before
        mine = copy.to_json(), [copy.observation(p) for p in range(players)], copy.history
        state.apply(state.legal_action_ids()[0])
        assert (copy.to_json(), [copy.observation(p) for p in range(players)],
                copy.history) == mine  # fmt: skip


# ---- resample -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_resample_is_consistent_with_every_view(players: int) -> None:
    """Own cards, own discards (in order), the stock a bidder took, bids, trump, partner,
    plays and voids stay; counts stay; SM-3.10 holds for every seat; the record replays."""
    g = game(players)
    checked = 0
    for seed in range(10):
        for state in walk(players, seed)[::4]:
            if state.is_terminal():
                continue
            for player in range(players):
                seen = state.observation(player)
                for k in range(2):
                    other = state.resample(player, seed=100 * seed + k)
                    assert other.observation(player) == seen
                    assert other.seed != state.seed
                    assert other.current_player == state.current_player
                    assert other.phase == state.phase
                    again = g.state_from_json(other.to_json())
                    assert again.to_json() == other.to_json()
                    assert again.observation(player) == seen
                    check_deal(state, other, player)
                    if player == state.current_player:
                        assert other.legal_action_ids() == state.legal_action_ids()
                    checked += 1
    assert checked > 300


def check_deal(state: SmearState, other: SmearState, player: int) -> None:
    n = state.game.num_players
    hands, true = other.hands(), state.hands()
    assert [len(h) for h in hands] == [len(h) for h in true]
    assert [len(other._deal.discards(s)) for s in range(n)] == [
        len(state._deal.discards(s)) for s in range(n)
    ]
    if state.trump is None:
        return
    t = trumps(state.trump)
    played, voids = public_facts(state)
    assert public_facts(other)[0] == played
    for s in range(n):
        for suit in voids[s]:
            assert not any(effective_suit(c, state.trump) == suit for c in hands[s])
        kept = hands[s] | played[s]
        discarded = other._deal.discards(s)
        if discarded & t:  # SM-3.10: trumps go only when six trumps stay
            assert len(kept & t) >= 6 or len(kept) > 6
    card, partner = state._deal.partner_card, state.partner
    if card is not None and partner is None:  # SM-3.11b: nobody holds it, not discarded by him
        assert all(card not in h for h in hands)
        assert card not in other._deal.discards(state.bidder or 0)


def late_four_player_position(seed: int) -> tuple[SmearState, int] | None:
    """4 players, five tricks done and two cards of the sixth played; the viewer is the one of
    those two who is not the bidder (so the bidder's 18 discards are hidden)."""
    state = game(4).new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal():
        if state.phase == "play" and len(state._deal.tricks()) == 5:
            leader, cards = state._deal.current_trick()
            if len(cards) == 2 and leader is not None:
                for viewer in (leader, (leader + 1) % 4):
                    if viewer != state.bidder:
                        return state, viewer
                return None
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
    return None


def completions(state: SmearState, viewer: int, held: dict[int, Card]) -> int:
    """The number of ways to deal the discards given the two unplayed cards: each hidden
    player's discards hold no trump unless all six cards he kept are trumps (SM-3.10). (The
    bidder's split between deal and stock, and the discards' order, add a constant factor.)"""
    assert state.trump is not None
    t = trumps(state.trump)
    played, _ = public_facts(state)
    pool = CardSet.full_pack(jokers=True) - state._deal.dealt()[viewer]
    for p in played:
        pool -= p
    leftover = pool - CardSet(list(held.values()))
    free, no_trump = [], []
    for s in range(4):
        if s == viewer:
            continue
        kept = played[s] | (CardSet([held[s]]) if s in held else CardSet())
        (free if kept <= t else no_trump).append(len(state._deal.discards(s)))
    n_trump = len(leftover & t)
    n_other = len(leftover) - n_trump
    if not free and n_trump:
        return 0
    if sum(no_trump) > n_other:
        return 0
    ways = math.comb(n_other, sum(no_trump))
    left = sum(no_trump)
    for d in no_trump:
        ways *= math.comb(left, d)
        left -= d
    left = len(leftover) - sum(no_trump)
    for d in free:
        ways *= math.comb(left, d)
        left -= d
    return ways


def test_resample_is_exactly_uniform_late_in_the_deal() -> None:
    """The two unplayed hidden cards come out with the probability the number of consistent
    deals of everything else gives them (chi-square against an independent count)."""
    found = None
    for seed in range(300):
        pos = late_four_player_position(seed)
        if pos is None:
            continue
        state, viewer = pos
        leader, _ = state._deal.current_trick()
        assert leader is not None
        seats = [(leader + 2) % 4, (leader + 3) % 4]
        _, voids = public_facts(state)
        pool = CardSet.full_pack(jokers=True) - state._deal.dealt()[viewer]
        for p in public_facts(state)[0]:
            pool -= p
        cells: dict[tuple[str, str], int] = {}
        for a in pool:
            for b in pool:
                if a == b:
                    continue
                if effective_suit(a, state.trump or 0) in voids[seats[0]]:
                    continue
                if effective_suit(b, state.trump or 0) in voids[seats[1]]:
                    continue
                w = completions(state, viewer, {seats[0]: a, seats[1]: b})
                if w:
                    cells[(str(a), str(b))] = w
        weights = sorted(set(cells.values()))
        if len(weights) > 1 and weights[-1] > 1.5 * weights[0] and len(cells) < 900:
            found = (state, viewer, seats, cells)
            break
    assert found is not None
    state, viewer, seats, cells = found
    total = sum(cells.values())
    draws = 40 * len(cells)
    seen: Counter[tuple[str, str]] = Counter()
    for k in range(draws):
        hands = state.resample(viewer, seed=k).hands()
        seen[(str(hands[seats[0]]), str(hands[seats[1]]))] += 1
    assert set(seen) <= set(cells)
    expected = {c: draws * w / total for c, w in cells.items()}
    big = [c for c in cells if expected[c] >= 5]
    rest_o = draws - sum(seen[c] for c in big)
    rest_e = draws - sum(expected[c] for c in big)
    chi2 = sum((seen[c] - expected[c]) ** 2 / expected[c] for c in big)
    if rest_e >= 5:
        chi2 += (rest_o - rest_e) ** 2 / rest_e
        dof = len(big)
    else:
        dof = len(big) - 1
    critical = dof * (1 - 2 / (9 * dof) + 3.09 * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < critical, (chi2, critical, len(cells))
    true_cell = (str(state.hands()[seats[0]]), str(state.hands()[seats[1]]))
    e = expected[true_cell]
    assert seen[true_cell] < e + 4 * math.sqrt(e) + 1


@pytest.mark.parametrize("players", PLAYERS)
def test_resample_before_trump_spreads_every_hidden_card_evenly(players: int) -> None:
    state = game(players).new_state(seed=2)
    state.apply(state.legal_action_ids()[0])
    viewer = 1
    n = 2000
    size = smear.hand_size(players)
    stock = 54 - players * size
    where = np.zeros((54, players + 1))
    for k in range(n):
        other = state.resample(viewer, seed=k)
        for seat, hand in enumerate(other.hands()):
            for c in hand:
                where[c.index, seat] += 1
        for c in CardSet(other._deal.stock):
            where[c.index, players] += 1
    mine = [c.index for c in state.hands()[viewer]]
    assert (where[mine, viewer] == n).all()
    others = [i for i in range(54) if i not in mine]
    cols = [s for s in range(players) if s != viewer]
    hidden = 54 - size
    assert np.abs(where[others][:, cols] / n - size / hidden).max() < 0.05
    assert np.abs(where[others][:, players] / n - stock / hidden).max() < 0.05


def test_resample_after_a_redeal_starts_at_the_current_deal() -> None:
    g = game(4)
    for seed in range(50):
        state = g.new_state(seed=seed)
        for _ in range(4):
            state.apply("pass")
        if state.observation(0)["deal_number"] == 1:
            break
    other = state.resample(2, seed=9)
    assert other.observation(2) == state.observation(2)
    assert other._deal_record["number"] == 1
    assert g.state_from_json(other.to_json()).to_json() == other.to_json()
    for s in (state, other):  # pickles after a redeal, too
        again = pickle.loads(pickle.dumps(s))
        assert again.to_json() == s.to_json() and again.hands() == s.hands()
    for _ in range(4):  # another all-pass: the next deal comes from the resample's seed
        other.apply("pass")
        state.apply("pass")
    assert other.hands() != state.hands()


def test_resample_arguments() -> None:
    state = walk(5, 2, steps=8)[-1]
    for bad in (-1, 5, True, 1.0, None):
        with pytest.raises(InvalidArgumentError):
            state.resample(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="over"):
        walk(5, 2)[-1].resample(0)
    assert state.resample(1, seed=4).to_json() == state.resample(1, seed=4).to_json()


# ---- playouts -------------------------------------------------------------------------------


def greedy_to_end(state: SmearState) -> list[float]:
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy._deal.greedy_action())
    return copy.returns()


@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_from_every_phase(players: int) -> None:
    phases = set()
    for state in walk(players, 7):
        if state.is_terminal():
            continue
        if state.phase in phases and state.phase != "play":
            continue
        phases.add(state.phase)
        for policy in ("random", "greedy"):
            out = state.playout_returns(40, policy=policy, seed=5)
            assert out.shape == (40, players) and out.dtype == np.float64
            assert np.array_equal(out, state.playout_returns(40, policy=policy, seed=5,
                                                             threads=2))  # fmt: skip
            assert np.array_equal(out[:7], state.playout_returns(7, policy=policy, seed=5))
            assert (np.abs(out) <= 10).all()
            if players != 5:  # partners score alike (SM-6.7/6.8)
                for s in range(players):
                    assert (out[:, s] == out[:, (s + players // 2) % players]).all()
        greedy = state.playout_returns(1, policy="greedy", seed=0)[0]
        assert list(greedy) == greedy_to_end(state)
    expected = {"bidding", "trump", "discard", "play"}
    if players == 5:
        expected.add("partner_call")
    assert phases == expected


def test_playouts_redeal_after_an_all_pass() -> None:
    state = game(4).new_state(seed=3)
    for _ in range(3):
        state.apply("pass")
    out = state.playout_returns(200, policy="random", seed=1)
    assert len({tuple(r) for r in out}) > 10
    assert (out != 0).any(axis=1).all()  # every playout reaches a scored deal


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 0}, "at least 1"),
        ({"n": 1.0}, "int"),
        ({"n": 10**12}, "too many"),
        ({"n": 3, "policy": "best"}, "policy"),
        ({"n": 3, "threads": "2"}, "threads"),
    ],
)
def test_playout_returns_rejects_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    state = walk(4, 1, steps=3)[-1]
    with pytest.raises(InvalidArgumentError, match=match):
        state.playout_returns(**kwargs)


def test_huge_counts_are_refused_not_aborted() -> None:
    for n in (10**12, -3):
        with pytest.raises(InvalidArgumentError):
            smear.simulate(n)
    with pytest.raises(InvalidArgumentError):
        smear.simulate(5, players=7)
    with pytest.raises(InvalidArgumentError):
        game(4).new_state(seed=1)._deal.playouts(10**12)


# ---- the greedy policy ----------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_greedy_policy_rules(players: int) -> None:
    """Discards: non-trumps while any is left (trumps only from a hand of more than six);
    partner call: the highest trump the bidder lacks; the bidder's side leads a master trump
    while opponents may hold trumps; a trick partner wins safely gets the card worth most."""
    checked: Counter[str] = Counter()
    for seed in range(25):
        state = game(players).new_state(seed=seed)
        while not state.is_terminal():
            i = state._deal.greedy_action()
            assert i in state.legal_action_ids()
            action = state.action_from_id(i)
            seat = state.current_player
            assert seat is not None
            hand = state.hands()[seat]
            if action.kind == "discard":
                assert state.trump is not None
                t = trumps(state.trump)
                if action.cards is not None and action.cards <= t:
                    assert hand <= t, "a trump goes only once the non-trumps are gone"
                checked["discard"] += 1
            elif action.kind == "call":
                assert state.trump is not None
                top = Card.from_index(4 * 12 + state.trump)
                if top not in hand and top not in state._deal.discards(seat):
                    assert str(action.cards) == str(top)
                    checked["call"] += 1
            elif action.kind == "bid":
                checked["bid"] += 1
            state.apply(i)
        checked["deal"] += 1
    assert checked["discard"] > 100 and checked["bid"] > 10
    if players == 5:
        assert checked["call"] > 3


@pytest.mark.parametrize("players", PLAYERS)
def test_greedy_bidders_make_most_contracts(players: int) -> None:
    made = 0
    for seed in range(120):
        state = game(players).new_state(seed=seed)
        while not state.is_terminal():
            state.apply(state._deal.greedy_action())
        result = state.result
        assert result is not None
        made += result["made"]
    assert made > 0.55 * 120


# ---- ids, errors, pickling ------------------------------------------------------------------


def test_bad_ids_and_texts() -> None:
    state = walk(4, 4, steps=6)[-1]
    before = state.to_json()
    for bad in (174, -1, 2**70):
        with pytest.raises(InvalidArgumentError, match="not in 0..173"):
            state.apply(bad)
    illegal = next(i for i in range(174) if i not in state.legal_action_ids())
    with pytest.raises(IllegalActionError) as info:
        state.apply(illegal)
    assert info.value.rule is not None and info.value.rule.startswith("SM-")
    with pytest.raises(IllegalActionError) as info:
        state.action_from_id(illegal)
    assert "not a legal action id now" in str(info.value) and info.value.rule
    assert state.can_apply("zz") is False
    assert state.to_json() == before
    for bad_seat in (-1, 4, True):
        with pytest.raises(InvalidArgumentError):
            state.observation(bad_seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_apply_by_id_and_by_action_agree(players: int) -> None:
    rng = Rng(players)
    a = game(players).new_state(seed=players)
    b = game(players).new_state(seed=players)
    while not a.is_terminal():
        ids = a.legal_action_ids()
        assert ids == [a.action_id(x) for x in a.legal_actions()]
        i = ids[rng.below(len(ids))]
        a.apply(i)
        b.apply(str(b.legal_actions()[ids.index(i)]))
        assert a.to_json() == b.to_json()
    assert a.history == b.history and a.returns() == b.returns()


@pytest.mark.parametrize("players", PLAYERS)
def test_states_games_and_matches_pickle_to_equal_objects(players: int) -> None:
    g = game(players)
    assert pickle.loads(pickle.dumps(g)) == g
    rng = Rng(players + 10)
    for state in walk(players, 8)[::3]:
        resampled = [] if state.is_terminal() else [state.resample(rng.below(players), seed=1)]
        for s in [state, *resampled]:
            again = pickle.loads(pickle.dumps(s))
            assert again.to_json() == s.to_json()
            assert again.legal_action_ids() == s.legal_action_ids()
            assert [again.observation(p) for p in range(players)] == [
                s.observation(p) for p in range(players)
            ]
            assert again.history == s.history
    match = g.new_match(seed=3)
    for _ in range(3):
        deal = match.new_deal()
        while not deal.is_terminal():
            deal.apply(deal._deal.greedy_action())
    again = pickle.loads(pickle.dumps(match))
    assert again.party_scores == match.party_scores
    assert [d.to_json() for d in again.deals] == [d.to_json() for d in match.deals]
    assert again.new_deal().to_json() == match.new_deal().to_json()


def test_resample_mid_discard_weighs_trump_retention_exactly() -> None:
    """While the 4-player bidder discards (24 cards, hidden from a non-bidder), the number of
    trumps among his discards so far follows the exact law: SM-3.10 lets him discard a trump
    only while he holds more than six, so t trumps discarded (t > 0) need six or more in hand."""
    g = game(4)
    state = g.new_state(seed=11)
    while state.phase != "discard":
        state.apply(state._deal.greedy_action())
    bidder = state.bidder
    assert bidder is not None and state.trump is not None
    for _ in range(6):
        state.apply(state.legal_action_ids()[0])
    assert state.current_player == bidder
    viewer = (bidder + 1) % 4
    t_cards = trumps(state.trump)
    pool = CardSet.full_pack(jokers=True) - state._deal.dealt()[viewer]
    big_t = len(pool & t_cards)
    big_n = len(pool) - big_t
    d = len(state._deal.discards(bidder))
    hand = 24 - d

    def weight(t: int) -> int:
        ways = 0
        for j in range(hand + 1):
            if t == 0 or j >= 6:
                ways += math.comb(big_t - t, j) * math.comb(big_n - (d - t), hand - j)
        return math.comb(big_t, t) * math.comb(big_n, d - t) * ways

    law = {t: weight(t) for t in range(d + 1)}
    total = sum(law.values())
    draws = 6000
    seen: Counter[int] = Counter()
    for k in range(draws):
        other = state.resample(viewer, seed=k)
        seen[len(other._deal.discards(bidder) & t_cards)] += 1
    cells = [t for t in law if draws * law[t] / total >= 5]
    expected = {t: draws * law[t] / total for t in cells}
    assert len(cells) >= 3 and expected.get(0, 0) < 0.9 * draws  # both modes matter here
    chi2 = sum((seen[t] - expected[t]) ** 2 / expected[t] for t in cells)
    rest = draws - sum(expected.values())
    if rest >= 5:
        chi2 += (draws - sum(seen[t] for t in cells) - rest) ** 2 / rest
    dof = len(cells) - (0 if rest >= 5 else 1)
    critical = dof * (1 - 2 / (9 * dof) + 3.09 * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < critical, (chi2, critical, dict(seen), expected)
