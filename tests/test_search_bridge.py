"""Bridge's search primitives (issue 13): clone, resample (BR-4.9, exactly uniform), playouts
from any decision with the random and greedy policies, the integer path, pickling, and the
bad-input errors of issue 18 (counts, ids, seats, PBN records)."""

from __future__ import annotations

import itertools
import math
import pickle
from collections import Counter
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import Card, CardSet, IllegalActionError, InvalidArgumentError, Rng, bridge
from cardavia.games.bridge import CARD_BASE, EAST, NORTH, SOUTH, WEST, BridgeState

GAME = cardavia.load("bridge")


def walk(seed: int, steps: int | None = None) -> list[BridgeState]:
    """The states of one seeded random deal (or its first ``steps`` actions)."""
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    out = [state.clone()]
    while not state.is_terminal() and (steps is None or len(out) <= steps):
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
        out.append(state.clone())
    return out


def played_and_voids(state: BridgeState) -> tuple[list[CardSet], list[set[int]]]:
    """From the public record only: each seat's played cards and the suits it showed out of."""
    obs = state.observation(0)
    tricks = [(t["leader"], t["cards"]) for t in obs["tricks"]]
    if obs["current_trick"]["cards"]:
        tricks.append((obs["current_trick"]["leader"], obs["current_trick"]["cards"]))
    played = [CardSet() for _ in range(4)]
    voids: list[set[int]] = [set() for _ in range(4)]
    for leader, cards in tricks:
        led = Card(cards[0]).suit
        for k, text in enumerate(cards):
            seat = (leader + k) % 4
            card = Card(text)
            played[seat] |= CardSet([card])
            if card.suit != led:
                assert led is not None
                voids[seat].add(led.value)
    return played, voids


def test_seeded_deals_are_dealt_from_west() -> None:
    """BR-3.4: the seeded deal is the shuffle ``cardavia.deal`` makes, one card at a time from
    West (hand i of the seeded deal holds the cards k ≡ i mod 4: seat s gets hand s + 1)."""
    for seed in (0, 1, 7, 2**64 - 1):
        hands, _ = cardavia._core.deal_cards(4, 13, 1, False, seed)
        want = [str(CardSet(hands[(s + 1) % 4])) for s in range(4)]
        assert GAME.new_state(seed=seed)._deal_record["hands"] == want


# ---- clone ----------------------------------------------------------------------------------


def test_clone_shares_nothing_mutable() -> None:
    for state in walk(3)[::7]:
        if state.is_terminal():
            continue
        state.legal_actions()  # clone right after listing too
        copy = state.clone()
        before = state.to_json(), [state.observation(p) for p in range(4)]
        copy.apply(copy.legal_action_ids()[-1])
        assert (state.to_json(), [state.observation(p) for p in range(4)]) == before
        mine = copy.to_json(), [copy.observation(p) for p in range(4)], copy.history
        state.apply(state.legal_action_ids()[0])
        assert (copy.to_json(), [copy.observation(p) for p in range(4)], copy.history) == mine
        assert copy._deal_record is not state._deal_record
        assert copy._deal is not state._deal


# ---- resample -------------------------------------------------------------------------------


def test_resample_is_consistent_with_every_view() -> None:
    """BR-4.9: a resample changes nothing a player sees (own cards, dummy from the lead on,
    calls, played cards), keeps every seat's count and void, and replays from its record."""
    checked = 0
    for seed in range(12):
        for state in walk(seed)[::3]:
            if state.is_terminal():
                continue
            played, voids = played_and_voids(state)
            for player in range(4):
                seen = state.observation(player)
                for k in range(3):
                    other = state.resample(player, seed=1000 * seed + k)
                    assert other.observation(player) == seen
                    assert other.seed != state.seed
                    assert other.current_player == state.current_player
                    assert other.history == state.history
                    again = GAME.state_from_json(other.to_json())
                    assert again.to_json() == other.to_json()
                    assert again.observation(player) == seen
                    hands = other.hands()
                    true = state.hands()
                    again_played, _ = played_and_voids(other)
                    assert again_played == played
                    for s in range(4):
                        assert len(hands[s]) == len(true[s])
                        for suit in voids[s]:
                            assert not any(c.suit is not None and c.suit.value == suit
                                           for c in hands[s])  # fmt: skip
                    if player == state.current_player:
                        assert other.legal_action_ids() == state.legal_action_ids()
                    checked += 1
    assert checked > 500


def test_resample_keeps_dummy_only_once_exposed_and_hides_declarer_from_dummy() -> None:
    """BR-4.2/4.9: before the opening lead dummy's hand is redealt for the opening leader;
    from the lead on it is kept for everyone; the dummy player does not see declarer's hand."""
    state = GAME.new_state(seed=12)
    for call in ["P", "P", "4H", "P", "P", "P"]:
        state.apply(call)
    declarer, dummy = state.declarer, state.dummy
    assert (declarer, dummy) == (NORTH, SOUTH)
    leader = state.current_player
    assert leader == EAST
    moved = {state.resample(leader, seed=k).hands()[dummy] for k in range(20)}
    assert len(moved) > 1  # not yet exposed: dummy's cards are unknown to the leader
    state.apply(state.legal_action_ids()[0])
    for viewer in range(4):
        kept = {str(state.resample(viewer, seed=k).hands()[dummy]) for k in range(10)}
        assert kept == {str(state.hands()[dummy])}
    declarer_hands = {str(state.resample(dummy, seed=k).hands()[declarer]) for k in range(20)}
    assert len(declarer_hands) > 1


def consistent_splits(state: BridgeState, viewer: int) -> list[tuple[str, ...]]:
    """Every deal of the cards ``viewer`` cannot see that keeps counts and voids, by brute
    force from the public record (the hidden seats' hands, in seat order)."""
    obs = state.observation(viewer)
    known = {viewer}
    if obs["dummy_hand"] is not None:
        known.add(obs["dummy"])
    hidden = [s for s in range(4) if s not in known]
    hands = state.hands()
    unseen = sorted(c.index for s in hidden for c in hands[s])
    _, voids = played_and_voids(state)
    out = []

    def rec(i: int, left: list[int], acc: list[str]) -> None:
        if i == len(hidden):
            out.append(tuple(acc))
            return
        seat = hidden[i]
        for combo in itertools.combinations(left, len(hands[seat])):
            cards = [Card.from_index(c) for c in combo]
            if any(c.suit is not None and c.suit.value in voids[seat] for c in cards):
                continue
            rest = [c for c in left if c not in combo]
            rec(i + 1, rest, [*acc, str(CardSet(cards))])

    rec(0, unseen, [])
    return out


def chi_square_critical(cells: int) -> float:
    """The 99.9% quantile of chi-square with ``cells - 1`` degrees of freedom
    (Wilson-Hilferty)."""
    k = cells - 1
    return k * (1 - 2 / (9 * k) + 3.09 * math.sqrt(2 / (9 * k))) ** 3


def late_position(seed: int, tricks: int, need_void: bool) -> BridgeState | None:
    state = GAME.new_state(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal():
        if state.phase == "play" and len(state._deal.tricks()) == tricks:
            _, voids = played_and_voids(state)
            hidden_void = any(voids[s] for s in range(4) if s not in (state.dummy,))
            if hidden_void or not need_void:
                return state
            return None
        ids = state.legal_action_ids()
        state.apply(ids[rng.below(len(ids))])
    return None


@pytest.mark.parametrize(("viewer_role", "tricks"), [("defender", 10), ("dummy", 11)])
def test_resample_is_uniform_over_consistent_deals(viewer_role: str, tricks: int) -> None:
    """Late in the play, every consistent deal of the hidden cards comes out equally often
    (chi-square, fixed seeds), and the true one no more often than any other."""
    state = next(
        s
        for seed in range(200)
        if (s := late_position(seed, tricks, need_void=True)) is not None and s.declarer is not None
    )
    declarer, dummy = state.declarer, state.dummy
    assert declarer is not None and dummy is not None
    viewer = dummy if viewer_role == "dummy" else (declarer + 1) % 4
    cells = consistent_splits(state, viewer)
    assert len(cells) >= 6
    known = {viewer} | ({dummy} if viewer != dummy else set())
    hidden = [s for s in range(4) if s not in known]
    draws = 150 * len(cells)
    seen: Counter[tuple[str, ...]] = Counter()
    for k in range(draws):
        hands = state.resample(viewer, seed=k).hands()
        seen[tuple(str(hands[s]) for s in hidden)] += 1
    assert set(seen) == set(cells)
    expected = draws / len(cells)
    chi2 = sum((seen[c] - expected) ** 2 / expected for c in cells)
    assert chi2 < chi_square_critical(len(cells)), (chi2, len(cells))
    true_hands = tuple(str(state.hands()[s]) for s in hidden)
    assert seen[true_hands] < expected + 4 * math.sqrt(expected)


def test_resample_in_the_auction_spreads_every_hidden_card_evenly() -> None:
    """In the auction nothing but the own hand is known: each unseen card lies with each of
    the three other seats a third of the time."""
    state = GAME.new_state(seed=4)
    state.apply("1NT")
    where = np.zeros((52, 4))
    n = 3000
    for k in range(n):
        for seat, hand in enumerate(state.resample(WEST, seed=k).hands()):
            for c in hand:
                where[c.index, seat] += 1
    mine = [c.index for c in state.hands()[WEST]]
    assert (where[mine, WEST] == n).all()
    others = [i for i in range(52) if i not in mine]
    share = where[others][:, [NORTH, EAST, SOUTH]] / n
    assert np.abs(share - 1 / 3).max() < 0.05


def test_resample_arguments() -> None:
    state = walk(2, steps=10)[-1]
    for bad in (-1, 4, True, 1.0, "N", None):
        with pytest.raises(InvalidArgumentError):
            state.resample(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        state.resample(0, seed=-1)
    over = walk(2)[-1]
    with pytest.raises(InvalidArgumentError, match="over"):
        over.resample(0, seed=1)
    assert state.resample(0, seed=5).to_json() == state.resample(0, seed=5).to_json()
    assert state.resample(0).seed != state.resample(0).seed  # None: a fresh seed each time


# ---- playouts -------------------------------------------------------------------------------


def greedy_to_end(state: BridgeState) -> list[float]:
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply(copy._deal.greedy_action())
    return copy.returns()


@pytest.mark.parametrize("steps", [0, 3, 20, 40])
def test_playout_returns_from_auction_and_play(steps: int) -> None:
    state = walk(9, steps=steps)[-1]
    assert not state.is_terminal()
    for policy in ("random", "greedy"):
        out = state.playout_returns(64, policy=policy, seed=3)
        assert out.shape == (64, 4) and out.dtype == np.float64
        assert (out[:, 0] == out[:, 2]).all() and (out[:, 1] == -out[:, 0]).all()
        assert (out[:, 0] % 10 == 0).all()  # duplicate scores (BR-5)
        for threads in (2, 0):
            again = state.playout_returns(64, policy=policy, seed=3, threads=threads)
            assert np.array_equal(out, again)
        assert np.array_equal(out[:10], state.playout_returns(10, policy=policy, seed=3))
    greedy = state.playout_returns(4, policy="greedy", seed=0)
    assert (greedy == np.array(greedy_to_end(state))).all()  # the greedy policy is deterministic


def test_random_playouts_vary_and_match_a_replayed_random_deal() -> None:
    state = walk(1, steps=2)[-1]
    out = state.playout_returns(300, seed=8)
    assert len(set(out[:, 0])) > 20
    assert state.to_json() == walk(1, steps=2)[-1].to_json()  # the state is left unchanged


def test_greedy_auctions_end_in_sensible_contracts() -> None:
    """Greedy bidding (natural, on points) reaches contracts the greedy play makes about as
    often as not; uniformly random calls end in doubled high contracts that go down."""
    results = {"greedy": [], "random": []}
    for seed in range(300):
        state = GAME.new_state(seed=seed)
        for policy in results:
            results[policy].append(state.playout_returns(1, policy=policy, seed=seed)[0, 0])
    greedy = np.abs(np.array(results["greedy"]))
    rand = np.abs(np.array(results["random"]))
    assert np.median(greedy) < 500 < np.median(rand)
    levels = []
    for seed in range(200):
        state = GAME.new_state(seed=seed)
        while state.phase == "auction":
            state.apply(state._deal.greedy_action())
        if state.contract:
            levels.append(int(state.contract[0]))
    assert len(levels) > 180  # few deals are passed out
    assert 2 <= np.mean(levels) <= 4.5 and max(levels) <= 7


def auction_of(hands: list[str]) -> list[str]:
    state = GAME.new_state(seed=0, deal={"hands": hands})
    while state.phase == "auction":
        state.apply(state._deal.greedy_action())
    return state.calls


def fill(north: str, south: str, east: str) -> list[str]:
    """A deal with these N, S and E hands and West the rest."""
    used = CardSet(north) | CardSet(south) | CardSet(east)
    west = CardSet.full_pack(jokers=False) - used
    return [north, east, south, str(west)]


def test_greedy_bidding_rules() -> None:
    # 17 balanced: South opens 1NT; North's 11 balanced raises to 3NT; everyone passes.
    hands = fill(
        north="Qs 3s 2s Kh 5h 4h Ad 4d 3d 2d Qc 5c 4c",
        south="As Ks 5s 4s Ah Qh 2h Kd 6d 5d Jc 3c 2c",
        east="Js Ts 9s Jh Th 9h 8h Qd Jd Td 9d 8d 7d",
    )
    assert auction_of(hands) == ["1NT", "P", "3NT", "P", "P", "P"]
    # Five spades and 13 opposite four spades and 12 with a singleton: 1S, then game in spades.
    hands = fill(
        north="Ks Qs 3s 2s Ah 4h 3h 2h Kd 4d 3d 2d 4c",
        south="As Js Ts 9s 8s Kh Qh Ad 5d 6c 3c 2c 5c",
        east="7s 6s 5s Jh Th 9h 8h Qd Jd Td 9d 8d 7d",
    )
    calls = auction_of(hands)
    assert calls[0] == "1S" and calls[-4:] == ["4S", "P", "P", "P"]
    # Nothing to say with nothing: a yarborough passes in any seat.
    state = GAME.new_state(
        seed=0,
        deal={"hands": fill(north="As Ks Qs Js Ah Kh Qh Jh Ad Kd Qd Jd Ac",
                            south="2s 3s 4s 5s 2h 3h 4h 5h 2d 3d 4d 5d 2c",
                            east="6s 7s 8s 9s 6h 7h 8h 9h 6d 7d 8d 9d 3c")},
    )  # fmt: skip
    assert state._deal.greedy_action() == 0  # South (first to call) passes with 0 HCP


def test_greedy_card_play_rules() -> None:
    """Second hand low; the last hand wins as cheaply as it can unless partner is winning;
    a void ruffs with the cheapest winning trump; otherwise discard the lowest card."""
    checked = Counter[str]()
    for seed in range(60):
        for state in walk(seed):
            if state.phase != "play":
                continue
            deal = state._deal
            leader, trick = deal.current_trick()
            if not trick:
                continue
            seat = deal.seat_to_play
            legal = [ACTION for ACTION in state.legal_action_ids()]
            cards = [Card.from_index(i - CARD_BASE) for i in legal]
            choice = Card.from_index(deal.greedy_action() - CARD_BASE)
            assert choice in cards
            led = trick[0].suit
            strain = state.contract[1] if state.contract else "N"
            trump = "CDHS".find(strain)
            following = any(c.suit == led for c in cards)
            pos = len(trick)
            winner = bridge_winner(trick, trump)
            partner_winning = (leader + winner) % 4 == (seat + 2) % 4
            lowest = min(cards, key=lambda c: c.rank.value)
            if following and pos == 1:
                assert choice == lowest, "second hand low"
                checked["second"] += 1
            elif following and pos == 3 and not partner_winning:
                beaters = [c for c in cards if beats(c, trick[winner], trump, led)]
                assert choice == (min(beaters, key=lambda c: c.rank.value) if beaters else lowest)
                checked["fourth"] += 1
            elif not following and not partner_winning and trump >= 0:
                trumps = [c for c in cards if c.suit is not None and c.suit.value == trump]
                winners = [c for c in trumps if beats(c, trick[winner], trump, led)]
                if winners:
                    assert choice == min(winners, key=lambda c: c.rank.value), "ruff cheaply"
                    checked["ruff"] += 1
            elif not following and trump < 0:
                assert choice.rank == lowest.rank, "discard low"
                checked["discard"] += 1
    assert min(checked.values()) > 10 and len(checked) == 4, checked


def beats(card: Card, best: Card, trump: int, led: Any) -> bool:
    t = lambda c: c.suit is not None and c.suit.value == trump  # noqa: E731
    if t(card) != t(best):
        return t(card)
    if card.suit != best.suit:
        return card.suit == led and best.suit != led
    return card.rank.value > best.rank.value


def bridge_winner(trick: list[Card], trump: int) -> int:
    best = 0
    for k in range(1, len(trick)):
        if beats(trick[k], trick[best], trump, trick[0].suit):
            best = k
    return best


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"n": 0}, "at least 1"),
        ({"n": -5}, "at least 1"),
        ({"n": 2.5}, "int"),
        ({"n": True}, "int"),
        ({"n": 10**12}, "too many"),
        ({"n": 4, "policy": "smart"}, "policy"),
        ({"n": 4, "threads": -1}, "threads"),
        ({"n": 4, "seed": -1}, "seed"),
    ],
)
def test_playout_returns_rejects_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    state = walk(0, steps=5)[-1]
    with pytest.raises(InvalidArgumentError, match=match):
        state.playout_returns(**kwargs)


def test_playouts_from_the_end_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="over"):
        walk(0)[-1].playout_returns(1)


def test_huge_counts_are_refused_not_aborted() -> None:
    """Issue 18 point 2: counts that cannot be allocated raise InvalidArgumentError."""
    for n in (10**12, 2**40, -1):
        with pytest.raises(InvalidArgumentError):
            bridge.simulate(n)
    with pytest.raises(InvalidArgumentError):
        GAME.new_state(seed=1)._deal.playouts(10**12)
    with pytest.raises(InvalidArgumentError):
        bridge.simulate(10, threads=-2)
    assert len(bridge.simulate(0)["ns"]) == 0


# ---- the integer path and errors ------------------------------------------------------------


def test_apply_by_id_and_by_action_agree() -> None:
    rng = Rng(5)
    a = GAME.new_state(seed=5)
    b = GAME.new_state(seed=5)
    while not a.is_terminal():
        ids = a.legal_action_ids()
        assert ids == [a.action_id(x) for x in a.legal_actions()] == b.legal_action_ids()
        i = ids[rng.below(len(ids))]
        a.apply(i)
        b.apply(b.legal_actions()[ids.index(i)])
        assert a.to_json() == b.to_json()
    assert a.history == b.history and a.returns() == b.returns()


def test_bad_ids_and_texts() -> None:
    """Issue 18 point 11: an out-of-range id is an InvalidArgumentError, an id not legal now an
    IllegalActionError naming the rule, and unreadable text is simply not applicable."""
    state = walk(4, steps=6)[-1]
    before = state.to_json()
    for bad in (90, -1, 2**70):
        with pytest.raises(InvalidArgumentError, match="not in 0..89"):
            state.apply(bad)
        with pytest.raises(InvalidArgumentError):
            state.action_from_id(bad)
    illegal = next(i for i in range(90) if i not in state.legal_action_ids())
    with pytest.raises(IllegalActionError) as info:
        state.apply(illegal)
    assert info.value.rule is not None and info.value.rule.startswith("BR-")
    with pytest.raises(IllegalActionError) as info:
        state.action_from_id(illegal)
    assert info.value.rule is not None and "not a legal action id now" in str(info.value)
    assert state.can_apply("zz") is False
    assert state.can_apply(illegal) is False
    assert state.to_json() == before
    over = walk(4)[-1]
    with pytest.raises(IllegalActionError) as info:
        over.apply(0)
    assert info.value.rule is not None


def test_observation_validates_the_seat() -> None:
    state = walk(4, steps=6)[-1]
    for bad in (-1, 4, True, "S", 1.0, np.bool_(True)):
        with pytest.raises(InvalidArgumentError):
            state.observation(bad)  # type: ignore[arg-type]
    assert state.observation(np.int64(2))["player"] == 2


# ---- pickling -------------------------------------------------------------------------------


def test_states_and_games_pickle_to_equal_objects() -> None:
    for game in (GAME, cardavia.load("bridge", vulnerability="both")):
        assert pickle.loads(pickle.dumps(game)) == game
        state = game.new_state(seed=6)
        rng = Rng(6)
        while True:
            for s in (state, state.resample(rng.below(4), seed=rng.below(1000))):
                if s.is_terminal() and s is not state:
                    continue
                again = pickle.loads(pickle.dumps(s))
                assert again.to_json() == s.to_json()
                assert again.legal_action_ids() == s.legal_action_ids()
                assert [again.observation(p) for p in range(4)] == [
                    s.observation(p) for p in range(4)
                ]
                assert again.history == s.history
            if state.is_terminal():
                break
            ids = state.legal_action_ids()
            state.apply(ids[rng.below(len(ids))])
            if state.is_terminal():
                break


def test_matches_pickle_to_equal_objects() -> None:
    match = GAME.new_match(seed=4)
    for _ in range(2):
        deal = match.new_deal()
        while not deal.is_terminal():
            deal.apply(deal._deal.greedy_action())
    again = pickle.loads(pickle.dumps(match))
    assert again.scores == match.scores
    assert [d.to_json() for d in again.deals] == [d.to_json() for d in match.deals]
    assert again.new_deal().to_json() == match.new_deal().to_json()


# ---- PBN errors -----------------------------------------------------------------------------

PBN = """[Dealer "S"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Declarer "N"]
[Contract "7S"]
[Auction "S"]
Pass Pass 7S Pass Pass Pass
[Play "E"]
HA D2 C2 SA
"""


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (('[Play "E"]', '[Play "Q"]'), "Play tag"),
        (("HA D2", "HZ D2"), "trick 1, E's card 'HZ'"),
        (("HA D2", "D2 HA"), "trick 1, E's card 'D2'"),
        (("7S Pass", "8S Pass"), "Auction token 3 '8S'"),
        (("Pass Pass 7S", "Pass X 7S"), "Auction token 2 'X'"),
        (("AKQJT98765432...", "AKQJT9876543X..."), "'X', which is not a rank"),
        (("AKQJT98765432...", "AKQJT98765432.."), "four suits"),
        (('[Vulnerable "None"]', '[Vulnerable "Red"]'), "Vulnerable"),
        (('[Deal "N:', '[Deal "X:'), "Deal tag"),
        (('...AKQJT98765432"]', '"]'), "four hands"),
    ],
)
def test_malformed_pbn_records_say_what_and_where(change: tuple[str, str], match: str) -> None:
    """Issue 18 point 8: every malformed record is an InvalidArgumentError saying what is
    wrong where."""
    text = PBN.replace(*change)
    assert text != PBN
    with pytest.raises(InvalidArgumentError, match=match):
        bridge.from_pbn(text)


def test_pbn_cards_after_the_last_trick_are_refused() -> None:
    state = walk(0)[-1]
    while state.phase != "over" or state.declarer is None:
        state = walk(int(state.seed) + 1)[-1]
    text = bridge.to_pbn(state).replace("\n*", "\nSA - - -\n*")
    with pytest.raises(InvalidArgumentError, match="after the last trick|trick 14"):
        bridge.from_pbn(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(PBN) - 1),
            st.integers(0, 3),
            st.sampled_from(
                list('SHDCNEWAKQJT98765432-*.:"[] \nXP') + ["Pass", "AP", "=1=", "$1", "10"]
            ),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_fuzzed_pbn_gives_a_state_or_an_invalid_argument(edits: list[Any]) -> None:
    """Tampered PBN either reads or raises InvalidArgumentError (never another exception)."""
    text = PBN
    for at, cut, insert in edits:
        at = min(at, len(text))
        text = text[:at] + insert + text[at + cut :]
    try:
        state = bridge.from_pbn(text)
    except InvalidArgumentError:
        return
    assert isinstance(state, BridgeState)


def test_pbn_must_be_text() -> None:
    with pytest.raises(InvalidArgumentError):
        bridge.from_pbn(b"[Deal]")  # type: ignore[arg-type]
    assert SOUTH == 2
