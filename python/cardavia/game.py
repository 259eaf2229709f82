"""The game protocol shared by every cardavia game.

One shape for all ten games, close to OpenSpiel's::

    game = cardavia.load("doudizhu", **options)
    state = game.new_state(seed=7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    state.returns()

A :class:`State` records the seed, the dealt cards and every applied action. That record is the
state's JSON form (:meth:`State.to_json`), and replaying it reproduces the state exactly
(:meth:`Game.state_from_json`). Every action has a check and a do (:meth:`State.check` then
:meth:`State.apply`); an action the rules forbid raises :class:`cardavia.IllegalActionError`
naming the rule, and leaves the state exactly as it was.
"""

from __future__ import annotations

import abc
import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, TypeVar, overload

import numpy as np
import numpy.typing as npt

from cardavia._core import CardBag, CardSet
from cardavia.cards import check_seed
from cardavia.errors import (
    CardaviaError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidCardError,
)

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from cardavia.games.bridge import BridgeGame
    from cardavia.games.doudizhu import DouDizhuGame
    from cardavia.games.five_ten_king import FiveTenKingGame
    from cardavia.games.guandan import GuandanGame
    from cardavia.games.holdem import HoldemGame
    from cardavia.games.one_poker import OnePokerGame
    from cardavia.games.options import (
        BridgeOptions,
        FiveTenKingOptions,
        HoldemOptions,
        OnePokerOptions,
        RedTenOptions,
        SmearOptions,
        TractorOptions,
    )
    from cardavia.games.red_ten import RedTenGame
    from cardavia.games.smear import SmearGame
    from cardavia.games.tractor import TractorGame
    from cardavia.games.zhengshangyou import ZhengShangyouGame

__all__ = [
    "Action",
    "Game",
    "Match",
    "Option",
    "State",
    "games",
    "load",
    "register",
]


# --------------------------------------------------------------------------------------------
# Options


@dataclass(frozen=True)
class Option:
    """A named, typed, documented rule option with a default (like shengji's typed options).

    ``choices`` restricts the value to a set; ``minimum``/``maximum`` bound an int option.
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def validate(self, value: Any) -> Any:
        if self.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidArgumentError(
                f"option {self.name!r} must be an int, got {type(value).__name__}"
            )
        if self.type is not int and not isinstance(value, self.type):
            raise InvalidArgumentError(
                f"option {self.name!r} must be a {self.type.__name__}, got {type(value).__name__}"
            )
        if self.choices is not None and value not in self.choices:
            valid = ", ".join(repr(c) for c in self.choices)
            raise InvalidArgumentError(
                f"option {self.name!r} must be one of {valid}; got {value!r}"
            )
        if self.minimum is not None and value < self.minimum:
            raise InvalidArgumentError(f"option {self.name!r} must be ≥ {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidArgumentError(f"option {self.name!r} must be ≤ {self.maximum}")
        return value


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every declared option with its given or default value; unknown names are an error."""
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        valid = ", ".join(sorted(known)) or "(this game has no options)"
        raise InvalidArgumentError(
            f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
            f"valid options: {valid}"
        )
    return {o.name: o.validate(given.get(o.name, o.default)) for o in declared}


# --------------------------------------------------------------------------------------------
# Actions


class Action:
    """One action of a game: a call, a play, a pass, a bet...

    ``kind`` names what sort of action it is (``"pass"``, ``"bid"``, ``"play"``...), ``cards`` the
    cards it puts down (if any), ``amount`` its number (a bid level, a chip amount...).
    ``str(action)`` is its readable rule notation (``"33344455 + 7 8"``, ``"pass"``, ``"bid 2"``).
    ``play`` is the classified combination of a climbing-game play (its type, key and length).
    Two actions are equal when kind, cards and amount are.
    """

    __slots__ = ("kind", "cards", "amount", "label", "play")

    def __init__(
        self,
        kind: str,
        cards: CardSet | CardBag | None = None,
        amount: int | None = None,
        label: str = "",
        play: Any = None,
    ):
        self.kind = kind
        self.cards = cards
        self.amount = amount
        self.label = label
        self.play = play

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind, self.cards, self.amount) == (other.kind, other.cards, other.amount)

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.amount))

    def __str__(self) -> str:
        if self.label:
            return self.label
        if self.play is not None:
            return str(self.play)
        if self.cards is not None:
            return str(self.cards)
        if self.amount is not None:
            return f"{self.kind} {self.amount}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def info(self) -> dict[str, Any]:
        """Details of a play: its combination type, key rank and length."""
        if self.play is None:
            return {}
        return {"type": self.play.kind, "rank": self.play.main_rank, "length": self.play.length}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.cards is not None:
            out["cards"] = str(self.cards)
        if self.amount is not None:
            out["amount"] = self.amount
        return out


# --------------------------------------------------------------------------------------------
# Game and State

S = TypeVar("S", bound="State")


class Game(abc.ABC, Generic[S]):
    """A game with its options fixed. Create one with :func:`cardavia.load`."""

    id: ClassVar[str]
    """The game id used by :func:`cardavia.load`."""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    """Every rule option, with its type, default and documentation."""
    zero_sum: ClassVar[bool] = True
    """Whether :meth:`State.returns` always sums to zero."""

    def __init__(self, **options: Any):
        self.options: dict[str, Any] = resolve_options(self.OPTIONS, options)

    @property
    @abc.abstractmethod
    def num_players(self) -> int:
        """Number of seats."""

    @property
    @abc.abstractmethod
    def num_actions(self) -> int:
        """Size of the fixed action-id space (for reinforcement learning)."""

    @abc.abstractmethod
    def new_state(self, seed: int | None = None, deal: Any = None) -> S:
        """A fresh state at the start of a deal. ``deal`` fixes the cards (see the game's docs)."""

    def state_from_json(self, text: str) -> S:
        """Rebuild a state from :meth:`State.to_json` by replaying its record.

        A record that is not valid JSON, lacks a field, has a field of the wrong type, a deal
        the game refuses or an action that is not legal where it stands raises
        :class:`cardavia.InvalidArgumentError` saying what is wrong and where."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise InvalidArgumentError(f"a state record is JSON text, got {type(text).__name__}")
        try:
            record = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise InvalidArgumentError(f"not valid JSON: {e}") from e
        if not isinstance(record, dict) or record.get("game") != self.id:
            raise InvalidArgumentError(f"not a {self.id} state record")
        missing = [k for k in ("options", "seed", "deal", "actions") if k not in record]
        if missing:
            raise InvalidArgumentError(f"the record lacks {', '.join(missing)}")
        if record["options"] != self.options:
            raise InvalidArgumentError(
                f"the record was made with options {record['options']}, "
                f"this game has {self.options}"
            )
        seed = record["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            # A missing seed must not silently become a fresh random one.
            raise InvalidArgumentError(
                f"the record's seed must be an integer 0..2**64-1, got {seed!r}"
            )
        actions = record["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
            raise InvalidArgumentError("the record's actions must be a list of objects")
        try:
            state = self.new_state(seed=seed, deal=record["deal"])
        except CardaviaError as e:
            raise InvalidArgumentError(f"the record's deal is refused: {e}") from e
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise InvalidArgumentError(f"the record's deal is malformed: {e!r}") from e
        for i, entry in enumerate(actions):
            try:
                state.apply(state.action_from_json(entry))
            except CardaviaError as e:
                raise InvalidArgumentError(
                    f"the record's action {i} {json.dumps(entry)} cannot be replayed: {e}"
                ) from e
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
                raise InvalidArgumentError(
                    f"the record's action {i} {json.dumps(entry)} is malformed: {e!r}"
                ) from e
        # Every entry must be exactly the record of the action it was read as: an entry with a
        # field of its own (a stray amount, a label of another action) would replay to another
        # record (issue 18).
        replayed = json.loads(state.to_json())["actions"]
        for i, (entry, again) in enumerate(zip(actions, replayed, strict=True)):
            if entry != again:
                raise InvalidArgumentError(
                    f"the record's action {i} {json.dumps(entry)} is not the record of the "
                    f"action it reads as, {json.dumps(again)}"
                )
        return state

    def new_match(self, seed: int | None = None) -> Match[S]:
        """A match: deals in sequence with scores carried over (see :class:`Match`)."""
        return Match(self, seed)

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"cardavia.load({self.id!r}{', ' if opts else ''}{opts})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.id, self.options) == (other.id, other.options)

    def __hash__(self) -> int:
        return hash((self.id, json.dumps(self.options, sort_keys=True, default=str)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_game, (self.id, dict(self.options)))


class State(abc.ABC):
    """One moment of one deal. See the module documentation for the protocol."""

    def __init__(self, game: Game[Any], seed: int | None, deal: Any):
        self.game = game
        self.seed: int = check_seed(seed)
        self._deal_record: Any = None
        self._actions: list[dict[str, Any]] = []
        self._history: list[dict[str, Any]] = []

    # ---- the part each game implements -------------------------------------------------

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to act, or None when the deal is over."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player, in a fixed order."""

    @abc.abstractmethod
    def _violation(self, action: Action) -> tuple[str, str] | None:
        """(rule id, explanation) if the rules forbid ``action`` now, else None."""

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Apply an action already checked to be legal."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Payoff per player (all zeros until the deal is over)."""

    @property
    @abc.abstractmethod
    def result(self) -> dict[str, Any] | None:
        """The settlement breakdown once the deal is over, else None."""

    @abc.abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may see, JSON-serialisable, and nothing more."""

    @abc.abstractmethod
    def resample(self, player: int, seed: int | None = None) -> State:
        """A full state consistent with ``player``'s observation (hidden cards redealt)."""

    @abc.abstractmethod
    def action_id(self, action: Action) -> int:
        """The action's index in the game's fixed action space."""

    @abc.abstractmethod
    def action_from_id(self, action_id: int) -> Action:
        """The legal action with this id (IllegalActionError if no legal action has it)."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """The legal action that ``text`` names (its ``str()``, or card text for a play)."""

    # ---- the shared part -----------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current_player is None

    @property
    def actions_taken(self) -> int:
        """How many actions have been applied to this deal so far (the length of the record's
        action list): a cheap way to tell two moments of one deal apart."""
        return len(self._actions)

    def _check_player(self, player: object) -> int:
        """``player`` as a seat number of this game, else InvalidArgumentError naming it.

        Every method that takes a seat (``observation``, ``resample``, ``render``...) validates
        it here, so that ``-1``, ``True`` or ``3`` in a three-player game are refused alike."""
        n = self.game.num_players
        if (
            isinstance(player, (bool, np.bool_))
            or not isinstance(player, (int, np.integer))
            or not 0 <= int(player) < n
        ):
            raise InvalidArgumentError(f"player must be a seat 0..{n - 1}, got {player!r}")
        return int(player)

    def legal_action_ids(self) -> Sequence[int]:
        """The id of every legal action: the integer path for RL and search
        (``state.apply(i)`` takes an id). Where ``legal_actions()`` lists every action, the ids
        come in its order; where it lists representatives of a continuum (Hold'em raise
        amounts) the ids cover every legal action, as a compact sequence."""
        return [self.action_id(a) for a in self.legal_actions()]

    @property
    def history(self) -> list[dict[str, Any]]:
        """Every call, play, pass and trick winner so far, JSON-serialisable (a copy)."""
        return copy.deepcopy(self._history)

    def _log(self, **entry: Any) -> None:
        self._history.append(entry)

    def to_action(self, action: Action | str | int) -> Action:
        """Interpret an Action, its text or its integer id as an Action of this state."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return self.parse_action(action)
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            return self.action_from_id(int(action))
        raise InvalidArgumentError(
            f"expected an Action, its text or its id, got {type(action).__name__}"
        )

    def check(self, action: Action | str | int) -> None:
        """Raise IllegalActionError (naming the rule) if ``action`` is not legal now."""
        if self.is_terminal():
            if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
                size = self.game.num_actions
                if not 0 <= int(action) < size:
                    raise InvalidArgumentError(f"action id {action} is not in 0..{size - 1}")
                raise IllegalActionError(
                    f"action id {action} is not a legal action id now: the deal is over",
                    rule=None,
                )
            raise IllegalActionError("the deal is over: no action is legal", rule=None)
        act = self.to_action(action)
        violation = self._violation(act)
        if violation is not None:
            rule, why = violation
            raise IllegalActionError(f"{act} is illegal ({rule}): {why}", rule=rule)

    def can_apply(self, action: Action | str | int) -> bool:
        """True if ``action`` is legal now; False for everything else, never an exception:
        an illegal action, text that names no card or action, an id outside the action space,
        a value that is no action at all (issue 18: the same answer in every game)."""
        try:
            self.check(action)
        except (IllegalActionError, InvalidCardError, InvalidArgumentError):
            return False
        return True

    def apply(self, action: Action | str | int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing.

        An Action built by hand is accepted only if it equals a legal action in every field
        it sets (kind, cards, amount, and its label or play when given); the legal action is
        what gets applied and recorded."""
        act = self.to_action(action)
        if not any(act is listed for listed in self._listed):
            self.check(act)
            act = self._canonical(act)
        self._listed = ()
        self._actions.append(act.to_json())
        self._do(act)

    def _canonical(self, action: Action) -> Action:
        """The legal action ``action`` stands for: a legal action equal to it in kind, cards
        and amount — one of ``legal_actions()``, or, where the listing shows one
        representative of several equivalent actions (Dou Dizhu lists one suit choice per rank
        multiset, DDZ-6.7), the action its own text reads as. Its label and play, when set,
        must agree. IllegalActionError otherwise."""
        matched = next((legal for legal in self.legal_actions() if legal == action), None)
        if matched is None:
            plain = str(Action(action.kind, action.cards, action.amount))
            try:
                read = self.parse_action(plain)
            except CardaviaError:
                read = None
            if read is not None and read == action:
                matched = read
        if matched is None:
            raise IllegalActionError(f"{action} is not one of the legal actions now", rule=None)
        if action.label and action.label != str(matched):
            raise IllegalActionError(
                f"{action.label!r} does not describe the legal action {matched}", rule=None
            )
        if action.play is not None and matched.play is not None and action.play != matched.play:
            raise IllegalActionError(
                f"{action} is not read as {action.play} here but as {matched.play}", rule=None
            )
        return matched

    _listed: Sequence[Action] = ()
    """The actions the last legal_actions() call returned: applying one of those very objects
    needs no second check (nothing has changed since they were found legal)."""

    def action_from_json(self, entry: Mapping[str, Any]) -> Action:
        """The legal action recorded as ``entry`` (see :meth:`Action.to_json`)."""
        for a in self.legal_actions():
            if a.to_json() == dict(entry):
                return a
        raise IllegalActionError(f"recorded action {dict(entry)} is not legal here")

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """Boolean mask over the game's action space: True at every legal action's id."""
        mask = np.zeros(self.game.num_actions, dtype=bool)
        for a in self.legal_actions():
            mask[self.action_id(a)] = True
        return mask

    def to_json(self) -> str:
        """The state's record (seed, dealt cards, actions) as canonical JSON text."""
        return json.dumps(
            {
                "game": self.game.id,
                "options": self.game.options,
                "seed": self.seed,
                "deal": self._deal_record,
                "actions": self._actions,
            },
            sort_keys=True,
            separators=(",", ":"),
        )

    _APPEND_ONLY: ClassVar[frozenset[str]] = frozenset({"_actions", "_history"})
    """Attributes holding lists that only ever grow by appending entries that are never changed
    afterwards: a clone copies the list and shares the entries."""

    def clone(self: S) -> S:
        """An independent copy: nothing mutable is shared with the original.

        Lists named in ``_APPEND_ONLY`` are copied with their (immutable by convention) entries
        shared; every other attribute is copied by :func:`clone_value`."""
        new = object.__new__(type(self))
        fields = new.__dict__
        append_only = self._APPEND_ONLY
        for key, value in self.__dict__.items():
            fields[key] = value.copy() if key in append_only else clone_value(value)
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        # A state pickles as its record: the game and the JSON that replays it exactly.
        return (_state_from_record, (self.game, self.to_json()))

    def render(self, player: int | None = None) -> str:
        """A text picture of the table: the seats with their roles, hands sorted and grouped
        (only ``player``'s, with the others' card counts, or every hand when ``player`` is
        None), the cards on the table (current trick, play to beat, board, public kitty), the
        bids, contract, trump, levels or pot, whose turn it is, the end of the log and, once
        the deal is over, the settlement. Built from observations only
        (:func:`cardavia.view.table_view`), so a player's picture shows nothing that player
        may not see. Bridge is drawn as the usual four-hand diagram."""
        from cardavia.view import render_text

        return render_text(self, None if player is None else self._check_player(player))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        who = "over" if self.is_terminal() else f"player {self.current_player} to act"
        return f"<{self.game.id} state: {len(self._actions)} actions, {who}>"


_IMMUTABLE_TYPES: frozenset[type] = frozenset(
    {int, float, str, bool, type(None), bytes, CardSet, CardBag}
)


def clone_value(value: Any) -> Any:
    """A copy of one state attribute that shares nothing mutable with ``value``.

    Immutable values (numbers, text, cards, actions, games) are shared; lists, dicts, sets and
    tuples are copied element by element; other objects (the Rust tables) by their
    ``__copy__``, which for every table of ``cardavia._core`` is a full copy."""
    kind = type(value)
    if kind in _IMMUTABLE_TYPES or isinstance(value, (Action, Game)):
        return value
    if kind is list:
        return [clone_value(v) for v in value]
    if kind is dict:
        return {k: clone_value(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(clone_value(v) for v in value)
    if kind is set:
        return set(value)
    return copy.copy(value)


def _state_from_record(game: Game[Any], record: str) -> State:
    state: State = game.state_from_json(record)
    return state


def _load_game(game_id: str, options: dict[str, Any]) -> Game[Any]:
    return load(game_id, **options)


# --------------------------------------------------------------------------------------------
# Matches


class Match(Generic[S]):
    """Deals in sequence with the scores carried over.

    Each deal gets its own seed, drawn from the match seed, so a match replays exactly. The
    generic match adds up each finished deal's returns; games with levels or chips subclass it.
    """

    def __init__(self, game: Game[S], seed: int | None = None):
        self.game = game
        self.seed = check_seed(seed)
        self.deals: list[S] = []
        self._seeds = np.random.SeedSequence(self.seed)

    def _next_seed(self) -> int:
        words = self._seeds.spawn(1)[0].generate_state(2, np.uint32)
        return int(words[0]) | (int(words[1]) << 32)

    def new_deal(self) -> S:
        """Start the next deal (the previous one must be over)."""
        if self.deals and not self.deals[-1].is_terminal():
            raise IllegalActionError("the current deal is not over yet")
        if self.is_over():
            raise IllegalActionError("the match is over")
        state = self.game.new_state(seed=self._next_seed())
        self.deals.append(state)
        return state

    @property
    def scores(self) -> list[float]:
        """Each player's total over the finished deals."""
        totals = [0.0] * self.game.num_players
        for deal in self.deals:
            if deal.is_terminal():
                for i, r in enumerate(deal.returns()):
                    totals[i] += r
        return totals

    def is_over(self) -> bool:
        """A generic match never ends by itself; games with a goal override this."""
        return False


# --------------------------------------------------------------------------------------------
# Registry

_REGISTRY: dict[str, Callable[..., Game[Any]]] = {}


def register(game_class: type[Game[Any]]) -> type[Game[Any]]:
    """Class decorator: make a game loadable by its ``id``."""
    _REGISTRY[game_class.id] = game_class
    return game_class


@overload
def load(game_id: Literal["doudizhu"]) -> DouDizhuGame: ...
@overload
def load(game_id: Literal["zhengshangyou"]) -> ZhengShangyouGame: ...
@overload
def load(game_id: Literal["red_ten"], **options: Unpack[RedTenOptions]) -> RedTenGame: ...
@overload
def load(
    game_id: Literal["five_ten_king"], **options: Unpack[FiveTenKingOptions]
) -> FiveTenKingGame: ...
@overload
def load(game_id: Literal["guandan"]) -> GuandanGame: ...
@overload
def load(game_id: Literal["tractor"], **options: Unpack[TractorOptions]) -> TractorGame: ...
@overload
def load(game_id: Literal["bridge"], **options: Unpack[BridgeOptions]) -> BridgeGame: ...
@overload
def load(game_id: Literal["smear"], **options: Unpack[SmearOptions]) -> SmearGame: ...
@overload
def load(game_id: Literal["holdem"], **options: Unpack[HoldemOptions]) -> HoldemGame: ...
@overload
def load(game_id: Literal["one_poker"], **options: Unpack[OnePokerOptions]) -> OnePokerGame: ...
@overload
def load(game_id: str) -> Game[Any]: ...


def load(game_id: str, **options: Any) -> Game[Any]:
    """The game ``game_id`` with the given options (each validated; see the game's OPTIONS).

    Type checkers see the game's own class (``load("bridge")`` is a ``BridgeGame``, whose
    states are ``BridgeState``) and check its options (:mod:`cardavia.games.options`). A game id
    known only at run time gives a ``Game[Any]``; its options then come as ``**options``
    (a dict), checked at run time only."""
    _import_games()
    try:
        factory = _REGISTRY[game_id]
    except KeyError:
        raise InvalidArgumentError(
            f"unknown game {game_id!r}; available: {', '.join(sorted(_REGISTRY))}"
        ) from None
    return factory(**options)


def games() -> list[str]:
    """The ids of every available game."""
    _import_games()
    return sorted(_REGISTRY)


def _import_games() -> None:
    # Game modules register themselves on import; importing them here keeps `import cardavia`
    # cheap for users who only want cards or hand evaluation.
    import importlib

    for module in _GAME_MODULES:
        importlib.import_module(module)


_GAME_MODULES: tuple[str, ...] = (
    "cardavia.games.doudizhu",
    "cardavia.games.zhengshangyou",
    "cardavia.games.red_ten",
    "cardavia.games.bridge",
    "cardavia.games.smear",
    "cardavia.games.holdem",
    "cardavia.games.one_poker",
    "cardavia.games.five_ten_king",
    "cardavia.games.tractor",
    "cardavia.games.guandan",
)
