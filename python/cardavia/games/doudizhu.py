"""Dou Dizhu (斗地主, Fight the Landlord). Rules: ``rules/doudizhu.md`` (ids ``DDZ-x.y``).

Three players, one 54-card pack: an auction (bids 1-3, DDZ-3.4/3.5) picks the landlord, who
takes the three bottom cards and plays alone against the two farmers. Card play runs on the Rust
:class:`~cardavia.ClimbTable`; settlement (DDZ-7) is ``bid × 2^bombs × spring``, zero-sum.

``deal`` for :meth:`DouDizhuGame.new_state` fixes the cards::

    {"hands": ["<17 cards>", "<17 cards>", "<17 cards>"], "bottom": "<3 cards>",
     "first_bidder": 0}

Module functions :func:`classify`, :func:`legal_plays` and :func:`beats` expose the combination
engine directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardSet, Play, Rng
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, register
from cardavia.games.climbing import (
    PASS,
    ClimbingState,
    PlayActionSpace,
    _ListedAction,
    action_space,
    as_play,
    cards_or_ranks,
    copy_log,
    derive_seed,
)

__all__ = ["DouDizhuGame", "DouDizhuState", "beats", "classify", "legal_plays", "settle"]

RULESET = "doudizhu"
DECK = CardSet.full_pack(jokers=True)
CALLS = ("pass", "bid 1", "bid 2", "bid 3")
_PASS_CALL = Action(kind="pass", label="pass")
_BIDS = tuple(Action(kind="bid", amount=b, label=f"bid {b}") for b in (1, 2, 3))
_CALL_CODES = {"pass": 0, "bid 1": 1, "bid 2": 2, "bid 3": 3}

CardsLike = str | CardSet | Iterable[Card | str]


def _cards(cards: CardsLike) -> CardSet:
    # Suits never matter in Dou Dizhu (DDZ-2.4): rank-only text ("33344455") is accepted.
    return CardSet(cards_or_ranks(cards, DECK, "DDZ-2.2"))


def classify(cards: CardsLike) -> list[Play]:
    """Every interpretation of ``cards`` as a Dou Dizhu play (DDZ-4.8: at most one).

    Cards may be written without suits (``"33344455"``, ``"333 44"``, ``"SJ BJ"``): suits never
    matter in Dou Dizhu (DDZ-2.4), so each rank takes its lowest suits."""
    return _core.climb_classify(RULESET, _cards(cards))


def legal_plays(hand: CardsLike, to_beat: Play | CardsLike | None = None) -> list[Play]:
    """Every legal play from ``hand`` (DDZ-6.7): any valid combination on a lead, else the
    combinations beating ``to_beat``. One play per rank multiset (DDZ-6.7)."""
    return _core.climb_legal_plays(RULESET, _cards(hand), _as_play(to_beat))


def beats(candidate: Play | CardsLike, top: Play | CardsLike) -> bool:
    """True if ``candidate`` beats ``top`` (DDZ-5)."""
    a, b = _as_play(candidate), _as_play(top)
    assert a is not None and b is not None
    return _core.climb_beats(a, b)


def _as_play(x: Play | CardsLike | None) -> Play | None:
    return as_play(x, classify, "Dou Dizhu", "DDZ-4.8")


@dataclass(frozen=True)
class Settlement:
    """DDZ-7: the deal's multiplier and each seat's score."""

    bid: int
    bombs: int
    spring: bool
    reverse_spring: bool
    multiplier: int
    unit: int
    landlord_won: bool
    scores: tuple[int, int, int]


def settle(
    landlord: int, bid: int, bombs: int, landlord_won: bool, spring: bool, reverse_spring: bool
) -> Settlement:
    """DDZ-7.4-7.7: ``M = 2^bombs × (2 if spring or reverse spring)``, ``u = bid × M``; the
    landlord wins or loses ``2u``, each farmer the opposite ``u``."""
    if spring and reverse_spring:
        raise InvalidArgumentError("spring and reverse spring exclude each other (DDZ-7.4)")
    multiplier = 2**bombs * (2 if spring or reverse_spring else 1)
    unit = bid * multiplier
    sign = 1 if landlord_won else -1
    scores = [-sign * unit] * 3
    scores[landlord] = 2 * sign * unit
    return Settlement(
        bid,
        bombs,
        spring,
        reverse_spring,
        multiplier,
        unit,
        landlord_won,
        (scores[0], scores[1], scores[2]),
    )


@register
class DouDizhuGame(Game["DouDizhuState"]):
    """Dou Dizhu for three players (rules/doudizhu.md). No options: the rules fix everything."""

    id = "doudizhu"
    OPTIONS = ()

    @property
    def num_players(self) -> int:
        return 3

    @property
    def space(self) -> PlayActionSpace:
        return action_space(RULESET, DECK.mask, CALLS)

    @property
    def num_actions(self) -> int:
        return self.space.size

    def new_state(self, seed: int | None = None, deal: Any = None) -> DouDizhuState:
        return DouDizhuState(self, seed, deal)


class DouDizhuState(ClimbingState):
    """One Dou Dizhu deal: auction (with redeals after three passes), then card play.

    ``playout_returns(policy="greedy")`` plays the rest of the deal in Rust with the greedy
    rules of ``cardavia_core::climbing::deals`` (bids from hand strength: jokers, 2s, aces,
    bombs and long runs) and ``climbing::playout`` (card play: go out when possible; lead the
    lowest card in the biggest combination that spends no bomb; beat an opponent with the
    lowest such play, or the highest one when an opponent holds two cards or fewer; keep bombs
    for an opponent about to go out; follow the other farmer only lightly). A void auction is
    redealt from the playout's own seed (DDZ-3.5c)."""

    ruleset = RULESET
    game: DouDizhuGame
    _CLONE_LISTS = ("_action_log", "_history_log", "_calls", "_hands")

    def __init__(self, game: DouDizhuGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        self._table = None
        self._events_seen = 0
        if deal is None:
            first, hands, bottom = self._random_deal(0)
            self._deal_index: int = 0
        else:
            record = self._check_deal(deal)
            hands = [CardSet(h) for h in record["hands"]]
            bottom = CardSet(record["bottom"])
            first = record["first_bidder"]
            self._deal_index = record["number"]
        self._deal_record = None  # formatted when read (_build_record)
        self._record_parts = (hands, bottom, first, self._deal_index)
        self._begin_deal(first, hands, bottom)

    def _build_record(self) -> dict[str, Any]:
        hands, bottom, first, number = self._record_parts
        return {
            "hands": [str(h) for h in hands],
            "bottom": str(bottom),
            "first_bidder": first,
            "number": number,
        }

    # ---- dealing ------------------------------------------------------------------------

    def _random_deal(self, index: int) -> tuple[int, list[CardSet], CardSet]:
        """Deal ``index`` of this state's seed (DDZ-3.2, DDZ-3.3): the first bidder, three
        17-card hands and the bottom (the cards of ``deal_cards(3, 17, 1, True, sub)``)."""
        sub = derive_seed(self.seed, index)
        hands, bottom = _core.climb_deal(RULESET, sub)
        return Rng(derive_seed(sub, 1)).below(3), hands, bottom

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError(
                'a Dou Dizhu deal is {"hands": [3 x 17 cards], "bottom": 3 cards, '
                '"first_bidder": seat}'
            )
        hands = [CardSet(h) for h in deal.get("hands", ())]
        bottom = CardSet(deal.get("bottom", ""))
        first = deal.get("first_bidder", 0)
        number = deal.get("number", 0)
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise InvalidArgumentError(f"number must be a non-negative int, got {number!r}")
        if len(hands) != 3 or any(len(h) != 17 for h in hands) or len(bottom) != 3:
            raise InvalidArgumentError(
                "a Dou Dizhu deal has three 17-card hands and 3 bottom cards"
            )
        if isinstance(first, bool) or first not in (0, 1, 2):
            raise InvalidArgumentError(f"first_bidder must be 0, 1 or 2, got {first!r}")
        union = CardSet()
        for part in [*hands, bottom]:
            twice = union & part
            if twice:
                raise InvalidArgumentError(f"{twice} dealt twice (DDZ-2.1)")
            union |= part
        return {
            "hands": [str(h) for h in hands],
            "bottom": str(bottom),
            "first_bidder": first,
            "number": number,
        }

    def _begin_deal(self, first_bidder: int, hands: list[CardSet], bottom: CardSet) -> None:
        self._hands = hands
        self._bottom = bottom
        self._first_bidder: int = first_bidder
        self._to_call: int = self._first_bidder
        self._calls: list[tuple[int, str]] = []
        self._high_bid = 0
        self._high_bidder: int | None = None
        self._landlord: int | None = None
        self._table = None
        self._events_seen = 0
        self._deal_start = len(self._action_log)  # actions of this deal start here
        self._deal_log_start = len(self._history_log)  # and its log entries
        self._log(event="deal", number=self._deal_index, first_bidder=self._first_bidder)

    # ---- protocol -----------------------------------------------------------------------

    @property
    def _space(self) -> PlayActionSpace:
        return self.game.space

    @property
    def current_player(self) -> int | None:
        if self._table is None:
            return self._to_call
        return self._table.current_player

    @property
    def phase(self) -> str:
        """``"auction"``, ``"play"`` or ``"over"``."""
        if self._table is None:
            return "auction"
        return "over" if self._table.is_over else "play"

    def legal_actions(self) -> list[Action]:
        if self._table is None:  # DDZ-6.7 auction
            self._listed = listed = [_PASS_CALL, *_BIDS[self._high_bid :]]
            return listed
        plays: list[Action] = self._table.legal_action_objects(_ListedAction, PASS)  # DDZ-6.7
        return plays

    def legal_action_ids(self) -> list[int]:
        if self._table is None:  # DDZ-6.7: pass (0) and the bids above the high bid (1..3)
            return [0, *range(self._high_bid + 1, 4)]
        ids: list[int] = self._table.legal_action_ids()
        return ids

    def _apply_before_play(self, action: Action | str | int) -> None:
        if type(action) is int and 0 <= action < 4:
            # The auction by id (DDZ-3.4): 0 is pass, b is "bid b".
            assert isinstance(action, int)
            if 0 < action <= self._high_bid:
                raise IllegalActionError(
                    f"action id {action} (bid {action}) is illegal (DDZ-3.4): a bid must "
                    f"exceed the high bid {self._high_bid}",
                    rule="DDZ-3.4",
                )
            call = _BIDS[action - 1] if action else _PASS_CALL
            self._action_log.append(call.to_json())
            self._do_call(call)
            return
        super()._apply_before_play(action)

    def _violation(self, action: Action) -> tuple[str, str] | None:
        if self._table is None:
            if action.kind == "pass":
                return None
            if action.kind != "bid":
                return ("DDZ-3.4", f"the auction is on: only pass or a bid, not {action}")
            if action.amount not in (1, 2, 3):
                return ("DDZ-3.4", "a bid is 1, 2 or 3")
            if action.amount <= self._high_bid:
                return ("DDZ-3.4", f"a bid must exceed the high bid {self._high_bid}")
            return None
        if action.kind == "bid":
            return ("DDZ-3.5", "the auction is over")
        return self._play_violation(action)

    def _do(self, action: Action) -> None:
        if self._table is None:
            self._do_call(action)
        else:
            self._do_play(action)

    def _do_call(self, action: Action) -> None:
        player = self._to_call
        call = str(action)
        self._calls.append((player, call))
        self._history_log.append({"event": "call", "player": player, "call": call})
        if action.kind == "bid":
            assert action.amount is not None
            self._high_bid, self._high_bidder = action.amount, player
        last_three = [call for _, call in self._calls[-3:]]
        bid_then_two_passes = (
            len(last_three) == 3
            and last_three[0].startswith("bid")
            and (last_three[1:] == ["pass", "pass"])
        )
        if self._high_bid == 3 or bid_then_two_passes:  # DDZ-3.5a, DDZ-3.5b
            self._make_landlord()
        elif len(self._calls) == 3 and self._high_bidder is None:  # DDZ-3.5c
            self._log(event="void_deal", number=self._deal_index)
            self._deal_index += 1
            self._begin_deal(*self._random_deal(self._deal_index))
        else:
            self._to_call = (player + 1) % 3

    def _make_landlord(self) -> None:
        assert self._high_bidder is not None
        self._landlord = self._high_bidder
        hands = list(self._hands)
        hands[self._landlord] = hands[self._landlord] | self._bottom  # DDZ-3.7
        self._log(
            event="landlord", player=self._landlord, bid=self._high_bid, bottom=str(self._bottom)
        )
        self._start_play(hands, self._landlord)  # DDZ-3.8

    # ---- outcome ------------------------------------------------------------------------

    def _settlement(self) -> Settlement | None:
        if self._table is None or not self._table.is_over or self._landlord is None:
            return None
        landlord = self._landlord
        winner = self._table.finish_order[0]
        plays = self._table.plays_made
        farmers = [p for p in range(3) if p != landlord]
        landlord_won = winner == landlord
        return settle(
            landlord,
            self._high_bid,
            sum(self._table.bombs_played),  # DDZ-7.1
            landlord_won,
            spring=landlord_won and all(plays[f] == 0 for f in farmers),  # DDZ-7.2
            reverse_spring=not landlord_won and plays[landlord] == 1,  # DDZ-7.3
        )

    def returns(self) -> list[float]:
        s = self._settlement()
        return [0.0, 0.0, 0.0] if s is None else [float(x) for x in s.scores]

    @property
    def result(self) -> dict[str, Any] | None:
        s = self._settlement()
        if s is None:
            return None
        return {
            "landlord": self._landlord,
            "winner": "landlord" if s.landlord_won else "farmers",
            "bid": s.bid,
            "bombs": s.bombs,
            "spring": s.spring,
            "reverse_spring": s.reverse_spring,
            "multiplier": s.multiplier,
            "unit": s.unit,
            "scores": list(s.scores),
        }

    def _playout_start(self) -> tuple[Any, ...]:
        if self._table is None:  # DDZ-3.4: the auction goes on
            codes = [_CALL_CODES[call] for _, call in self._calls]
            return ("doudizhu", "auction", self._hands, self._bottom, self._first_bidder, codes)
        return ("doudizhu", "play", self._table, self._landlord, self._high_bid)

    # ---- information --------------------------------------------------------------------

    def _current_hands(self) -> list[CardSet]:
        if self._table is None:
            return list(self._hands)
        return self._table.hands()

    def observation(self, player: int) -> dict[str, Any]:
        """DDZ-3.9: own hand; every call, the bottom cards once the landlord has them, every
        play and pass, every hand size."""
        player = self._check_player(player)
        table = self._table
        if table is None:
            hand = str(self._hands[player])
            sizes = [17, 17, 17]
            top = None
        else:
            hand = str(table.hand(player))
            sizes = table.hand_sizes()
            top = table.top
        return {
            "player": player,
            "phase": self.phase,
            "deal_number": self._deal_index,
            "hand": hand,
            "hand_sizes": sizes,
            "current_player": self.current_player,
            "first_bidder": self._first_bidder,
            "high_bid": self._high_bid,
            "landlord": self._landlord,
            "bottom": str(self._bottom) if self._landlord is not None else None,
            "top": None if top is None else {"player": top[1], "cards": str(top[0].cards)},
            "history": self._public_history(),
        }

    def _public_history(self) -> list[dict[str, Any]]:
        # Only the current deal: earlier void deals have no bearing on it (DDZ-3.5c).
        return copy_log(self._history[self._deal_log_start :])

    def resample(self, player: int, seed: int | None = None) -> DouDizhuState:
        """A full state of this deal consistent with everything ``player`` has seen (DDZ-3.9),
        drawn uniformly in Rust: his own cards, every card played, the bottom once the landlord
        has shown and taken it (the bottom cards he still holds stay his); before that the
        bottom is dealt among the hidden cards. Only the current deal is rebuilt (DDZ-3.5c); the
        new state's seed (for any redeal still to come) is drawn from ``seed``."""
        player = self._check_resample(player)
        sampler, new_seed = self._resample_seed(seed)
        if self._table is None:
            hands, bottom, table = _core.ddz_resample(player, self._hands, self._bottom, sampler)
        else:
            assert self._landlord is not None
            hands, bottom, table = _core.ddz_resample(
                player, self._hands, self._bottom, sampler, self._table, self._landlord
            )
        self._sync()
        new = self.clone()
        new.seed = new_seed
        new._hands = list(hands)
        new._bottom = bottom
        new._table = table
        new._deal_record = None
        new._record_parts = (list(hands), bottom, self._first_bidder, self._deal_index)
        new._action_log = self._action_log[self._deal_start :]
        new._history_log = self._history_log[self._deal_log_start :]
        new._deal_start = 0
        new._deal_log_start = 0
        return new
