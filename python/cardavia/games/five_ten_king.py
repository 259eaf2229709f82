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

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardBag, CardSet, FtkTable, Play, Rng
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


def _game_rank(card: Card) -> int:
    value = card.rank.value
    if value >= 13:
        return value  # SJ 13, BJ 14
    return 12 if value == 0 else value - 1


def _signature(play: Play) -> int:
    """The rank multiset of a play (4 bits per game rank), and its class for a 5-10-K."""
    key = 0
    for c in play.bag:
        key += 1 << (4 * _game_rank(c))
    if play.kind == "five_ten_king":
        key += (play.rank + 1) << 60
    return key


REVEAL_BASE = 1
BURY_BASE = REVEAL_BASE + 52
CALL_BASE = BURY_BASE + 54
PLAY_BASE = CALL_BASE + 104


@cache
def _play_space() -> tuple[dict[int, int], tuple[Play, ...]]:
    ids: dict[int, int] = {}
    plays: list[Play] = []
    for p in _core.ftk_legal_plays(DECK):
        if len(p) <= HAND_SIZE:
            key = _signature(p)
            if key not in ids:
                ids[key] = len(plays)
                plays.append(p)
    return ids, tuple(plays)


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
        """``pass``, 52 reveals, 54 burials, 104 calls, then every play twice: without and with
        a called card (the second half only while a call is unanswered)."""
        return PLAY_BASE + 2 * len(_play_space()[1])

    def new_state(self, seed: int | None = None, deal: Any = None) -> FiveTenKingState:
        return FiveTenKingState(self, seed, deal)

    def new_match(self, seed: int | None = None) -> FiveTenKingMatch:
        return FiveTenKingMatch(self, seed)

    def describe_action(self, action_id: int) -> str:
        """The action an id stands for (a representative play for play ids)."""
        plays = _play_space()[1]
        if not 0 <= action_id < self.num_actions:
            raise InvalidArgumentError(f"action id {action_id} is not in 0..{self.num_actions - 1}")
        if action_id == 0:
            return "pass"
        if action_id < BURY_BASE:
            return f"reveal {Card.from_index(action_id - REVEAL_BASE)}"
        if action_id < CALL_BASE:
            return f"bury {Card.from_index(action_id - BURY_BASE)}"
        if action_id < PLAY_BASE:
            k = action_id - CALL_BASE
            return _call_text(Card.from_index(k // 2), k % 2 + 1)
        k = action_id - PLAY_BASE
        text = str(plays[k % len(plays)])
        return text if k < len(plays) else f"{text} (with a called card)"


# ---- state ---------------------------------------------------------------------------------


def _check_int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be an int in {low}..{high}, got {value!r}")
    return value


class FiveTenKingState(State):
    """One 5-10-K deal: dealing with reveals, burying, the call, card play, settlement."""

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
        self._actors: list[int] = []
        self._table: FtkTable | None = None
        self._events_seen = 0
        self._begin_round(spec["round"], spec["deck"])

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

    def _shuffled_deck(self, rnd: int) -> list[Card]:
        return Rng(derive_seed(self.seed, rnd)).shuffled(list(DECK))

    # ---- dealing and reveals (FTK-3.5-3.12) -------------------------------------------

    def _begin_round(self, rnd: int, deck_text: str | None) -> None:
        self._round = rnd
        self._deck: list[Card] = (
            _core.parse_cards_text(deck_text) if deck_text is not None else self._shuffled_deck(rnd)
        )
        self._received: list[list[Card]] = [[] for _ in range(NUM_PLAYERS)]
        self._dealt = 0
        self._banker: int | None = None
        self._revealed: tuple[int, str, int, str] | None = None  # seat, card, dealt, prompt
        self._prompt: tuple[int, str] | None = None  # seat, "receipt" | "closing"
        self._closing_next = 0  # next index into the closing order
        self._round_start = len(self._actions)
        self._buried: list[Card] = []
        self._calls: list[tuple[Card, int]] = []
        self._hand_after_kitty: CardBag | None = None
        self._table = None
        self._events_seen = 0
        self._log(event="deal", number=self._number, round=rnd, first=self._first)
        self._advance_deal()

    def _eligible(self, seat: int) -> bool:
        """FTK-3.6: deal 1 everyone; later deals only the previous winners."""
        return self._prev_winners is None or seat in self._prev_winners

    def _qualifying_rank(self, seat: int) -> int:
        """FTK-3.6: rank 3 in deal 1, else the seat's own stored level rank (card rank index)."""
        return 1 if self._prev_winners is None else self._levels[seat]

    def _qualifies(self, seat: int, card: Card) -> bool:
        return (
            self._eligible(seat)
            and not card.is_joker
            and card.rank.value == self._qualifying_rank(seat)
        )

    def _qualifying_cards(self, seat: int) -> list[Card]:
        return sorted({c for c in self._received[seat] if self._qualifies(seat, c)})

    def _advance_deal(self) -> None:
        """Deal on until an opportunity (FTK-3.7) or the end of the deal phase."""
        self._prompt = None
        while self._dealt < 105:
            seat = (self._first + self._dealt) % NUM_PLAYERS
            card = self._deck[self._dealt]
            self._received[seat].append(card)
            self._dealt += 1
            if self._banker is None and self._qualifies(seat, card):  # FTK-3.7a
                self._prompt = (seat, "receipt")
                return
        if self._banker is None:
            while self._closing_next < NUM_PLAYERS:  # FTK-3.7b
                seat = (self._first + self._closing_next) % NUM_PLAYERS
                self._closing_next += 1
                if self._qualifying_cards(seat):
                    self._prompt = (seat, "closing")
                    return
            if self._prev_winners is None:  # FTK-3.11: redeal deal 1, same F
                self._log(event="redeal", number=self._number, round=self._round)
                self._begin_round(self._round + 1, None)
                return
            assert self._prev_banker is not None  # FTK-3.12: the fallback scan
            for k in range(1, NUM_PLAYERS + 1):
                seat = (self._prev_banker + k) % NUM_PLAYERS
                if seat in self._prev_winners:
                    self._banker = seat
                    self._log(event="banker", player=seat, by="scan")
                    break
        self._take_kitty()

    def _take_kitty(self) -> None:
        """FTK-3.13: the banker adds the kitty to his hand (24 cards) and buries 3."""
        assert self._banker is not None
        self._hand_after_kitty = CardBag(self._received[self._banker] + self._deck[105:])
        self._log(event="kitty", player=self._banker)

    # ---- protocol: phases -----------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"deal"``, ``"bury"``, ``"call"``, ``"play"`` or ``"over"``."""
        if self._prompt is not None:
            return "deal"
        if len(self._buried) < 3:
            return "bury"
        if len(self._calls) < self.game.options["partner_calls"]:
            return "call"
        assert self._table is not None
        return "over" if self._table.is_over else "play"

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "deal":
            assert self._prompt is not None
            return self._prompt[0]
        if phase in ("bury", "call"):
            return self._banker
        assert self._table is not None
        return self._table.current_player

    @property
    def banker(self) -> int | None:
        return self._banker

    def _banker_hand(self) -> CardBag:
        assert self._hand_after_kitty is not None
        return self._hand_after_kitty - CardBag(self._buried)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "deal":
            assert self._prompt is not None
            seat = self._prompt[0]
            acts = [Action("pass", label="pass")]
            acts += [
                Action("reveal", CardBag([c]), label=f"reveal {c}")
                for c in self._qualifying_cards(seat)
            ]
            return acts
        if phase == "bury":
            return [
                Action("bury", CardBag([c]), label=f"bury {c}")
                for c in sorted(self._banker_hand().kinds())
            ]
        if phase == "call":
            return [
                self._call_action(Card.from_index(i), ordinal)
                for i in range(52)
                for ordinal in (1, 2)
                if self._call_violation(Card.from_index(i), ordinal) is None
            ]
        if phase == "over":
            return []
        assert self._table is not None
        plays, pass_ok = self._table.legal_plays()
        acts = [Action("play", p.bag, play=p) for p in plays]
        if pass_ok:
            acts.append(Action("pass", label="pass"))
        self._listed = acts
        return acts

    @staticmethod
    def _call_action(card: Card, ordinal: int) -> Action:
        return Action("call", CardBag([card]), amount=ordinal, label=_call_text(card, ordinal))

    def _call_violation(self, card: Card, ordinal: int) -> tuple[str, str] | None:
        found = _core.ftk_call_violation(card, ordinal, CardBag(self._buried))
        if found is not None:
            return found
        if any(c == card and o == ordinal for c, o in self._calls):
            return ("FTK-3.20", f"{_call_text(card, ordinal)} is already called")
        return None

    def _violation(self, action: Action) -> tuple[str, str] | None:
        phase = self.phase
        if phase == "deal":
            if action.kind == "pass":
                return None
            if action.kind != "reveal" or action.cards is None or len(action.cards) != 1:
                return ("FTK-3.7", f"only pass or reveal <card> are possible now, not {action}")
            assert self._prompt is not None
            seat = self._prompt[0]
            card = next(iter(action.cards))
            if card not in self._qualifying_cards(seat):
                return (
                    "FTK-3.8",
                    f"seat {seat} may only show a card of his qualifying rank "
                    f"{LEVEL_NAMES[self._qualifying_rank(seat)]} from his hand",
                )
            return None
        if phase == "bury":
            if action.kind != "bury" or action.cards is None or len(action.cards) != 1:
                return ("FTK-3.13", f"the banker must bury 3 cards first, not {action}")
            if not action.cards.issubset(self._banker_hand()):
                return ("FTK-3.13", f"the banker does not hold {action.cards}")
            return None
        if phase == "call":
            if action.kind != "call" or action.cards is None or len(action.cards) != 1:
                return ("FTK-3.14", f"the banker must make the partner call now, not {action}")
            card = next(iter(action.cards))
            return self._call_violation(card, action.amount or 0)
        assert self._table is not None
        if action.kind == "pass":
            return self._table.pass_violation()
        if action.kind == "play" and action.play is not None:
            return self._table.play_violation(action.play)
        if action.kind == "play" and action.cards is not None:
            return self._table.interpret(action.cards)[1]
        return ("FTK-5.3", f"{action} is not a card-play action")

    # ---- protocol: applying ---------------------------------------------------------

    def apply(self, action: Action | str | int) -> None:
        actor = self.current_player
        super().apply(action)
        if actor is not None:
            self._actors.append(actor)

    def _do(self, action: Action) -> None:
        phase = self.phase
        player = self.current_player
        assert player is not None
        if phase == "deal":
            if action.kind == "reveal":  # FTK-3.8
                assert action.cards is not None and self._prompt is not None
                card = next(iter(action.cards))
                self._banker = player
                self._revealed = (player, str(card), self._dealt, self._prompt[1])
                self._log(event="reveal", player=player, card=str(card), dealt=self._dealt)
                self._log(event="banker", player=player, by="reveal")
            self._advance_deal()
        elif phase == "bury":
            assert action.cards is not None
            self._buried.append(next(iter(action.cards)))
            if len(self._buried) == 3:
                self._log(event="buried", player=player)
        elif phase == "call":
            assert action.cards is not None and action.amount is not None
            card = next(iter(action.cards))
            self._calls.append((card, action.amount))
            self._log(event="call", player=player, call=_call_text(card, action.amount))
            if len(self._calls) == self.game.options["partner_calls"]:
                self._start_play()
        else:
            assert self._table is not None
            if action.kind == "pass":
                self._table.pass_turn()
            else:
                play = action.play
                if play is None:
                    assert action.cards is not None
                    play = self._table.interpret(action.cards)[0]
                    assert play is not None
                self._table.play(play)
            self._sync_events()

    def _start_play(self) -> None:
        assert self._banker is not None
        hands = [CardBag(r) for r in self._received]
        hands[self._banker] = self._banker_hand()
        self._table = FtkTable(
            hands, self._banker, CardBag(self._buried), [(c, o) for c, o in self._calls]
        )
        self._events_seen = 0

    def _sync_events(self) -> None:
        assert self._table is not None
        events = self._table.history(self._events_seen)
        self._events_seen += len(events)
        for e in events:
            entry: dict[str, Any] = {"event": e["event"]}
            for key in ("player", "winner", "place", "points", "call"):
                if key in e:
                    entry[key] = e[key]
            if e["event"] == "play":
                entry["cards"] = str(e["play"])
                entry["type"] = e["play"].kind
            self._history.append(entry)

    # ---- action text and ids ----------------------------------------------------------

    def parse_action(self, text: str) -> Action:
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
            return Action("pass", label="pass")
        cards = CardBag(norm.replace("+", " "))
        for a in self.legal_actions():
            if a.kind == "play" and a.cards == cards:
                return a
        if self.phase == "play":
            assert self._table is not None
            play, _ = self._table.interpret(cards)
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

    def _distinguished(self) -> CardSet:
        if self._table is None:
            return CardSet()
        out = CardSet()
        for (card, _), who in zip(self._calls, self._table.answerers, strict=True):
            if who is None:
                out |= CardSet([card])
        return out

    def action_id(self, action: Action) -> int:
        if action.kind == "pass":
            return 0
        if action.cards is None or not action.cards:
            raise InvalidArgumentError(f"{action} is not a 5-10-K action")
        if action.kind in ("reveal", "bury", "call") and len(action.cards) == 1:
            card = next(iter(action.cards))
            if action.kind == "reveal" and not card.is_joker:
                return REVEAL_BASE + card.index
            if action.kind == "bury":
                return BURY_BASE + card.index
            if action.kind == "call" and not card.is_joker and action.amount in (1, 2):
                return CALL_BASE + 2 * card.index + action.amount - 1
            raise InvalidArgumentError(f"{action} is not a 5-10-K action")
        play = action.play
        if play is None:
            found = classify(action.cards)
            if not found:
                raise InvalidArgumentError(f"{action} is not a valid 5-10-K play")
            play = found[0]
        ids, plays = _play_space()
        key = _signature(play)
        if key not in ids:
            raise InvalidArgumentError(f"{action} is not a valid 5-10-K play")
        called = bool(play.cards & self._distinguished())
        return PLAY_BASE + ids[key] + (len(plays) if called else 0)

    def action_from_id(self, action_id: int) -> Action:
        for a in self.legal_actions():
            if self.action_id(a) == action_id:
                return a
        what = self.game.describe_action(action_id)
        raise IllegalActionError(f"action id {action_id} ({what}) is not legal now")

    # ---- outcome ------------------------------------------------------------------------

    def _settlement(self) -> dict[str, Any] | None:
        if self._table is None or not self._table.is_over:
            return None
        return self._table.settlement()

    def returns(self) -> list[float]:
        """Each player's level change: +steps for the promoted winners, -steps for the losers
        of a promoting band, 0 otherwise (not zero-sum: the sides differ in size)."""
        s = self._settlement()
        if s is None:
            return [0.0] * NUM_PLAYERS
        winners_banker = s["banker_side_wins"]
        return [
            float(s["steps"] if s["banker_side"][p] == winners_banker else -s["steps"])
            for p in range(NUM_PLAYERS)
        ]

    @property
    def result(self) -> dict[str, Any] | None:
        """The settlement (FTK-6.2-6.8) as a readable breakdown: points per trick and per side,
        the end and its transfers, the kitty, the band, each player's old and new level."""
        s = self._settlement()
        if s is None:
            return None
        assert self._table is not None and self._banker is not None
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
        return {
            "banker": self._banker,
            "calls": [_call_text(c, o) for c, o in self._calls],
            "partners": sorted({a for a in s["answerers"] if a is not None and a != self._banker}),
            "solo": banker_side == [self._banker],
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
            "kitty": str(CardBag(self._buried)),
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

    def _hands_now(self) -> list[CardBag]:
        if self._table is not None:
            return list(self._table.hands())
        hands = [CardBag(r) for r in self._received]
        if self._hand_after_kitty is not None and self._banker is not None:
            hands[self._banker] = self._banker_hand()
        return hands

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (FTK-3.10, FTK-3.13, decision 30): his own hand, every hand
        size, reveals and the banker, the kitty and burials only if he is the banker (everyone
        at settlement), the calls and their answers once made, every play, pass and trick.
        Reveal opportunities and passes are shown only to the player concerned."""
        if isinstance(player, bool) or player not in range(NUM_PLAYERS):
            raise InvalidArgumentError(f"player must be 0..4, got {player!r}")
        hands = self._hands_now()
        over = self.phase == "over"
        is_banker = player == self._banker
        top = self._table.top if self._table is not None else None
        prompt = self._prompt if self._prompt is not None and self._prompt[0] == player else None
        return {
            "player": player,
            "phase": self.phase,
            "deal_number": self._number,
            "round": self._round,
            "first": self._first,
            "levels": [level_name(v) for v in self._levels],
            "previous_winners": self._prev_winners,
            "previous_banker": self._prev_banker,
            "cards_dealt": self._dealt,
            "hand": str(hands[player]),
            "hand_sizes": [len(h) for h in hands],
            "your_prompt": None if prompt is None else prompt[1],
            "to_act": self.current_player if self.phase != "deal" or prompt else None,
            "revealed": None if self._revealed is None else list(self._revealed),
            "banker": self._banker,
            "kitty": str(CardBag(self._deck[105:]))
            if is_banker and self._hand_after_kitty is not None
            else None,
            "buried": str(CardBag(self._buried)) if is_banker or over else len(self._buried),
            "calls": [_call_text(c, o) for c, o in self._calls],
            "answerers": None if self._table is None else list(self._table.answerers),
            "top": None if top is None else {"player": top[1], "cards": str(top[0])},
            "trick_points": None if self._table is None else list(self._table.trick_points),
            "final_hands": [str(h) for h in hands] if over else None,
            "history": self._public_history(player),
        }

    def _public_history(self, player: int) -> list[dict[str, Any]]:
        start = max(i for i, e in enumerate(self._history) if e["event"] == "deal")
        out = []
        for e in self._history[start:]:
            out.append(dict(e))
        return out

    # ---- resampling ---------------------------------------------------------------------

    def resample(self, player: int, seed: int | None = None) -> FiveTenKingState:
        """A state consistent with ``player``'s observation: every card ``player`` has not seen
        is dealt again at random, keeping what is public (reveals, plays, the revealed card in
        its holder's hand, and everything shown at settlement). Other players' private reveal
        opportunities are replayed as passes, except the public reveal."""
        if isinstance(player, bool) or player not in range(NUM_PLAYERS):
            raise InvalidArgumentError(f"player must be 0..4, got {player!r}")
        rng = Rng(check_seed(seed))
        target = self.observation(player)
        for _ in range(200):
            deck = self._resample_deck(player, rng)
            if deck is None:
                continue
            clone = self._replay(player, deck, rng)
            if (
                clone is not None
                and clone.current_player == self.current_player
                and clone.observation(player) == target
            ):
                return clone
        raise RuntimeError("resample found no consistent deal")  # pragma: no cover

    def _positions(self, seat: int) -> list[int]:
        return [k for k in range(105) if (self._first + k) % NUM_PLAYERS == seat]

    def _resample_deck(self, player: int, rng: Rng) -> list[Card] | None:
        deck: list[Card | None] = [None] * 108
        for k in self._positions(player):
            deck[k] = self._deck[k]
        if player == self._banker and self._hand_after_kitty is not None:
            deck[105:] = self._deck[105:]
        pool = DECK - CardBag([c for c in deck if c is not None])
        must: list[CardBag] = [CardBag() for _ in range(NUM_PLAYERS)]
        over = self.phase == "over"
        if self._table is not None:
            for e in self._history:
                if e["event"] == "play" and e["player"] != player:
                    must[e["player"]] = must[e["player"]] + CardBag(e["cards"].replace("+", " "))
            if over:
                for p, h in enumerate(self._table.hands()):
                    if p != player:
                        must[p] = must[p] + h
                if self._banker is not None and self._banker != player:
                    must[self._banker] = must[self._banker] + CardBag(self._buried)
        # The public reveal: the card stays in its holder's hand (FTK-3.8).
        fixed_at: dict[int, Card] = {}
        if self._revealed is not None and self._revealed[0] != player:
            seat, text, dealt, kind = self._revealed
            card = Card(text)
            if kind == "receipt":
                # The card received at the reveal qualified; show that very card.
                fixed_at[dealt - 1] = card
            elif must[seat].count(card) == 0:
                must[seat] = must[seat] + CardBag([card])
        # A pending opportunity of another player: his card just received qualifies.
        if self._prompt is not None and self._prompt[0] != player:
            seat, kind = self._prompt
            if kind == "receipt":
                choices = [c for c in set(pool) if self._qualifies(seat, c)]
                if not choices:
                    return None
                fixed_at[self._dealt - 1] = choices[rng.below(len(choices))]
            else:
                qual = [c for c in set(pool) if self._qualifies(seat, c)]
                if not qual:
                    return None
                must[seat] = _bag_max(must[seat], CardBag([qual[rng.below(len(qual))]]))
        for k, card in fixed_at.items():
            if deck[k] is not None or pool.count(card) == 0:
                return None
            deck[k] = card
            pool = pool - CardBag([card])
            seat = (self._first + k) % NUM_PLAYERS
            if must[seat].count(card):
                must[seat] = must[seat] - CardBag([card])
        for seat in range(NUM_PLAYERS):
            if seat == player:
                continue
            slots = [k for k in self._positions(seat) if deck[k] is None]
            if seat == self._banker and player != self._banker:
                slots += [k for k in range(105, 108) if deck[k] is None]
            need = list(must[seat])
            if not CardBag(need).issubset(pool) or len(need) > len(slots):
                return None
            order = rng.shuffled(slots)
            for k, card in zip(order, need, strict=False):
                deck[k] = card
            pool = pool - CardBag(need)
        rest = rng.shuffled(list(pool))
        for k in range(108):
            if deck[k] is None:
                deck[k] = rest.pop()
        return [c for c in deck if c is not None]

    def _replay(self, player: int, deck: list[Card], rng: Rng) -> FiveTenKingState | None:
        spec = dict(self._deal_record)
        spec.update(deck=" ".join(map(str, deck)), round=self._round, first=self._first)
        clone = FiveTenKingState(self.game, self.seed, spec)
        actions = self._actions[self._round_start :]
        actors = self._actors[self._round_start :]
        first_call = next((i for i, a in enumerate(actions) if a["kind"] == "call"), len(actions))
        mine = [
            a
            for actor, a in zip(actors[:first_call], actions[:first_call], strict=True)
            if actor == player
        ]
        later = actions[first_call:]
        # Deal phase: the player's own answers, passes for the others, the public reveal.
        target = (self._dealt, self._closing_next, self._prompt)
        while clone.phase == "deal":
            if (
                self.phase == "deal"
                and (clone._dealt, clone._closing_next, clone._prompt) == target
            ):
                return clone
            seat = clone.current_player
            if seat == player:
                if not mine:
                    return None
                act = mine.pop(0)
                if act["kind"] not in ("pass", "reveal"):
                    return None
                clone.apply(clone.action_from_json(act))
            elif (
                self._revealed is not None
                and clone._prompt is not None
                and (seat, clone._dealt, clone._prompt[1])
                == (self._revealed[0], self._revealed[2], self._revealed[3])
            ):
                if Card(self._revealed[1]) not in clone._qualifying_cards(self._revealed[0]):
                    return None
                clone.apply(f"reveal {self._revealed[1]}")
            else:
                clone.apply("pass")
            if clone._round != self._round:
                return None
        if self.phase == "deal":
            return None
        # Burial: the banker's own choice if he is the player, else at random among the cards
        # he never plays (the kitty is public at settlement).
        bury_count = len(self._buried)
        if player == self._banker:
            for act in [a for a in mine if a["kind"] == "bury"]:
                clone.apply(clone.action_from_json(act))
        elif self.phase == "over":
            for c in self._buried:
                clone.apply(f"bury {c}")
        else:
            played = CardBag()
            for e in self._history:
                if e["event"] == "play" and e["player"] == self._banker:
                    played = played + CardBag(e["cards"].replace("+", " "))
            free = list(clone._banker_hand() - played)
            for _ in range(bury_count):
                if not free:
                    return None
                card = free.pop(rng.below(len(free)))
                clone.apply(f"bury {card}")
        if len(clone._buried) != bury_count:
            return None
        for act in later:
            try:
                clone.apply(clone.action_from_json(act))
            except (IllegalActionError, InvalidArgumentError):
                return None
        return clone


def _bag_max(a: CardBag, b: CardBag) -> CardBag:
    """Per-card maximum of two multisets."""
    return a | b


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
