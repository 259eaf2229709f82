"""Red Ten (红十, Hong Shi). Rules: ``rules/red_ten.md`` (ids ``RT-x.y``).

Four players, one 54-card pack dealt 14/14/13/13 from the seat after a randomly drawn dealer
(RT-3.2, RT-3.3). The holders of the red tens ``Th Td`` form the hidden red team (one player
alone if he holds both, RT-3.4). After the deal every player is polled once, from the ``3h``
holder on, to *light* (show his red tens) or decline (RT-3.6); a lit deal scores ×2 on a red win
and ×4 on a red loss (RT-6.3). Card play runs on the Rust :class:`~cardavia.ClimbTable` and
ends as soon as one team has finished (RT-5.7); the base score comes from the finishing order
(RT-6.1, RT-6.2), zero-sum. A match is ``deals`` deals (RT-7).

``deal`` for :meth:`RedTenGame.new_state` fixes the cards::

    {"dealer": 0, "hands": ["<14 cards>", "<14 cards>", "<13 cards>", "<13 cards>"]}

(seats dealer+1 and dealer+2 hold 14 cards, the others 13). Module functions :func:`classify`,
:func:`legal_plays` and :func:`beats` expose the combination engine directly; :func:`settle` is
the scoring of RT-6 as a pure function.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardSet, Play, Rng
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, register
from cardavia.games.climbing import (
    PASS,
    RED_TEN_CARDS,
    ClimbingState,
    PlayActionSpace,
    _ListedAction,
    action_space,
    as_play,
    copy_log,
    derive_seed,
)

__all__ = [
    "DECK",
    "RedTenGame",
    "RedTenMatch",
    "RedTenState",
    "Settlement",
    "beats",
    "classify",
    "hand_sizes",
    "legal_plays",
    "settle",
]

RULESET = "red_ten"
DECK = CardSet.full_pack(jokers=True)
"""The 54-card deck (RT-2.1)."""
RED_TENS = RED_TEN_CARDS
"""``Td Th`` (RT-2.2)."""
CALLS = ("pass", "light", "decline")
THREE_OF_HEARTS = Card("3h")
LIGHT = Action(kind="light", label="light")
DECLINE = Action(kind="decline", label="decline")

CardsLike = str | CardSet | Iterable[Card | str]


def classify(cards: CardsLike) -> list[Play]:
    """Every interpretation of ``cards`` as a Red Ten play (RT-4.1–4.4: at most one; a 13-card
    straight always reads its A as high, C3)."""
    return _core.climb_classify(RULESET, CardSet(cards))


def legal_plays(hand: CardsLike, to_beat: Play | CardsLike | None = None) -> list[Play]:
    """Every legal play from ``hand``: any valid combination on a lead (RT-5.2), else the
    combinations beating ``to_beat`` (RT-4.5). One play per rank class multiset; a straight
    with a black or a red ten is listed both ways. Passing is always legal on a follow
    (RT-5.3)."""
    return _core.climb_legal_plays(RULESET, CardSet(hand), _as_play(to_beat))


def beats(candidate: Play | CardsLike, top: Play | CardsLike) -> bool:
    """True if ``candidate`` beats ``top`` (RT-4.5–4.8)."""
    a, b = _as_play(candidate), _as_play(top)
    assert a is not None and b is not None
    return _core.climb_beats(a, b)


def _as_play(x: Play | CardsLike | None) -> Play | None:
    return as_play(x, classify, "Red Ten", "RT-4.4")


def hand_sizes(dealer: int) -> list[int]:
    """RT-3.3: cards per seat when ``dealer`` deals: 14 for dealer+1 and dealer+2, else 13."""
    if isinstance(dealer, bool) or dealer not in range(4):
        raise InvalidArgumentError(f"dealer must be 0, 1, 2 or 3, got {dealer!r}")
    return [14 if (seat - dealer) % 4 in (1, 2) else 13 for seat in range(4)]


def red_team_of(hands: Sequence[CardsLike]) -> tuple[int, ...]:
    """RT-3.4: the seats holding a red ten (one seat: the solo player of a 1-vs-3 deal)."""
    return tuple(p for p, h in enumerate(hands) if not CardSet(h).isdisjoint(RED_TENS))


def _team_out(red: Iterable[int], finished: Iterable[int]) -> bool:
    """RT-5.7: every member of one team has finished."""
    red_set, done = set(red), set(finished)
    black = set(range(4)) - red_set
    return red_set <= done or black <= done


# --------------------------------------------------------------------------------------------
# Scoring


@dataclass(frozen=True)
class Settlement:
    """RT-6: the outcome of a deal, its base score, the lighting multiplier and the scores."""

    red_team: tuple[int, ...]
    black_team: tuple[int, ...]
    solo: bool
    """True in a 1-vs-3 deal (one seat holds both red tens, RT-3.4b)."""
    lit: bool
    finish_order: tuple[int, ...]
    """The finished seats, upstream first; the others are ranked after them (RT-5.7)."""
    outcome: str
    """``complete victory``, ``small victory`` or ``draw`` (RT-6.1); ``solo wins``, ``draw`` or
    ``solo loses`` (RT-6.2)."""
    winning_team: str | None
    """``"red"``, ``"black"`` or None for a draw."""
    base: tuple[int, int, int, int]
    multiplier: int
    """RT-6.3: 1 unlit; lit: 2 if the red team won, 4 if it lost (a draw stays 0 at 1)."""
    scores: tuple[int, int, int, int]


def settle(red_team: Iterable[int], finish_order: Sequence[int], lit: bool) -> Settlement:
    """RT-6 for a finished deal: ``red_team`` holds the red tens (one or two seats),
    ``finish_order`` lists the seats that emptied their hands, first first, up to the end of the
    deal (RT-5.7), ``lit`` whether anyone lit (RT-3.7)."""
    red = tuple(sorted(set(red_team)))
    if not 1 <= len(red) <= 2 or any(isinstance(p, bool) or p not in range(4) for p in red):
        raise InvalidArgumentError(f"the red team is one or two seats of 0..3, got {red_team!r}")
    order = tuple(finish_order)
    if len(set(order)) != len(order) or any(p not in range(4) for p in order):
        raise InvalidArgumentError(f"bad finishing order {finish_order!r}")
    if not order or not _team_out(red, order):
        raise InvalidArgumentError(f"the deal is not over after {list(order)} (RT-5.7)")
    if any(_team_out(red, order[:k]) for k in range(1, len(order))):
        raise InvalidArgumentError(f"the deal ended before {list(order)} was complete (RT-5.7)")
    black = tuple(p for p in range(4) if p not in red)

    def position(seat: int) -> int:
        return order.index(seat) + 1 if seat in order else 4  # RT-5.6, RT-5.7

    if len(red) == 2:  # RT-6.1
        upstream = order[0]
        team = red if upstream in red else black  # U, the upstream player's team
        partner = next(p for p in team if p != upstream)
        points = {2: 2, 3: 1}.get(position(partner), 0)  # 1+2, 1+3, else 1+4: a draw
        outcome = {2: "complete victory", 1: "small victory", 0: "draw"}[points]
        base = [points if p in team else -points for p in range(4)]
        red_won = None if points == 0 else team is red
    else:  # RT-6.2
        solo = red[0]
        pos = position(solo)
        points = 3 if pos == 1 else -3 if pos == 4 else 0
        outcome = {3: "solo wins", 0: "draw", -3: "solo loses"}[points]
        base = [3 * points if p == solo else -points for p in range(4)]
        red_won = None if points == 0 else points > 0
    # RT-6.3: ×2 for a lit red win, ×4 for a lit red loss; unlit deals and draws stay ×1.
    multiplier = 1 if not lit or red_won is None else 2 if red_won else 4
    scores = [b * multiplier for b in base]  # RT-6.4
    return Settlement(
        red_team=red,
        black_team=black,
        solo=len(red) == 1,
        lit=lit,
        finish_order=order,
        outcome=outcome,
        winning_team=None if red_won is None else ("red" if red_won else "black"),
        base=(base[0], base[1], base[2], base[3]),
        multiplier=multiplier,
        scores=(scores[0], scores[1], scores[2], scores[3]),
    )


# --------------------------------------------------------------------------------------------
# Game, state and match


@register
class RedTenGame(Game["RedTenState"]):
    """Red Ten for four players (rules/red_ten.md)."""

    id = "red_ten"
    OPTIONS = (
        Option(
            "deals",
            int,
            8,
            "number of deals in a match (RT-7.1); the highest total wins (RT-7.3)",
            minimum=1,
            maximum=10_000,
        ),
    )

    @property
    def num_players(self) -> int:
        return 4

    @property
    def space(self) -> PlayActionSpace:
        return action_space(RULESET, DECK.mask, CALLS)

    @property
    def num_actions(self) -> int:
        return self.space.size

    def new_state(self, seed: int | None = None, deal: Any = None) -> RedTenState:
        return RedTenState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> RedTenMatch:
        """A match of ``deals`` deals (RT-7.1), each with its own random dealer (RT-7.4)."""
        return RedTenMatch(self, seed)


class RedTenState(ClimbingState):
    """One Red Ten deal: the lighting poll (RT-3.6), then card play until one team is out.

    ``playout_returns(policy="greedy")`` plays the rest in Rust: a red-ten holder lights only
    with a very strong hand (bombs, jokers, both red tens and 2s worth 10 points, see
    ``cardavia_core::climbing::deals``: a lit loss costs ×4, RT-6.3); card play goes out when
    possible, leads the lowest card in the biggest combination that spends no bomb, lets a
    partner with one card out, beats opponents with the lowest such play (the highest when an
    opponent holds two cards or fewer), keeps bombs for an opponent about to go out and follows
    a partner only lightly. Teams are the playout's full state's (a determinized world's)."""

    ruleset = RULESET
    game: RedTenGame
    _CLONE_LISTS = ("_action_log", "_history_log", "_calls", "_shown", "_hands")

    def __init__(self, game: RedTenGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        self._table = None
        self._events_seen = 0
        if deal is None:
            self._dealer, self._hands = self._random_deal()
            self._deal_record = None  # formatted when read
            self._record_parts = (self._dealer, self._hands)
        else:
            self._deal_record = self._check_deal(deal)
            self._dealer = self._deal_record["dealer"]
            self._hands = [CardSet(h) for h in self._deal_record["hands"]]
        self._red_team = red_team_of(self._hands)  # RT-3.4
        # RT-3.9: the holder of 3h leads; RT-3.6: the lighting poll starts with him.
        self._first_player = next(p for p in range(4) if THREE_OF_HEARTS in self._hands[p])
        self._poll = [(self._first_player + k) % 4 for k in range(4)]
        self._calls: list[tuple[int, str]] = []
        self._shown = [CardSet(), CardSet(), CardSet(), CardSet()]
        self._log(event="deal", dealer=self._dealer, first_player=self._first_player)

    # ---- dealing ------------------------------------------------------------------------

    def _build_record(self) -> dict[str, Any]:
        dealer, hands = self._record_parts
        return {"dealer": dealer, "hands": [str(h) for h in hands]}

    def _random_deal(self) -> tuple[int, list[CardSet]]:
        """RT-3.2: the dealer drawn from the seeded RNG; RT-3.3: the 54 cards shuffled and dealt
        one at a time from the seat after the dealer, in turn order."""
        sub = derive_seed(self.seed, 0)
        dealer = Rng(derive_seed(sub, 1)).below(4)
        hands, _ = _core.climb_deal(RULESET, sub, dealer)
        return dealer, hands

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping) or set(deal) - {"dealer", "hands"}:
            raise InvalidArgumentError('a Red Ten deal is {"dealer": seat, "hands": [4 hands]}')
        dealer = deal.get("dealer")
        if isinstance(dealer, bool) or dealer not in range(4):
            raise InvalidArgumentError(f"dealer must be 0, 1, 2 or 3, got {dealer!r}")
        assert isinstance(dealer, int)
        hands = [CardSet(h) for h in deal.get("hands", ())]
        if len(hands) != 4:
            raise InvalidArgumentError("a Red Ten deal has four hands")
        sizes = hand_sizes(dealer)
        if [len(h) for h in hands] != sizes:
            raise InvalidArgumentError(
                f"with dealer {dealer} the hands hold {sizes} cards (RT-3.3), "
                f"not {[len(h) for h in hands]}"
            )
        union = CardSet()
        for h in hands:
            twice = union & h
            if twice:
                raise InvalidArgumentError(f"{twice} dealt twice (RT-2.1)")
            union |= h
        assert union == DECK  # 54 distinct cards of a 54-card pack
        return {"dealer": dealer, "hands": [str(h) for h in hands]}

    # ---- protocol -----------------------------------------------------------------------

    @property
    def _space(self) -> PlayActionSpace:
        return self.game.space

    @property
    def current_player(self) -> int | None:
        if self._table is None:
            return self._poll[len(self._calls)]
        return self._table.current_player

    @property
    def phase(self) -> str:
        """``"lighting"``, ``"play"`` or ``"over"``."""
        if self._table is None:
            return "lighting"
        return "over" if self._table.is_over else "play"

    @property
    def lit(self) -> bool:
        """RT-3.7: True once any player has lit."""
        return any(call == "light" for _, call in self._calls)

    @property
    def teams(self) -> dict[str, list[int]]:
        """RT-3.4: the red and black teams (known to the engine, hidden from the players)."""
        red = list(self._red_team)
        return {"red": red, "black": [p for p in range(4) if p not in red]}

    def legal_actions(self) -> list[Action]:
        if self._table is None:  # RT-3.6
            player = self._poll[len(self._calls)]
            listed = [DECLINE] if self._hands[player].isdisjoint(RED_TENS) else [LIGHT, DECLINE]
            self._listed = listed
            return listed
        listed_plays: list[Action] = self._table.legal_action_objects(_ListedAction, PASS)
        return listed_plays  # RT-5.2, RT-5.3

    def legal_action_ids(self) -> list[int]:
        if self._table is None:  # RT-3.6: light (1) for a red-ten holder, decline (2)
            player = self._poll[len(self._calls)]
            return [2] if self._hands[player].isdisjoint(RED_TENS) else [1, 2]
        ids: list[int] = self._table.legal_action_ids()
        return ids

    def _apply_before_play(self, action: Action | str | int) -> None:
        if type(action) is int and action in (1, 2):
            # The lighting poll by id (RT-3.6): 1 is light, 2 is decline.
            call = LIGHT if action == 1 else DECLINE
            violation = self._violation(call)
            if violation is not None:
                rule, why = violation
                raise IllegalActionError(
                    f"action id {action} ({call}) is illegal ({rule}): {why}", rule=rule
                )
            self._action_log.append(call.to_json())
            self._do_call(call)
            return
        super()._apply_before_play(action)

    def _violation(self, action: Action) -> tuple[str, str] | None:
        if self._table is None:
            player = self._poll[len(self._calls)]
            if action.kind == "decline":
                return None
            if action.kind == "light":
                if self._hands[player].isdisjoint(RED_TENS):
                    return ("RT-3.6", f"seat {player} holds no red ten and can only decline")
                return None
            return ("RT-3.6", f"the lighting poll comes first: light or decline, not {action}")
        if action.kind in ("light", "decline"):
            if self._table.first_play_done:
                return ("RT-3.8", "nobody can light once the first card has been played")
            return ("RT-3.6", "every player is polled exactly once, and the poll is over")
        if action.kind not in ("play", "pass"):
            return ("RT-5.3", f"{action} is not a card-play action: play or pass")
        return self._play_violation(action)

    def _do(self, action: Action) -> None:
        if self._table is None:
            self._do_call(action)
        else:
            self._do_play(action)

    def _do_call(self, action: Action) -> None:
        player = self._poll[len(self._calls)]
        self._calls.append((player, action.kind))
        if action.kind == "light":
            # RT-3.6: LIGHT shows every red ten of the hand; the cards stay in the hand.
            self._shown[player] = self._hands[player] & RED_TENS
            self._log(event="call", player=player, call="light", shown=str(self._shown[player]))
        else:
            self._log(event="call", player=player, call="decline")
        if len(self._calls) == 4:
            self._start_play(self._hands, self._first_player)  # RT-3.9

    def _playout_start(self) -> tuple[Any, ...]:
        if self._table is None:  # RT-3.6: the poll goes on
            return (
                "red_ten",
                "lighting",
                self._hands,
                self._first_player,
                len(self._calls),
                self.lit,
            )
        return ("red_ten", "play", self._table, self.lit)

    # ---- outcome ------------------------------------------------------------------------

    def _settlement(self) -> Settlement | None:
        if self._table is None or not self._table.is_over:
            return None
        return settle(self._red_team, self._table.finish_order, self.lit)

    def returns(self) -> list[float]:
        s = self._settlement()
        return [0.0] * 4 if s is None else [float(x) for x in s.scores]

    @property
    def result(self) -> dict[str, Any] | None:
        s = self._settlement()
        if s is None:
            return None
        return {
            "teams": {"red": list(s.red_team), "black": list(s.black_team)},
            "solo": s.solo,
            "lit": s.lit,
            "lit_by": [p for p, call in self._calls if call == "light"],
            "finish_order": list(s.finish_order),
            "unfinished": [p for p in range(4) if p not in s.finish_order],
            "outcome": s.outcome,
            "winning_team": s.winning_team,
            "base": list(s.base),
            "multiplier": s.multiplier,
            "scores": list(s.scores),
        }

    # ---- information --------------------------------------------------------------------

    def _current_hands(self) -> list[CardSet]:
        if self._table is None:
            return list(self._hands)
        return self._table.hands()

    def observation(self, player: int) -> dict[str, Any]:
        """RT-3.5: own hand; the dealer, every call and the red tens shown by lighting, every
        play and pass, every hand size (RT-5.1). The teams are not revealed."""
        player = self._check_player(player)
        table = self._table
        if table is None:
            hand = str(self._hands[player])
            sizes = [len(h) for h in self._hands]
            top = None
            finish: list[int] = []
        else:
            hand = str(table.hand(player))
            sizes = table.hand_sizes()
            top = table.top
            finish = table.finish_order
        return {
            "player": player,
            "phase": self.phase,
            "dealer": self._dealer,
            "first_player": self._first_player,
            "hand": hand,
            "hand_sizes": sizes,
            "current_player": self.current_player,
            "lit": self.lit,
            "lit_by": [p for p, call in self._calls if call == "light"],
            "shown": [str(s) for s in self._shown],
            "top": None if top is None else {"player": top[1], "cards": str(top[0].cards)},
            "finish_order": finish,
            "history": copy_log(self._history),
        }

    def resample(self, player: int, seed: int | None = None) -> RedTenState:
        """A full state consistent with everything ``player`` has seen, drawn exactly uniformly
        in Rust: his own cards, the dealer, every card played by whom, ``3h`` with the first
        leader until he plays it (RT-3.9), the red tens each lit seat showed and no other red
        ten in a lit seat (RT-3.6; a decline reveals nothing), and teams under which the deal is
        still running: the seats out so far are no whole team (RT-5.7). The teams follow from
        the new deal (RT-3.4); the new state's seed is drawn from ``seed``."""
        player = self._check_resample(player)
        sampler, new_seed = self._resample_seed(seed)
        lit = [False] * 4
        for p, call in self._calls:
            lit[p] = lit[p] or call == "light"
        hands, table = _core.rt_resample(
            player, self._hands, self._shown, lit, self._first_player, sampler, self._table
        )
        self._sync()
        new = self.clone()
        new.seed = new_seed
        new._hands = list(hands)
        new._table = table
        new._red_team = red_team_of(new._hands)
        new._deal_record = None
        new._record_parts = (self._dealer, list(hands))
        return new


class RedTenMatch(Match[RedTenState]):
    """RT-7: ``deals`` deals (the game option, default 8), each with new teams from its own
    deal and a dealer drawn at random (RT-7.4). Totals add up (RT-7.2); after the last deal the
    highest total wins, ties are co-winners (RT-7.3)."""

    def __init__(self, game: RedTenGame, seed: int | None = None):
        super().__init__(game, seed)
        self.num_deals: int = game.options["deals"]

    def is_over(self) -> bool:
        return len(self.deals) == self.num_deals and self.deals[-1].is_terminal()

    @property
    def winners(self) -> list[int] | None:
        """RT-7.3: the seats with the highest total once the match is over (else None)."""
        if not self.is_over():
            return None
        totals = self.scores
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]
