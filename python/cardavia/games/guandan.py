"""Guandan (掼蛋). Rules: ``rules/guandan.md`` (ids ``GD-x.y``, decisions ``GD-Dn``).

Four players in fixed partnerships (seats 0+2 against 1+3), two packs with jokers, 27 cards each
(GD-1.1, GD-3.1). Each deal is played at a level rank ``L`` whose heart cards are wild (GD-2.3,
GD-6). Card play, classification and move generation run in Rust (the
:class:`~cardavia.GuandanTable`); this module adds the phases and bookkeeping around it:
tribute, resistance and return (GD-4), the first leader, promotion and the match (GD-9).

``level`` arguments are rank text (``"2"`` … ``"9"``, ``"T"``/``"10"``, ``"J"``, ``"Q"``,
``"K"``, ``"A"``) or a rank number 0..12.

``deal`` for :meth:`GuandanGame.new_state` (every key optional)::

    {"hands": ["<27 cards>", ...4],        # dealt hands, before any tribute (GD-3.3)
     "levels": ["2", "2"],                  # team levels at the start of the deal (GD-9.4)
     "previous_order": [P1, P2, P3, P4],    # previous deal's finishing order; None = first deal
     "first_player": 0}                     # first deal only: the first leader (GD-3.5)

Missing hands are dealt from the seed, a missing first leader of a first deal is drawn from it.
The deal's level rank is the level of the team of ``previous_order[0]`` (GD-3.4), ``2`` in a
first deal (GD-3.2). A :class:`GuandanMatch` hands these over from deal to deal.

Actions: ``"return 4c"`` in the return phase (GD-4.7), then plays and ``"pass"``. A play
carries its declared type and main rank (GD-6.6); text such as ``"FH/9: 9s 9d 7h 4c 4d"``
declares it, bare card text takes the default reading of GD-6.7.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, GuandanPlay, GuandanPlayList, GuandanTable, Rng
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, State, register
from cardavia.games.climbing import derive_seed

__all__ = [
    "DECK",
    "GuandanAction",
    "GuandanGame",
    "GuandanMatch",
    "GuandanPlay",
    "GuandanState",
    "LevelChange",
    "TributePlan",
    "beats",
    "classify",
    "default_reading",
    "group_value",
    "legal_plays",
    "level_change",
    "parse_level",
    "plan_tribute",
    "return_options",
    "tribute_card",
    "wild_card",
]

LEVELS = "23456789TJQKA"
"""Level ranks in order, index 0..12 (GD-9.4)."""
DECK = CardBag.two_packs(jokers=True)
"""The 108 cards (GD-2.1)."""
HAND_SIZE = 27
SUIT_PRIORITY = "shdc"
"""GD-2.7: canonical suit priority for choices among equally strong cards (GD-4.4)."""
BIG_JOKER = Card("BJ")
SMALL_JOKER = Card("SJ")
RETURN_RANKS = frozenset("23456789T")
"""GD-4.7: natural ranks a return card is chosen from."""
ACTION_PASS = 0
ACTION_RETURN = 1
"""Action ids: ``0`` pass, ``1 + card index`` a return card, ``55 + move index`` a play."""
ACTION_PLAY = 55

CardsLike = str | CardSet | CardBag | Iterable[Card | str]
LevelLike = str | int


def parse_level(level: LevelLike) -> int:
    """A level rank as its number 0..12 (``"2"`` → 0, ``"A"`` → 12)."""
    if isinstance(level, bool):
        raise InvalidArgumentError(f"not a level rank: {level!r}")
    if isinstance(level, int):
        if 0 <= level <= 12:
            return level
        raise InvalidArgumentError(f"a level rank number is 0..12, got {level}")
    if isinstance(level, str):
        text = level.strip().upper()
        if text == "10":
            text = "T"
        if len(text) == 1 and text in LEVELS:
            return LEVELS.index(text)
    raise InvalidArgumentError(f"not a level rank: {level!r} (expected one of 2-9, T, J, Q, K, A)")


def wild_card(level: LevelLike) -> Card:
    """The wild card of a level rank: its heart (GD-2.3)."""
    return _core.guandan_wild_card(parse_level(level))


def group_value(card: Card, level: LevelLike) -> int:
    """``g`` of GD-2.4: natural value 2..14, the level rank 15, ``SJ`` 16, ``BJ`` 17."""
    lv = parse_level(level)
    if card == SMALL_JOKER:
        return 16
    if card == BIG_JOKER:
        return 17
    r = card.rank.value
    return 15 if r == lv else r + 2


# --------------------------------------------------------------------------------------------
# Combinations


def classify(cards: CardsLike, level: LevelLike = "2") -> list[GuandanPlay]:
    """Every valid interpretation of exactly ``cards`` (GD-6.5), each with what its wild cards
    stand for; the first is the default reading on a lead (GD-6.7). Empty if invalid."""
    return _core.guandan_classify(CardBag(cards), parse_level(level))


def default_reading(
    cards: CardsLike, to_beat: GuandanPlay | CardsLike | None = None, level: LevelLike = "2"
) -> GuandanPlay | None:
    """GD-6.7: the first interpretation in the precedence of GD-6.7 that is legal against
    ``to_beat`` (any on a lead), or None."""
    top = _as_play(to_beat, level)
    for p in classify(cards, level):
        if top is None or _core.guandan_beats(p, top):
            return p
    return None


def legal_plays(
    hand: CardsLike, to_beat: GuandanPlay | CardsLike | None = None, level: LevelLike = "2"
) -> list[GuandanPlay]:
    """Every distinct legal move from ``hand`` (GD-6.5): any valid move on a lead, else the
    moves beating ``to_beat`` (GD-7). Bare cards as ``to_beat`` take their default reading."""
    return _core.guandan_legal_plays(CardBag(hand), parse_level(level), _as_play(to_beat, level))


def beats(
    candidate: GuandanPlay | CardsLike, top: GuandanPlay | CardsLike, level: LevelLike = "2"
) -> bool:
    """True if ``candidate`` beats ``top`` (GD-7). Bare cards take their default (strongest)
    reading."""
    a, b = _as_play(candidate, level), _as_play(top, level)
    assert a is not None and b is not None
    return _core.guandan_beats(a, b)


def _as_play(x: GuandanPlay | CardsLike | None, level: LevelLike) -> GuandanPlay | None:
    if x is None or isinstance(x, GuandanPlay):
        return x
    found = classify(x, level)
    if not found:
        raise InvalidArgumentError(f"{CardBag(x)} is not a valid Guandan move (GD-5.1, GD-5.2)")
    return found[0]


# --------------------------------------------------------------------------------------------
# Tribute and return (GD-4)


def _suit_rank(card: Card) -> int:
    suit = card.suit
    return 0 if suit is None else SUIT_PRIORITY.index(suit.letter)


def tribute_card(hand: CardsLike, level: LevelLike) -> Card:
    """GD-4.4: the card of highest group value other than the wild cards, the first suit in
    ``s, h, d, c`` among equals. Jokers and non-heart level cards are not excluded."""
    lv = parse_level(level)
    wild = wild_card(lv)
    candidates = [c for c in CardBag(hand).kinds() if c != wild]
    if not candidates:
        raise InvalidArgumentError("a tribute needs a non-wild card (GD-4.4)")
    return min(candidates, key=lambda c: (-group_value(c, lv), _suit_rank(c)))


def return_options(hand: CardsLike, level: LevelLike) -> list[Card]:
    """GD-4.7: the distinct cards a recipient may return: non-wild cards of natural rank 2..T;
    if there are none, the non-wild cards of minimum group value."""
    lv = parse_level(level)
    wild = wild_card(lv)
    kinds = [c for c in CardBag(hand).kinds() if c != wild]
    low = [c for c in kinds if not c.is_joker and c.rank.symbol in RETURN_RANKS]
    if low:
        return low
    if not kinds:
        return []
    least = min(group_value(c, lv) for c in kinds)
    return [c for c in kinds if group_value(c, lv) == least]


@dataclass(frozen=True)
class TributePlan:
    """The tribute phase of a deal as GD-4 determines it from the dealt hands.

    ``mode`` is ``"double"`` or ``"single"`` (GD-4.2). ``resisted`` is True when the payers hold
    both ``BJ`` (GD-4.3); then ``transfers`` is empty and ``leader`` is P1. Otherwise each
    transfer is ``(payer, recipient, card)`` (GD-4.4, GD-4.5) and the leader is the payer whose
    card went to P1 (GD-4.8)."""

    mode: str
    payers: tuple[int, ...]
    recipients: tuple[int, ...]
    resisted: bool
    big_joker_holders: tuple[int, ...]
    """The payers holding a ``BJ`` (one entry per copy), public when resisted (GD-4.3)."""
    transfers: tuple[tuple[int, int, Card], ...]
    leader: int


def plan_tribute(
    previous_order: Sequence[int], hands: Sequence[CardsLike], level: LevelLike
) -> TributePlan:
    """GD-4.1–4.8 for the new deal's dealt ``hands`` at its level rank, given the previous
    deal's finishing order (P1, P2, P3, P4)."""
    p1, p2, p3, p4 = _check_order(previous_order)
    bags = [CardBag(h) for h in hands]
    if len(bags) != 4:
        raise InvalidArgumentError("plan_tribute needs four hands")
    payers: tuple[int, ...]
    recipients: tuple[int, ...]
    if p2 == (p1 + 2) % 4:  # GD-4.2a
        mode, payers, recipients = "double", (p3, p4), (p1, p2)
    else:  # GD-4.2b, also when P4 is P1's partner (GD-D3)
        mode, payers, recipients = "single", (p4,), (p1,)
    holders = tuple(p for p in payers for _ in range(bags[p].count(BIG_JOKER)))
    if len(holders) >= 2:  # GD-4.3: only payers count (GD-D4)
        return TributePlan(mode, payers, recipients, True, holders, (), p1)
    cards = {p: tribute_card(bags[p], level) for p in payers}
    lv = parse_level(level)
    if mode == "single":
        transfers: tuple[tuple[int, int, Card], ...] = ((p4, p1, cards[p4]),)
        leader = p4
    else:
        g3, g4 = group_value(cards[p3], lv), group_value(cards[p4], lv)
        if g3 != g4:  # GD-4.5: the higher card to P1
            high, low = (p3, p4) if g3 > g4 else (p4, p3)
        else:  # equal: the payer at next(P1) gives to P1
            high = p3 if p3 == (p1 + 1) % 4 else p4
            low = p4 if high == p3 else p3
        transfers = ((high, p1, cards[high]), (low, p2, cards[low]))
        leader = high  # GD-4.8
    return TributePlan(mode, payers, recipients, False, holders, transfers, leader)


def _check_order(order: Sequence[int]) -> tuple[int, int, int, int]:
    if (
        not isinstance(order, Sequence)
        or len(order) != 4
        or any(isinstance(s, bool) or not isinstance(s, int) for s in order)
        or sorted(order) != [0, 1, 2, 3]
    ):
        raise InvalidArgumentError(f"a finishing order is the four seats 0..3 once each: {order!r}")
    return order[0], order[1], order[2], order[3]


# --------------------------------------------------------------------------------------------
# Levels and the match (GD-9)


@dataclass(frozen=True)
class LevelChange:
    """GD-9.2–9.7 for one finished deal."""

    winning_team: int
    promotion: int
    """``n`` of GD-9.3: 3, 2 or 1 by the partner's place."""
    levels_before: tuple[str, str]
    levels_after: tuple[str, str]
    match_winner: int | None
    """The team that wins the match with this deal (GD-9.5), else None."""
    next_level: str | None
    """The level rank of the next deal (GD-9.7), None when the match is won."""


def level_change(
    order: Sequence[int], levels: Sequence[LevelLike], deal_level: LevelLike
) -> LevelChange:
    """GD-9.2–9.7: the winners' promotion by their partner's place, the match win at A, the
    levels after the deal (losers unchanged, winners capped at A) and the next deal's level."""
    p = _check_order(order)
    before = [parse_level(x) for x in levels]
    if len(before) != 2:
        raise InvalidArgumentError("levels are two team levels")
    first = p[0]
    team = first % 2
    n = 4 - p.index((first + 2) % 4)  # GD-9.3: partner 2nd → 3, 3rd → 2, 4th → 1
    lv = parse_level(deal_level)
    names = (LEVELS[before[0]], LEVELS[before[1]])
    if before[team] == 12 and lv == 12 and n >= 2:  # GD-9.5
        return LevelChange(team, n, names, names, team, None)
    after = list(before)
    after[team] = min(12, before[team] + n)  # GD-9.6
    new = (LEVELS[after[0]], LEVELS[after[1]])
    return LevelChange(team, n, names, new, None, LEVELS[after[team]])


# --------------------------------------------------------------------------------------------
# Actions


_SEQUENCE_UNITS = {"straight": 5, "straight_flush": 5, "pair_run": 3, "triple_run": 2}


class GuandanAction(Action):
    """An action of Guandan: equality and JSON include a play's declared type and main rank
    (GD-6.6), since one card set can be several moves."""

    __slots__ = ()

    def _key(self) -> tuple[Any, ...]:
        interp = None if self.play is None else (self.play.kind, self.play.main_rank)
        return (self.kind, self.cards, self.amount, interp)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        if not isinstance(other, GuandanAction):
            return False
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def info(self) -> dict[str, Any]:
        """Details of a play: its type, main rank and sequence length (GD-5.1: five ranks in a
        straight or straight flush, three pairs in a pair run, two triples in a triple run, 1
        for every other type), as :attr:`Action.info` gives them for the other climbing
        games."""
        if self.play is None:
            return {}
        kind = self.play.kind
        return {"type": kind, "rank": self.play.main_rank, "length": _SEQUENCE_UNITS.get(kind, 1)}

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.play is not None:
            out["type"] = self.play.kind
            out["rank"] = self.play.main_rank
        return out


PASS = GuandanAction("pass", label="pass")


def play_action(play: GuandanPlay) -> GuandanAction:
    return GuandanAction("play", play.cards, play=play)


def return_action(card: Card) -> GuandanAction:
    return GuandanAction("return", CardSet([card]), label=f"return {card}")


class LazyActions(list[Action]):
    """The legal actions of a card-play turn, built only when looked at: a lead can have
    thousands of moves (GD-6.5), and random play looks at one."""

    def __init__(self, plays: GuandanPlayList, pass_ok: bool):
        super().__init__()
        self._plays = plays
        self._pass = pass_ok
        self._made: dict[int, Action] = {}
        self._ids: list[int] | None = None

    def __len__(self) -> int:
        return len(self._plays) + int(self._pass)

    def _at(self, i: int) -> Action:
        act = self._made.get(i)
        if act is None:
            act = PASS if i == len(self._plays) else play_action(self._plays[i])
            self._made[i] = act
        return act

    @overload
    def __getitem__(self, i: SupportsIndex) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> Action | list[Action]:
        n = len(self)
        if isinstance(i, slice):
            return [self._at(k) for k in range(*i.indices(n))]
        k = i.__index__()
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("action index out of range")
        return self._at(k)

    def __iter__(self) -> Iterator[Action]:
        for k in range(len(self)):
            yield self._at(k)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, item: object) -> bool:
        return any(item == a for a in self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, list):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None

    def __repr__(self) -> str:
        return f"LazyActions({len(self)} actions)"

    def made(self, act: Action) -> bool:
        """True if ``act`` is one of the very objects this list handed out."""
        return any(a is act for a in self._made.values())

    def ids(self) -> list[int]:
        ids = self._ids
        if ids is None:
            ids = self._plays.action_ids(ACTION_PLAY)
            if self._pass:
                ids.append(ACTION_PASS)
            self._ids = ids
        return list(ids)

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyActions:
        return self

    def __copy__(self) -> LazyActions:
        return self


# --------------------------------------------------------------------------------------------
# Game and state


@register
class GuandanGame(Game["GuandanState"]):
    """Guandan for four players in two partnerships (rules/guandan.md). A state is one deal; a
    :class:`GuandanMatch` plays deals until a team wins at A (GD-9.5)."""

    id = "guandan"
    OPTIONS = ()

    @property
    def num_players(self) -> int:
        return 4

    @property
    def num_actions(self) -> int:
        return ACTION_PLAY + _core.guandan_action_index_size()

    def new_state(self, seed: int | None = None, deal: Any = None) -> GuandanState:
        return GuandanState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> GuandanMatch:
        """A match from both teams at level 2 (GD-3.2) until a team wins it (GD-9.5)."""
        return GuandanMatch(self, seed)


class GuandanState(State):
    """One Guandan deal: tribute and return (GD-4), then card play until three players have
    finished (GD-9.1).

    ``phase`` is ``"return"`` while recipients choose their return cards, ``"play"``, then
    ``"over"``."""

    game: GuandanGame

    def __init__(self, game: GuandanGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        self._deal_record = self._complete_deal(deal)
        rec = self._deal_record
        self.levels: tuple[str, str] = (rec["levels"][0], rec["levels"][1])
        self.previous_order: tuple[int, ...] | None = (
            None if rec["previous_order"] is None else tuple(rec["previous_order"])
        )
        self.dealt: list[CardBag] = [CardBag(h) for h in rec["hands"]]
        if self.previous_order is None:
            self.level = "2"  # GD-3.2, GD-3.5
        else:
            self.level = self.levels[self.previous_order[0] % 2]  # GD-3.4
        self._lv = parse_level(self.level)
        self._hands = list(self.dealt)
        self._table: GuandanTable | None = None
        self._events_seen = 0
        self._returns_due: list[tuple[int, int]] = []
        """(recipient, payer) pairs still to choose a return card, in order."""
        self._returns_chosen: list[tuple[int, int, Card]] = []
        self.tribute: TributePlan | None = None
        self._log(
            event="deal",
            level=self.level,
            levels=list(self.levels),
            previous_order=None if self.previous_order is None else list(self.previous_order),
        )
        if self.previous_order is None:
            self._start_play(rec["first_player"])  # GD-3.5: no tribute in a first deal
            return
        plan = plan_tribute(self.previous_order, self.dealt, self._lv)
        self.tribute = plan
        if plan.resisted:  # GD-4.3
            self._log(event="resistance", holders=list(plan.big_joker_holders))
            self._start_play(plan.leader)
            return
        for payer, recipient, card in plan.transfers:  # GD-4.6: all at the same time
            self._hands[payer] = self._hands[payer] - CardBag([card])
            self._hands[recipient] = self._hands[recipient] + CardBag([card])
        for payer, recipient, card in plan.transfers:
            self._log(event="tribute", player=payer, to=recipient, card=str(card))
        # GD-4.7: each recipient returns one card to the payer whose tribute it received.
        self._returns_due = [(recipient, payer) for payer, recipient, _ in plan.transfers]

    # ---- the deal -----------------------------------------------------------------------

    def _complete_deal(self, deal: Any) -> dict[str, Any]:
        if deal is None:
            deal = {}
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError("a Guandan deal is a dict (see cardavia.guandan)")
        unknown = set(deal) - {"hands", "levels", "previous_order", "first_player"}
        if unknown:
            raise InvalidArgumentError(f"unknown deal keys {sorted(unknown)}")
        levels_in = deal.get("levels") or ["2", "2"]
        if not isinstance(levels_in, Sequence) or len(levels_in) != 2:
            raise InvalidArgumentError("levels are the two team levels, e.g. ['2', '2']")
        levels = [LEVELS[parse_level(x)] for x in levels_in]
        order = deal.get("previous_order")
        if order is not None:
            order = list(_check_order(order))
        elif levels != ["2", "2"]:
            raise InvalidArgumentError(
                "a deal without a previous finishing order is a first deal, at levels 2/2 (GD-3.2)"
            )
        hands_in = deal.get("hands")
        if hands_in is None:
            cards = Rng(derive_seed(self.seed, 0)).shuffled(list(DECK))  # GD-3.3
            hands = [CardBag(cards[p::4]) for p in range(4)]
        else:
            hands = [CardBag(h) for h in hands_in]
            if len(hands) != 4 or any(len(h) != HAND_SIZE for h in hands):
                raise InvalidArgumentError("a Guandan deal has four 27-card hands (GD-3.3)")
            total = CardBag()
            for h in hands:
                try:
                    total = total + h
                except InvalidArgumentError:
                    raise InvalidArgumentError(
                        "the hands hold some card more than twice (GD-2.1)"
                    ) from None
        first = deal.get("first_player")
        if order is None:
            if first is None:
                first = Rng(derive_seed(self.seed, 1)).below(4)  # GD-3.5
            if isinstance(first, bool) or first not in (0, 1, 2, 3):
                raise InvalidArgumentError(f"first_player must be a seat 0..3, got {first!r}")
        elif first is not None:
            raise InvalidArgumentError("after a first deal the tribute names the leader (GD-4.8)")
        return {
            "hands": [str(h) for h in hands],
            "levels": levels,
            "previous_order": order,
            "first_player": first,
        }

    def _start_play(self, leader: int) -> None:
        self._table = GuandanTable(self._lv, list[Any](self._hands), leader)
        self._events_seen = 0
        self._log(event="lead", player=leader)

    # ---- protocol -----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        if self._returns_due:
            return "return"
        assert self._table is not None
        return "over" if self._table.is_over else "play"

    @property
    def current_player(self) -> int | None:
        if self._returns_due:
            return self._returns_due[0][0]
        assert self._table is not None
        return self._table.current_player

    def legal_actions(self) -> list[Action]:
        if self._returns_due:
            recipient = self._returns_due[0][0]
            return [return_action(c) for c in return_options(self._hands[recipient], self._lv)]
        assert self._table is not None
        if self._table.is_over:
            return []
        if isinstance(self._listed, LazyActions):
            return self._listed  # nothing has changed since it was listed
        plays, pass_ok = self._table.legal_plays()
        listed = LazyActions(plays, pass_ok)
        self._listed = listed
        return listed

    def legal_action_ids(self) -> list[int]:
        actions = self.legal_actions()
        if isinstance(actions, LazyActions):
            return actions.ids()
        return [self.action_id(a) for a in actions]

    def apply(self, action: Action | str | int) -> None:
        if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
            act = self.action_from_id(int(action))  # a legal action listed just now
            self._listed = ()
            self._actions.append(act.to_json())
            self._do(act)
            return
        act = self.to_action(action)
        listed = self._listed
        if not (isinstance(listed, LazyActions) and listed.made(act)):
            self.check(act)
        self._listed = ()
        self._actions.append(act.to_json())
        self._do(act)

    def _violation(self, action: Action) -> tuple[str, str] | None:
        if self._returns_due:
            recipient = self._returns_due[0][0]
            if action.kind != "return":
                return ("GD-4.7", f"seat {recipient} must first give back a return card")
            cards = list(action.cards or [])
            options = return_options(self._hands[recipient], self._lv)
            if len(cards) != 1 or cards[0] not in options:
                allowed = " ".join(str(c) for c in options)
                return ("GD-4.7", f"the return card must be one card among: {allowed}")
            return None
        assert self._table is not None
        if action.kind == "pass":
            return self._table.pass_violation()
        if action.kind == "play":
            if isinstance(action.play, GuandanPlay):
                return self._table.play_violation(action.play)
            if action.cards is None:
                return ("GD-6.6", "a play needs cards")
            found, why = self._table.interpret_cards(action.cards)
            return why if found is None else None
        return ("GD-8.4", f"{action} is not a card-play action (play or pass)")

    def _do(self, action: Action) -> None:
        if self._returns_due:
            recipient, payer = self._returns_due.pop(0)
            card = next(iter(action.cards or []))
            self._returns_chosen.append((recipient, payer, card))
            self._log(event="return", player=recipient, to=payer, card=str(card))
            if not self._returns_due:  # GD-4.7: the returns move at the same time
                for r, p, c in self._returns_chosen:
                    self._hands[r] = self._hands[r] - CardBag([c])
                    self._hands[p] = self._hands[p] + CardBag([c])
                assert self.tribute is not None
                self._start_play(self.tribute.leader)  # GD-4.8
            return
        assert self._table is not None
        if action.kind == "pass":
            self._table.pass_turn()
        else:
            play = action.play
            if not isinstance(play, GuandanPlay):
                assert action.cards is not None
                found, _ = self._table.interpret_cards(action.cards)
                assert found is not None
                play = found
            self._table.play(play)
        self._sync_events()

    def _sync_events(self) -> None:
        assert self._table is not None
        events = self._table.history(self._events_seen)
        for e in events:
            entry: dict[str, Any] = {"event": e["event"]}
            for key in ("player", "winner", "place", "leader"):
                if key in e:
                    entry[key] = e[key]
            if e["event"] == "play":
                play: GuandanPlay = e["play"]
                entry["cards"] = str(play.cards)
                entry["type"] = play.kind
                entry["rank"] = play.main_rank
                entry["wild_as"] = [str(c) for c in play.wild_as]
            self._history.append(entry)
        self._events_seen += len(events)

    # ---- action text and ids ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        norm = " ".join(text.strip().split())
        low = norm.lower()
        if low == "pass":
            return PASS
        if low.startswith("return"):
            return GuandanAction("return", CardSet(norm[6:]), label=f"return {norm[6:].strip()}")
        if low in ("bid 1", "bid 3", "light", "decline"):
            return GuandanAction(low, label=low)
        label = None
        body = re.sub(r"\(=[^)]*\)", "", norm)
        match = re.match(r"^\s*([A-Za-z_4]+(?:\d+)?(?:/[0-9A-Za-z]+)?)\s*:\s*(.*)$", body)
        if match:
            label, body = match.group(1).upper(), match.group(2)
        cards = CardBag(body)
        if label is not None:
            for p in classify(cards, self._lv):
                if p.label.upper() == label or f"{p.kind_name}/{p.main_rank}" == label:
                    return play_action(p)
            return GuandanAction("play", cards, label=f"{label}: {cards}")
        return GuandanAction("play", cards, label=str(cards))

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry.get("kind")
        if kind == "play" and "type" in entry:
            for p in classify(entry["cards"], self._lv):
                if p.kind == entry["type"] and p.main_rank == entry["rank"]:
                    return play_action(p)
            raise IllegalActionError(f"recorded action {dict(entry)} is not a valid move")
        if kind == "return":
            return self.parse_action(f"return {entry['cards']}")
        if kind == "play":
            return self.parse_action(entry["cards"])
        return self.parse_action(str(kind))

    def action_id(self, action: Action) -> int:
        if action.kind == "pass":
            return ACTION_PASS
        if action.kind == "return" and action.cards is not None and len(action.cards) == 1:
            return ACTION_RETURN + next(iter(action.cards)).index
        play = action.play
        if action.kind == "play" and not isinstance(play, GuandanPlay) and action.cards:
            found = classify(action.cards, self._lv)
            play = found[0] if found else None
        if isinstance(play, GuandanPlay):
            return ACTION_PLAY + play.action_index
        raise InvalidArgumentError(f"{action} is not a Guandan action")

    def action_from_id(self, action_id: int) -> Action:
        if (
            isinstance(action_id, (bool, np.bool_))
            or not isinstance(action_id, (int, np.integer))
            or not 0 <= action_id < self.game.num_actions
        ):
            raise InvalidArgumentError(
                f"action id {action_id!r} is not in 0..{self.game.num_actions - 1}"
            )
        action_id = int(action_id)
        if self.is_terminal():
            raise IllegalActionError("the deal is over: no action is legal", rule="GD-9.1")
        actions = self.legal_actions()
        if isinstance(actions, LazyActions):
            if action_id == ACTION_PASS and actions._pass:
                return actions[len(actions) - 1]
            if action_id >= ACTION_PLAY:
                k = actions._plays.find_index(action_id - ACTION_PLAY)
                if k is not None:
                    return actions[k]
        else:
            for a in actions:
                if self.action_id(a) == action_id:
                    return a
        rule = "GD-4.7" if self._returns_due else "GD-8.4"
        raise IllegalActionError(f"action id {action_id} is not a legal action id now", rule=rule)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self.game.num_actions, dtype=bool)
        actions = self.legal_actions()
        if isinstance(actions, LazyActions):
            mask[actions.ids()] = True
        else:
            for a in actions:
                mask[self.action_id(a)] = True
        return mask

    # ---- outcome ------------------------------------------------------------------------

    @property
    def finishing_order(self) -> list[int] | None:
        """Seats 1st..4th once the deal is over (GD-9.1)."""
        if self._table is None or self._returns_due:
            return None
        return self._table.full_order

    def level_change(self) -> LevelChange | None:
        order = self.finishing_order
        return None if order is None else level_change(order, self.levels, self.level)

    def returns(self) -> list[float]:
        """The winners' promotion ``n`` (GD-9.3) for each winner, ``-n`` for each loser."""
        change = self.level_change()
        if change is None:
            return [0.0] * 4
        n = float(change.promotion)
        return [n if p % 2 == change.winning_team else -n for p in range(4)]

    @property
    def result(self) -> dict[str, Any] | None:
        change = self.level_change()
        if change is None:
            return None
        return {
            "order": self.finishing_order,
            "winning_team": change.winning_team,
            "promotion": change.promotion,
            "deal_level": self.level,
            "levels_before": list(change.levels_before),
            "levels_after": list(change.levels_after),
            "match_winner": change.match_winner,
            "next_level": change.next_level,
        }

    # ---- information --------------------------------------------------------------------

    def _public_history(self, player: int) -> list[dict[str, Any]]:
        out = [e.copy() for e in self._history]
        for i in range(min(len(out), 8)):  # the return events come right after the deal
            e = out[i]
            if e["event"] == "return" and player not in (e["player"], e["to"]):
                del e["card"]  # GD-3.7, GD-D13
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """GD-3.7: own hand; every play, pass, finish, the tribute cards and any resistance;
        hand sizes. A return card only to its giver and receiver."""
        player = self._check_player(player)
        if self._table is not None:
            hands = self._table.hands()
            top = self._table.top
            finished = self._table.finish_order
        else:
            hands = self._hands
            top = None
            finished = []
        return {
            "player": player,
            "phase": self.phase,
            "level": self.level,
            "levels": list(self.levels),
            "previous_order": None if self.previous_order is None else list(self.previous_order),
            "hand": str(hands[player]),
            "hand_sizes": [len(h) for h in hands],
            "current_player": self.current_player,
            "top": None if top is None else {"player": top[1], "play": str(top[0])},
            "finish_order": list(finished),
            "history": self._public_history(player),
        }

    # ---- search -------------------------------------------------------------------------

    def clone(self) -> GuandanState:
        new = object.__new__(GuandanState)
        fields = self.__dict__.copy()
        if self._table is not None:
            fields["_table"] = self._table.clone()
        fields["_hands"] = list(self._hands)
        fields["_returns_due"] = list(self._returns_due)
        fields["_returns_chosen"] = list(self._returns_chosen)
        fields["_actions"] = self._actions.copy()
        fields["_history"] = self._history.copy()
        fields["_listed"] = ()
        new.__dict__ = fields
        return new

    def _played(self) -> list[CardBag]:
        if self._table is None:
            return [CardBag() for _ in range(4)]
        return [self._hands[p] - self._table.hand(p) for p in range(4)]

    def resample(self, player: int, seed: int | None = None) -> GuandanState:
        """A full state at the same decision point with every card ``player`` has not seen
        dealt again, exactly uniformly over the deals (and unseen return cards) consistent with
        what he has observed (GD-3.7): his own cards, every play, the tribute cards and who
        paid them (so a payer held nothing better than its tribute, GD-4.4, and no second big
        joker, GD-4.3), a resistance and its big-joker holders, the return cards he gave or
        received (GD-4.7), and that a recipient holds the tribute it received and a payer the
        return it received until they play them. Computed in Rust
        (``cardavia_core::climbing::guandan::resample``); the new state has a fresh seed drawn
        from ``seed`` and replays from its record (``to_json``).

        Not covered (both need hands that essentially never occur): a recipient returning the
        very tribute card it received, and a recipient without any 2..T card when ``player``
        did not see its return."""
        player = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: resample a state before its end")
        plan = self.tribute
        in_play = self._table is not None
        hands_now = self._table.hands() if self._table is not None else list(self._hands)
        played = self._played()
        holders = [0, 0, 0, 0]
        transfers: list[tuple[int, int, Card]] = []
        if plan is not None:
            for h in plan.big_joker_holders:
                holders[h] += 1
            transfers = list(plan.transfers)
        hands, start, dealt, returns, new_seed = _core.guandan_resample(
            self._lv,
            player,
            hands_now,
            played,
            not in_play,
            plan is not None and plan.resisted,
            holders,
            transfers,
            list(self._returns_chosen),
            check_seed(seed),
        )
        new = object.__new__(GuandanState)
        fields = self.__dict__.copy()
        fields["seed"] = new_seed
        fields["dealt"] = dealt
        fields["_record_pending"] = True  # the record's hands are written when needed
        chosen = [(r, p, c) for (r, p, _), c in zip(self._returns_chosen, returns, strict=True)]
        fields["_returns_chosen"] = chosen
        fields["_returns_due"] = list(self._returns_due)
        fields["_listed"] = ()
        actions = self._actions.copy()
        history = self._history.copy()
        if chosen:
            k = 0
            for i, entry in enumerate(actions):
                if entry.get("kind") == "return":
                    actions[i] = {"kind": "return", "cards": str(chosen[k][2])}
                    k += 1
            k = 0
            for i, e in enumerate(history):
                if e["event"] == "return":
                    history[i] = dict(e, card=str(chosen[k][2]))
                    k += 1
        fields["_actions"] = actions
        fields["_history"] = history
        if self._table is not None:
            table = self._table
            fields["_hands"] = start
            to_move = table.current_player
            assert to_move is not None
            fields["_table"] = GuandanTable.from_position(
                self._lv,
                list[Any](hands),
                to_move,
                table.top,
                table.passes_since_top,
                table.finish_order,
            )
            fields["_events_seen"] = 0
        else:
            fields["_hands"] = list(hands)
        new.__dict__ = fields
        return new

    _record_pending = False

    def to_json(self) -> str:
        if self._record_pending:
            record = dict(self._deal_record)
            record["hands"] = [str(h) for h in self.dealt]
            self._deal_record = record
            self._record_pending = False
        return super().to_json()

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts to the end of the deal from this state, in the return phase
        (GD-4.7) or in card play, run in Rust: a float64 array (n, 4) of each seat's payoff in
        the unit of :meth:`returns` (the winners' promotion, negated for the losers).

        ``policy="random"`` picks uniformly among the legal actions (return cards as
        :func:`return_options` lists them); ``policy="greedy"`` returns the lowest eligible
        card (least group value), and in card play goes out when one move empties the hand,
        leads its lowest natural group whole without a wild card (a full house, triple, pair
        or pair run, single or straight of lone cards), never beats its partner, follows with
        the cheapest non-bomb beat that splits no group of the hand (one at most, or no bomb
        against a player down to 8 cards) and bombs only a player down to 6 cards (see
        ``cardavia_core::climbing::guandan::playout``). The same ``seed`` gives the same array
        for any ``threads`` (0 = all cores)."""
        from cardavia.games.five_ten_king import _check_playout_args

        _check_playout_args(n, policy, seed, threads)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        if self._table is not None:
            return self._table.playout_returns(n, policy, seed, threads)
        assert self.tribute is not None
        return _core.guandan_return_playouts(
            self._lv,
            list(self._hands),
            list(self._returns_due),
            list(self._returns_chosen),
            self.tribute.leader,
            n,
            policy,
            seed,
            threads,
        )


# --------------------------------------------------------------------------------------------
# The match


class GuandanMatch(Match[GuandanState]):
    """Deals until a team wins at A (GD-9.5). Each deal after the first is played at the level
    of the previous winner (GD-3.4) with tribute (GD-4) from the previous finishing order; the
    deal spec of :meth:`GuandanGame.new_state` carries both. :meth:`restart` resets both teams
    to 2 (GD-9.10)."""

    def __init__(self, game: GuandanGame, seed: int | None = None):
        super().__init__(game, seed)
        self.levels: tuple[str, str] = ("2", "2")
        self.previous_order: list[int] | None = None
        self.winner: int | None = None
        self._counted = 0

    def _update(self) -> None:
        for deal in self.deals[self._counted :]:
            change = deal.level_change()
            if change is None:
                break
            self._counted += 1
            self.levels = change.levels_after
            self.previous_order = deal.finishing_order
            if change.match_winner is not None:
                self.winner = change.match_winner

    def new_deal(self) -> GuandanState:
        self._update()
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        if self.is_over():
            raise IllegalActionError("the match is over")
        spec = {"levels": list(self.levels), "previous_order": self.previous_order}
        state = self.game.new_state(seed=self._next_seed(), deal=spec)
        self.deals.append(state)
        return state

    def restart(self) -> None:
        """GD-9.10: both teams back to 2; the next deal is a first deal (no tribute)."""
        self._update()
        self.levels = ("2", "2")
        self.previous_order = None
        self.winner = None
        self._counted = len(self.deals)

    def is_over(self) -> bool:
        self._update()
        return self.winner is not None

    @property
    def next_level(self) -> str:
        """The level rank of the next deal (GD-3.4, GD-9.7)."""
        self._update()
        if self.previous_order is None:
            return "2"
        return self.levels[self.previous_order[0] % 2]
