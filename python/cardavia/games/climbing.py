"""What the climbing games share: plays, their fixed action space, and card play on the Rust
:class:`ClimbTable` (the one implementation of card play, used by the games and by playouts).

A game module (``doudizhu``, ``zhengshangyou``, ``red_ten``) adds its own phases before card
play (auction, lighting) and its settlement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from cardavia import _core
from cardavia._core import Card, CardSet, ClimbTable, Play
from cardavia.errors import IllegalActionError, InvalidArgumentError
from cardavia.game import Action, State

__all__ = ["ClimbingState", "Play", "PlayActionSpace", "derive_seed", "play_action"]

RED_TEN_CARDS = CardSet("Td Th")


def derive_seed(seed: int, index: int) -> int:
    """The ``index``-th sub-seed of ``seed`` (SplitMix64 of seed + golden-ratio steps).

    Deterministic on every platform; used to seed each redeal and each random choice."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


def signature(ruleset: str, cards: Iterable[Card]) -> int:
    """The rank multiset of a play as an int: 3 bits per rank class.

    Plays with the same rank multiset are the same action (DDZ-6.7, ZSY-6.7): suits never
    matter, except that a Red Ten red ten is its own class (RT-2.3)."""
    key = 0
    for c in cards:
        cls = c.rank.value
        if ruleset == "red_ten" and c in RED_TEN_CARDS:
            cls = 15
        key += 1 << (3 * cls)
    return key


class PlayActionSpace:
    """The fixed action-id space of a climbing game: its non-play actions first (``pass``,
    bids...), then every valid play of the game by rank multiset, in the engine's order."""

    def __init__(self, ruleset: str, deck: CardSet, calls: Sequence[str]):
        self.ruleset = ruleset
        self.calls = tuple(calls)
        plays = _core.climb_legal_plays(ruleset, deck)
        plays += _core.climb_legal_plays(ruleset, deck, None, True)  # first-play-only readings
        self._ids: dict[int, int] = {}
        self._plays: list[Play] = []
        for p in plays:
            key = signature(ruleset, p.cards)
            if key not in self._ids:
                self._ids[key] = len(self.calls) + len(self._plays)
                self._plays.append(p)

    @property
    def size(self) -> int:
        return len(self.calls) + len(self._plays)

    def id_of(self, action: Action) -> int:
        if action.kind == "play" and action.cards is not None:
            key = signature(self.ruleset, action.cards)
            if key in self._ids:
                return self._ids[key]
            raise InvalidArgumentError(f"{action} is not a valid {self.ruleset} play")
        text = str(action)
        if text in self.calls:
            return self.calls.index(text)
        raise InvalidArgumentError(f"{action} is not an action of {self.ruleset}")

    def describe(self, action_id: int) -> str:
        """The action an id stands for (a representative play for play ids)."""
        if not 0 <= action_id < self.size:
            raise InvalidArgumentError(f"action id {action_id} is not in 0..{self.size - 1}")
        if action_id < len(self.calls):
            return self.calls[action_id]
        return str(self._plays[action_id - len(self.calls)])


@cache
def action_space(ruleset: str, deck_mask: int, calls: tuple[str, ...]) -> PlayActionSpace:
    return PlayActionSpace(ruleset, CardSet.from_mask(deck_mask), calls)


def as_play(
    x: Any, classify: Any, game_name: str, rule: str, collection: type = CardSet
) -> Play | None:
    """``x`` as a Play: a Play or None as given, card text or cards classified by the game's
    ``classify``; an invalid set raises InvalidArgumentError naming the game's rule."""
    if x is None or isinstance(x, Play):
        return x
    found = classify(x)
    if not found:
        raise InvalidArgumentError(f"{collection(x)} is not a valid {game_name} play ({rule})")
    return found[0]  # type: ignore[no-any-return]


def play_action(play: Play) -> Action:
    """The protocol Action of a play."""
    return Action("play", play.cards, play=play)


PASS = Action(kind="pass", label="pass")


class ClimbingState(State):
    """Card play on a :class:`ClimbTable`, with the protocol around it.

    Subclasses set ``ruleset``, build ``self._table`` when card play starts, and handle their
    own phases before it by overriding the ``_phase_*`` hooks.
    """

    ruleset: str = ""
    _table: ClimbTable | None
    _events_seen: int

    def _start_play(self, hands: Sequence[CardSet], first_player: int) -> None:
        self._table = ClimbTable(self.ruleset, list(hands), first_player)
        self._events_seen = 0

    # ---- card play ----------------------------------------------------------------------

    def _play_actions(self) -> list[Action]:
        assert self._table is not None
        plays, pass_ok = self._table.legal_plays()
        actions = [play_action(p) for p in plays]
        if pass_ok:
            actions.append(PASS)
        return actions

    def _play_violation(self, action: Action) -> tuple[str, str] | None:
        assert self._table is not None
        if action.kind == "pass":
            return self._table.pass_violation()
        if action.kind == "play" and isinstance(action.cards, CardSet):
            return self._table.play_violation(action.cards)
        return (self._rule_prefix + "6.7", f"{action} is not a card-play action")

    @property
    def _rule_prefix(self) -> str:
        return {"doudizhu": "DDZ-", "zhengshangyou": "ZSY-", "red_ten": "RT-"}[self.ruleset]

    def _do_play(self, action: Action) -> None:
        assert self._table is not None
        if action.kind == "pass":
            self._table.pass_turn()
        else:
            assert isinstance(action.cards, CardSet)
            self._table.play_cards(action.cards)
        self._sync_events()

    def _sync_events(self) -> None:
        assert self._table is not None
        events = self._table.history(self._events_seen)
        for e in events:
            entry: dict[str, Any] = {"event": e["event"]}
            for key in ("player", "winner", "place"):
                if key in e:
                    entry[key] = e[key]
            if e["event"] == "play":
                entry["cards"] = str(e["play"].cards)
                entry["type"] = e["play"].kind
            self._history.append(entry)
        self._events_seen += len(events)

    # ---- action text and ids ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        norm = " ".join(text.strip().lower().split())
        for a in self.legal_actions():
            if a.kind != "play" and str(a) == norm:
                return a
        if norm in ("pass", "bid 1", "bid 2", "bid 3", "light", "decline"):
            # A call that exists in the game but is not legal now: let check() name the rule.
            kind, _, amount = norm.partition(" ")
            return Action(kind=kind, amount=int(amount) if amount else None, label=norm)
        cards = CardSet(text.replace("+", " "))
        for a in self.legal_actions():
            if a.cards == cards:
                return a
        found = _core.climb_classify(self.ruleset, cards, self._first_play_pending())
        if found:
            return play_action(found[0])
        return Action(kind="play", cards=cards, label=str(cards))

    def _first_play_pending(self) -> bool:
        return self._table is not None and not self._table.first_play_done

    def action_from_id(self, action_id: int) -> Action:
        for a in self.legal_actions():
            if self.action_id(a) == action_id:
                return a
        what = self._space.describe(action_id)
        raise IllegalActionError(f"action id {action_id} ({what}) is not legal now")

    def action_id(self, action: Action) -> int:
        return self._space.id_of(action)

    @property
    def _space(self) -> PlayActionSpace:
        raise NotImplementedError

    def action_from_json(self, entry: dict[str, Any]) -> Action:  # type: ignore[override]
        if "cards" in entry:
            return self.parse_action(entry["cards"])
        if "amount" in entry:
            return self.parse_action(f"{entry['kind']} {entry['amount']}")
        return self.parse_action(entry["kind"])
