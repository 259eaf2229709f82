"""5-10-K with level reveal and promotion (五十K). Rules: ``rules/five_ten_king.md`` (``FTK-x.y``).

Five players, two 54-card packs (108 cards), 21 cards each and a 3-card kitty. A deal goes:

1. **Deal** (FTK-3.4-3.12): the cards go out one at a time from the first recipient F. An
   eligible player who receives a card of his qualifying rank is asked to REVEAL or PASS; after
   card 105 a closing round asks each eligible holder once more. The first REVEAL makes the
   banker. Deal 1: everyone is eligible at rank 3 and a deal without reveal is redealt (same F);
   later deals: only the previous deal's winners, each at his own level rank, and without a
   reveal the banker is the first previous winner from the seat after the previous banker.
2. **Bury** (FTK-3.13): the banker takes the kitty and buries 3 cards, one action per card.
3. **Call** (FTK-3.14-3.20): one call (two with ``partner_calls=2``): a suited card, rank 2-A,
   and whether its first or second actual play answers.
4. **Play** (FTK-4, FTK-5, FTK-6.1) on the Rust :class:`~cardavia.FtkTable`: beat or pass,
   trick points to the last valid player, the partner revealed by the called play, the deal
   ending when a confirmed team has finished (E1) or one player is left (E2).
5. **Settlement** (FTK-6.2-6.8): the defense total D, its band and the promotions.

``deal`` for :meth:`FiveTenKingGame.new_state` (every key optional)::

    {"deck": "<108 cards in dealing order>",  # card k goes to seat (first + k - 1) % 5;
                                              # the last 3 are the kitty (FTK-3.5)
     "first": 0,                              # first recipient F (FTK-3.4)
     "number": 1,                             # deal number of the match (FTK-3.3)
     "levels": [1, 1, 1, 1, 1],               # stored level indices, 0 = 2 ... 12 = A
     "previous_winners": null,                # seats that won the previous deal (deal >= 2)
     "previous_banker": null,                 # the previous deal's banker (deal >= 2)
     "round": 0}                              # redeals of deal 1 already made (FTK-3.11)

Without ``deck`` the cards are shuffled from the seed (a redeal of deal 1 shuffles again from
the seed); without ``first`` deal 1 draws F from the seed and later deals use the seat after the
previous banker. :meth:`FiveTenKingGame.new_match` carries levels, winners and the banker from
deal to deal (FTK-7).

Module functions :func:`classify`, :func:`legal_plays` and :func:`beats` expose the two-pack
combination engine directly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, FtkGame, FtkTable, Play, Rng
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Game, Match, Option, State, register
from cardavia.games.climbing import as_play, derive_seed

__all__ = [
    "FiveTenKingGame",
    "FiveTenKingMatch",
    "FiveTenKingState",
    "band",
    "beats",
    "classify",
    "legal_plays",
    "promote",
]

RULESET = "five_ten_king"
NUM_PLAYERS = 5
HAND_SIZE = 21
DECK = CardBag.two_packs(jokers=True)
LEVEL_NAMES = "23456789TJQKA"
START_LEVEL = 1  # FTK-3.2: level 3
SUITS = "cdhs"

CardsLike = str | CardBag | CardSet | Iterable[Card | str]

# ---- the combination engine ----------------------------------------------------------------


def classify(cards: CardsLike) -> list[Play]:
    """Every reading of ``cards`` (a two-pack multiset) as a play (FTK-4.1-4.8, FTK-4.2)."""
    return _core.ftk_classify(CardBag(cards))


def legal_plays(
    hand: CardsLike,
    to_beat: Play | CardsLike | None = None,
    called: CardsLike | None = None,
) -> list[Play]:
    """Every legal play from ``hand``: every combination on a lead, else those beating
    ``to_beat`` (FTK-4.9). One play per rank multiset (per class for the 5-10-K); with
    ``called`` card kinds, plays are also listed holding those cards (FTK-3.16)."""
    return _core.ftk_legal_plays(
        CardBag(hand), _as_play(to_beat), None if called is None else CardSet(called)
    )


def beats(candidate: Play | CardsLike, top: Play | CardsLike) -> bool:
    """True if ``candidate`` beats ``top`` on the table (FTK-4.9-4.11)."""
    a, b = _as_play(candidate), _as_play(top)
    assert a is not None and b is not None
    return _core.climb_beats(a, b)


def _as_play(x: Play | CardsLike | None) -> Play | None:
    return as_play(x, classify, "5-10-K", "FTK-4.8", CardBag)


# ---- settlement helpers --------------------------------------------------------------------

BAND_NAMES = ("0", "1-39", "40-79", "80-119", "120-159", "160-199", "200")


def band(defense: int) -> tuple[str, str, int]:
    """FTK-6.6: (band, winning side ``"banker"``/``"defense"``, levels each winner gains)."""
    index, banker_wins, steps = _core.ftk_band(defense)
    return BAND_NAMES[index], "banker" if banker_wins else "defense", steps


def promote(level: int, steps: int) -> tuple[int, bool]:
    """FTK-6.8: the new level index and whether it passes A (final victory). A player who
    passes A keeps the index past 12 as a marker of his victory."""
    new = level + steps
    return new, new > 12


def level_name(level: int) -> str:
    return LEVEL_NAMES[level] if 0 <= level <= 12 else "past A"


# ---- action space --------------------------------------------------------------------------

REVEAL_BASE = 1
BURY_BASE = REVEAL_BASE + 52
CALL_BASE = BURY_BASE + 54
PLAY_BASE = CALL_BASE + 104
"""Action ids: ``0`` pass, then reveals, burials, calls, and plays (see :attr:`FiveTenKingGame.
num_actions`)."""


def _call_text(card: Card | str, ordinal: int) -> str:
    return f"call {'first' if ordinal == 1 else 'second'} {card}"


# ---- game ----------------------------------------------------------------------------------


@register
class FiveTenKingGame(Game["FiveTenKingState"]):
    """5-10-K for five players (rules/five_ten_king.md)."""

    id = "five_ten_king"
    zero_sum = False
    OPTIONS = (
        Option(
            "partner_calls",
            int,
            1,
            "number of partner calls the banker makes (FTK-3.20): 1 (this variant) or 2",
            choices=(1, 2),
        ),
    )

    @property
    def num_players(self) -> int:
        return NUM_PLAYERS

    @property
    def num_actions(self) -> int:
        """``pass``, 52 reveals, 54 burials, 104 calls, then every play (one per rank multiset,
        per class for a 5-10-K) in 3 variants with one call, 9 with two: how many copies of
        each unanswered call's card the play holds (FTK-3.16), so that two different legal
        plays never share an id."""
        return _num_actions(self.options["partner_calls"])

    def new_state(self, seed: int | None = None, deal: Any = None) -> FiveTenKingState:
        return FiveTenKingState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> FiveTenKingMatch:
        return FiveTenKingMatch(self, seed)

    def describe_action(self, action_id: int) -> str:
        """The action an id stands for (a representative play for play ids)."""
        text = None
        if isinstance(action_id, int) and not isinstance(action_id, bool) and action_id >= 0:
            text = _core.ftk_describe_action(action_id, self.options["partner_calls"])
        if text is None:
            raise InvalidArgumentError(f"action id {action_id} is not in 0..{self.num_actions - 1}")
        return text


@cache
def _num_actions(partner_calls: int) -> int:
    return _core.ftk_num_actions(partner_calls)


# ---- state ---------------------------------------------------------------------------------


def _check_int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be an int in {low}..{high}, got {value!r}")
    return value


PASS = Action("pass", label="pass")


@cache
def _reveal_action(card: Card) -> Action:
    return Action("reveal", CardBag([card]), label=f"reveal {card}")


@cache
def _bury_action(card: Card) -> Action:
    return Action("bury", CardBag([card]), label=f"bury {card}")


@cache
def _call_action(card: Card, ordinal: int) -> Action:
    return Action("call", CardBag([card]), amount=ordinal, label=_call_text(card, ordinal))


def _to_action(item: Any) -> Action:
    if item is None:
        return PASS
    if isinstance(item, Play):
        return Action("play", item.bag, play=item)
    if item[0] == "reveal":
        return _reveal_action(item[1])
    if item[0] == "bury":
        return _bury_action(item[1])
    assert len(item) == 3
    return _call_action(item[1], item[2])


_PHASE_RULE = {"deal": "FTK-3.7", "bury": "FTK-3.13", "call": "FTK-3.14", "play": "FTK-5.3"}


class FiveTenKingState(State):
    """One 5-10-K deal: dealing with reveals, burying, the call, card play, settlement.

    The deal runs on the Rust :class:`~cardavia.FtkGame` (every phase), so that card play,
    playouts (:meth:`playout_returns`) and determinization (:meth:`resample`) share one
    implementation of the rules."""

    game: FiveTenKingGame

    def __init__(self, game: FiveTenKingGame, seed: int | None, deal: Any):
        super().__init__(game, seed, deal)
        spec = self._check_deal({} if deal is None else deal)
        self._deal_record = spec
        self._levels: list[int] = list(spec["levels"])
        self._number: int = spec["number"]
        self._prev_winners: list[int] | None = spec["previous_winners"]
        self._prev_banker: int | None = spec["previous_banker"]
        if spec["first"] is not None:
            self._first: int = spec["first"]
        elif self._number == 1 or self._prev_banker is None:
            self._first = Rng(derive_seed(self.seed, 1_000_003)).below(NUM_PLAYERS)  # FTK-3.4
        else:
            self._first = (self._prev_banker + 1) % NUM_PLAYERS
        self._g = FtkGame(
            self.seed,
            self._number,
            self._levels,
            self._prev_winners,
            self._prev_banker,
            self._first,
            game.options["partner_calls"],
            spec["round"],
            spec["deck"],
        )
        self._round_history = 0  # index in _history of the current round's "deal" event
        self._spec_pending = False  # a resampled state records its deck lazily
        self._sync()

    # ---- the deal spec ----------------------------------------------------------------

    @staticmethod
    def _check_deal(deal: Any) -> dict[str, Any]:
        if not isinstance(deal, Mapping):
            raise InvalidArgumentError("a 5-10-K deal spec is a dict (see the module docs)")
        unknown = set(deal) - {
            "deck",
            "first",
            "number",
            "levels",
            "previous_winners",
            "previous_banker",
            "round",
        }
        if unknown:
            raise InvalidArgumentError(f"unknown deal keys {sorted(unknown)}")
        deck = deal.get("deck")
        if deck is not None:
            cards = _core.parse_cards_text(deck) if isinstance(deck, str) else list(deck)
            cards = [c if isinstance(c, Card) else Card(str(c)) for c in cards]
            if len(cards) != 108 or CardBag(cards) != DECK:
                raise InvalidArgumentError(
                    "deck must list the 108 cards of two packs, each exactly twice (FTK-2.1)"
                )
            deck = " ".join(str(c) for c in cards)
        first = deal.get("first")
        if first is not None:
            _check_int("first", first, 0, 4)
        number = _check_int("number", deal.get("number", 1), 1, 1_000_000)
        levels = deal.get("levels", [START_LEVEL] * NUM_PLAYERS)
        if not isinstance(levels, Sequence) or len(levels) != NUM_PLAYERS:
            raise InvalidArgumentError("levels must list 5 level indices (0 = 2 ... 12 = A)")
        levels = [_check_int("a level", v, 0, 12) for v in levels]
        winners = deal.get("previous_winners")
        banker = deal.get("previous_banker")
        if number >= 2:
            if winners is None or banker is None:
                raise InvalidArgumentError(
                    "deal 2 and later need previous_winners and previous_banker (FTK-3.6b, 3.12)"
                )
            if not isinstance(winners, Sequence) or not winners:
                raise InvalidArgumentError("previous_winners must be a non-empty list of seats")
            winners = sorted({_check_int("a previous winner", w, 0, 4) for w in winners})
            banker = _check_int("previous_banker", banker, 0, 4)
        elif winners is not None or banker is not None:
            raise InvalidArgumentError("deal 1 has no previous winners or banker (FTK-3.2)")
        rnd = _check_int("round", deal.get("round", 0), 0, 1_000_000)
        if rnd and number != 1:
            raise InvalidArgumentError("only deal 1 is ever redealt (FTK-3.11, 3.12)")
        return {
            "deck": deck,
            "first": first,
            "number": number,
            "levels": levels,
            "previous_winners": winners,
            "previous_banker": banker,
            "round": rnd,
        }

    def _record_spec(self) -> dict[str, Any]:
        if self._spec_pending:
            spec = dict(self._deal_record)
            spec.update(deck=self._g.spec_deck_text(), round=self._g.spec_round, first=self._first)
            self._deal_record = spec
            self._spec_pending = False
        spec_now: dict[str, Any] = self._deal_record
        return spec_now

    def _sync(self) -> None:
        """Appends the events of the last action to the history (FTK-3.10: a reveal
        opportunity and a pass are not events)."""
        for e in self._g.take_events():
            if e["event"] == "deal":
                self._round_history = len(self._history)
            self._history.append(e)

    # ---- reading the deal -------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"deal"``, ``"bury"``, ``"call"``, ``"play"`` or ``"over"``."""
        return self._g.phase

    @property
    def current_player(self) -> int | None:
        return self._g.current_player

    @property
    def banker(self) -> int | None:
        return self._g.banker

    @property
    def _table(self) -> FtkTable | None:
        """A copy of the card-play table (None before card play)."""
        return self._g.table()

    @property
    def _received(self) -> list[list[Card]]:
        """The cards each seat has received in this round, in dealing order."""
        return [self._g.received_cards(p) for p in range(NUM_PLAYERS)]

    @property
    def _round(self) -> int:
        return self._g.round

    # ---- protocol: actions ------------------------------------------------------------

    @property
    def actions_taken(self) -> int:
        return int(self._g.num_actions_taken())

    def legal_actions(self) -> list[Action]:
        acts = [_to_action(x) for x in self._g.legal()]
        self._listed = acts
        return acts

    def legal_action_ids(self) -> list[int]:
        return self._g.legal_ids()

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self.game.num_actions, dtype=bool)
        mask[self._g.legal_ids()] = True
        return mask

    def _parts(self, action: Action) -> tuple[str, Card | None, int | None, Play | None] | str:
        """The Rust form of an action, or why it cannot be one."""
        kind = action.kind
        if kind == "pass":
            return ("pass", None, None, None)
        if kind in ("reveal", "bury", "call"):
            if action.cards is None or len(action.cards) != 1:
                return f"{kind} takes exactly one card, not {action}"
            card = next(iter(action.cards))
            if kind == "call":
                amount = action.amount
                ordinal = amount if isinstance(amount, int) and amount in (1, 2) else 0
                return ("call", card, ordinal, None)
            return (kind, card, None, None)
        if kind == "play":
            play = action.play
            if not isinstance(play, Play):
                if action.cards is None or not action.cards:
                    return "a play needs cards"
                found, why = self._g.interpret(action.cards)
                if found is None:
                    assert why is not None
                    return f"{why[1]} ({why[0]})"
                play = found
            return ("play", None, None, play)
        return f"{action} is not a 5-10-K action"

    def _violation(self, action: Action) -> tuple[str, str] | None:
        parts = self._parts(action)
        rule = _PHASE_RULE.get(self.phase, "FTK-6.1")
        if isinstance(parts, str):
            if action.kind == "play" and parts.endswith(")"):
                rule = parts[parts.rindex("(") + 1 : -1]
            return (rule, parts)
        found = self._g.violation(*parts)
        if found is None:
            return None
        return (found[0], found[1])

    def _do(self, action: Action) -> None:
        parts = self._parts(action)
        assert not isinstance(parts, str)
        self._g.apply(*parts, check=False)
        self._sync()

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action (an Action, its text or its id); an illegal one raises and
        changes nothing."""
        if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
            i = int(action)
            if not 0 <= i < self.game.num_actions:
                raise InvalidArgumentError(
                    f"action id {i} is not in 0..{self.game.num_actions - 1}"
                )
            if self.is_terminal():
                raise IllegalActionError("the deal is over: no action is legal", rule="FTK-6.1")
            err = self._g.apply_id(i)
            if err is not None:
                raise IllegalActionError(f"{err[1]} ({err[0]})", rule=err[0])
            self._listed = ()
            self._sync()
            return
        act = self.to_action(action)
        if not any(act is listed for listed in self._listed):
            self.check(act)
        self._listed = ()
        self._do(act)

    # ---- action text and ids ----------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidArgumentError(f"expected action text, got {type(text).__name__}")
        norm = " ".join(text.strip().split())
        low = norm.lower()
        for a in self.legal_actions():
            if a.kind != "play" and str(a).lower() == low:
                return a
        words = low.split()
        if words and words[0] in ("reveal", "bury") and len(words) == 2:
            return Action(words[0], CardBag(words[1]), label=f"{words[0]} {Card(words[1])}")
        if words and words[0] == "call" and len(words) == 3:
            ordinal = {"first": 1, "second": 2, "1": 1, "2": 2}.get(words[1], 0)
            card = Card(words[2])
            return Action("call", CardBag([card]), amount=ordinal, label=_call_text(card, ordinal))
        if low == "pass":
            return PASS
        cards = CardBag(norm.replace("+", " "))
        for a in self.legal_actions():
            if a.kind == "play" and a.cards == cards:
                return a
        if self.phase == "play":
            play, _ = self._g.interpret(cards)
            if play is not None:
                return Action("play", play.bag, play=play)
        return Action("play", cards, label=str(cards))

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        kind = entry["kind"]
        if kind == "play":
            return self.parse_action(entry["cards"])
        if kind == "call":
            return self.parse_action(f"call {entry['amount']} {entry['cards']}")
        if kind in ("reveal", "bury"):
            return self.parse_action(f"{kind} {entry['cards']}")
        return self.parse_action(kind)

    def action_id(self, action: Action) -> int:
        if action.kind == "pass":
            return 0
        parts = self._parts(action)
        if action.kind == "play" and isinstance(parts, str) and action.cards:
            found = classify(action.cards)
            parts = ("play", None, None, found[0]) if found else parts
        found_id = None if isinstance(parts, str) else self._g.action_id(*parts)
        if found_id is None:
            raise InvalidArgumentError(f"{action} is not a 5-10-K action")
        return found_id

    def action_from_id(self, action_id: int) -> Action:
        if (
            isinstance(action_id, bool)
            or not isinstance(action_id, (int, np.integer))
            or not 0 <= action_id < self.game.num_actions
        ):
            raise InvalidArgumentError(
                f"action id {action_id!r} is not in 0..{self.game.num_actions - 1}"
            )
        ids = self._g.legal_ids()
        if action_id in ids:
            return self.legal_actions()[ids.index(action_id)]
        what = self.game.describe_action(int(action_id))
        raise IllegalActionError(
            f"action id {action_id} ({what}) is not a legal action id now",
            rule=_PHASE_RULE.get(self.phase, "FTK-6.1"),
        )

    # ---- outcome ------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each player's level change: +steps for the promoted winners, -steps for the losers
        of a promoting band, 0 otherwise (not zero-sum: the sides differ in size)."""
        return self._g.returns()

    @property
    def result(self) -> dict[str, Any] | None:
        """The settlement (FTK-6.2-6.8) as a readable breakdown: points per trick and per side,
        the end and its transfers, the kitty, the band, each player's old and new level."""
        s = self._g.settlement()
        if s is None:
            return None
        side = s["banker_side"]
        banker_side = [p for p in range(NUM_PLAYERS) if side[p]]
        defense = [p for p in range(NUM_PLAYERS) if not side[p]]
        tricks = [e for e in self._history if e["event"] in ("trick", "end")]
        band_name, winner, steps = band(s["defense"])
        promoted = [p for p in range(NUM_PLAYERS) if steps and (side[p] == (winner == "banker"))]
        levels = []
        for p in range(NUM_PLAYERS):
            new, victory = promote(self._levels[p], steps if p in promoted else 0)
            levels.append(
                {
                    "player": p,
                    "old": level_name(self._levels[p]),
                    "new": level_name(new),
                    "old_index": self._levels[p],
                    "new_index": new,
                    "final_victory": victory,
                }
            )
        ender = s["ender"]
        if s["end"] == "E1":
            end = {
                "rule": "FTK-6.1 E1",
                "finishing_team": s["finishing_team"],
                "hands_to": s["finishing_team"],
            }
        else:
            end = {"rule": "FTK-6.1 E2", "last_player": s["last_player"], "hands_to": ender}
        per_trick = [
            {
                "winner": e.get("winner", e.get("player")),
                "points": e["points"],
                "final": e["event"] == "end",
            }
            for e in tricks
        ]
        trick_points = list(s["trick_points"])
        calls = [_call_text(c, o) for c, o in self._g.calls]
        return {
            "banker": self.banker,
            "calls": calls,
            "partners": sorted({a for a in s["answerers"] if a is not None and a != self.banker}),
            "solo": banker_side == [self.banker],
            "deemed_answers": [i for i, d in enumerate(s["deemed"]) if d],
            "banker_side": banker_side,
            "defense_side": defense,
            "tricks": per_trick,
            "trick_points": trick_points,
            "trick_points_banker_side": sum(trick_points[p] for p in banker_side),
            "trick_points_defense": sum(trick_points[p] for p in defense),
            "end": end,
            "ender": ender,
            "final_trick_points": s["final_trick_points"],
            "kitty": str(CardBag(self._g.buried)),
            "kitty_points": s["kitty_points"],
            "kitty_to": ender,
            "hand_points": list(s["hand_points"]),
            "hands_transferred": s["hands_transferred"],
            "defense_points": s["defense"],
            "banker_side_points": s["banker_points"],
            "band": band_name,
            "winner": winner,
            "steps": steps,
            "promoted": promoted,
            "levels": levels,
            "final_victory": [lv["player"] for lv in levels if lv["final_victory"]],
        }

    # ---- information --------------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (FTK-3.10, FTK-3.13, decision 30): his own hand, every hand
        size, reveals and the banker, the kitty and burials only if he is the banker (everyone
        at settlement), the calls and their answers once made, every play, pass and trick.

        While the cards are being dealt, a seat that is not being asked sees the deal as it was
        when it was last asked itself (``cards_dealt``, ``hand``, ``hand_sizes``): dealing
        pauses only for reveal opportunities, so showing how far it got would tell who is being
        asked (FTK-3.10). Opportunities and passes are shown only to the player concerned."""
        p = self._check_player(player)
        out = {
            "player": p,
            "phase": self.phase,
            "deal_number": self._number,
            "round": self._g.round,
            "first": self._first,
            "levels": [level_name(v) for v in self._levels],
            "previous_winners": None if self._prev_winners is None else list(self._prev_winners),
            "previous_banker": self._prev_banker,
        }
        out.update(self._g.observation_parts(p))
        out["history"] = [e.copy() for e in self._history[self._round_history :]]
        return out

    # ---- search -------------------------------------------------------------------------

    def clone(self) -> FiveTenKingState:
        new = object.__new__(FiveTenKingState)
        fields = self.__dict__.copy()
        fields["_g"] = self._g.__copy__()
        fields["_history"] = self._history.copy()
        fields["_listed"] = ()
        new.__dict__ = fields
        return new

    def resample(self, player: int, seed: int | None = None) -> FiveTenKingState:
        """A full state at the same decision point with every card ``player`` has not seen
        dealt again, exactly uniformly over the deals consistent with what he has observed:
        his own cards (and, as banker, the kitty and his burial), every card played, the calls
        and their answers, the validity of the calls (FTK-3.15), the public reveal (the card
        that prompted a receipt reveal qualified and the card shown was among the revealer's
        cards, FTK-3.7, FTK-3.8), and, while the cards are being dealt, that his own cards since
        he was last asked did not qualify. A hidden burial is redrawn with the deal. The new
        state has a fresh seed drawn from ``seed`` (so a redeal of deal 1 is new as well) and
        replays from its record (``to_json``). Computed in Rust
        (``cardavia_core::climbing::ftk_table::resample``).

        Only the current round is rebuilt (earlier redeals have no bearing on it). For a seat
        that is not the one to act while the cards are being dealt, the state keeps the
        pending opportunity as it is (the same decision point)."""
        p = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: resample a state before its end")
        g = self._g.resample(p, check_seed(seed))
        new = object.__new__(FiveTenKingState)
        fields = self.__dict__.copy()
        fields["_g"] = g
        fields["seed"] = g.seed
        fields["_history"] = self._history[self._round_history :]
        fields["_round_history"] = 0
        fields["_spec_pending"] = True
        fields["_listed"] = ()
        new.__dict__ = fields
        return new

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts to the end of the deal from this state, whatever its phase
        (a reveal opportunity, the bury, the call, card play), run in Rust: a float64 array
        (n, 5) of each seat's level change, in the unit of :meth:`returns`.

        ``policy="random"`` picks uniformly among the legal actions; ``policy="greedy"`` is a
        cheap rule policy for every decision (see ``cardavia_core::climbing::ftk_table::
        policy``): reveal in the closing round, or on a receipt with at least 6 cards of which
        a quarter are A, 2 or jokers; bury lone low non-point cards, keeping pairs, triples,
        bombs, point cards, 2s and jokers; call the highest card (2, A, K...) of which the
        banker holds no copy, first play; in card play go out when possible, lead the longest
        point-free normal play from the bottom, never beat a known teammate, beat with the
        lowest normal play without breaking a bomb (passing rather than spending an A or 2 on
        a pointless trick), and use the weakest special combination only for a trick of 15
        points or more or against a player down to 3 cards.

        The same ``seed`` gives the same array for any ``threads`` (0 = all cores). A redeal
        inside a playout comes from this state's own seed, as it would in the game."""
        _check_playout_args(n, policy, seed, threads)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        return self._g.playout_returns(n, policy, seed, threads)

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.game.id,
                "options": self.game.options,
                "seed": self.seed,
                "deal": self._record_spec(),
                "actions": self._g.records(),
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    def __repr__(self) -> str:
        who = "over" if self.is_terminal() else f"player {self.current_player} to act"
        return f"<{self.game.id} state: {self._g.num_actions_taken()} actions, {who}>"


def _check_playout_args(n: Any, policy: Any, seed: Any, threads: Any) -> None:
    """Validates the arguments of ``playout_returns`` (InvalidArgumentError naming them)."""
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidArgumentError(f"n must be an int >= 1, got {n!r}")
    if policy not in ("random", "greedy"):
        raise InvalidArgumentError(f'policy must be "random" or "greedy", got {policy!r}')
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise InvalidArgumentError(f"seed must be an int in 0..2**64-1, got {seed!r}")
    if (
        isinstance(threads, bool)
        or not isinstance(threads, (int, np.integer))
        or not 0 <= threads <= 1024
    ):
        raise InvalidArgumentError(
            f"threads must be an int in 0..1024 (0 = all cores), got {threads!r}"
        )
    if n >= 2**63:
        raise InvalidArgumentError(f"n = {n} playouts cannot be allocated at once")


# ---- match -----------------------------------------------------------------------------------


class FiveTenKingMatch(Match[FiveTenKingState]):
    """A match (FTK-7): personal levels, the previous deal's winners and banker carry over from
    deal to deal; it ends after the first deal where someone passes A (final victory)."""

    game: FiveTenKingGame

    def __init__(self, game: FiveTenKingGame, seed: int | None = None):
        super().__init__(game, seed)
        self.levels: list[int] = [START_LEVEL] * NUM_PLAYERS  # FTK-3.2, FTK-7.4
        self.previous_winners: list[int] | None = None
        self.previous_banker: int | None = None
        self.winners: list[int] = []
        self._settled = 0

    def _settle_finished(self) -> None:
        while self._settled < len(self.deals) and self.deals[self._settled].is_terminal():
            state = self.deals[self._settled]
            r = state.result
            assert r is not None
            self.levels = [lv["new_index"] for lv in r["levels"]]  # FTK-6.8
            self.previous_winners = (
                r["banker_side"] if r["winner"] == "banker" else r["defense_side"]
            )  # FTK-6.10
            self.previous_banker = r["banker"]
            self.winners = list(r["final_victory"])  # FTK-7.3
            self._settled += 1

    def new_deal(self) -> FiveTenKingState:
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        self._settle_finished()
        if self.is_over():
            raise IllegalActionError("the match is over")
        number = len(self.deals) + 1
        deal: dict[str, Any] = {"number": number, "levels": list(self.levels)}
        if number >= 2:
            deal["previous_winners"] = self.previous_winners
            deal["previous_banker"] = self.previous_banker
        state = self.game.new_state(seed=self._next_seed(), deal=deal)
        self.deals.append(state)
        return state

    @property
    def scores(self) -> list[float]:
        """Each player's current level index (FTK-6.8)."""
        self._settle_finished()
        return [float(v) for v in self.levels]

    def is_over(self) -> bool:
        """True after the first deal in which somebody passed A (FTK-7.3)."""
        self._settle_finished()
        return bool(self.winners)
