"""What the climbing games share: plays, their fixed action space, and card play on the Rust
:class:`ClimbTable` (the one implementation of card play, used by the games and by playouts).

A game module (``doudizhu``, ``zhengshangyou``, ``red_ten``) adds its own phases before card
play (auction, lighting) and its settlement.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from cardavia import _core
from cardavia._core import Card, CardSet, ClimbTable, Play
from cardavia.cards import check_seed
from cardavia.errors import IllegalActionError, InvalidArgumentError, InvalidCardError
from cardavia.game import Action, State

__all__ = [
    "ClimbingState",
    "Play",
    "PlayActionSpace",
    "copy_log",
    "derive_seed",
    "play_action",
]

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


_RANK_LETTERS = "3456789TJQKA2"


def _rank_only_tokens(text: str) -> list[str] | None:
    """The ranks of shape shorthand (``"33344455"``, ``"333 44"``, ``"10 J Q K A"``, ``"SJ BJ"``),
    or None if ``text`` is not rank-only (it names a suit or holds something else)."""
    compact = "".join(text.replace(",", " ").replace("+", " ").split()).upper()
    tokens: list[str] = []
    i = 0
    while i < len(compact):
        two = compact[i : i + 2]
        if two in ("SJ", "BJ"):
            tokens.append(two)
            i += 2
        elif two == "10":
            tokens.append("T")
            i += 2
        elif compact[i] in _RANK_LETTERS:
            tokens.append(compact[i])
            i += 1
        else:
            return None
    return tokens or None


def rank_only_cards(text: str, available: CardSet, rule: str) -> CardSet | None:
    """``text`` as cards where suits cannot matter: shape shorthand (ranks without suits,
    ``rule`` names the notation rule) takes, rank by rank, the lowest-suited cards of
    ``available`` (a game's deck or a player's hand). None if ``text`` names suits; a rank
    asked for more often than ``available`` holds it raises InvalidCardError."""
    tokens = _rank_only_tokens(text)
    if tokens is None:
        return None
    by_rank: dict[str, list[Card]] = {}
    for card in available:
        key = "SJ" if str(card) == "SJ" else "BJ" if str(card) == "BJ" else str(card)[0]
        by_rank.setdefault(key, []).append(card)
    chosen: list[Card] = []
    for rank in dict.fromkeys(tokens):
        wanted = tokens.count(rank)
        have = by_rank.get(rank, [])
        if wanted > len(have):
            raise InvalidCardError(
                f"{text!r} asks for {wanted} card(s) of rank {rank}, but only {len(have)} "
                f"exist here ({rule}: shape shorthand without suits)"
            )
        chosen.extend(have[:wanted])
    return CardSet(chosen)


def _rank_only_from(text: str, held: CardSet) -> CardSet | None:
    """Rank-only ``text`` taken from ``held``, or None if ``held`` lacks some of the ranks."""
    try:
        return rank_only_cards(text, held, "")
    except InvalidCardError:
        return None


def cards_or_ranks(cards: Any, deck: CardSet, rule: str) -> Any:
    """``cards`` unchanged, unless it is rank-only text (DDZ-2.2, ZSY-2.2 shape shorthand):
    then concrete cards of ``deck`` with those ranks (suits cannot matter where this is used)."""
    if isinstance(cards, str):
        try:
            return CardSet(cards)
        except InvalidCardError:
            found = rank_only_cards(cards, deck, rule)
            if found is None:
                raise
            return found
    return cards


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


class _ListedAction(Action):
    """An Action the engine built for ``legal_actions()`` (equal in every field to the legal
    action it is): applying one needs no check that a hand-built Action equals a legal one."""

    __slots__ = ()


PASS = _ListedAction(kind="pass", label="pass")


class ClimbingState(State):
    """Card play on a :class:`ClimbTable`, with the protocol around it.

    Subclasses set ``ruleset``, build ``self._table`` when card play starts, and handle their
    own phases before it by overriding the ``_phase_*`` hooks.

    Card play is recorded once, in the Rust table's history: the protocol's action record
    (``_actions``, for :meth:`to_json`) and its log (``_history``) are brought up to date from
    it when read, so that applying an action costs one call into Rust (the integer path
    ``legal_action_ids()`` / ``apply(id)`` as well as the Action path).
    """

    ruleset: str = ""
    _table: ClimbTable | None
    _events_seen: int
    _bomb_bonus_log: bool = False
    """Zheng Shangyou logs a ``bomb_bonus`` entry after each trick won by a response bomb."""

    def _start_play(self, hands: Sequence[CardSet], first_player: int) -> None:
        self._table = ClimbTable(self.ruleset, list(hands), first_player)
        self._events_seen = 0

    # ---- the record, brought up to date from the table when read -----------------------

    @property
    def _actions(self) -> list[dict[str, Any]]:
        self._sync()
        return self._action_log

    @_actions.setter
    def _actions(self, value: list[dict[str, Any]]) -> None:
        self._action_log = value

    @property
    def _history(self) -> list[dict[str, Any]]:
        self._sync()
        return self._history_log

    @_history.setter
    def _history(self, value: list[dict[str, Any]]) -> None:
        self._history_log = value

    @property
    def _deal_record(self) -> Any:
        """The record of the deal as dealt (built from ``_record_parts`` when first read)."""
        record = self._record
        if record is None:
            record = self._record = self._build_record()
        return record

    @_deal_record.setter
    def _deal_record(self, value: Any) -> None:
        self._record = value

    _record: Any = None
    _record_parts: Any = None

    def _build_record(self) -> Any:
        """The deal record from ``_record_parts`` (a random deal is formatted only when read)."""
        raise NotImplementedError

    def _sync(self) -> None:
        table = self._table
        if table is not None and table.history_len != self._events_seen:
            self._events_seen = table.sync_logs(
                self._events_seen, self._history_log, self._action_log, self._bomb_bonus_log
            )

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every call, play, pass and trick winner so far, JSON-serialisable (a copy)."""
        self._sync()
        return [_copy_entry(e) for e in self._history_log]

    def to_json(self) -> str:
        self._sync()
        return super().to_json()

    def __repr__(self) -> str:
        self._sync()
        return super().__repr__()

    def clone(self: _S) -> _S:
        """An independent copy: the table is copied in Rust, the logs' lists are copied with
        their (never changed) entries shared, the rest are immutable values or small lists."""
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        for key in self._CLONE_LISTS:
            value = fields.get(key)
            if value is not None:
                fields[key] = value.copy()
        table = fields.get("_table")
        if table is not None:
            fields["_table"] = table.clone()
        fields.pop("_listed", None)
        new.__dict__.update(fields)
        return new

    _CLONE_LISTS: tuple[str, ...] = ("_action_log", "_history_log")
    """Per-state lists a clone copies (their entries are immutable or never changed)."""

    # ---- card play ----------------------------------------------------------------------

    def _play_actions(self) -> list[Action]:
        """The legal card-play actions (empty once the deal is over)."""
        assert self._table is not None
        actions: list[Action] = self._table.legal_action_objects(_ListedAction, PASS)
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

    def _card_play(self) -> bool:
        """True once card play has started (the table exists)."""
        return self._table is not None

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing. During card play an
        id or an Action goes straight to the Rust table, which checks and applies it."""
        table = self._table
        if table is None:
            self._apply_before_play(action)
            return
        kind = type(action)
        if kind is _ListedAction:  # from legal_actions(): equal to a legal action in every field
            assert isinstance(action, Action)
            cards = action.cards
            if cards is None:
                table.apply_pass()
            else:
                table.apply_cards(cards, action)
            return
        if kind is int:
            if table.apply_id(action):
                return
            self.check(action)  # a call id during card play: raises, naming the rule
        act = self.to_action(action)
        if type(act) is not _ListedAction:
            # Built by hand: it must be legal and equal a legal action in every field it sets.
            self.check(act)
            act = self._canonical(act)
        if act.kind == "play" and type(act.cards) is CardSet:
            table.apply_cards(act.cards, act)
        elif act.kind == "pass":
            table.apply_pass()
        else:
            raise IllegalActionError(f"{act} is not a card-play action", rule=None)

    def _apply_before_play(self, action: Action | str | int) -> None:
        """Apply an action of the phases before card play (auction, lighting)."""
        State.apply(self, action)

    def is_terminal(self) -> bool:
        table = self._table
        return table is not None and table.is_over

    def check(self, action: Action | str | int) -> None:
        if type(action) is int or isinstance(action, np.integer):
            self.action_from_id(int(action))  # raises when the id is not legal now
            return
        super().check(action)

    # ---- action text and ids ------------------------------------------------------------

    _CALL_WORDS: tuple[str, ...] = ("pass", "bid", "light", "decline")

    def parse_action(self, text: str) -> Action:
        if not isinstance(text, str):
            raise InvalidArgumentError(f"expected action text, got {type(text).__name__}")
        norm = " ".join(text.strip().lower().split())
        for a in self.legal_actions():
            if a.kind != "play" and str(a) == norm:
                return a
        word, _, rest = norm.partition(" ")
        if word in self._CALL_WORDS and (not rest or (word == "bid" and rest.isdigit())):
            # A call that exists in the game but is not legal now: let check() name the rule.
            return Action(kind=word, amount=int(rest) if rest else None, label=norm)
        try:
            cards = CardSet(text.replace("+", " "))
        except InvalidCardError:
            by_ranks = self._play_by_ranks(text)
            if by_ranks is None:
                raise
            return by_ranks
        for a in self.legal_actions():
            if a.cards == cards:
                return a
        found = _core.climb_classify(self.ruleset, cards, self._first_play_pending())
        if found:
            return play_action(found[0])
        return Action(kind="play", cards=cards, label=str(cards))

    def _play_by_ranks(self, text: str) -> Action | None:
        """The legal play named by rank-only text (``"33344455"``), if suits cannot matter:
        exactly one legal play has those ranks. Several (a Red Ten red ten, a suited choice)
        raise InvalidArgumentError asking for the suits; None if ``text`` is not rank-only."""
        tokens = _rank_only_tokens(text)
        if tokens is None:
            return None
        wanted = sorted(tokens)

        def ranks(cards: Iterable[Card] | None) -> list[str]:
            return sorted(str(c) if c.is_joker else str(c)[0] for c in cards or ())

        matches = [a for a in self.legal_actions() if a.kind == "play" and ranks(a.cards) == wanted]
        if len(matches) == 1:
            return matches[0]
        if matches:
            options = ", ".join(str(a.cards) for a in matches)
            raise InvalidArgumentError(
                f"{text!r} names ranks only, and suits matter here: write the cards ({options})"
            )
        # Not legal now: take those ranks from the hand of the player to act (or the deck,
        # before card play) so that the check names the rule the play breaks.
        player = self.current_player
        if self._table is not None and player is not None:
            found = _rank_only_from(text, self._table.hand(player))
            if found is not None:
                return Action(kind="play", cards=found, label=str(found))
        cards = rank_only_cards(text, CardSet.full_pack(jokers=True), self._rule_prefix + "2.2")
        assert cards is not None
        return Action(kind="play", cards=cards, label=str(cards))

    def _first_play_pending(self) -> bool:
        return self._table is not None and not self._table.first_play_done

    def _check_id(self, action_id: int) -> int:
        size = self._space.size
        if isinstance(action_id, bool) or not 0 <= action_id < size:
            raise InvalidArgumentError(f"action id {action_id!r} is not in 0..{size - 1}")
        return int(action_id)

    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id. Ids outside the action space raise
        InvalidArgumentError; an id of no legal action now raises IllegalActionError naming the
        rule that forbids it (or saying it is not a legal action id now)."""
        action_id = self._check_id(action_id)
        if self.is_terminal():
            raise IllegalActionError(
                f"action id {action_id} is not a legal action id now: the deal is over", rule=None
            )
        for a in self.legal_actions():
            if self.action_id(a) == action_id:
                return a
        what = self._space.describe(action_id)
        calls = len(self._space.calls)
        if self._table is not None and (action_id == 0 or action_id >= calls):
            self._table.clone().apply_id(action_id)  # raises IllegalActionError, naming the rule
        else:
            if action_id < calls:
                act = self.parse_action(what)
            else:
                act = Action(kind="play", cards=CardSet(what.replace("+", " ")))
            violation = self._violation(act)
            if violation is not None:
                rule, why = violation
                raise IllegalActionError(
                    f"action id {action_id} ({what}) is illegal ({rule}): {why}", rule=rule
                )
        raise IllegalActionError(
            f"action id {action_id} ({what}) is not a legal action id now", rule=None
        )

    def action_id(self, action: Action) -> int:
        if action.kind == "play" and isinstance(action.cards, CardSet):
            found = _core.climb_action_id(self.ruleset, action.cards)
            if found is None:
                raise InvalidArgumentError(f"{action} is not a valid {self.ruleset} play")
            return found
        return self._space.id_of(action)

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order (computed in Rust during card
        play)."""
        table = self._table
        if table is not None:
            ids: list[int] = table.legal_action_ids()
            return ids
        return [self.action_id(a) for a in self.legal_actions()]

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self._space.size, dtype=bool)
        mask[self.legal_action_ids()] = True
        return mask

    @property
    def _space(self) -> PlayActionSpace:
        raise NotImplementedError

    def action_from_json(self, entry: dict[str, Any]) -> Action:  # type: ignore[override]
        if "cards" in entry:
            return self.parse_action(entry["cards"])
        if "amount" in entry:
            return self.parse_action(f"{entry['kind']} {entry['amount']}")
        return self.parse_action(entry["kind"])

    # ---- playouts and resampling --------------------------------------------------------

    def _playout_start(self) -> tuple[Any, ...]:
        """The tuple form of the current decision point for ``_core.climb_playouts``."""
        raise NotImplementedError

    def playout_returns(
        self, n: int, policy: str = "random", seed: int = 0, threads: int = 1
    ) -> npt.NDArray[np.float64]:
        """``n`` seeded playouts of the rest of the deal in Rust from this decision point (any
        phase), each settled like :meth:`returns`: an ``(n, num_players)`` float64 array.

        ``policy`` is ``"random"`` (uniform over the legal actions, calls included) or
        ``"greedy"`` (the rule policy documented in the game module); the array depends only on
        ``seed``, not on ``threads`` (0 = all cores). Playouts read nothing but this state."""
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        _check_count(n)
        out: npt.NDArray[np.float64] = _core.climb_playouts(
            self._playout_start(), n, policy, seed, threads
        )
        return out

    def playout_trace(
        self, policy: str = "random", seed: int = 0, index: int = 0
    ) -> tuple[list[int], list[float]]:
        """Playout ``index`` of :meth:`playout_returns` with this ``seed``, with every action it
        took as an action id (-1 where a void Dou Dizhu deal was redealt from the playout's own
        generator) and its returns: for checking and replaying playouts."""
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to play out")
        steps, returns = _core.climb_playout_trace(self._playout_start(), policy, seed, index)
        return steps, returns

    def _resample_seed(self, seed: int | None) -> tuple[int, int]:
        """(the sampler's seed, the new state's seed), both drawn from ``seed``."""
        base = check_seed(seed)
        return derive_seed(base, 0), derive_seed(base, 1)

    def _check_resample(self, player: object) -> int:
        seat = self._check_player(player)
        if self.is_terminal():
            raise InvalidArgumentError("the deal is over: there is nothing to resample")
        return seat


_S = TypeVar("_S", bound=ClimbingState)


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A copy of a log entry (its values are ints, strings or a list of ints)."""
    out = entry.copy()
    points = out.get("points")
    if points is not None:
        out["points"] = list(points)
    return out


def copy_log(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Copies of log entries, for observations (nothing shared with the state)."""
    return [_copy_entry(e) for e in entries]


def _check_count(n: object) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise InvalidArgumentError(f"n must be an int of at least 1, got {n!r}")
