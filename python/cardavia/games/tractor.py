"""Tractor (Sheng Ji, 升级, 拖拉机). Rules: ``rules/tractor.md`` (ids ``TR-x.y``).

Four players in two partnerships (Team A = seats 0 and 2, Team B = seats 1 and 3), two packs with
jokers (108 cards). Each deal: 25 cards each and an 8-card kitty (TR-3.4); declaration turns
with overcalls fix trump (TR-3.5 – TR-3.10); the dealer takes the kitty and buries 8 cards
(TR-3.12); 25 tricks of singles, pairs and tractors (TR-4); the attackers' points and the kitty
bonus give the level changes (TR-5). :meth:`TractorGame.new_match` plays deals until a team goes
beyond Ace (TR-5.6).

Card play runs on the Rust :class:`~cardavia._core.TractorTable`; the module functions
:func:`shape`, :func:`legal_leads`, :func:`legal_follows`, :func:`count_follows`,
:func:`follow_violation`, :func:`follow_next_cards` and :func:`trick_winner` expose the engine.

The action space (for search and reinforcement learning)
--------------------------------------------------------

A follower void in the led suit may play *any* ``N`` cards, so a tractor lead can have 12,650
(tractor(2)) or 177,100 (tractor(3)) legal follows from a 25-card hand: too many to list as
actions. Plays are therefore built **one card at a time**, and the fixed action space has 120
ids:

====================  ========================================================================
id                    action
====================  ========================================================================
0                     ``pass`` (declaration phase)
1 – 4                 ``declare <L><suit>``: one level card of clubs, diamonds, hearts, spades
5 – 8                 ``declare <L><suit> <L><suit>``: a level pair of that suit
9, 10                 ``declare SJ SJ``, ``declare BJ BJ`` (no-trump)
11 + i                ``bury <card i>``: the dealer puts card index ``i`` into the new kitty
65 + i                ``play <card i>``: select card index ``i`` for the current lead/follow
119                   ``end``: the lead selected so far is complete
====================  ========================================================================

(card index ``i = 4 * rank + suit``, ``SJ`` = 52, ``BJ`` = 53, as everywhere in cardavia.)
The legal cards at each step are exactly those that keep the selection part of some legal
bury, lead (TR-4.3) or follow (TR-4.4), so every sequence of legal steps ends in a legal play
and every legal play can be built. A selection commits by itself when complete: the 8th buried
card, the ``N``-th card of a follow, a lead no card can extend; a lead that could still grow (a
single whose twin is in hand, a pair or tractor that a further pair would lengthen) is
committed with ``end``. The cards selected so far are seen only by their owner
(:meth:`TractorState.observation`). :meth:`TractorState.play_cards` plays a whole set at once.

Search primitives (issue 13)
----------------------------

* :meth:`TractorState.clone` copies a state (a few microseconds; nothing mutable shared).
* :meth:`TractorState.resample` deals the cards a player cannot see uniformly among the deals
  consistent with what he saw (his cards; declarations, TR-3.6; a revealed kitty, TR-3.9;
  plays and what TR-4.4 makes them show: voids, and no further pair of a suit after a
  follow with fewer pairs than the lead), in Rust.
* :meth:`TractorState.playout_returns` plays the deal out ``n`` times in Rust from any
  decision point (declarations included) under the ``"random"`` or ``"greedy"`` policy,
  settled in the unit of :meth:`TractorState.returns`.
* :meth:`TractorState.whole_plays` lists the candidate whole plays (narrowed when there are
  too many) and :meth:`TractorState.play_line` turns one into its actions;
  :meth:`TractorState.legal_action_ids` and ``apply(<id>)`` are the fast integer path.

``deal`` for :meth:`TractorGame.new_state` fixes the cards::

    {"hands": ["<25 cards>"] * 4, "kitty": "<8 cards, in order>", "first_deal": true,
     "seat": 0, "levels": [2, 2], "number": 0}

``seat`` is the initial seat ``s0`` on the first deal of a match (the dealer is then whoever
declares, TR-3.10) and the dealer on later deals; ``levels`` are Team A's and Team B's levels
(2..14) before the deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, Rng, TractorTable
from cardavia._core import TractorTrump as Trump
from cardavia.cards import check_seed, parse_cards
from cardavia.errors import (
    CardaviaError,
    IllegalActionError,
    InvalidArgumentError,
)
from cardavia.game import Action, Game, Match, Option, State, register
from cardavia.games.climbing import derive_seed

__all__ = [
    "Settlement",
    "TractorGame",
    "TractorMatch",
    "TractorState",
    "Trump",
    "band",
    "card_points",
    "count_follows",
    "follow_next_cards",
    "follow_violation",
    "is_legal_follow",
    "legal_follows",
    "legal_leads",
    "settle",
    "shape",
    "trick_winner",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
HAND_SIZE = 25
KITTY_SIZE = 8
TOTAL_POINTS = 200
ACE = 14
FULL_DECK = CardBag.two_packs(jokers=True)
MAX_THREADS = 4096
"""The most threads a playout batch may ask for."""

CardsLike = str | CardBag | CardSet | Iterable[Card | str]

# --------------------------------------------------------------------------------------------
# The engine, as functions


def _bag(cards: CardsLike) -> CardBag:
    return cards if isinstance(cards, CardBag) else CardBag(cards)


def shape(cards: CardsLike, trump: Trump) -> str:
    """TR-4.5: ``"single"``, ``"pair"``, ``"tractor(k)"`` or ``"none"``."""
    return _core.tractor_shape(_bag(cards), trump)


def legal_leads(hand: CardsLike, trump: Trump) -> list[CardBag]:
    """Every legal lead from ``hand`` (TR-4.3): singles, pairs, tractors."""
    return _core.tractor_legal_leads(_bag(hand), trump)


def legal_follows(
    hand: CardsLike, lead: CardsLike, trump: Trump, limit: int = 1_000_000
) -> list[CardBag]:
    """Every legal follow to ``lead`` from ``hand`` (TR-4.4), each multiset once.

    The count explodes for long leads against void hands (see the module docstring); beyond
    ``limit`` sets this raises InvalidArgumentError: use :func:`count_follows` (exact, without
    enumerating), :func:`is_legal_follow` (the checker) and :func:`follow_next_cards` (the
    compact generator) instead."""
    return _core.tractor_legal_follows(_bag(hand), _bag(lead), trump, limit)


def count_follows(hand: CardsLike, lead: CardsLike, trump: Trump) -> int:
    """The exact number of legal follows (TR-4.4), by dynamic programming."""
    return _core.tractor_count_follows(_bag(hand), _bag(lead), trump)


def follow_violation(
    hand: CardsLike, lead: CardsLike, play: CardsLike, trump: Trump
) -> tuple[str, str] | None:
    """(rule id, explanation) if ``play`` is not a legal follow, else None."""
    return _core.tractor_follow_violation(_bag(hand), _bag(lead), _bag(play), trump)


def is_legal_follow(hand: CardsLike, lead: CardsLike, play: CardsLike, trump: Trump) -> bool:
    """The follow checker (TR-4.4)."""
    return follow_violation(hand, lead, play, trump) is None


def follow_next_cards(
    hand: CardsLike, lead: CardsLike, selection: CardsLike, trump: Trump
) -> CardSet:
    """The compact generator of follows: the cards that keep ``selection`` part of some legal
    follow. Starting from an empty selection and adding any offered card until the lead's size
    builds every legal follow, and only legal ones."""
    return _core.tractor_follow_next(_bag(hand), _bag(lead), _bag(selection), trump)


def trick_winner(plays: Sequence[CardsLike], trump: Trump) -> int:
    """Index of the winning play (the lead first, in play order; TR-4.6 – TR-4.8)."""
    return _core.tractor_trick_winner([_bag(p) for p in plays], trump)


def card_points(cards: CardsLike) -> int:
    """TR-2.11: 5s count 5, tens and kings 10."""
    return _core.tractor_points(_bag(cards))


# --------------------------------------------------------------------------------------------
# Scoring (TR-5)


def band(score: int) -> tuple[str, str | None, int]:
    """TR-5.4: (result, promoted team ``"defenders"``/``"attackers"``/None, promotion)."""
    if score < 0 or score % 5:
        raise InvalidArgumentError(f"an attackers' score is a non-negative multiple of 5: {score}")
    if score == 0:
        return ("defenders hold", "defenders", 3)
    if score < 40:
        return ("defenders hold", "defenders", 2)
    if score < 80:
        return ("defenders hold", "defenders", 1)
    if score < 120:
        return ("attackers take over", None, 0)
    return ("attackers take over", "attackers", (score - 80) // 40)  # TR-D23


@dataclass(frozen=True)
class Settlement:
    """The end of a deal (TR-5.1 – TR-5.7)."""

    dealer: int
    trick_points: int
    kitty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    attackers_score: int
    result: str
    promoted: str | None
    promotion: int
    levels_before: tuple[int, int]
    levels_after: tuple[int, int]
    next_dealer: int | None
    next_level: int | None
    match_winner: int | None
    """Team (0 = A {0, 2}, 1 = B {1, 3}) that went beyond Ace, if any (TR-5.6)."""

    def returns(self) -> list[float]:
        """Level change of each seat's team minus the other team's (zero-sum)."""
        if self.promoted is None or self.promotion == 0:
            return [0.0] * 4
        team = self.dealer % 2 if self.promoted == "defenders" else 1 - self.dealer % 2
        return [float(self.promotion if s % 2 == team else -self.promotion) for s in range(4)]


def settle(
    dealer: int,
    levels: Sequence[int],
    trick_points: int,
    kitty_points: int,
    last_trick_winner: int,
    last_trick_size: int,
) -> Settlement:
    """TR-5.2 – TR-5.7 from the facts of a finished deal: ``trick_points`` won by the attackers,
    the buried kitty's points, and the last trick's winner and lead size."""
    if dealer not in range(4):
        raise InvalidArgumentError(f"dealer must be 0..3, got {dealer!r}")
    attackers = 1 - dealer % 2
    multiplier = 2 * last_trick_size  # TR-5.2, TR-D19
    bonus = kitty_points * multiplier if last_trick_winner % 2 == attackers else 0  # TR-D20
    score = trick_points + bonus  # TR-5.3
    result, promoted, promotion = band(score)
    after = [int(levels[0]), int(levels[1])]
    winner: int | None = None
    if promoted is not None:
        team = dealer % 2 if promoted == "defenders" else attackers
        after[team] += promotion  # TR-5.6
        if after[team] > ACE:
            winner = team
    next_dealer = (dealer + 2) % 4 if score < 80 else (dealer + 1) % 4  # TR-5.5
    return Settlement(
        dealer=dealer,
        trick_points=trick_points,
        kitty_points=kitty_points,
        kitty_multiplier=multiplier,
        kitty_bonus=bonus,
        attackers_score=score,
        result=result,
        promoted=promoted,
        promotion=promotion,
        levels_before=(int(levels[0]), int(levels[1])),
        levels_after=(after[0], after[1]),
        next_dealer=None if winner is not None else next_dealer,
        next_level=None if winner is not None else after[next_dealer % 2],  # TR-5.7
        match_winner=winner,
    )


# --------------------------------------------------------------------------------------------
# Actions and their ids

PASS_ID = 0
DECLARE_BASE = 1
BURY_BASE = 11
PLAY_BASE = 65
END_ID = 119
NUM_ACTIONS = 120

PASS = Action("pass", label="pass")
END = Action("end", label="end")
_ALL_CARDS = [Card.from_index(i) for i in range(54)]
BURY_STEPS = [Action("bury", CardBag([c]), label=f"bury {c}") for c in _ALL_CARDS]
PLAY_STEPS = [Action("play", CardBag([c]), label=f"play {c}") for c in _ALL_CARDS]
_STEP_ID: dict[Action, int] = {PASS: PASS_ID, END: END_ID}
for _i in range(54):
    _STEP_ID[BURY_STEPS[_i]] = BURY_BASE + _i
    _STEP_ID[PLAY_STEPS[_i]] = PLAY_BASE + _i
# The recorded form of each step id (copied into a state's record, never shared).
_ID_JSON: dict[int, dict[str, Any]] = {i: a.to_json() for a, i in _STEP_ID.items()}
# The id of each module-level step Action by identity (the objects legal_actions lists).
_STEP_OF: dict[int, int] = {id(a): i for a, i in _STEP_ID.items() if i >= BURY_BASE}

DECLARATION_NAMES = ("single", "level pair", "black-joker pair", "red-joker pair")


def declaration_cards(level: int, k: int) -> CardBag:
    """The cards of declaration number ``k`` (0..9, action id ``1 + k``) at level ``level``."""
    rank = RANKS[level - 2]
    if k < 4:
        return CardBag(f"{rank}{SUITS[k]}")
    if k < 8:
        return CardBag(f"{rank}{SUITS[k - 4]} " * 2)
    return CardBag("SJ SJ" if k == 8 else "BJ BJ")


def _declaration_actions(level: int) -> list[Action]:
    return [
        Action("declare", cards, label=f"declare {cards}")
        for cards in (declaration_cards(level, k) for k in range(10))
    ]


_DECLARATIONS = {level: _declaration_actions(level) for level in range(2, ACE + 1)}
_DECLARATION_KIND: dict[int, dict[CardBag, int]] = {
    level: {a.cards: k for k, a in enumerate(acts) if isinstance(a.cards, CardBag)}
    for level, acts in _DECLARATIONS.items()
}
_EMPTY_BAG = CardBag()
_STRENGTH = (1, 1, 1, 1, 2, 2, 2, 2, 3, 4)  # TR-3.6, by declaration number


def classify_declaration(cards: CardBag, level: int) -> tuple[int, int | None] | None:
    """TR-3.6: (strength, trump suit index or None for NT) of a declaration, or None if the
    cards are no declaration (TR-D9)."""
    for k, a in enumerate(_DECLARATIONS[level]):
        if a.cards == cards:
            if k < 4:
                return (1, k)
            if k < 8:
                return (2, k - 4)
            return (3 if k == 8 else 4, None)
    return None


# --------------------------------------------------------------------------------------------
# Game


@register
class TractorGame(Game["TractorState"]):
    """Tractor for four players (rules/tractor.md)."""

    id = "tractor"
    OPTIONS = (
        Option(
            "initial_seat",
            int,
            -1,
            "The initial seat s0 of a match's first deal (TR-3.2, TR-D7): it deals, declares "
            "first and deals if nobody declares. -1 draws it from the seed.",
            choices=(-1, 0, 1, 2, 3),
        ),
    )

    @property
    def num_players(self) -> int:
        return 4

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    def new_state(self, seed: int | None = None, deal: Any = None) -> TractorState:
        return TractorState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> TractorMatch:
        return TractorMatch(self, seed)

    def random_deal(
        self,
        seed: int,
        seat: int | None = None,
        first_deal: bool = True,
        levels: Sequence[int] = (2, 2),
        number: int = 0,
    ) -> dict[str, Any]:
        """The deal record of a seeded random deal (TR-3.4): card ``k`` to seat
        ``(d + k) mod 4`` with ``d`` = ``seat``, cards 100..107 the kitty in order."""
        if seat is None:
            s0 = self.options["initial_seat"]
            seat = s0 if s0 >= 0 else Rng(derive_seed(seed, 1)).below(4)
        hands, kitty = _core.deal_cards(4, HAND_SIZE, 2, True, seed)
        by_seat = [""] * 4
        for j, h in enumerate(hands):
            by_seat[(seat + j) % 4] = str(CardBag(h))
        return {
            "hands": by_seat,
            "kitty": " ".join(str(c) for c in kitty),
            "first_deal": first_deal,
            "seat": seat,
            "levels": [int(levels[0]), int(levels[1])],
            "number": number,
        }


def _check_deal(deal: Any) -> dict[str, Any]:
    if not isinstance(deal, Mapping):
        raise InvalidArgumentError(
            'a Tractor deal is {"hands": [4 x 25 cards], "kitty": 8 cards, "first_deal": bool, '
            '"seat": 0..3, "levels": [a, b], "number": n}'
        )
    hands = [CardBag(h) for h in deal.get("hands", ())]
    kitty = parse_cards(deal.get("kitty", ""))
    if len(hands) != 4 or any(len(h) != HAND_SIZE for h in hands) or len(kitty) != KITTY_SIZE:
        raise InvalidArgumentError("a Tractor deal has four 25-card hands and 8 kitty cards")
    total = CardBag(kitty)
    for h in hands:
        try:
            total = total + h
        except CardaviaError as e:
            raise InvalidArgumentError(f"a card is dealt more than twice (TR-2.1): {e}") from e
    if total != FULL_DECK:
        raise InvalidArgumentError("the deal must hold the 108 cards exactly once (TR-2.1)")
    seat = deal.get("seat", 0)
    first = deal.get("first_deal", True)
    levels = deal.get("levels", [2, 2])
    number = deal.get("number", 0)
    if isinstance(seat, bool) or seat not in (0, 1, 2, 3):
        raise InvalidArgumentError(f"seat must be 0..3, got {seat!r}")
    if not isinstance(first, bool):
        raise InvalidArgumentError(f"first_deal must be a bool, got {first!r}")
    if (
        not isinstance(levels, Sequence)
        or len(levels) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= ACE for v in levels)
    ):
        raise InvalidArgumentError(f"levels must be two levels 2..14, got {levels!r}")
    if isinstance(number, bool) or not isinstance(number, int) or number < 0:
        raise InvalidArgumentError(f"number must be a non-negative int, got {number!r}")
    return {
        "hands": [str(h) for h in hands],
        "kitty": " ".join(str(c) for c in kitty),
        "first_deal": first,
        "seat": seat,
        "levels": [levels[0], levels[1]],
        "number": number,
    }


class TractorState(State):
    """One Tractor deal: declarations, kitty exchange, card play, settlement."""

    game: TractorGame

    def __init__(self, game: TractorGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        if deal is None:
            deal = game.random_deal(self.seed)
        self._deal_record = _check_deal(deal)
        d = self._deal_record
        self._dealt = [CardBag(h) for h in d["hands"]]
        self._kitty_order = parse_cards(d["kitty"])
        self._kitty = CardBag(self._kitty_order)
        self._first_deal: bool = d["first_deal"]
        self._seat: int = d["seat"]
        self._levels: tuple[int, int] = (d["levels"][0], d["levels"][1])
        # TR-3.3: level 2 on deal 1, else the dealer's team's level.
        self.level: int = 2 if self._first_deal else self._levels[self._seat % 2]
        self.dealer: int | None = None if self._first_deal else self._seat
        # Declaration phase (TR-3.7, TR-3.8).
        self._to_declare: int = self._seat
        self._turns: list[tuple[int, str | None]] = []
        self._calls: list[int] = []  # per turn: declaration kind 0..9, or -1 for a pass
        self._shown: list[CardBag] = [_EMPTY_BAG] * 4  # cards each seat showed (TR-3.6)
        self._standing: tuple[int, int, CardBag] | None = None  # strength, seat, cards
        self._passes_since = 0
        self.trump: Trump | None = None
        self.declarer: int | None = None
        self._kitty_revealed = False
        self._table: TractorTable | None = None
        self._tricks_seen = 0
        self._bury_start = 0  # index in _actions where the bury starts
        self._settlement: Settlement | None = None
        self._log(
            event="deal",
            number=d["number"],
            first_deal=self._first_deal,
            seat=self._seat,
            dealer=self.dealer,
            level=RANKS[self.level - 2],
            levels=list(self._levels),
        )

    # ---- protocol -------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"declare"``, ``"bury"``, ``"play"`` or ``"over"``."""
        if self._table is None:
            return "declare"
        return self._table.phase

    @property
    def current_player(self) -> int | None:
        if self._table is None:
            return self._to_declare
        return self._table.current_player

    def _declaration_strength(self) -> int:
        return 0 if self._standing is None else self._standing[0]

    def legal_actions(self) -> list[Action]:
        table = self._table
        if table is None:
            hand = self._dealt[self._to_declare]
            floor = self._declaration_strength()
            out = [PASS]
            for k, a in enumerate(_DECLARATIONS[self.level]):
                assert a.cards is not None
                if _STRENGTH[k] > floor and a.cards.issubset(hand):
                    out.append(a)
            self._listed = out
            return out
        if table.current_player is None:
            return []
        kinds, end = table.legal_steps()
        steps = BURY_STEPS if table.phase == "bury" else PLAY_STEPS
        out = [steps[i] for i in kinds]
        if end:
            out.append(END)
        self._listed = out
        return out

    def _violation(self, action: Action) -> tuple[str, str] | None:
        table = self._table
        if table is None:
            return self._declare_violation(action)
        phase = table.phase
        if action.kind in ("pass", "declare"):
            return ("TR-3.7", "the declaration phase is over")
        cards = action.cards
        if phase == "bury":
            if action.kind == "bury" and isinstance(cards, CardBag) and len(cards) == 1:
                return table.step_violation(cards.cards()[0].index)
            return ("TR-3.12", "the dealer buries 8 cards, one card per action (bury <card>)")
        if action.kind == "end":
            return table.end_violation()
        if action.kind == "play" and isinstance(cards, CardBag):
            if len(cards) == 1:
                return table.step_violation(cards.cards()[0].index)
            whole = table.play_violation(cards)
            if whole is not None:
                return whole
            return (
                "TR-4.1",
                "a legal play, but actions select one card at a time (play <card>); "
                "use play_cards() to play several cards at once",
            )
        return ("TR-4.1", f"{action} is not a card-play action (play <card> or end)")

    def _declare_violation(self, action: Action) -> tuple[str, str] | None:
        if action.kind == "pass":
            return None
        if action.kind != "declare" or not isinstance(action.cards, CardBag):
            return ("TR-3.7", "the declaration phase is on: pass or declare")
        info = classify_declaration(action.cards, self.level)
        if info is None:
            return (
                "TR-3.6",
                f"{action.cards} is no declaration: one level card ({RANKS[self.level - 2]}), "
                "a level pair, SJ SJ or BJ BJ (TR-D9)",
            )
        if not action.cards.issubset(self._dealt[self._to_declare]):
            return ("TR-3.6", f"seat {self._to_declare} does not hold {action.cards}")
        standing = self._declaration_strength()
        if info[0] <= standing:
            return (
                "TR-3.7",
                f"a {DECLARATION_NAMES[info[0] - 1]} (strength {info[0]}) does not overcall "
                f"the standing declaration (strength {standing}): strictly stronger needed",
            )
        return None

    def _do(self, action: Action) -> None:
        table = self._table
        if table is None:
            self._do_declare(action)
            return
        phase = table.phase
        if action.kind == "end":
            table.end()
        else:
            assert isinstance(action.cards, CardBag)
            table.step(action.cards.cards()[0].index)
        if phase == "bury" and table.phase != "bury":
            self._log(event="bury", player=table.dealer)
        self._sync()

    def _do_declare(self, action: Action) -> None:
        seat = self._to_declare
        if action.kind == "pass":
            self._turns.append((seat, None))
            self._calls.append(-1)
            self._passes_since += 1
            self._log(event="declare", player=seat, call="pass")
        else:
            assert isinstance(action.cards, CardBag)
            info = classify_declaration(action.cards, self.level)
            assert info is not None
            self._standing = (info[0], seat, action.cards)
            self._turns.append((seat, str(action.cards)))
            self._calls.append(_DECLARATION_KIND[self.level][action.cards])
            self._shown[seat] = self._shown[seat] | action.cards
            self._passes_since = 0
            self._log(event="declare", player=seat, call=str(action.cards))
        declared_then_three_passes = self._standing is not None and self._passes_since == 3
        four_opening_passes = self._standing is None and len(self._turns) == 4
        if declared_then_three_passes or four_opening_passes:  # TR-3.8.1, TR-3.8.2
            self._finish_declaring()
        else:
            self._to_declare = (seat + 1) % 4

    def _finish_declaring(self) -> None:
        if self._standing is not None:
            strength, seat, cards = self._standing
            info = classify_declaration(cards, self.level)
            assert info is not None
            suit = info[1]
            self.declarer = seat
            if self._first_deal:
                self.dealer = seat  # TR-3.10, TR-D6
        else:
            # TR-3.9: reveal the kitty; the first non-joker card's suit is trump.
            self._kitty_revealed = True
            first = next(c for c in self._kitty_order if not c.is_joker)
            assert first.suit is not None
            suit = SUITS.index(first.suit.letter)
            if self._first_deal:
                self.dealer = self._seat
        assert self.dealer is not None
        self.trump = Trump(self.level, None if suit is None else SUITS[suit])
        self._log(
            event="trump",
            declarer=self.declarer,
            dealer=self.dealer,
            level=RANKS[self.level - 2],
            suit=None if suit is None else SUITS[suit],
            no_trump=suit is None,
            revealed_kitty=" ".join(str(c) for c in self._kitty_order)
            if self._kitty_revealed
            else None,
        )
        hands: list[Any] = list(self._dealt)
        hands[self.dealer] = hands[self.dealer] + self._kitty  # TR-3.12
        self._table = TractorTable(self.trump, self.dealer, hands)
        self._bury_start = len(self._actions)

    def _sync(self) -> None:
        table = self._table
        assert table is not None
        if table.tricks_done == self._tricks_seen:
            if table.phase == "over" and self._settlement is None:
                self._settle()
            return
        for t in table.history(self._tricks_seen):
            self._log(
                event="trick",
                leader=t["leader"],
                plays=[
                    {
                        "player": (t["leader"] + k) % 4,
                        "cards": str(t["plays"][(t["leader"] + k) % 4]),
                    }
                    for k in range(4)
                ],
                winner=t["winner"],
                points=t["points"],
            )
            self._tricks_seen += 1
        if table.phase == "over" and self._settlement is None:
            self._settle()

    def _settle(self) -> None:
        table = self._table
        assert table is not None and self.dealer is not None
        last = table.last_trick
        assert last is not None
        attackers = 1 - self.dealer % 2
        pts = table.captured_points
        trick_points = sum(pts[s] for s in range(4) if s % 2 == attackers)  # TR-5.1
        self._settlement = settle(
            self.dealer,
            self._levels,
            trick_points,
            card_points(table.kitty),
            last[0],
            last[1],
        )
        s = self._settlement
        self._log(
            event="end",
            kitty=str(table.kitty),
            trick_points=s.trick_points,
            kitty_points=s.kitty_points,
            kitty_bonus=s.kitty_bonus,
            attackers_score=s.attackers_score,
            result=s.result,
            levels_after=list(s.levels_after),
            next_dealer=s.next_dealer,
            match_winner=s.match_winner,
        )

    # ---- whole plays -------------------------------------------------------------------

    def play_cards(self, cards: CardsLike) -> None:
        """Bury, lead or follow with a whole set of cards at once (checked as a whole first;
        IllegalActionError names the rule; the state is unchanged on error). Recorded as the
        equivalent card steps (plus ``end`` for a lead that could still grow), exactly
        :meth:`play_line`. With cards already selected one at a time, ``cards`` must contain
        them and only the rest is selected."""
        for action in self.play_line(cards):
            self.apply(action)

    def play_line(self, cards: CardsLike) -> list[Action]:
        """The actions that bury, lead or follow with ``cards`` whole from here: the card
        steps not yet selected, then ``end`` if the lead could still grow (see the module
        docstring). IllegalActionError (naming the rule) if ``cards`` is not a legal whole
        bury or play here. For agents: each of :meth:`whole_plays` becomes one line."""
        table = self._table
        if table is None or table.current_player is None:
            raise IllegalActionError(
                "no cards can be played now", rule="TR-3.7" if table is None else "TR-4.9"
            )
        bag = _bag(cards)
        selected = table.selection
        rule = "TR-3.12" if table.phase == "bury" else "TR-4.1"
        if len(selected) == 0:
            bad = table.play_violation(bag)
            if bad is not None:
                raise IllegalActionError(f"{bag} is illegal ({bad[0]}): {bad[1]}", rule=bad[0])
        elif not selected <= bag:
            raise IllegalActionError(
                f"{bag} does not contain the cards already selected ({selected})", rule=rule
            )
        steps = BURY_STEPS if table.phase == "bury" else PLAY_STEPS
        trial = table.clone()
        line: list[Action] = []
        for c in bag - selected:
            bad = trial.step_violation(c.index)
            if bad is not None:
                raise IllegalActionError(f"{bag} is illegal ({bad[0]}): {bad[1]}", rule=bad[0])
            trial.step(c.index)
            line.append(steps[c.index])
        if len(trial.selection) > 0:
            # A lead that could still grow is committed with end (the step encoding).
            bad = trial.end_violation()
            if bad is not None:
                raise IllegalActionError(f"{bag} is illegal ({bad[0]}): {bad[1]}", rule=bad[0])
            line.append(END)
        return line

    def whole_plays(self, limit: int = 64) -> list[CardBag]:
        """The candidate whole plays of the player to act, each containing the cards already
        selected (empty in the declaration phase and at the end):

        * a lead: every legal lead (TR-4.3), never narrowed;
        * a follow: every legal follow (TR-4.4) if there are at most ``limit``; otherwise
          narrowed to (1) every follow of the lead's shape that would take the trick now,
          strongest first, then (2) one follow per class — for a follower who cannot follow
          fully (short or void) the class is (points, number of trumps), inside the led suit
          (points, number of pairs) — the one keeping the highest cards;
        * the bury: every bury if at most ``limit`` complete the selection, otherwise the
          greedy policy's bury then one bury per (points, number of trumps) class.

        Computed in Rust without enumerating huge sets (a void follower facing a tractor(3)
        has 177,100 legal follows). :meth:`play_line` turns each into actions."""
        if isinstance(limit, bool) or not isinstance(limit, (int, np.integer)) or limit < 0:
            raise InvalidArgumentError(f"limit must be a non-negative int, got {limit!r}")
        table = self._table
        if table is None:
            return []
        return table.whole_plays(min(int(limit), 1 << 62))

    # ---- settlement -------------------------------------------------------------------

    @property
    def settlement(self) -> Settlement | None:
        return self._settlement

    def returns(self) -> list[float]:
        s = self._settlement
        return [0.0] * 4 if s is None else s.returns()

    @property
    def result(self) -> dict[str, Any] | None:
        s = self._settlement
        if s is None:
            return None
        assert self._table is not None and self.trump is not None
        out = asdict(s)
        out["levels_before"] = list(s.levels_before)
        out["levels_after"] = list(s.levels_after)
        out["level"] = RANKS[self.level - 2]
        out["trump"] = self.trump.suit
        out["declarer"] = self.declarer
        out["kitty"] = str(self._table.kitty)
        out["returns"] = s.returns()
        return out

    def play_out(self, seed: int) -> None:
        """Finish the deal with seeded random play, every step recorded as if applied one by
        one: the remaining declaration turns uniformly among the legal calls (``Rng(seed)``),
        then the bury and card play card by card in Rust (from the kitty exchange or any later
        point; seeded by ``seed`` itself, or by a seed derived from it after declarations)."""
        seed = check_seed(seed)
        self._listed = ()
        if self._table is None:
            rng = Rng(seed)
            while self._table is None:
                acts = self.legal_actions()
                self.apply(acts[rng.below(len(acts))])
            seed = derive_seed(seed, 1)
        table = self._table
        burying = KITTY_SIZE - len(table.selection) if table.phase == "bury" else 0
        for code in table.play_random(seed):
            if code == 54:
                self._actions.append(END.to_json())
            elif burying > 0:
                self._actions.append(BURY_STEPS[code].to_json())
                burying -= 1
                if burying == 0:
                    self._log(event="bury", player=table.dealer)
            else:
                self._actions.append(PLAY_STEPS[code].to_json())
        self._listed = ()
        self._sync()

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts of the rest of the deal in Rust, from any decision point (the
        declarations, the bury or card play), settled (TR-5.4) in the unit of
        :meth:`returns`: an ``(n, 4)`` float64 array (the promoted team's seats get its
        promotion, the others minus it). The results depend on the state, ``n``, ``policy``
        and ``seed`` only, not on ``threads`` (0 = all cores).

        ``policy="random"``: declarations uniformly among the legal calls, then card by card
        uniformly among the legal steps. ``policy="greedy"``: a cheap deterministic rule for
        every decision (``cardavia_core::tractor::policy``): declare the suit that gives the
        most trumps and trump pairs (never over the partner, only above a threshold); bury the
        lowest plain non-point cards, keeping pairs and trumps and voiding short suits; lead
        the biggest lead no opponent can beat, else a low single towards the partner; follow
        by dumping points on a partner who holds the trick, else taking the trick with the
        lowest winning play no later opponent can beat (or the highest one if the trick holds
        points), else dumping the fewest points and lowest cards. The playouts see the full
        state they are given (run them on :meth:`resample` worlds)."""
        return self._playouts(n, policy, seed, threads, margins=False)

    def playout_margins(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """The playouts of :meth:`playout_returns` (same arguments, same seeds, same deals)
        with each one's point margins: an ``(n, 8)`` float64 array, columns 0..3 the returns,
        columns 4..7 per seat the attackers' ``(A - 80) / 40`` for an attacker and its
        negative for a defender (TR-5.3, TR-5.4: the margin in levels over the takeover line).
        For searches that must tell apart plays whose returns tie."""
        return self._playouts(n, policy, seed, threads, margins=True)

    def _playouts(
        self, n: int, policy: str, seed: int, threads: int, *, margins: bool
    ) -> npt.NDArray[np.float64]:
        count = _check_count(n)
        if not isinstance(policy, str):
            raise InvalidArgumentError(f"policy must be 'random' or 'greedy', got {policy!r}")
        seed = check_seed(seed)
        if (
            isinstance(threads, bool)
            or not isinstance(threads, (int, np.integer))
            or not 0 <= threads <= MAX_THREADS
        ):
            raise InvalidArgumentError(
                f"threads must be an int 0..{MAX_THREADS} (0 = all cores), got {threads!r}"
            )
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        table = self._table
        if table is None:
            declaring = (
                TractorTable.declaring_playout_margins
                if margins
                else TractorTable.declaring_playout_returns
            )
            return declaring(
                self._dealt,
                self._kitty_order,
                self.level,
                self._seat,
                self._first_deal,
                self._calls,
                count,
                policy,
                seed,
                int(threads),
            )
        if margins:
            return table.playout_margins(count, policy, seed, int(threads))
        return table.playout_returns(count, policy, seed, int(threads))

    # ---- ids and text -----------------------------------------------------------------

    def action_id(self, action: Action) -> int:
        found = _STEP_ID.get(action)
        if found is not None:
            return found
        if action.kind == "declare" and isinstance(action.cards, CardBag):
            # Ids are per kind of declaration; a level card of another deal's level maps to
            # the same kind (its legality is for check() to judge).
            for level in (self.level, *range(2, ACE + 1)):
                for k, a in enumerate(_DECLARATIONS[level]):
                    if a.cards == action.cards:
                        return DECLARE_BASE + k
        raise InvalidArgumentError(f"{action} is not an action of Tractor")

    def _action_of_id(self, action_id: int) -> Action:
        if (
            isinstance(action_id, (bool, np.bool_))
            or not isinstance(action_id, (int, np.integer))
            or not 0 <= action_id < NUM_ACTIONS
        ):
            raise InvalidArgumentError(
                f"action id {action_id!r} is not in 0..{NUM_ACTIONS - 1} (Tractor's action space)"
            )
        action_id = int(action_id)
        if action_id == PASS_ID:
            return PASS
        if action_id == END_ID:
            return END
        if action_id < BURY_BASE:
            return _DECLARATIONS[self.level][action_id - DECLARE_BASE]
        if action_id < PLAY_BASE:
            return BURY_STEPS[action_id - BURY_BASE]
        return PLAY_STEPS[action_id - PLAY_BASE]

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id. An id outside 0..119 is an InvalidArgumentError;
        an id not legal now an IllegalActionError naming the rule that forbids it."""
        action = self._action_of_id(action_id)
        if self.is_terminal():
            raise IllegalActionError(
                f"action id {action_id} ({action}) is not a legal action id now: the deal is over",
                rule="TR-4.9",
            )
        bad = self._violation(action)
        if bad is not None:
            raise IllegalActionError(
                f"action id {action_id} ({action}) is not a legal action id now ({bad[0]}): "
                f"{bad[1]}",
                rule=bad[0],
            )
        return action

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order (computed in Rust during the
        bury and card play)."""
        table = self._table
        if table is None:
            return [self.action_id(a) for a in self.legal_actions()]
        return table.legal_step_ids()

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action (an Action, its text or its id); an illegal one raises and
        changes nothing. Bury and play steps (their ids, or the step Actions that
        :meth:`legal_actions` lists) take a fast path through the Rust table: one check, the
        record entry copied from a table."""
        table = self._table
        if table is not None:
            by_id = type(action) is int
            if type(action) is int:
                step = action if BURY_BASE <= action <= END_ID else -1
            elif type(action) is Action:
                step = _STEP_OF.get(id(action), -1)
            else:
                step = -1
            if step >= 0 and table.current_player is not None:
                phase = table.phase
                if by_id or (step >= PLAY_BASE) == (phase == "play"):
                    self._apply_step(table, phase, step, by_id)
                    return
        super().apply(action)

    def _apply_step(self, table: TractorTable, phase: str, step: int, by_id: bool) -> None:
        bad = table.step_id(step)
        if bad is not None:
            act = self._action_of_id(step)
            rule, why = bad
            if by_id:
                why = f"action id {step} ({act}) is not a legal action id now ({rule}): {why}"
            else:
                why = f"{act} is illegal ({rule}): {why}"
            raise IllegalActionError(why, rule=rule)
        self._listed = ()
        self._actions.append(dict(_ID_JSON[step]))
        if phase == "bury" and table.phase != "bury":
            self._log(event="bury", player=table.dealer)
        self._sync()

    def check(self, action: Action | str | int) -> None:
        """Raise IllegalActionError (naming the rule) if ``action`` is not legal now; an id
        outside the action space is an InvalidArgumentError."""
        if self.is_terminal():
            if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
                self._action_of_id(int(action))  # out of range: InvalidArgumentError
                raise IllegalActionError(
                    f"action id {action} is not a legal action id now: the deal is over",
                    rule="TR-4.9",
                )
            raise IllegalActionError("the deal is over: no action is legal", rule="TR-4.9")
        super().check(action)

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry.get("kind")
        if kind == "pass":
            return PASS
        if kind == "end":
            return END
        cards = CardBag(entry.get("cards", ""))
        if kind in ("bury", "play") and len(cards) == 1:
            steps = BURY_STEPS if kind == "bury" else PLAY_STEPS
            return steps[cards.cards()[0].index]
        if kind == "declare":
            return Action("declare", cards, label=f"declare {cards}")
        raise IllegalActionError(f"recorded action {dict(entry)} is not a Tractor action")

    def parse_action(self, text: str) -> Action:
        """``pass``, ``end``, ``declare <cards>``, ``bury <card>``, ``play <card>``, or bare card
        text meaning the current phase's action."""
        norm = " ".join(text.strip().split())
        low = norm.lower()
        if low in ("pass", "end"):
            return PASS if low == "pass" else END
        word, _, rest = norm.partition(" ")
        kind = word.lower()
        if kind not in ("declare", "bury", "play"):
            if not norm or not norm[0].isalnum() or low.split()[0] in ("bid", "light", "decline"):
                raise IllegalActionError(
                    f"{text!r} is not a Tractor action", rule=self._phase_rule()
                )
            rest = norm
            kind = {"declare": "declare", "bury": "bury"}.get(self.phase, "play")
        cards = CardBag(rest)
        if kind in ("bury", "play") and len(cards) == 1:
            steps = BURY_STEPS if kind == "bury" else PLAY_STEPS
            return steps[cards.cards()[0].index]
        return Action(kind, cards, label=f"{kind} {cards}")

    def _phase_rule(self) -> str:
        return {"declare": "TR-3.7", "bury": "TR-3.12"}.get(self.phase, "TR-4.1")

    # ---- information ------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: own hand (and own pending selection), every declaration,
        the trump, the kitty if revealed (TR-3.9) or picked up by ``player`` as dealer, the
        buried kitty only to the dealer until the end (TR-3.12), every play, trick and point."""
        player = self._check_player(player)
        table = self._table
        hands = table.hands() if table is not None else list(self._dealt)
        actor = self.current_player
        dealer_knows = table is not None and player == self.dealer
        over = table is not None and table.phase == "over"
        buried: str | None = None
        if table is not None and table.phase != "bury" and (dealer_knows or over):
            buried = str(table.kitty)
        return {
            "player": player,
            "phase": self.phase,
            "deal_number": self._deal_record["number"],
            "first_deal": self._first_deal,
            "seat": self._seat,
            "levels": list(self._levels),
            "level": RANKS[self.level - 2],
            "dealer": self.dealer,
            "declarations": [[s, c] for s, c in self._turns],
            "declarer": self.declarer,
            "trump": None if self.trump is None else (self.trump.suit or "NT"),
            "hand": str(hands[player]),
            "hand_sizes": [len(h) for h in hands],
            "current_player": actor,
            "selection": str(table.selection) if table is not None and actor == player else None,
            "kitty": " ".join(str(c) for c in self._kitty_order)
            if self._kitty_revealed or dealer_knows
            else None,
            "buried": buried,
            "trick": [] if table is None else [[s, str(c)] for s, c in table.trick_plays],
            "points_won": [0] * 4 if table is None else table.captured_points,
            "history": [dict(e) for e in self._history],
        }

    def resample(self, player: int, seed: int | None = None) -> TractorState:
        """A full state at the same decision point, consistent with everything ``player`` has
        observed, the hidden cards dealt uniformly among the consistent deals (each copy of a
        card a distinct card), in Rust (``cardavia_core::tractor::resample``).

        ``player`` keeps his cards (and, as dealer, the kitty he picked up and his bury);
        every card played stays played; a seat keeps the cards it showed to declare (TR-3.6)
        unless played, the dealer the revealed kitty (TR-3.9); a follower who did not follow
        the led suit fully is void in it, and one who answered a pair or tractor with fewer
        pairs held no other pair of that suit then (TR-4.4). Leading a single says nothing
        about its twin (TR-4.3 allows it): the record of the new state encodes each lead for
        the new hands (``end`` where the lead could still grow). Another player's pending
        selection is dropped (it is not seen). The new state has a seed derived from ``seed``
        (``None`` draws one) and replays from its :meth:`to_json`. A bad seat or a finished
        deal is an InvalidArgumentError."""
        p = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: nothing is hidden to resample")
        seed = check_seed(seed)
        new = self.clone()
        new.seed = derive_seed(seed, 0x7E5A)
        new._listed = ()
        table = self._table
        if table is None:
            dealt, texts, kitty, kitty_text = TractorTable.resample_declaring(
                p, self._dealt[p], self._shown, seed
            )
        else:
            dealer = self.dealer
            redeal = table.resample(
                p,
                seed,
                self._shown,
                self._kitty_order if self._kitty_revealed else None,
                self._dealt[p],
                self._kitty_order if p == dealer else None,
            )
            new_table, dealt, texts, kitty, kitty_text, bury, edits, drop = redeal
            assert new_table is not None
            new._table = new_table
            if drop or edits or bury is not None:
                new._actions = _edit_record(self._actions, self._bury_start, bury, edits, drop)
        new._dealt = dealt
        new._kitty_order = kitty
        new._kitty = CardBag(kitty)
        record = dict(self._deal_record)
        record["hands"] = texts
        record["kitty"] = kitty_text
        record["levels"] = list(record["levels"])
        new._deal_record = record
        return new

    def clone(self) -> TractorState:
        """An independent copy (nothing mutable shared; the record's entries, never changed
        once appended, are shared)."""
        new = object.__new__(TractorState)
        d = self.__dict__.copy()
        d["_actions"] = self._actions.copy()
        d["_history"] = self._history.copy()
        d["_turns"] = self._turns.copy()
        d["_calls"] = self._calls.copy()
        d["_shown"] = self._shown.copy()
        d["_dealt"] = self._dealt.copy()
        d["_kitty_order"] = self._kitty_order.copy()
        record = self._deal_record.copy()
        record["hands"] = list(record["hands"])
        record["levels"] = list(record["levels"])
        d["_deal_record"] = record
        if self._table is not None:
            d["_table"] = self._table.clone()
        listed = d.get("_listed")
        if listed:
            d["_listed"] = tuple(listed)
        new.__dict__ = d
        return new


def _edit_record(
    actions: list[dict[str, Any]],
    start: int,
    bury: list[int] | None,
    edits: list[tuple[int, bool]],
    drop: int,
) -> list[dict[str, Any]]:
    """The record of a resampled state: the table phase (from index ``start``) with its
    hidden bury replaced, ``end`` steps inserted or deleted at the leads whose encoding
    changed (indices relative to ``start``, increasing) and the last ``drop`` steps (another
    player's pending selection) removed."""
    stop = len(actions) - drop
    out = actions[:start]
    prev = start
    for index, insert in edits:
        at = start + index
        out.extend(actions[prev:at])
        if insert:
            out.append(END.to_json())
            prev = at
        else:
            prev = at + 1
    out.extend(actions[prev:stop])
    if bury is not None:
        out[start : start + KITTY_SIZE] = [BURY_STEPS[i].to_json() for i in bury]
    return out


def _check_count(n: object) -> int:
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidArgumentError(f"n must be an int of at least 1, got {n!r}")
    return int(n)


# --------------------------------------------------------------------------------------------
# Match


class TractorMatch(Match[TractorState]):
    """A match (TR-1.4, TR-3.2, TR-5.5 – TR-5.7): both teams start at level 2; each deal's
    result moves the levels and the deal; the first team beyond Ace wins."""

    def __init__(self, game: TractorGame, seed: int | None = None):
        super().__init__(game, seed)
        self.game: TractorGame = game
        s0 = game.options["initial_seat"]
        self.initial_seat: int = s0 if s0 >= 0 else Rng(derive_seed(self.seed, 0)).below(4)
        self.levels: list[int] = [2, 2]
        self.dealer: int | None = None
        self.winner: int | None = None
        """Team (0 = A, 1 = B) that won the match."""
        self._absorbed = 0

    def _absorb(self) -> None:
        """Carry the results of finished deals into the match (TR-5.5 – TR-5.7)."""
        while self._absorbed < len(self.deals):
            s = self.deals[self._absorbed].settlement
            if s is None:
                return
            self.levels = list(s.levels_after)
            self.dealer = s.next_dealer
            self.winner = s.match_winner
            self._absorbed += 1

    def new_deal(self) -> TractorState:
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        self._absorb()
        if self.is_over():
            raise IllegalActionError("the match is over")
        first = not self.deals
        seat = self.initial_seat if first else self.dealer
        assert seat is not None
        seed = self._next_seed()
        deal = self.game.random_deal(
            seed, seat=seat, first_deal=first, levels=self.levels, number=len(self.deals)
        )
        state = self.game.new_state(seed=seed, deal=deal)
        self.deals.append(state)
        return state

    @property
    def scores(self) -> list[float]:
        """The levels of each seat's team (TR-5.6)."""
        self._absorb()
        return [float(self.levels[s % 2]) for s in range(4)]

    def is_over(self) -> bool:
        if self.deals and self.deals[-1].is_terminal():
            self._absorb()
        return self.winner is not None
