"""Bridge rule strategy (the HeuristicAgent), the hints' reasons, and the search's settings.

**Calls** (BR-3). The bidding system of
:mod:`cardavia.agents.strategies.bridge_system`: a rule table (five-card majors, 15–17 1NT,
2NT 20–21, strong 2C, weak twos, Stayman and Jacoby transfers, raises, new suits and rebids,
overcalls, takeout and penalty doubles, passes). Every call's reason is the rule's text
("1NT: 15–17 HCP, balanced").

**Card play** (BR-4). The seat whose card is due is played from its own cards (the declarer
plays dummy's cards from dummy's hand, BR-4.3). "Masters" are cards no unseen card of their
suit beats (the played cards, the own hand and dummy's exposed hand are known).

* *Opening lead* (a defender, no card played yet): partner's bid suit (the top of a doubleton,
  the top of touching honours, else low); else against NT the longest suit (top of a sequence
  of two touching honours, else fourth best); against a suit contract, the top of a side-suit
  sequence (AK, KQ, QJ, JT), else a side singleton when holding a trump to ruff, else fourth
  best from the longest side suit not headed by the ace (never leading away from an ace, nor
  the opponents' bid suits when another lead exists).
* *Later leads*: the declarer side draws trumps with a master trump while the defenders may
  still hold one, then cashes side-suit masters, else leads low from its longest suit. A
  defender cashes its masters, else follows partner's signal (a first discard of 7 or higher
  asks for that suit), else returns partner's suit, else leads low from its longest suit.
* *Second hand* low, except that it covers an honour (J or higher) led by an opponent with the
  cheapest card that beats it.
* *Third hand* high: with partner's card not winning for sure, the lowest of its top touching
  cards when that beats the trick, else low.
* *Fourth hand* wins as cheaply as it can when the opponents are winning, else plays low.
* *Void in the suit led*: when partner is winning (for sure), discard; otherwise ruff with the
  cheapest trump that wins (overruffing if needed); else discard. A discard is the lowest card
  of the weakest suit (the fewest high-card points, then the longest), so a low card says
  "not this suit" and a 7 or higher, thrown only from strength, says "this suit".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardavia._core import Card, CardSet, Rng
from cardavia.agents.strategies.bridge_system import (
    STRAINS,
    Auction,
    Hand,
    choose_call,
    explain_call,
    read_auction,
)
from cardavia.game import Action, State

__all__ = ["STRATEGY", "BridgeStrategy", "PlayView", "choose_card", "opening_lead"]

NOTRUMP = 4
HONOUR = 9  # rank value of the jack (0 = two ... 12 = ace)
RANK_LETTERS = "23456789TJQKA"


def _suit(card: Card) -> int:
    s = card.suit
    assert s is not None
    return s.value


def _rank(card: Card) -> int:
    return card.rank.value


class PlayView:
    """What the seat whose card is due knows during the play, from its chooser's observation.

    ``seat`` is the seat whose card is due (dummy's seat when the declarer plays for dummy),
    ``hand`` its cards, ``partner_hand`` dummy's cards when the partner is the (visible)
    dummy, ``seen`` every card known to the chooser (own, dummy's, played)."""

    def __init__(self, obs: dict[str, Any]):
        self.obs = obs
        self.seat: int = obs["seat_to_play"]
        self.declarer: int = obs["declarer"]
        self.dummy: int = obs["dummy"]
        contract: str = obs["contract"]
        strain_text = contract[1:].rstrip("X")
        self.trump: int = STRAINS.index(strain_text)
        self.level = int(contract[0])
        dummy_hand = CardSet(obs["dummy_hand"]) if obs["dummy_hand"] is not None else CardSet()
        own = CardSet(obs["hand"])
        self.hand = dummy_hand if self.seat == self.dummy else own
        partner = (self.seat + 2) % 4
        self.partner = partner
        self.partner_hand: CardSet | None = None
        if partner == self.dummy and obs["dummy_hand"] is not None:
            self.partner_hand = dummy_hand
        elif self.seat == self.dummy:
            self.partner_hand = own
        played: list[Card] = []
        self.tricks: list[tuple[int, list[Card]]] = []
        for t in obs["tricks"]:
            cards = [Card(c) for c in t["cards"]]
            self.tricks.append((t["leader"], cards))
            played += cards
        trick = obs["current_trick"]
        self.leader: int = trick["leader"] if trick["leader"] is not None else self.seat
        self.trick: list[Card] = [Card(c) for c in trick["cards"]]
        played += self.trick
        self.played = CardSet(played)
        self.seen = self.played | own | dummy_hand
        self.declaring = self.seat % 2 == self.declarer % 2

    # -- knowledge --------------------------------------------------------------------------

    def unseen_higher(self, card: Card) -> int:
        """How many cards of the suit above ``card`` the chooser has not seen."""
        s, r = _suit(card), _rank(card)
        return sum(1 for k in range(r + 1, 13) if Card.from_index(k * 4 + s) not in self.seen)

    def is_master(self, card: Card) -> bool:
        return self.unseen_higher(card) == 0

    def outstanding(self, suit: int) -> int:
        """Cards of ``suit`` the chooser has not seen (held by the hidden hands)."""
        return sum(1 for r in range(13) if Card.from_index(r * 4 + suit) not in self.seen)

    def winner(self) -> tuple[int, Card] | None:
        """(seat, card) winning the trick in progress so far."""
        if not self.trick:
            return None
        led = _suit(self.trick[0])
        best_i, best = 0, self.trick[0]
        for i, c in enumerate(self.trick[1:], start=1):
            if self._beats(c, best, led):
                best_i, best = i, c
        return ((self.leader + best_i) % 4, best)

    def _beats(self, c: Card, best: Card, led: int) -> bool:
        cs, bs = _suit(c), _suit(best)
        if cs == bs:
            return _rank(c) > _rank(best)
        return cs == self.trump and bs != self.trump

    def partner_discards(self) -> list[Card]:
        """Partner's cards that did not follow suit, in order."""
        out = []
        for leader, cards in self.tricks:
            led = _suit(cards[0])
            for i, c in enumerate(cards):
                if (leader + i) % 4 == self.partner and _suit(c) != led and _suit(c) != self.trump:
                    out.append(c)
        return out

    def partner_led_suits(self) -> list[int]:
        return [_suit(cards[0]) for leader, cards in self.tricks if leader == self.partner]


def _by_suit(cards: Sequence[Card]) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    for c in sorted(cards, key=_rank, reverse=True):
        out.setdefault(_suit(c), []).append(c)
    return out


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (_rank(c), _suit(c)))


def _hcp(cards: Sequence[Card]) -> int:
    return sum(max(0, _rank(c) - 8) for c in cards)


def _sequence_top(cards: list[Card]) -> bool:
    """The suit (high first) is headed by two touching honours (AK, KQ, QJ, JT)."""
    return len(cards) >= 2 and _rank(cards[0]) >= HONOUR - 1 and _rank(cards[0]) == (
        _rank(cards[1]) + 1) and _rank(cards[1]) >= HONOUR - 1  # fmt: skip


def _lead_from(cards: list[Card], nt: bool) -> tuple[Card, str]:
    """The card to lead from a suit (high first): top of a sequence, top of a doubleton, else
    fourth best (lowest from three)."""
    if _sequence_top(cards):
        return cards[0], "top of a sequence"
    if len(cards) <= 2:
        return cards[0], "top of a doubleton" if len(cards) == 2 else "a singleton"
    if len(cards) >= 4:
        return cards[3], "fourth best"
    return cards[-1], "low from three"


def _opening_lead(
    v: PlayView, legal: list[Card], auction: Auction | None = None
) -> tuple[Card, str]:
    by = _by_suit(legal)
    if auction is None:
        auction = read_auction(v.obs["calls"])
    partner_suits = [s for s in auction.natural[v.partner] if s in by]
    opp = {s for seat in (v.declarer, v.dummy) for s in auction.natural[seat]}
    nt = v.trump == NOTRUMP
    if partner_suits:
        suit = partner_suits[0]
        cards = by[suit]
        card, how = (cards[0], "top of a doubleton") if len(cards) == 2 else _lead_from(cards, nt)
        if len(cards) >= 3 and not _sequence_top(cards):
            card, how = cards[-1], "low"
        return card, f"leads partner's suit ({how})"
    side = [s for s in by if s != v.trump] or list(by)
    fresh = [s for s in side if s not in opp] or side
    for s in sorted(fresh, key=lambda s: -len(by[s])):
        if _sequence_top(by[s]):
            return by[s][0], "top of a sequence"
    if not nt:
        singles = [s for s in fresh if len(by[s]) == 1 and _rank(by[s][0]) < 12]
        if singles and v.trump in by:
            return by[singles[0]][0], "a singleton, hoping to ruff"
        no_ace = [s for s in fresh if _rank(by[s][0]) != 12] or fresh
        suit = max(no_ace, key=lambda s: (len(by[s]), -_hcp(by[s])))
    else:
        suit = max(fresh, key=lambda s: (len(by[s]), _hcp(by[s])))
    card, how = _lead_from(by[suit], nt)
    return card, how + " from the longest suit"


def _lead(v: PlayView, legal: list[Card]) -> tuple[Card, str]:
    if not v.tricks and not v.declaring:
        return _opening_lead(v, legal)
    by = _by_suit(legal)
    if v.declaring:
        if v.trump != NOTRUMP and v.trump in by and v.outstanding(v.trump) > 0:
            top = by[v.trump][0]
            if v.is_master(top):
                return top, "draws trumps with a master"
        for s, cards in by.items():
            if s != v.trump and v.is_master(cards[0]) and v.outstanding(s) > 0:
                return cards[0], "cashes a master"
        for cards in by.values():
            if v.is_master(cards[0]):
                return cards[0], "cashes a master"
        side = [s for s in by if s != v.trump] or list(by)
        suit = max(side, key=lambda s: (len(by[s]), -s))
        return by[suit][-1], "low from the longest suit"
    for s, cards in by.items():
        if v.is_master(cards[0]) and (s != v.trump or v.trump == NOTRUMP):
            return cards[0], "cashes a master"
    signals = [c for c in v.partner_discards() if _rank(c) >= 5]
    for c in signals:
        if _suit(c) in by:
            return _lead_from(by[_suit(c)], v.trump == NOTRUMP)[0], "follows partner's signal"
    for s in v.partner_led_suits():
        if s in by and s != v.trump:
            cards = by[s]
            return (cards[0] if len(cards) <= 2 else cards[-1]), "returns partner's suit"
    side = [s for s in by if s != v.trump] or list(by)
    suit = max(side, key=lambda s: (len(by[s]), -_hcp(by[s])))
    return _lead_from(by[suit], v.trump == NOTRUMP)[0], "leads the longest suit"


def _discard(v: PlayView, legal: list[Card]) -> tuple[Card, str]:
    by = _by_suit(legal)
    side = [s for s in by if s != v.trump] or list(by)
    suit = min(side, key=lambda s: (_hcp(by[s]), -len(by[s]), s))
    return by[suit][-1], "discards from the weakest suit"


def _partner_wins_for_sure(v: PlayView, win: tuple[int, Card], position: int) -> bool:
    """Partner holds the trick and the seat after us (if any) cannot beat it as far as we know
    (position 3: nobody is left; otherwise partner's card is a master, or a trump the hidden
    hands no longer hold)."""
    seat, card = win
    if seat != v.partner:
        return False
    if position == 3:
        return True
    led = _suit(v.trick[0])
    if _suit(card) == v.trump and led != v.trump:
        return v.outstanding(v.trump) == 0 or v.is_master(card)
    return v.is_master(card) and (v.trump == NOTRUMP or v.outstanding(v.trump) == 0
                                  or v.outstanding(led) > 0)  # fmt: skip


def _cheapest_winner(v: PlayView, cards: Sequence[Card], best: Card) -> Card | None:
    led = _suit(v.trick[0])
    winners = [c for c in cards if v._beats(c, best, led)]
    if not winners:
        return None
    return min(winners, key=lambda c: (_suit(c) == v.trump and led != v.trump, _rank(c)))


def _top_of_touching_low(v: PlayView, cards: list[Card]) -> Card:
    """The lowest card equal to the highest (no unseen card between them)."""
    out = cards[0]
    for c in cards[1:]:
        gap = any(Card.from_index(r * 4 + _suit(c)) not in v.seen
                  for r in range(_rank(c) + 1, _rank(out)))  # fmt: skip
        if gap:
            break
        out = c
    return out


def _follow(v: PlayView, legal: list[Card]) -> tuple[Card, str]:
    position = len(v.trick)
    led = _suit(v.trick[0])
    win = v.winner()
    assert win is not None
    seat, best = win
    following = [c for c in legal if _suit(c) == led]
    if not following:
        if _partner_wins_for_sure(v, win, position):
            return _discard(v, legal)
        trumps = [c for c in legal if _suit(c) == v.trump]
        ruff = _cheapest_winner(v, trumps, best) if trumps else None
        if ruff is not None and seat != v.partner:
            return ruff, "ruffs" if _suit(best) != v.trump else "overruffs"
        if ruff is not None and position == 1:
            return ruff, "ruffs"
        return _discard(v, legal)
    high_first = sorted(following, key=_rank, reverse=True)
    low = high_first[-1]
    if position == 1:
        if (_rank(v.trick[0]) >= HONOUR and seat != v.partner
                and _suit(best) == led):  # fmt: skip
            cover = _cheapest_winner(v, following, best)
            if cover is not None:
                return cover, "covers an honour with an honour"
        return low, "second hand low"
    if _partner_wins_for_sure(v, win, position):
        return low, "low: partner is winning"
    if position == 2:
        top = _top_of_touching_low(v, high_first)
        if v._beats(top, best, led):
            return top, "third hand high"
        return low, "low: cannot beat the trick"
    if seat == v.partner:
        return low, "low: partner is winning"
    cheap = _cheapest_winner(v, following, best)
    if cheap is not None:
        return cheap, "wins as cheaply as possible"
    return low, "low: cannot beat the trick"


def choose_card(obs: dict[str, Any], legal: list[Action]) -> tuple[Action, str]:
    """The card play rule's card (one of ``legal``) and its reason (see the module docs)."""
    v = PlayView(obs)
    cards = []
    for a in legal:
        assert isinstance(a.cards, CardSet)
        (c,) = a.cards
        cards.append(c)
    card, reason = _lead(v, cards) if not v.trick else _follow(v, cards)
    return legal[cards.index(card)], reason


def opening_lead(obs: dict[str, Any], hand: CardSet, auction: Auction | None = None) -> Card:
    """The card the opening-lead rules lead from ``hand`` (every card is legal at the lead),
    ``obs`` the leader's observation at the lead (``auction``: its calls already read, to
    save reading them again): what a search that knows these leading agreements infers from a
    lead."""
    return _opening_lead(PlayView(obs), list(hand), auction)[0]


def _card_phrase(v: PlayView, card: Card) -> str:
    if not v.trick:
        return "master" if v.is_master(card) else "lead"
    led = _suit(v.trick[0])
    win = v.winner()
    assert win is not None
    if _suit(card) != led and _suit(card) != v.trump:
        return "discards"
    if v._beats(card, win[1], led):
        return "ruffs" if _suit(card) != led else "wins the trick for now"
    return "follows without winning"


class BridgeStrategy:
    """The strategy for game id ``bridge`` (see the module docs)."""

    search_policy = "greedy"

    def _auction(self, obs: dict[str, Any]) -> tuple[Auction, Hand]:
        return read_auction(obs["calls"]), Hand.of(CardSet(obs["hand"]))

    def choose(self, state: State, rng: Rng) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        if obs["phase"] == "auction":
            auction, hand = self._auction(obs)
            call, _ = choose_call(hand, auction)
            return _action_for(legal, call)
        return choose_card(obs, legal)[0]

    def describe(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        if obs["phase"] == "auction":
            auction, hand = self._auction(obs)
            return explain_call(auction, str(action), hand)
        legal = state.legal_actions()
        chosen, reason = choose_card(obs, legal)
        if chosen == action:
            return f"{action}: {reason}"
        v = PlayView(obs)
        assert isinstance(action.cards, CardSet)
        (card,) = action.cards
        return f"{action}: {_card_phrase(v, card)}"

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action, the rule's choice first."""
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        first = self.choose(state, Rng(0))
        out: list[tuple[Action, ...]] = [(first,)]
        return out + [(a,) for a in legal if a != first]

    def search(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int,
        config: Any,
    ) -> list[Any] | None:
        """Bridge's own search (:mod:`cardavia.agents.bridge_search`), the ``Strategy.search``
        hook of :func:`cardavia.agents.search.analyse`."""
        from cardavia.agents.bridge_search import analyse_bridge

        hints: list[Any] = analyse_bridge(state, seconds=seconds, iterations=iterations, seed=seed)
        return hints


def _action_for(legal: list[Action], call: str) -> Action:
    for a in legal:
        if str(a) == call:
            return a
    return next(a for a in legal if a.kind == "pass")


STRATEGY = BridgeStrategy()
