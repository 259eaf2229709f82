"""Ten Point Smear. Rules: ``rules/smear.md`` (ids ``SM-x.y``).

Option ``players``: 4 (default, teams {0,2} {1,3}), 5 (the bidder calls a partner card each
deal, individual scores) or 6 (teams {0,3} {1,4} {2,5}). One state is one deal, redealt by the
same dealer when everyone passes (SM-3.6); :class:`SmearMatch` (``game.new_match()``) plays
deals until the race to 52 is won (SM-7).

Phases: ``bidding`` (one turn each, 4-10, a 10 ends it, SM-3.5/3.6) → ``trump`` (the bidder
names it, SM-3.7; with 4 or 6 players he takes the stock, SM-3.8) → ``discard`` (down to 6,
one card per action, bidder first then clockwise; SM-3.9/3.10 — see
:mod:`cardavia_core` ``tricks::smear`` for why one card at a time is the same rule) →
``partner_call`` (5 players, SM-3.11) → ``play`` (6 tricks, SM-4/5) → ``over``.

The deal runs in Rust (:class:`cardavia._core.SmearDeal`, on the shared trick-taking kernel);
this module adds the protocol, settlement (SM-6.4-6.8), observation and the match. For search,
:meth:`SmearState.resample` redeals what a player cannot see (exactly uniformly, in Rust, with
trump retention and the partner card respected) and :meth:`SmearState.playout_returns` plays on
to the end from any bid, trump choice, discard, partner call or card in Rust, with uniformly
random or greedy actions (the greedy rules are listed there).

Actions (fixed ids, 174): ``pass`` 0, ``bid b`` ``b - 3`` (4-10 → 1-7), ``trump c|d|h|s`` 8-11,
``discard <card>`` ``12 + index``, ``call <card>`` ``66 + index``, a played card
``120 + index`` (``str()`` is the card, e.g. ``Qh``).

``deal`` for :meth:`SmearGame.new_state`: ``{"dealer": seat}`` (cards from the seed) or the full
``{"dealer": seat, "hands": [...], "stock": "...", "number": 0}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardSet, Rng, SmearDeal
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, State, register
from cardavia.games.climbing import derive_seed
from cardavia.games.trick_search import check_count, check_policy, check_threads

__all__ = [
    "NUM_ACTIONS",
    "SmearGame",
    "SmearMatch",
    "SmearState",
    "race_winner",
    "settle",
    "simulate",
    "trumps",
]

DECK = CardSet.full_pack(jokers=True)
SUITS = "cdhs"
SUIT_WORDS = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3, "c": 0, "d": 1, "h": 2, "s": 3}
TARGET = 52
DISCARD_BASE, CALL_BASE, PLAY_BASE = 12, 66, 120
NUM_ACTIONS = 174


def _build_actions() -> tuple[Action, ...]:
    out = [Action(kind="pass", label="pass")]
    out += [Action(kind="bid", amount=b, label=f"bid {b}") for b in range(4, 11)]
    out += [Action(kind="trump", amount=s, label=f"trump {SUITS[s]}") for s in range(4)]
    for kind, fmt in (("discard", "discard {}"), ("call", "call {}"), ("play", "{}")):
        for i in range(54):
            card = Card.from_index(i)
            out.append(Action(kind=kind, cards=CardSet([card]), label=fmt.format(card)))
    return tuple(out)


ACTIONS = _build_actions()
"""Every action, by id."""
ACTION_JSON: tuple[dict[str, Any], ...] = tuple(a.to_json() for a in ACTIONS)
"""Each action's record entry, by id (shared, never changed)."""
_ID_OF_OBJECT = {id(a): i for i, a in enumerate(ACTIONS)}
_DISCARD_EVENTS = tuple(
    tuple({"event": "discard", "player": seat, "card": str(Card.from_index(i))} for i in range(54))
    for seat in range(6)
)
"""The history entry of seat s discarding card i (shared, never changed)."""


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, list) else v for k, v in record.items()}


def hand_size(players: int) -> int:
    """Cards dealt to each player (SM-3.4)."""
    return 8 if players == 6 else 10


SUIT_SETS = tuple(CardSet([c for c in DECK if c.suit is not None and c.suit.value == k])
                  for k in range(4))  # fmt: skip
"""The 13 cards of each natural suit, c d h s."""


def trumps(trump: int) -> CardSet:
    """The 16 trumps of suit ``trump`` (0-3): the suit, the jick and both jokers (SM-2.4)."""
    jick = Card.from_index(4 * 9 + (3 - trump))
    return SUIT_SETS[trump] | CardSet([jick, "SJ", "BJ"])


def effective_suits(trump: int) -> list[CardSet]:
    """The cards of each effective suit c d h s under ``trump`` (SM-2.4): the trump suit has
    16 cards, the jick's natural suit 12."""
    t_cards = trumps(trump)
    return [t_cards if k == trump else SUIT_SETS[k] - t_cards for k in range(4)]


def effective_suit(card: Card, trump: int) -> int:
    """The suit ``card`` belongs to for leading and following (SM-2.4): trump for the jick and
    the jokers."""
    for k, cards in enumerate(effective_suits(trump)):
        if card in cards:
            return k
    raise AssertionError("every card has an effective suit")  # pragma: no cover


def settle(bid: int, bidder_side: int, points: Sequence[int]) -> list[int]:
    """SM-6.4/6.5: each side's score change. The bidder's side adds its points if they reach
    the bid, else loses the bid; every other side adds its own points."""
    changes = list(points)
    if points[bidder_side] < bid:
        changes[bidder_side] = -bid
    return changes


def race_winner(
    scores: Sequence[int], bidder_party: int, partner_party: int | None = None
) -> int | None:
    """SM-7.1: after a deal, the winning party (index into ``scores``) or None. Nobody wins
    until some party has 52; then the highest score wins; a tie for the top goes to the
    bidder's party if tied, else (5 players) to the partner if tied, else play goes on."""
    best = max(scores)
    if best < TARGET:
        return None
    top = [k for k, s in enumerate(scores) if s == best]
    if len(top) == 1:
        return top[0]
    if bidder_party in top:
        return bidder_party
    if partner_party is not None and partner_party in top:
        return partner_party
    return None


def simulate(
    n: int, players: int = 4, seed: int = 0, threads: int = 1
) -> dict[str, npt.NDArray[Any]]:
    """``n`` seeded smear deals with uniformly random actions, in Rust (all-pass deals are
    redealt and counted in ``redeals``). Arrays: ``redeals``, ``dealer``, ``bidder``, ``bid``,
    ``partner`` (-1 none), ``num_sides``, ``points`` (n, 3), ``game_totals`` (n, 3),
    ``cards_played``, ``cards_captured``, ``trumps_kept_ok`` (SM-3.10 held for every seat) and
    ``winners`` (n, 8): the side of High, Low, Jack, Jick, SJ, BJ, Trey, Game (-1 = nobody).
    Results depend on ``seed`` only, not on ``threads`` (0 = every core). A count that is
    not an int, negative, or too large to hold raises InvalidArgumentError; Ctrl-C stops a
    long run."""
    if isinstance(players, bool) or players not in (4, 5, 6):
        raise InvalidArgumentError(f"players must be 4, 5 or 6, got {players!r}")
    count = check_count(n, minimum=0)
    return _core.smear_simulate(players, count, check_seed(seed), check_threads(threads))


@register
class SmearGame(Game["SmearState"]):
    """Ten Point Smear for 4, 5 or 6 players (rules/smear.md)."""

    id = "smear"
    OPTIONS = (
        Option(
            "players",
            int,
            4,
            "number of players: 4 (two teams), 5 (called partner, individual) or 6 (three teams)",
            choices=(4, 5, 6),
        ),
    )
    zero_sum = False

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def new_state(self, seed: int | None = None, deal: Any = None) -> SmearState:
        return SmearState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> SmearMatch:
        return SmearMatch(self, seed)

    def parties(self) -> list[list[int]]:
        """The scoring parties (SM-3.2): teams with 4 or 6 players, single players with 5."""
        n = self.num_players
        if n == 4:
            return [[0, 2], [1, 3]]
        if n == 6:
            return [[0, 3], [1, 4], [2, 5]]
        return [[p] for p in range(5)]


class SmearState(State):
    """One smear deal (with its all-pass redeals). See the module documentation."""

    game: SmearGame

    def __init__(self, game: SmearGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        n = game.num_players
        if deal is None or (isinstance(deal, Mapping) and set(deal) <= {"dealer", "number"}):
            spec = dict(deal or {})
            number = spec.get("number", 0)
            dealer = spec.get("dealer")
            if dealer is None:  # SM-3.3: deal 1's dealer at random from the seeded RNG
                dealer = Rng(derive_seed(derive_seed(self.seed, 0), 1)).below(n)
            self._check_seat(dealer, "dealer")
            if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                raise InvalidArgumentError(f"number must be a non-negative int, got {number!r}")
            # A seeded deal is valid by construction (SM-3.4): no second check.
            self._deal_record = self._random_deal(number, int(dealer))
        else:
            self._deal_record = self._check_deal(deal)
        self._number: int = self._deal_record["number"]
        self._begin(self._deal_record)

    def _check_seat(self, seat: Any, what: str) -> None:
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidArgumentError(f"{what} must be a seat 0-{n - 1}, got {seat!r}")

    def _random_deal(self, number: int, dealer: int) -> dict[str, Any]:
        """SM-3.4: shuffle, deal one at a time from the dealer's left; the rest is the stock."""
        n = self.game.num_players
        hands, stock = _core.deal_cards(n, hand_size(n), 1, True, derive_seed(self.seed, number))
        by_seat = [CardSet() for _ in range(n)]
        for i, h in enumerate(hands):
            by_seat[(dealer + 1 + i) % n] = CardSet(h)
        return {
            "dealer": dealer,
            "hands": [str(h) for h in by_seat],
            "stock": str(CardSet(stock)),
            "number": number,
        }

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        n = self.game.num_players
        if not isinstance(deal, Mapping) or not {"dealer", "hands", "stock"} <= set(deal):
            raise InvalidArgumentError(
                'a smear deal is {"dealer": seat, "hands": [cards per seat], "stock": cards}'
            )
        self._check_seat(deal["dealer"], "dealer")
        number = deal.get("number", 0)
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise InvalidArgumentError(f"number must be a non-negative int, got {number!r}")
        hands = [CardSet(h) for h in deal["hands"]]
        stock = CardSet(deal["stock"])
        SmearDeal(n, deal["dealer"], hands, stock)  # validates sizes and duplicates (SM-3.4)
        return {
            "dealer": deal["dealer"],
            "hands": [str(h) for h in hands],
            "stock": str(stock),
            "number": number,
        }

    def _begin(self, deal: Mapping[str, Any]) -> None:
        n = self.game.num_players
        self._dealer: int = int(deal["dealer"])
        self._deal = SmearDeal(n, self._dealer, [CardSet(h) for h in deal["hands"]],
                               CardSet(deal["stock"]))  # fmt: skip
        self._current_record = dict(deal)
        self._deal_start = len(self._actions)
        self._history_start = len(self._history)
        # (action index, history index, seat) of each discard of this deal, for resample.
        self._discard_at: list[tuple[int, int, int]] = []
        self._log(event="deal", number=self._number, dealer=self._dealer)

    # ---- protocol -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._deal.current_player

    @property
    def phase(self) -> str:
        """bidding, trump, discard, partner_call, play or over."""
        return self._deal.phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def bidder(self) -> int | None:
        return self._deal.bidder

    @property
    def bid(self) -> int | None:
        hb = self._deal.high_bid
        return None if self._deal.bidder is None or hb is None else hb[0]

    @property
    def trump(self) -> int | None:
        return self._deal.trump

    @property
    def partner(self) -> int | None:
        return self._deal.partner

    def hands(self) -> list[CardSet]:
        """Every seat's current cards (full information; see :meth:`observation`)."""
        return self._deal.hands()

    def legal_actions(self) -> list[Action]:
        return [ACTIONS[i] for i in self._deal.legal_ids()]

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order."""
        return self._deal.legal_ids()

    def _id_or_violation(self, action: Action) -> int | tuple[str, str]:
        kind = action.kind
        if kind == "pass":
            return 0
        if kind == "bid":
            if action.amount is None or not 4 <= action.amount <= 10:
                return ("SM-3.5", f"a bid is an integer from 4 to 10, not {action.amount}")
            return action.amount - 3
        if kind == "trump":
            if action.amount is None or not 0 <= action.amount < 4:
                return ("SM-2.2", "trump is one of c, d, h, s")
            return 8 + action.amount
        base = {"discard": DISCARD_BASE, "call": CALL_BASE, "play": PLAY_BASE}.get(kind)
        rule = {"discard": "SM-3.9", "call": "SM-3.11", "play": "SM-4.1"}.get(kind, "SM-4.1")
        if base is None:
            return ("SM-4.1", f"{action} is not a smear action")
        if not isinstance(action.cards, CardSet) or len(action.cards) != 1:
            return (rule, f"one card per action, not {action.cards}")
        (card,) = action.cards
        return base + card.index

    def _violation(self, action: Action) -> tuple[str, str] | None:
        found = self._id_or_violation(action)
        if isinstance(found, tuple):
            return found
        return self._deal.violation(found)

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action (an Action, its text or its id); an illegal one raises
        IllegalActionError naming the rule and changes nothing; an id outside 0..173 raises
        InvalidArgumentError."""
        if type(action) is int:
            i = action
            if not 0 <= i < NUM_ACTIONS:
                raise InvalidArgumentError(f"action id {i} is not in 0..{NUM_ACTIONS - 1}")
        else:
            act = action if isinstance(action, Action) else self.to_action(action)
            found = _ID_OF_OBJECT.get(id(act))
            if found is not None and ACTIONS[found] is act:
                i = found
            else:  # built by hand: it must equal a legal action in every field it sets
                self.check(act)
                i = _ID_OF_OBJECT[id(self._canonical(act))]
        player = self._deal.current_player
        violation = self._deal.step(i)
        if violation is not None:
            rule, why = violation
            raise IllegalActionError(f"{ACTIONS[i]} is illegal ({rule}): {why}", rule=rule)
        assert player is not None
        self._actions.append(ACTION_JSON[i])
        self._record(player, ACTIONS[i])

    def _do(self, action: Action) -> None:
        self.apply(action)

    def _record(self, player: int, action: Action) -> None:
        """The history entries of an action just taken (and the redeal after an all-pass)."""
        phase = self._deal.phase
        kind = action.kind
        if kind in ("pass", "bid"):
            self._log(event="bid", player=player, bid=action.amount if kind == "bid" else None)
            if phase == "all_passed":  # SM-3.6: the same dealer deals again
                self._log(event="all_passed", number=self._number)
                self._number += 1
                self._begin(self._random_deal(self._number, self._dealer))
            elif phase == "trump":
                self._log(event="bidder", player=self.bidder, bid=self.bid)
        elif kind == "trump":
            self._log(event="trump", player=player, suit=SUITS[action.amount or 0])
            if self.game.num_players != 5:
                self._log(event="stock", player=player, count=len(self._deal.stock))
        elif kind == "discard":
            self._discard_at.append((len(self._actions) - 1, len(self._history), player))
            self._log(event="discard", player=player, card=str(action.cards))
        elif kind == "call":
            card = str(action.cards)
            self._log(event="partner_card", player=player, card=card)
            if self.partner is not None:
                self._log(event="partner", player=self.partner, card=card)
            else:
                self._log(event="alone", player=player)
        else:
            self._log(event="play", player=player, card=str(action.cards))
            leader, cards = self._deal.current_trick()
            if not cards:
                last = self._deal.tricks()[-1]
                self._log(event="trick", leader=last["leader"], cards=last["cards"],
                          winner=last["winner"])  # fmt: skip

    def clone(self) -> SmearState:
        """An independent copy (the Rust deal copied, the record and history lists copied;
        their entries are never changed once appended)."""
        new = object.__new__(SmearState)
        new.__dict__.update(self.__dict__)
        new._deal = self._deal.clone()
        new._deal_record = _copy_record(self._deal_record)
        new._current_record = _copy_record(self._current_record)
        new._actions = self._actions.copy()
        new._history = self._history.copy()
        new._discard_at = self._discard_at.copy()
        return new

    def _settlement(self) -> dict[str, Any] | None:
        points = self._deal.points()
        if points is None:
            return None
        bidder, bid = self.bidder, self.bid
        assert bidder is not None and bid is not None
        n = self.game.num_players
        side_of = [self._deal.side_of(s) for s in range(n)]
        partner_card = self._deal.partner_card
        totals = list(points["totals"])
        changes = settle(bid, side_of[bidder], totals)
        return {
            "bidder": bidder,
            "bid": bid,
            "trump": SUITS[self.trump or 0],
            "partner": self.partner,
            "partner_card": None if partner_card is None else str(partner_card),
            "sides": side_of,
            "points": points,
            "made": totals[side_of[bidder]] >= bid,
            "side_changes": changes,
            "changes": [changes[side_of[s]] for s in range(n)],
        }

    def returns(self) -> list[float]:
        s = self._settlement()
        if s is None:
            return [0.0] * self.game.num_players
        return [float(c) for c in s["changes"]]

    @property
    def result(self) -> dict[str, Any] | None:
        """Once over: bidder, bid, trump, partner, each seat's side, the points breakdown
        (SM-6.1-6.3), made or set, and each side's and seat's score change (SM-6.4-6.8)."""
        return self._settlement()

    # ---- information --------------------------------------------------------------------

    def _public_history(self, player: int) -> list[dict[str, Any]]:
        out = []
        for e in self._history[self._history_start :]:
            if e["event"] == "discard" and e["player"] != player:
                out.append({"event": "discard", "player": e["player"]})  # SM-3.9: face down
            else:
                out.append(dict(e))
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """Own cards (the stock too for a bidder who took it), own discards, the bids, trump,
        partner card and partner, every played card and trick, hand sizes; nothing else."""
        player = self._check_player(player)
        n = self.game.num_players
        hands = self._deal.hands()
        leader, cards = self._deal.current_trick()
        partner_card = self._deal.partner_card
        return {
            "player": player,
            "players": n,
            "phase": self.phase,
            "deal_number": self._number,
            "dealer": self._dealer,
            "hand": str(hands[player]),
            "discards": str(self._deal.discards(player)),
            "hand_sizes": [len(h) for h in hands],
            "bids": self._deal.bids,
            "bidder": self.bidder,
            "bid": self.bid,
            "trump": None if self.trump is None else SUITS[self.trump],
            "partner_card": None if partner_card is None else str(partner_card),
            "partner": self.partner,
            "tricks": [
                {"leader": t["leader"], "cards": t["cards"], "winner": t["winner"]}
                for t in self._deal.tricks()
            ],
            "current_trick": {"leader": leader, "cards": [str(c) for c in cards]},
            "current_player": self.current_player,
            "history": self._public_history(player),
        }

    def resample(self, player: int, seed: int | None = None) -> SmearState:
        """A full state at the same decision point with the same public course (bids, trump,
        partner card and partner, plays), consistent with everything ``player`` has seen: his
        own dealt cards and his discards in their order, the stock if he took it as bidder
        (SM-3.8), the suits each player showed out of (SM-4.3; not the partner card forced into
        trick 1, SM-5.4), how many cards each discarded. Every card hidden from him (other
        hands, their face-down discards, the stock he did not take, the split of the bidder's
        cards between his deal and the stock) is dealt again in Rust, exactly uniformly over the
        deals consistent with that, including trump retention (SM-3.10: a player discarded a
        trump only if he kept six trumps) and an unfound partner card (SM-3.11b: in nobody's
        hand and not in the bidder's discards). Other players' discards come in a random order
        (every order is legal).

        The state starts at the current deal (earlier all-passed deals are left out of its
        record); its seed is derived from ``seed`` (None: a fresh one), never the true one, so a
        later redeal comes from the resample's randomness."""
        player = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is no decision to resample for")
        rseed = check_seed(seed)
        return self._resampled(player, rseed, self._deal.resample(player, rseed))

    def resample_by_bids(
        self, player: int, seed: int | None = None, tries: int = 64, slack: float = 0.0
    ) -> SmearState:
        """:meth:`resample` weighted by what the other players' bids say about their hands,
        when they bid by the rule strategy (``cardavia.agents.strategies.smear``): a draw is
        kept with probability ``slack`` to the power of the number of other players' bids the
        rule strategy would not have made on the hands it deals them (so ``slack=0`` keeps only
        draws that explain every bid, ``slack=1`` is :meth:`resample`); after ``tries`` draws
        the last one is kept. Drawn in Rust; reads nothing ``player`` may not see."""
        player = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is no decision to resample for")
        if isinstance(slack, bool) or not isinstance(slack, (int, float)):
            raise InvalidArgumentError(f"slack must be a number 0..1, got {slack!r}")
        if isinstance(tries, bool) or not isinstance(tries, int):
            raise InvalidArgumentError(f"tries must be an int, got {tries!r}")
        rseed = check_seed(seed)
        deal = self._deal.resample_by_bids(player, rseed, tries, float(slack))
        return self._resampled(player, rseed, deal)

    def _resampled(self, player: int, rseed: int, deal: SmearDeal) -> SmearState:
        """The state of a resampled deal at this decision (see :meth:`resample`)."""
        new = object.__new__(SmearState)
        new.game = self.game
        new.seed = derive_seed(rseed, 1)
        new._number = self._number
        new._dealer = self._dealer
        new._deal = deal
        new._deal_record = {
            "dealer": self._dealer,
            "hands": [str(h) for h in deal.dealt()],
            "stock": str(deal.stock),
            "number": self._number,
        }
        new._current_record = _copy_record(new._deal_record)
        start, hstart = self._deal_start, self._history_start
        actions = self._actions[start:]
        history = self._history[hstart:]
        log = deal.discard_log()
        discard_at = []
        for k, (ai, hi, seat) in enumerate(self._discard_at):
            ai, hi = ai - start, hi - hstart
            if seat != player:
                card = log[k]
                actions[ai] = ACTION_JSON[DISCARD_BASE + card]
                history[hi] = _DISCARD_EVENTS[seat][card]
            discard_at.append((ai, hi, seat))
        new._actions = actions
        new._history = history
        new._deal_start = 0
        new._history_start = 0
        new._discard_at = discard_at
        return new

    def playout_returns(
        self, n: int, policy: str = "random", seed: int | None = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts in Rust from this decision (bidding, trump, discards, partner
        call or play) to the end of the deal: a float64 array (n, players) of the seats'
        :meth:`returns` (each seat's score change, SM-6.4-6.8). An all-pass is redealt by the
        same dealer from the playout's own generator (SM-3.6). The same seed gives the same
        array for any ``threads`` (0 = every core). They use the full state they are given:
        run them on :meth:`resample` results to respect a player's information.

        ``policy="random"``: uniformly random legal actions. ``policy="greedy"``
        (``cardavia_core::tricks::smear::greedy``), per decision:

        * bid: estimate the points the hand takes in each suit as trump (High from the ace,
          Low from the two, Jack, Jick, jokers and the Trey weighted by how well the hand
          protects them, Game, length, plus what partner and the stock usually bring); bid the
          minimum legal bid when the best estimate reaches it, else pass;
        * trump: the suit with the best estimate (the longest and strongest);
        * discard: the non-trump least worth keeping (low spot cards first, aces and tens
          last); with more than six trumps, then the least valuable trumps;
        * partner call (5 players): the highest trump the bidder lacks, else an outside ace;
        * play: the bidder's side leads a master trump to pull the jack and jick; otherwise
          cash an outside master, else lead the least valuable card; when partner is winning
          safely, smear the card worth most onto his trick; otherwise win as cheaply as
          possible when the trick holds points, when last to play or when the winner is a
          master, else play the least valuable card."""
        count = check_count(n)
        policy = check_policy(policy)
        threads = check_threads(threads)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        return self._deal.playout_returns(count, policy, check_seed(seed), threads)

    # ---- action text and ids ------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        found = self._id_or_violation(action)
        if isinstance(found, tuple):
            raise InvalidArgumentError(f"{action} is not a smear action: {found[1]}")
        return found

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id; InvalidArgumentError for an id outside 0..173,
        IllegalActionError naming the rule for one not legal now."""
        if not 0 <= action_id < NUM_ACTIONS:
            raise InvalidArgumentError(f"action id {action_id} is not in 0..{NUM_ACTIONS - 1}")
        action = ACTIONS[action_id]
        found = self._deal.violation(action_id)
        if found is not None:
            rule, why = found
            raise IllegalActionError(
                f"action id {action_id} ({action}) is not a legal action id now ({rule}): {why}",
                rule=rule,
            )
        return action

    def parse_action(self, text: str) -> Action:
        """``pass``, ``bid 6``, ``trump h`` (or ``trump hearts``), ``discard Kd``, ``call Kd``,
        or a card: in the discard and partner-call phases a bare card means discard / call."""
        words = text.strip().split(None, 1)
        head = words[0].lower() if words else ""
        rest = words[1] if len(words) > 1 else ""
        if head == "pass" and not rest:
            return ACTIONS[0]
        if head == "bid":
            try:
                amount = int(rest)
            except ValueError:
                raise IllegalActionError(f"{text!r}: a bid is a number", rule="SM-3.5") from None
            if 4 <= amount <= 10:
                return ACTIONS[amount - 3]
            return Action(kind="bid", amount=amount, label=f"bid {amount}")
        if head == "trump":
            suit = SUIT_WORDS.get(rest.strip().lower())
            if suit is None:
                raise IllegalActionError(f"{text!r}: trump is c, d, h or s", rule="SM-2.2")
            return ACTIONS[8 + suit]
        kind = {"discard": "discard", "call": "call", "play": "play"}.get(head)
        if kind is None:
            kind = {"discard": "discard", "partner_call": "call"}.get(self.phase, "play")
            rest = text
        try:
            cards = CardSet(rest)
        except ValueError:
            raise IllegalActionError(
                f"{text!r} is not a smear action (pass, bid N, trump S, discard/call/play a card)",
                rule={"bidding": "SM-3.5", "trump": "SM-3.7"}.get(self.phase, "SM-4.1"),
            ) from None
        if len(cards) == 1:
            (card,) = cards
            base = {"discard": DISCARD_BASE, "call": CALL_BASE, "play": PLAY_BASE}[kind]
            return ACTIONS[base + card.index]
        return Action(kind=kind, cards=cards, label=f"{kind} {cards}")

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry.get("kind")
        if kind in ("discard", "call", "play"):
            return self.parse_action(f"{kind} {entry.get('cards', '')}")
        if kind == "bid":
            return self.parse_action(f"bid {entry.get('amount')}")
        if kind == "trump":
            amount = entry.get("amount")
            if isinstance(amount, int) and 0 <= amount < 4:
                return ACTIONS[8 + amount]
        if kind == "pass":
            return ACTIONS[0]
        raise IllegalActionError(f"recorded action {dict(entry)} is not a smear action")


class SmearMatch(Match[SmearState]):
    """The race to 52 (SM-7): deals in sequence, the deal passing to the left after each
    scored deal (SM-3.3, SM-7.2), the dealer of deal 1 drawn from the match seed; over when
    :func:`race_winner` names a party after a deal."""

    game: SmearGame

    def __init__(self, game: SmearGame, seed: int | None = None):
        super().__init__(game, seed)
        self._first_dealer = Rng(derive_seed(self.seed, 7)).below(game.num_players)
        self._checked = 0
        self._totals = [0] * len(game.parties())
        self._won: int | None = None

    def new_deal(self) -> SmearState:
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        if self.is_over():
            raise IllegalActionError("the match is over", rule="SM-7.1")
        dealer = (self._first_dealer + len(self.deals)) % self.game.num_players
        state = self.game.new_state(seed=self._next_seed(), deal={"dealer": dealer})
        self.deals.append(state)
        return state

    @property
    def party_scores(self) -> list[int]:
        """Each party's score (SM-7.3: all start at 0): teams with 4 or 6 players, single
        players with 5 (see :meth:`SmearGame.parties`)."""
        return [int(self.scores[members[0]]) for members in self.game.parties()]

    @property
    def winner(self) -> list[int] | None:
        """The seats of the winning party once the match is won, else None (SM-7.1)."""
        parties = self.game.parties()
        party_of = {seat: k for k, members in enumerate(parties) for seat in members}
        # The test runs after every finished deal, in order; finished deals are cached.
        while self._checked < len(self.deals) and self._won is None:
            deal = self.deals[self._checked]
            if not deal.is_terminal():
                break
            returns = deal.returns()
            for k, members in enumerate(parties):
                self._totals[k] += int(returns[members[0]])
            bidder = deal.bidder
            assert bidder is not None
            partner = deal.partner
            self._won = race_winner(
                self._totals, party_of[bidder], None if partner is None else party_of[partner]
            )
            self._checked += 1
        return None if self._won is None else list(parties[self._won])

    def is_over(self) -> bool:
        return self.winner is not None
