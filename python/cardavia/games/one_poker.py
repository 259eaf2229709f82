"""One Poker (``cardavia.load("one_poker")``). Rules: ``rules/onepoker.md`` (ids ``OP-x.y``).

Two players, a 104-card shoe (two packs, OP-1.2). Each deal: two cards each with a public UP/DOWN
signal (OP-3.6), antes (OP-3.5), each player locks one card face down (OP-3.7), one no-limit
betting round with amounts as "to" totals (OP-4, on the same Rust betting round as Hold'em),
reveal of both locked cards and settlement where 2 beats A (OP-2, OP-5). The deal runs on the
Rust :class:`~cardavia._core.OnePokerDeal`.

**One state is one deal.** The deal cycle spans deals (held cards and the stock carry over,
OP-3.4), so a deal's spec carries that state in::

    {"number": 1,                  # deal number in the match (1 = first)
     "stacks": [20, 20],           # chips before the antes
     "first": 0,                   # first player of this deal (OP-3.2)
     "held": [null, null],         # each player's kept card from the previous deal (deal 1: null)
     "stock": "Ks 9h 3d ...",      # the stock, top first, after any reshuffle (OP-3.4 step 3)
     "discard": "..."}             # the discard pile (cards revealed since the last reshuffle)

held + stock + discard are exactly the 104 cards. Deal 1: the first player receives stock
cards 0 and 2, the second 1 and 3 (OP-3.3, OP-3.10); later deals: the first player draws stock
card 0, the second card 1 (OP-3.4 step 4). Steps 1-3 of OP-3.4 (discarding the locked cards,
keeping the held ones, reshuffling an empty stock) belong to :class:`OnePokerMatch`, which
makes the next deal's spec; a caller may supply every stock order (OP-3.10).

**Actions**: ``lock Ks`` (OP-3.7), then ``fold``, ``check``, ``call 3``, ``bet to 3``,
``raise to 8`` (OP-4.4). As in Hold'em, every raise-to amount of
:meth:`OnePokerState.raise_range` is legal and accepted in O(1), while
:meth:`~OnePokerState.legal_actions` lists fold (when legal), check or call and the distinct
amounts among the minimum raise, half the pot, the pot and all-in (the pot counts the antes).
**Action ids**: 0 fold, 1 check/call, ``1 + T`` bet/raise to ``T`` (``T`` = 1 .. 2 × stack),
then ``2 + 2 × stack + card index`` to lock a card of that kind (rank × 4 + suit; the two
copies of a card are interchangeable, OP-1.2). :meth:`~OnePokerState.legal_action_ids` lists
the id of every legal amount.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, OnePokerDeal, Rng
from cardavia.cards import check_seed
from cardavia.errors import CardaviaError, IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, State, register
from cardavia.games.holdem import (
    _BETTING_KINDS,
    NO_IDS,
    LegalIds,
    _amount_violation,
    action_shape_violation,
    betting_action,
    check_policy_args,
    derived_seed,
    entry_of,
)

__all__ = ["OnePokerGame", "OnePokerMatch", "OnePokerState", "compare", "signal"]

SHOE = CardBag.two_packs(jokers=False)
SHOE_LIST = [str(c) for c in SHOE]


def compare(x: str | Card, y: str | Card) -> int:
    """OP-2.5: 1 if locked card ``x`` beats ``y``, -1 if it loses, 0 for a tie (2 beats A)."""
    return _core.one_poker_compare(str(x), str(y))


def signal(cards: str | Sequence[str | Card]) -> tuple[int, int]:
    """OP-3.6: (UP, DOWN) of a two-card hand: UP counts ranks 8..A, DOWN ranks 2..7."""
    parsed = _core.parse_cards_text(cards if isinstance(cards, str) else " ".join(map(str, cards)))
    if len(parsed) != 2:
        raise InvalidArgumentError(f"a One Poker hand has 2 cards, got {len(parsed)}")
    up = sum(1 for c in parsed if _is_up(str(c)))
    return (up, 2 - up)


def _is_up(card: str) -> bool:
    return card[0] in "89TJQKA"


@register
class OnePokerGame(Game["OnePokerState"]):
    """One Poker (rules/onepoker.md). See the module documentation."""

    id = "one_poker"
    OPTIONS = (
        Option("stack", int, 20, "starting chips per player (OP-1.3)", minimum=1, maximum=10_000),
        Option("ante", int, 1, "ante per deal (OP-1.4)", minimum=1, maximum=10_000),
    )

    @property
    def num_players(self) -> int:
        return 2

    @property
    def total_chips(self) -> int:
        return 2 * int(self.options["stack"])

    @property
    def num_actions(self) -> int:
        return 2 + self.total_chips + 52

    def new_state(self, seed: int | None = None, deal: Any = None) -> OnePokerState:
        return OnePokerState(self, seed, deal)

    def new_match(
        self,
        seed: int | None = None,
        stock: str | None = None,
        reshuffles: Sequence[str] = (),
    ) -> OnePokerMatch:
        return OnePokerMatch(self, seed, stock=stock, reshuffles=reshuffles)

    def first_deal(self, seed: int, stock: str | None = None) -> dict[str, Any]:
        """The spec of deal 1 of a match (OP-3.1): a shuffled 104-card stock."""
        if stock is None:
            stock = " ".join(Rng(seed).shuffled(SHOE_LIST))
        s = int(self.options["stack"])
        return {
            "number": 1,
            "stacks": [s, s],
            "first": 0,  # OP-3.2, OP-7.1
            "held": [None, None],
            "stock": stock,
            "discard": "",
        }


_LOCKS: dict[str, Action] = {}


def _lock_action(card: str) -> Action:
    """The lock of a card (canonical text); one shared object per card kind (52 at most)."""
    act = _LOCKS.get(card)
    if act is None:
        act = Action("lock", cards=CardSet(card), label=f"lock {card}")
        if len(_LOCKS) < 64:
            _LOCKS[card] = act
    return act


def _id_action(kind: str, amount: int | None, card: str | None) -> Action:
    return (
        _lock_action(card) if kind == "lock" and card is not None else betting_action(kind, amount)
    )


class OnePokerState(State):
    """One One Poker deal. See the module documentation."""

    game: OnePokerGame

    def __init__(self, game: OnePokerGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        if deal is None:
            # A shuffle of the shoe is valid by construction: no need to re-check it.
            self._deal_record = game.first_deal(self.seed)
        else:
            self._deal_record = self._check_deal(deal)
        d = self._deal_record
        stock = d["stock"].split()
        first = d["first"]
        second = 1 - first
        hands: list[list[str]] = [[], []]
        if d["held"] == [None, None]:
            hands[first] = [stock[0], stock[2]]  # OP-3.3, OP-3.10
            hands[second] = [stock[1], stock[3]]
            self._stock_left = len(stock) - 4
        else:
            hands[first] = [d["held"][first], stock[0]]  # OP-3.4 step 4
            hands[second] = [d["held"][second], stock[1]]
            self._stock_left = len(stock) - 2
        self._hands = [" ".join(h) for h in hands]
        self._deal = OnePokerDeal(d["stacks"], first, self._hands, game.options["ante"])
        self._events_seen = 0
        self._listed: Sequence[Action] = ()
        self._total = game.total_chips
        # Public and fixed for the whole deal (OP-3.6, OP-6.6): computed once.
        self._signals = tuple(signal(h) for h in self._hands)
        self._discard_size = len(d["discard"].split())

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError(
                'a One Poker deal is {"number", "stacks", "first", "held", "stock", "discard"}'
            )
        stacks = list(deal.get("stacks", []))
        if len(stacks) != 2 or any(
            isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in stacks
        ):
            raise InvalidArgumentError(f"stacks must be two positive ints, got {stacks!r}")
        if sum(stacks) > self.game.total_chips:
            raise InvalidArgumentError(
                f"the stacks total {sum(stacks)}, more than 2 × stack = {self.game.total_chips}"
            )
        first = deal.get("first", 0)
        if first not in (0, 1) or isinstance(first, bool):
            raise InvalidArgumentError(f"first must be 0 or 1, got {first!r}")
        number = deal.get("number", 1)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise InvalidArgumentError(f"number must be a positive int, got {number!r}")
        held = list(deal.get("held", [None, None]))
        if len(held) != 2 or (held.count(None) == 1):
            raise InvalidArgumentError("held is [null, null] (deal 1) or one card per player")
        held_cards = [None if h is None else str(Card(h)) for h in held]
        stock = [str(c) for c in _core.parse_cards_text(str(deal.get("stock", "")))]
        discard = [str(c) for c in _core.parse_cards_text(str(deal.get("discard", "")))]
        every = stock + discard + [h for h in held_cards if h is not None]
        if sorted(every) != sorted(SHOE_LIST):
            raise InvalidArgumentError(
                "held + stock + discard must be exactly the 104 cards of two packs (OP-1.2)"
            )
        needed = 4 if held_cards == [None, None] else 2
        if len(stock) < needed:
            raise InvalidArgumentError(
                f"the stock holds {len(stock)} cards, fewer than the {needed} to draw: "
                "reshuffle first (OP-3.4 step 3)"
            )
        return {
            "number": number,
            "stacks": stacks,
            "first": first,
            "held": held_cards,
            "stock": " ".join(stock),
            "discard": " ".join(discard),
        }

    # ---- protocol -------------------------------------------------------------------------

    @property
    def deal(self) -> OnePokerDeal:
        """The Rust deal (read it; act through :meth:`apply`)."""
        return self._deal

    @property
    def current_player(self) -> int | None:
        return self._deal.to_act

    @property
    def phase(self) -> str:
        """``"lock"``, ``"betting"`` or ``"over"``."""
        return self._deal.phase

    def clone(self) -> OnePokerState:
        """An independent copy (the Rust deal copied, the record lists copied)."""
        new = object.__new__(OnePokerState)
        new.__dict__.update(self.__dict__)
        new._deal = self._deal.clone()
        new._actions = self._actions.copy()
        new._history = self._history.copy()
        new._hands = list(self._hands)
        new._deal_record = dict(self._deal_record)
        new._deal_record["stacks"] = list(self._deal_record["stacks"])
        new._deal_record["held"] = list(self._deal_record["held"])
        return new

    def legal_actions(self) -> list[Action]:
        """Locking: one lock per distinct card of the hand. Betting: fold (when legal), check
        or call and the distinct raise-to amounts among min raise, half pot, pot and all-in
        (every amount of :meth:`raise_range` is legal too)."""
        seat = self._deal.to_act
        if seat is None:
            return []
        if self._deal.phase == "lock":
            cards = self._hands[seat].split()
            out = [_lock_action(c) for c in dict.fromkeys(cards)]
        else:
            out = [betting_action(k, a) for k, a in self._deal.candidates()]
        self._listed = out
        return list(out)

    def raise_range(self) -> tuple[int, int] | None:
        """``(min, max)`` raise-to amounts legal now (every amount between, OP-4.5), or None
        when raising is not permitted (OP-4.6), while locking and once the deal is over."""
        return self._deal.legal()[3]

    def legal_action_ids(self) -> LegalIds:
        """The id of every legal action as a compact :class:`~cardavia.games.holdem.LegalIds`:
        the lock ids in hand order while locking; fold, check/call and every legal raise-to
        amount, ascending, while betting."""
        seat = self._deal.to_act
        if seat is None:
            return NO_IDS
        if self._deal.phase == "lock":
            base = 2 + self._total
            return LegalIds(
                tuple(base + Card(c).index for c in dict.fromkeys(self._hands[seat].split()))
            )
        fold, _check, _call, raise_range, _is_bet = self._deal.legal()
        head = (0, 1) if fold else (1,)
        if raise_range is None:
            return LegalIds(head)
        return LegalIds(head, range(raise_range[0] + 1, raise_range[1] + 2))

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean mask over the action ids: True at every legal action's id (set by slices)."""
        mask = np.zeros(self.game.num_actions, dtype=bool)
        for r in self.legal_action_ids().ranges:
            mask[r.start : r.stop] = True
        return mask

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing (OP-4.10). An int
        is an action id: the fast path, checked and applied in Rust."""
        if type(action) is int:
            if not 0 <= action < 54 + self._total:
                raise InvalidArgumentError(
                    f"action id {action} is not in 0..{self.game.num_actions - 1}"
                )
            ok, kind, amount, text = self._deal.apply_id(action, self._total)
            if not ok:
                raise IllegalActionError(f"action id {action} is illegal ({kind}): {text}", kind)
            self._listed = ()
            if kind == "lock":
                self._actions.append({"kind": "lock", "cards": text})
            else:
                self._actions.append(entry_of(kind, amount))
            return
        act = self.to_action(action)
        if not any(act is listed for listed in self._listed):
            self.check(act)
        self._listed = ()
        self._actions.append(act.to_json())
        self._do(act)

    def _violation(self, action: Action) -> tuple[str, str] | None:
        seat = self._deal.to_act
        if seat is None:
            return ("OP-4.10", "the deal is over")
        kind = action.kind
        if kind == "lock":
            cards = action.cards
            if not isinstance(cards, CardSet) or len(cards) != 1:
                bad = action.label[5:] if action.label.startswith("lock ") else str(cards)
                return ("OP-3.7", f"lock exactly one card (got {bad!r})")
            card = str(next(iter(cards)))
            if action.amount is not None or action.play is not None:
                return ("OP-3.7", "a lock takes one card and nothing else")
            if action.label and action.label != f"lock {card}":
                return ("OP-3.7", f"the label {action.label!r} does not describe 'lock {card}'")
            return self._deal.lock_violation(seat, card)
        if kind not in _BETTING_KINDS:
            return (
                "OP-4.4",
                f"{action} is not a One Poker action (lock, fold, check, call, bet, raise)",
            )
        shape = action_shape_violation(action, "OP-4.4")
        if shape is not None:
            return shape
        amount = action.amount
        if kind in ("bet", "raise"):
            assert amount is not None
            if self._deal.phase == "betting":
                level = self._deal.level
                if kind == "bet" and level > 0:
                    return ("OP-4.4", f"the bet level is {level}: raise, not bet")
                if kind == "raise" and level == 0:
                    return ("OP-4.4", "nothing has been bet: bet, not raise")
            return _amount_violation(self._deal.violation, seat, kind, amount)
        v = self._deal.violation(seat, kind)
        if v is not None:
            return v
        if kind == "call" and amount != self._deal.legal()[2]:
            return ("OP-4.4", f"a call now moves {self._deal.legal()[2]} chips, not {amount}")
        return None

    def _do(self, action: Action) -> None:
        seat = self._deal.to_act
        assert seat is not None
        if action.kind == "lock":
            self._deal.lock(seat, str(action.cards))
        elif action.kind in ("bet", "raise"):
            self._deal.apply(seat, action.kind, action.amount)
        else:
            self._deal.apply(seat, action.kind)

    def _sync(self) -> list[dict[str, Any]]:
        """The history up to date (events are read from the Rust deal when asked for)."""
        if self._events_seen < self._deal.num_events:
            events = self._deal.events(self._events_seen)
            self._events_seen += len(events)
            self._history.extend(events)
        return self._history

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every ante, lock, action, return, reveal and settlement (a copy; locks show the
        card: use :meth:`observation` for what a player may see)."""
        return copy.deepcopy(self._sync())

    # ---- outcome --------------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self._deal.phase != "over":
            return [0.0, 0.0]
        before = self._deal_record["stacks"]
        return [float(a - b) for a, b in zip(self._deal.stacks, before, strict=True)]

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """Play the rest of the deal ``n`` times in Rust (locks included) and settle each by
        OP-5: an ``(n, 2)`` float64 array in the unit of :meth:`returns` (chips won or lost in
        this deal, antes included). Works from both locks and every betting decision. Results
        depend on ``seed`` only, never on ``threads`` (0 = all cores).

        ``policy="random"``: a lock uniform over the distinct cards of the hand, then uniform
        over :meth:`legal_actions` (fold when legal, check or call, the distinct amounts among
        min raise, half pot, pot and all-in). ``"greedy"``: locks the card with the better
        expected result against the opponent's locked card given his public signal (his card
        is taken UP with probability UP / 2, of any rank of its group; 2 beats A, OP-2.3), and
        bets by that expectation: strong (≥ 0.5) bets or raises ¾ of the pot most of the time;
        good (≥ 0.15) bets half the pot half the time and calls at a price owed / (pot + owed)
        up to ⅓; marginal (≥ -0.2) checks and calls up to ¼; weak checks and folds to a bet
        unless it costs under a tenth, with rare bluffs."""
        check_policy_args(n, policy, seed, threads)
        if self._deal.to_act is None:
            raise InvalidArgumentError("the deal is over: there is no decision to play out from")
        return self._deal.playouts(int(n), policy, int(seed), int(threads))

    @property
    def next_first_player(self) -> int | None:
        """OP-3.2: the pot winner; after a split the other player than this deal's first."""
        if self._deal.phase != "over":
            return None
        w = self._deal.winner
        return w if w is not None else 1 - self._deal.first_player

    @property
    def result(self) -> dict[str, Any] | None:
        if self._deal.phase != "over":
            return None
        stacks = list(self._deal.stacks)
        return {
            "winner": self._deal.winner,
            "by_fold": any(self._deal.folded),
            "locked": [self._deal.locked(0), self._deal.locked(1)],
            "stacks": stacks,
            "net": [int(r) for r in self.returns()],
            "next_first_player": self.next_first_player,
            "match_over": 0 in stacks,  # OP-6.1
        }

    # ---- information ----------------------------------------------------------------------

    def _carried(self) -> list[str | None]:
        """OP-6.6: the group (UP/DOWN) of each held card carried in — public knowledge."""
        return [
            None if h is None else ("UP" if _is_up(h) else "DOWN")
            for h in self._deal_record["held"]
        ]

    def _public_history(self, player: int) -> list[dict[str, Any]]:
        out = []
        for e in self._sync():
            if e["event"] == "lock" and e["player"] != player:
                e = {"event": "lock", "player": e["player"]}  # OP-3.7: which card is hidden
            out.append(dict(e))
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """OP-3.11 / OP-6.6: own cards and lock, both signals, stacks, pot, bets, the cards
        revealed (the discard pile and this deal's reveal), stock and discard sizes. For the
        player to act, ``legal`` is the listing of :meth:`legal_actions` and ``raise_range``
        the legal raise-to amounts ``[min, max]`` or None."""
        player = self._check_player(player)
        d = self._deal
        over = d.phase == "over"
        mine = d.to_act == player
        rr = self.raise_range() if mine else None
        discard = self._deal_record["discard"]
        return {
            "player": player,
            "deal_number": self._deal_record["number"],
            "phase": d.phase,
            "first_player": d.first_player,
            "hand": self._hands[player],
            "locked": d.locked(player),
            "opponent_locked": d.locked(1 - player) is not None,
            "signals": [list(sig) for sig in self._signals],
            "carried": self._carried(),
            "stacks": list(d.stacks),
            "antes": list(d.antes),
            "bets": list(d.bets),
            "pot": d.pot_total,
            "revealed": [d.locked(0), d.locked(1)] if over else None,
            "discard": discard,
            "stock_size": self._stock_left,
            "discard_size": self._discard_size,
            "current_player": d.to_act,
            "legal": [str(a) for a in self.legal_actions()] if mine else [],
            "raise_range": list(rr) if rr is not None else None,
            "history": self._public_history(player),
        }

    def resample(self, player: int, seed: int | None = None) -> OnePokerState:
        """A full state of this deal consistent with everything ``player`` has observed,
        computed in Rust and uniform over the consistent deals (labelled cards): the
        opponent's two cards redrawn from the cards ``player`` has not seen (the shoe minus
        his hand and the discard pile) with the opponent's public signal and, from deal 2 on,
        the public group of the card he carried in (OP-6.6); his lock, if made, one of his two
        cards at random; the stock reshuffled. Own cards, own lock, stacks and every betting
        action stay; the new state's seed is drawn from ``seed`` (``None``: a fresh one)."""
        player = self._check_player(player)
        if self._deal.to_act is None:
            raise InvalidArgumentError("the deal is over: there is nothing to resample")
        seed = check_seed(seed)
        rec = self._deal_record
        held = rec["held"]
        deal, new_held, stock = self._deal.resample(
            player,
            None if held[0] is None else f"{held[0]} {held[1]}",
            rec["stock"],
            rec["discard"],
            seed,
        )
        new = object.__new__(OnePokerState)
        d = new.__dict__
        d.update(self.__dict__)
        d["seed"] = derived_seed(seed)
        d["_deal"] = deal
        d["_deal_record"] = {
            "number": rec["number"],
            "stacks": list(rec["stacks"]),
            "first": rec["first"],
            "held": [None, None] if new_held is None else list(new_held),
            "stock": stock,
            "discard": rec["discard"],
        }
        d["_hands"] = [deal.hand(0), deal.hand(1)]
        actions = self._actions.copy()
        opp = 1 - player
        at = 0 if opp == rec["first"] else 1  # locks come first, in turn order (OP-7.4)
        opp_lock = deal.locked(opp)
        if opp_lock is not None:
            actions[at] = {"kind": "lock", "cards": opp_lock}
        d["_actions"] = actions
        d["_history"] = []
        d["_events_seen"] = 0
        d["_listed"] = ()
        return new

    def _action_players(self) -> list[int]:
        return [e["player"] for e in self._sync() if e["event"] in ("lock", "action")]

    # ---- action text and ids --------------------------------------------------------------

    _TEXT = re.compile(r"^(fold|check|call|bet|raise)(?:\s+(?:to\s+)?(\d+))?$")

    def parse_action(self, text: str) -> Action:
        """The action ``text`` names (O(1) whatever the amount). Text that names no action
        gives an Action the rules reject (so ``can_apply`` says False)."""
        norm = " ".join(text.strip().split())
        low = norm.lower()
        if low.startswith("lock "):
            try:
                return _lock_action(str(Card(norm[5:].strip())))
            except CardaviaError:
                return Action("lock", label=low)
        m = self._TEXT.match(low)
        if m is None:
            return Action(low, label=low)
        kind, amount = m.group(1), m.group(2)
        if kind in ("fold", "check"):
            return Action(low, label=low) if amount is not None else betting_action(kind, None)
        if kind == "call":
            if amount is None:
                call = self._deal.legal()[2]
                return betting_action("call", call) if call is not None else Action("call")
            return betting_action("call", int(amount))
        if amount is None:
            return Action(kind, label=kind)
        return betting_action(kind, int(amount))

    def action_id(self, action: Action) -> int:
        total = self.game.total_chips
        if action.kind == "fold":
            return 0
        if action.kind in ("check", "call"):
            return 1
        if (
            action.kind in ("bet", "raise")
            and isinstance(action.amount, int)
            and 1 <= action.amount <= total
        ):
            return 1 + action.amount
        if action.kind == "lock" and isinstance(action.cards, CardSet) and len(action.cards) == 1:
            return 2 + total + next(iter(action.cards)).index
        raise InvalidArgumentError(f"{action} has no action id in One Poker")

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id: InvalidArgumentError for an id outside the space,
        IllegalActionError (naming the rule) for one not legal now."""
        if isinstance(action_id, bool) or not isinstance(action_id, (int, np.integer)):
            raise InvalidArgumentError(f"an action id is an int, got {action_id!r}")
        action_id = int(action_id)
        if not 0 <= action_id < self.game.num_actions:
            raise InvalidArgumentError(
                f"action id {action_id} is not in 0..{self.game.num_actions - 1}"
            )
        ok, kind, amount, text = self._deal.id_action(action_id, self._total)
        if not ok:
            raise IllegalActionError(
                f"action id {action_id} is not a legal action id now ({kind}): {text}", rule=kind
            )
        return _id_action(kind, amount, text)

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        """The legal action recorded as ``entry``."""
        if not isinstance(entry, Mapping):
            raise InvalidArgumentError(f"a recorded action is an object, got {entry!r}")
        kind = entry.get("kind")
        amount = entry.get("amount")
        if (
            kind == "lock"
            and isinstance(entry.get("cards"), str)
            and set(entry)
            == {
                "kind",
                "cards",
            }
        ):
            try:
                act = _lock_action(str(Card(entry["cards"])))
            except CardaviaError as e:
                raise IllegalActionError(
                    f"recorded action {dict(entry)}: {e}", rule="OP-3.7"
                ) from e
        elif (
            kind in _BETTING_KINDS
            and not set(entry) - {"kind", "amount"}
            and (amount is None or (isinstance(amount, int) and not isinstance(amount, bool)))
        ):
            act = betting_action(str(kind), amount) if amount is not None else Action(str(kind))
            if kind in ("fold", "check") and amount is None:
                act = betting_action(str(kind), None)
        else:
            raise IllegalActionError(
                f"recorded action {dict(entry)} is not a One Poker action", rule="OP-4.4"
            )
        self.check(act)
        return act


class OnePokerMatch(Match[OnePokerState]):
    """A match to 40 chips (OP-6.1): deals in sequence with the shoe carried over (OP-3.4).

    ``stock`` fixes the initial 104-card order and ``reshuffles`` the order of each reshuffled
    stock in turn (OP-3.10); otherwise they come from the match seed.
    """

    game: OnePokerGame

    def __init__(
        self,
        game: OnePokerGame,
        seed: int | None = None,
        stock: str | None = None,
        reshuffles: Sequence[str] = (),
    ):
        super().__init__(game, seed)
        self._initial_stock = stock
        self._reshuffles = list(reshuffles)
        self._given = (stock, list(reshuffles))
        self._rng = Rng(self.seed)
        self.reshuffle_count = 0
        self.revealed: list[tuple[int, str, str]] = []  # (deal number, s0 locked, s1 locked)
        # Every deal dealt and every restart, in order: what a pickled match replays.
        self._journal: list[OnePokerState | None] = []

    def restart(self) -> None:
        """OP-6.5: 20/20, a new shuffled stock, empty discard pile, seat 0 first."""
        self.deals = []
        self.revealed = []
        self._initial_stock = None
        self._reshuffles = []
        self._journal.append(None)

    def __reduce__(self) -> tuple[Any, ...]:
        # A match pickles as its record (the game, the seed, the supplied stock orders and the
        # actions of every deal, restarts included) and unpickles by replaying it: the shoe's
        # generator state is not itself picklable, and replaying reproduces it exactly.
        journal = [None if st is None else list(st._actions) for st in self._journal]
        return (_replay_match, (self.game, self.seed, self._given, journal))

    def is_over(self) -> bool:
        if not self.deals or not self.deals[-1].is_terminal():
            return False
        return 0 in self.deals[-1].deal.stacks  # OP-6.1, OP-7.13

    @property
    def stacks(self) -> list[int]:
        if not self.deals:
            return [int(self.game.options["stack"])] * 2
        return list(self.deals[-1].deal.stacks)

    @property
    def winner(self) -> int | None:
        """The player holding every chip once the match is over."""
        if not self.is_over():
            return None
        return 0 if self.stacks[1] == 0 else 1

    def _next_spec(self) -> dict[str, Any]:
        if not self.deals:
            seed = self._next_seed()
            return self.game.first_deal(seed, self._initial_stock)
        last = self.deals[-1]
        rec = last._deal_record
        d = last.deal
        locked = [d.locked(0), d.locked(1)]
        held = [d.held(0), d.held(1)]
        assert None not in locked and None not in held
        self.revealed.append((rec["number"], str(locked[0]), str(locked[1])))
        drawn = 4 if rec["held"] == [None, None] else 2
        stock = rec["stock"].split()[drawn:]
        discard = rec["discard"].split() + [str(c) for c in locked]  # OP-3.4 step 1
        if len(stock) < 2:  # OP-3.4 step 3, OP-6.2
            pile = discard + stock
            if self._reshuffles:
                order = [str(c) for c in _core.parse_cards_text(self._reshuffles.pop(0))]
                if sorted(order) != sorted(pile):
                    raise InvalidArgumentError(
                        "a supplied reshuffle order must hold exactly the discard pile and the "
                        "remaining stock (OP-3.4)"
                    )
                stock = order
            else:
                stock = self._rng.shuffled(pile)
            discard = []
            self.reshuffle_count += 1
        return {
            "number": rec["number"] + 1,
            "stacks": list(d.stacks),
            "first": last.next_first_player,  # OP-3.2
            "held": held,  # OP-3.4 step 2
            "stock": " ".join(stock),
            "discard": " ".join(discard),
        }

    def new_deal(self) -> OnePokerState:
        """Start the next deal (OP-3.4); the previous one must be over."""
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        if self.is_over():
            raise IllegalActionError("the match is over (OP-6.1)", rule="OP-6.1")
        spec = self._next_spec()
        state = self.game.new_state(seed=self._next_seed(), deal=spec)
        self.deals.append(state)
        self._journal.append(state)
        return state


def _replay_match(
    game: OnePokerGame,
    seed: int,
    given: tuple[str | None, list[str]],
    journal: list[list[dict[str, Any]] | None],
) -> OnePokerMatch:
    match = OnePokerMatch(game, seed, stock=given[0], reshuffles=given[1])
    for entry in journal:
        if entry is None:
            match.restart()
            continue
        state = match.new_deal()
        for action in entry:
            state.apply(state.action_from_json(action))
    return match
