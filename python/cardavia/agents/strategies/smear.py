"""Ten Point Smear rule strategy (the HeuristicAgent), hints' reasons, and the search's
settings. Rules: ``rules/smear.md``.

The strategy reads only the player's observation and legal actions: its own cards and
discards, the bids, trump, the partner card and partner, every played card, and the suits each
player showed out of (SM-4.3). A card is a *master* when no card the player has not seen can
beat it in its suit. A card's *worth* is what it brings the side that captures it: 10 per
scoring point it carries (jack and jick of trump 1, each joker 1, the trey 3, SM-6.1) plus its
game value (SM-2.7: ten 10, ace 4, king 3, queen 2, jacks and jokers 1).

**Bid** (SM-3.5). The hand is scored for each suit as trump: the points it is expected to
take as the bidder, a linear score of the trump ace, king, queen, jack, jick, jokers, trey, two
and the number of trumps, with weights fitted per player count (least squares) to the points
bidders took in 24,000 simulated deals each; the constant holds what the stock and a partner
usually bring, which is why a 4-player bidder (14 stock cards) expects about six points from
almost any hand. With the best suit's estimate *e*:

* never overbid a partner (4 and 6 players);
* the dealer, last to speak, bids the minimum legal bid when *e* reaches it;
* an earlier seat bids ``floor(e - 0.5)`` (at most 10) when that is a legal bid — a good hand
  takes the contract at what it expects to make rather than being outbid a point at a time;
* otherwise it passes.

**Trump** (SM-3.7): the suit with the best estimate.

**Discard** (SM-3.9/3.10), one card at a time down to six: the card worth least to keep —
non-trumps first (low spot cards first, aces and tens last), and only once a hand of more than
six trumps has nothing else left, its least valuable trumps (the ace, jack, jick, trey, king,
queen, jokers, two and ten are kept longest, in that order).

**Partner call** (5 players, SM-3.11): the highest trump the bidder lacks (ace, king, queen,
jack, jick, jokers, ten, ...), else an outside ace.

**Play** (SM-4, SM-5):

* leading: the bidder's side leads its highest master trump while unseen trumps remain
  (pulling the jack, jick and jokers); otherwise it cashes its highest outside master; else it
  leads its least valuable card, a non-trump if it has one;
* partner winning safely (nobody is left to beat him, or his card is a master that cannot be
  trumped: it is a trump, no trump is unseen, or everyone still to play has shown out of
  trump): it smears the card worth most onto his trick (trey, jack, jick, jokers, ten...),
  keeping its master trumps;
* otherwise it wins as cheaply as possible when the trick holds points, when it plays last or
  when its winning card is a master (a winning card that is not a master and carries points is
  risked only by the last player);
* else it plays its least valuable card.

The same rules, on the same view, are the greedy rollout policy of
``SmearState.playout_returns`` (``cardavia_core::tricks::smear::greedy`` in Rust), so a search
models the other players with the strategy they play.

**Search** (:class:`~cardavia.agents.SearchAgent`): the generic determinized search with
greedy rollouts ranks every legal bid, trump, partner card and play. The discard to six is one
decision for it: :meth:`SmearStrategy.candidates` offers whole keeps (the six cards kept, as
the line of discards that leaves them) — the rule strategy's keep first, then the keeps that
swap one of its freely chosen cards for one it would drop, best first by the same keep values,
at most :data:`MAX_KEEPS` of them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from cardavia import _core
from cardavia._core import Card, CardSet, Rng
from cardavia.game import Action, State
from cardavia.games.smear import ACTIONS, DISCARD_BASE, SUITS, trumps

__all__ = [
    "MAX_KEEPS",
    "STRATEGY",
    "SmearStrategy",
    "SmearView",
    "estimate",
    "keep_value",
    "view_of",
]

MAX_KEEPS = 12
"""Most whole keeps a search ranks at a discard decision."""
BID_TRIES = 64
"""Draws a search's world may take to explain the other players' bids."""
BID_SLACK = 0.1
"""How much a world keeps of its chance per bid it explains otherwise than this strategy."""

DECK = CardSet.full_pack(jokers=True)
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def estimate(hand: CardSet, trump: int, players: int) -> float:
    """The points ``hand`` (as dealt) is expected to take as the bidder with ``trump`` (0-3,
    c d h s) as trump (see the module documentation)."""
    return _core.smear_estimate(hand, trump, players)


def best_suit(hand: CardSet, players: int) -> tuple[int, float]:
    """The suit with the best estimate and that estimate (ties: the higher suit)."""
    best = (0, float("-inf"))
    for s in range(4):
        e = estimate(hand, s, players)
        if e >= best[1]:
            best = (s, e)
    return best


def _rank(card: Card) -> int:
    """0 (two) .. 12 (ace); -1 for a joker."""
    return card.index // 4 if card.index < 52 else -1


def _suit(card: Card) -> int:
    """0..3 (c d h s); -1 for a joker."""
    return card.index % 4 if card.index < 52 else -1


def _jick(trump: int) -> Card:
    return Card.from_index(4 * 9 + (3 - trump))


def power(card: Card, trump: int) -> int:
    """The card's order inside its effective suit (SM-2.5, SM-2.6): trumps 2..T are 0..8, the
    jokers 9, the jick 10, the trump jack, queen, king, ace 11..14; other suits by rank."""
    if card.is_joker:
        return 9
    r = _rank(card)
    if card == _jick(trump):
        return 10
    if _suit(card) == trump and r >= 9:
        return r + 2
    return r


def capture_points(card: Card, trump: int) -> int:
    """Scoring points the card brings its captor (SM-6.1): jack, jick, each joker 1, trey 3."""
    if card.is_joker or card == _jick(trump):
        return 1
    if _suit(card) == trump:
        return {9: 1, 1: 3}.get(_rank(card), 0)
    return 0


def game_value(card: Card) -> int:
    """SM-2.7."""
    if card.is_joker:
        return 1
    return {12: 4, 11: 3, 10: 2, 9: 1, 8: 10}.get(_rank(card), 0)


def worth(card: Card, trump: int) -> int:
    """What the card brings the side that captures it: 10 per point, plus its game value."""
    return 10 * capture_points(card, trump) + game_value(card)


def keep_value(card: Card, trump: int) -> int:
    """How much the card is worth keeping at the discard (higher: kept longer)."""
    t = trumps(trump)
    r = _rank(card)
    if card not in t:
        return 2 * r + (6 if r == 8 else 0)
    if card.is_joker:
        bonus = 10
    elif card == _jick(trump):
        bonus = 12
    else:
        bonus = {12: 15, 11: 13, 10: 11, 9: 14, 1: 12, 0: 9, 8: 8}.get(r, r - 1)
    return 100 + bonus


@dataclass(frozen=True)
class SmearView:
    """What the player to act may see, as the rule strategy reads it."""

    players: int
    seat: int
    phase: str
    dealer: int
    hand: CardSet
    high: tuple[int, int] | None
    bidder: int | None
    partner: int | None
    trump: int | None
    legal: CardSet
    unseen: CardSet
    leader: int
    trick: tuple[Card, ...]
    voids: tuple[int, ...]

    def side_of(self, seat: int) -> int:
        """SM-3.2, SM-3.11."""
        if self.players == 4:
            return seat % 2
        if self.players == 6:
            return seat % 3
        return 0 if seat in (self.bidder, self.partner) else 1


def view_of(state: State) -> SmearView:
    """The view of the player to act, from his observation and legal actions only."""
    player = state.current_player
    assert player is not None
    obs = state.observation(player)
    n = obs["players"]
    trump = None if obs["trump"] is None else SUITS.index(obs["trump"])
    hand = CardSet(obs["hand"])
    high = None
    for i, b in enumerate(obs["bids"]):
        if b is not None:
            high = (b, (obs["dealer"] + 1 + i) % n)
    legal = CardSet([c for a in state.legal_actions() if a.cards is not None for c in a.cards])
    played = CardSet()
    voids = [0] * n
    tricks = [(t["leader"], t["cards"]) for t in obs["tricks"]]
    current = obs["current_trick"]
    if current["cards"]:
        tricks.append((current["leader"], current["cards"]))
    if trump is not None:
        for number, (leader, cards) in enumerate(tricks):
            led = _effective_suit(Card(cards[0]), trump)
            for k, text in enumerate(cards):
                card = Card(text)
                played |= CardSet([card])
                seat = (leader + k) % n
                forced = number == 0 and seat == obs["partner"] and text == obs["partner_card"]
                if _effective_suit(card, trump) != led and not forced:
                    voids[seat] |= 1 << led
    unseen = DECK - hand - played - CardSet(obs["discards"])
    leader = current["leader"] if current["leader"] is not None else player
    return SmearView(
        players=n,
        seat=player,
        phase=obs["phase"],
        dealer=obs["dealer"],
        hand=hand,
        high=high,
        bidder=obs["bidder"],
        partner=obs["partner"],
        trump=trump,
        legal=legal,
        unseen=unseen,
        leader=leader,
        trick=tuple(Card(c) for c in current["cards"]),
        voids=tuple(voids),
    )


def _effective_suit(card: Card, trump: int) -> int:
    if card.is_joker or card == _jick(trump):
        return trump
    return _suit(card)


def rule_action(view: SmearView) -> Action:
    """The rule strategy's action on a view (computed in Rust, the rollout policy's code)."""
    i = _core.smear_rule_action(
        view.players,
        view.seat,
        view.phase,
        view.dealer,
        view.hand,
        view.high,
        view.bidder,
        view.partner,
        view.trump,
        view.legal,
        view.unseen,
        view.leader,
        list(view.trick),
        list(view.voids),
    )
    return ACTIONS[i]


def _keep_key(card: Card, trump: int) -> tuple[int, int]:
    return (keep_value(card, trump), card.index)


def rule_keep(hand: CardSet, trump: int) -> CardSet:
    """The six cards the rule strategy keeps from ``hand`` (SM-3.10 respected): the least
    valuable cards go first, trumps only from a hand of more than six trumps."""
    t = trumps(trump)
    held = hand & t
    if len(held) >= 6:
        ranked = sorted(held, key=lambda c: _keep_key(c, trump), reverse=True)
        return CardSet(ranked[:6])
    others = sorted(hand - t, key=lambda c: _keep_key(c, trump), reverse=True)
    return held | CardSet(others[: 6 - len(held)])


def keep_candidates(hand: CardSet, trump: int, limit: int = MAX_KEEPS) -> list[CardSet]:
    """Legal keeps of six (SM-3.10): the rule keep first, then those swapping one freely chosen
    card of it for one it drops, by total keep value (best first), at most ``limit``."""
    t = trumps(trump)
    base = rule_keep(hand, trump)
    held = hand & t
    # The cards SM-3.10 leaves to choice: all six among the trumps with more than six,
    # else the non-trumps beside the trumps kept.
    pool = held if len(held) >= 6 else hand - t
    free_kept = base & pool
    dropped = pool - base
    swaps = []
    for out, into in itertools.product(free_kept, dropped):
        keep = (base - CardSet([out])) | CardSet([into])
        value = sum(keep_value(c, trump) for c in keep)
        swaps.append((-value, out.index, into.index, keep))
    swaps.sort(key=lambda x: x[:3])
    return [base] + [k for *_, k in swaps[: max(0, limit - 1)]]


def discard_line(hand: CardSet, keep: CardSet, trump: int) -> tuple[Action, ...]:
    """The discards that leave ``keep``: non-trumps first, then trumps (each one legal under
    SM-3.10 in this order)."""
    t = trumps(trump)
    drop = hand - keep
    ordered = sorted(drop - t, key=lambda c: c.index) + sorted(drop & t, key=lambda c: c.index)
    return tuple(ACTIONS[DISCARD_BASE + c.index] for c in ordered)


def _cards_text(cards: CardSet) -> str:
    return " ".join(str(c) for c in cards)


class SmearStrategy:
    search_policy = "greedy"
    bid_tries = BID_TRIES
    bid_slack = BID_SLACK

    def resample(self, state: State, player: int, seed: int) -> State:
        """The search's worlds: :meth:`~cardavia.games.smear.SmearState.resample_by_bids`
        (the other players' bids weigh the draws, as if they bid by this strategy)."""
        return state.resample_by_bids(  # type: ignore[attr-defined, no-any-return]
            player, seed, tries=self.bid_tries, slack=self.bid_slack
        )

    def choose(self, state: State, rng: Rng) -> Action:
        """The rule strategy's action (the module documentation); deterministic, ``rng`` is not
        needed (no ties are left to chance)."""
        return rule_action(view_of(state))

    # ---- hints ------------------------------------------------------------------------------

    def describe(self, state: State, action: Action) -> str:
        view = view_of(state)
        if action.kind == "pass":
            return self._describe_pass(view)
        if action.kind == "bid":
            suit, e = best_suit(view.hand, view.players)
            return (
                f"bids {action.amount}: expects about {e:.1f} points with "
                f"{SUIT_WORDS[suit]} as trump"
            )
        if action.kind == "trump":
            assert action.amount is not None
            e = estimate(view.hand, action.amount, view.players)
            held = view.hand & trumps(action.amount)
            return (
                f"{SUIT_WORDS[action.amount]} as trump: {len(held)} trumps held, about "
                f"{e:.1f} points expected"
            )
        assert action.cards is not None and view.trump is not None
        (card,) = action.cards
        if action.kind == "discard":
            return self._describe_discard(view, card)
        if action.kind == "call":
            return f"calls {card} as the partner card: whoever holds it joins the bidder (SM-3.11)"
        return self._describe_play(view, card)

    def describe_line(self, state: State, line: tuple[Action, ...]) -> str:
        """A whole keep at the discard (SM-3.10) is described by the six cards it keeps; any
        other line by its first action (:meth:`describe`)."""
        if len(line) > 1 and all(a.kind == "discard" for a in line):
            view = view_of(state)
            assert view.trump is not None
            dropped = CardSet([c for a in line if a.cards is not None for c in a.cards])
            keep = view.hand - dropped
            t = trumps(view.trump)
            rule = keep == rule_keep(view.hand, view.trump)
            lost = sum(game_value(c) for c in dropped)
            trumps_out = f", the trumps {_cards_text(dropped & t)}" if dropped & t else ""
            return (
                f"keeps {_cards_text(keep)} ({len(keep & t)} trumps"
                f"{', the rule keep' if rule else ''}); discards {len(dropped)} cards worth "
                f"{lost} toward Game{trumps_out}"
            )
        return self.describe(state, line[0])

    @staticmethod
    def _describe_pass(view: SmearView) -> str:
        high = view.high
        if (
            high is not None
            and view.players != 5
            and view.side_of(high[1]) == view.side_of(view.seat)
        ):
            return "passes: leaves the contract to its partner"
        suit, e = best_suit(view.hand, view.players)
        return f"passes: expects about {e:.1f} points at best ({SUIT_WORDS[suit]})"

    @staticmethod
    def _describe_discard(view: SmearView, card: Card) -> str:
        assert view.trump is not None
        keep = rule_keep(view.hand, view.trump)
        if card in trumps(view.trump):
            what = f"discards the trump {card} (more than six trumps, SM-3.10)"
        elif worth(card, view.trump) == 0:
            what = f"discards {card}, a card worth nothing"
        else:
            what = f"discards {card} ({game_value(card)} toward Game)"
        return f"{what}; the rule keep is {_cards_text(keep)}"

    @staticmethod
    def _describe_play(view: SmearView, card: Card) -> str:
        trump = view.trump
        assert trump is not None
        t = trumps(trump)
        suit = _effective_suit(card, trump)
        master = all(power(c, trump) <= power(card, trump) for c in view.unseen
                     if _effective_suit(c, trump) == suit)  # fmt: skip
        points = capture_points(card, trump)
        carries = f" (worth {points} point{'s' if points != 1 else ''})" if points else ""
        if not view.trick:
            if card in t and master:
                return f"leads the master trump {card}{carries} to draw trumps"
            if master:
                return f"cashes the master {card}"
            if card in t:
                return f"leads the trump {card}{carries}"
            return f"leads {card}"
        led = _effective_suit(view.trick[0], trump)
        win_k = _winner(view.trick, trump)
        winner_seat = (view.leader + win_k) % view.players
        partner_wins = view.side_of(winner_seat) == view.side_of(view.seat)
        beats = _beats(card, view.trick[win_k], led, trump)
        if partner_wins and not beats:
            if worth(card, trump):
                return f"smears {card}{carries} onto the partner's trick"
            return f"plays {card} under the partner's winning card"
        if beats:
            if partner_wins:
                return f"overtakes the partner with {card}{carries}"
            return f"wins the trick with {card}{carries}" + (" (a master)" if master else "")
        if worth(card, trump):
            return f"gives {card}{carries} to the opponents' trick"
        return f"plays {card}, a card worth nothing, to a trick it cannot win"

    # ---- search -----------------------------------------------------------------------------

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action on its own, the rule strategy's first; a discard decision as
        whole keeps (the module documentation)."""
        view = view_of(state)
        if view.phase == "discard":
            assert view.trump is not None
            return [discard_line(view.hand, keep, view.trump)
                    for keep in keep_candidates(view.hand, view.trump)]  # fmt: skip
        legal = state.legal_actions()
        first = rule_action(view)
        lines: list[tuple[Action, ...]] = [(first,)]
        return lines + [(a,) for a in legal if a != first]


def _beats(challenger: Card, best: Card, led: int, trump: int) -> bool:
    t = trumps(trump)
    if (challenger in t) != (best in t):
        return challenger in t
    if challenger in t:
        return power(challenger, trump) > power(best, trump)
    return _effective_suit(challenger, trump) == led and (
        _effective_suit(best, trump) != led or power(challenger, trump) > power(best, trump)
    )


def _winner(cards: tuple[Card, ...], trump: int) -> int:
    led = _effective_suit(cards[0], trump)
    best = 0
    for k in range(1, len(cards)):
        if _beats(cards[k], cards[best], led, trump):
            best = k
    return best


STRATEGY = SmearStrategy()
