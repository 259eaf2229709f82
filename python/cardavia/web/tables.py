"""The tables the web server holds: one match of one game, a person in one seat and the
computer in the others.

Nothing here knows about HTTP: :class:`Table` turns the messages of a browser into actions on
the game and answers with what that seat may see (:func:`cardavia.view.table_view` of the
seat), the legal actions when it is the seat's turn, previews of a card selection, hints.
Every change of the game happens on the caller's (the event loop's) thread; searches and the
computer's decisions run on copies of the state in worker threads.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

import cardavia
from cardavia import rules as rules_docs
from cardavia.agents import HeuristicAgent, Hint, RandomAgent, SearchAgent, recommend
from cardavia.agents.base import Agent
from cardavia.agents.strategies import strategy_for
from cardavia.errors import CardaviaError, IllegalActionError, InvalidArgumentError
from cardavia.game import Action, Match, State
from cardavia.view import action_msg, table_view
from cardavia.view.common import cards_of
from cardavia.view.match import match_view
from cardavia.view.model import Msg

__all__ = ["ComputerPlayer", "ServerConfig", "Table", "TableError", "Tables"]

RANGE_KINDS = frozenset({"bet", "raise"})
"""Actions with a chip amount chosen on a slider (HE-4, OP-4)."""
SELECT_KINDS = frozenset({"play", "bury", "discard", "lock", "return"})
"""Actions made by selecting cards of one's hand (or of dummy's, in bridge)."""
STEP_GAMES = frozenset({"tractor"})
"""Games whose plays are built card by card (TR: the play is committed as a whole)."""
STEP_KINDS = frozenset({"bury", "discard"})
"""One card per action, several in a row (FTK-3.13, SM-3.10)."""
PICK_LIST_SIZE = 16
"""Above this many actions of one kind, the page shows them as a pick list."""
MAX_PLAYS_LISTED = 200
"""Legal card combinations listed with the actions (a Guandan lead has over a thousand; the
page names a selection by asking the server, so the list is only a sample)."""


class Ambiguous(Exception):
    """The selected cards make several legal plays (Guandan readings, GD-6.7)."""

    def __init__(self, actions: list[Action]):
        super().__init__(", ".join(str(a) for a in actions))
        self.actions = actions


class TableError(Exception):
    """A message the table cannot follow; its text goes back to the browser."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


@dataclass
class ServerConfig:
    """What the server's computer players and hints may spend, and how it paces them.

    ``agent`` is ``search`` (SearchAgent where the game has a strategy, else the random
    agent), ``heuristic`` or ``random``; ``agent_seconds`` and ``hint_seconds`` are the search
    budgets per decision and per hint; ``pace`` the pause after each visible computer move;
    ``max_tables`` how many tables are kept (the longest idle is dropped first)."""

    agent: str = "search"
    agent_seconds: float = 0.5
    hint_seconds: float = 0.5
    pace: float = 0.4
    max_tables: int = 200

    def __post_init__(self) -> None:
        if self.agent not in ("search", "heuristic", "random"):
            raise InvalidArgumentError(
                f"agent must be search, heuristic or random, got {self.agent!r}"
            )
        for name in ("agent_seconds", "hint_seconds"):
            value = getattr(self, name)
            if not value > 0:
                raise InvalidArgumentError(f"{name} must be > 0, got {value}")
        if self.pace < 0:
            raise InvalidArgumentError(f"pace must be ≥ 0, got {self.pace}")
        if self.max_tables < 1:
            raise InvalidArgumentError(f"max_tables must be ≥ 1, got {self.max_tables}")


def has_strategy(game_id: str) -> bool:
    try:
        strategy_for(game_id)
    except CardaviaError:
        return False
    return True


class ComputerPlayer:
    """The computer in one seat: the configured agent, falling back to the game's rule
    strategy and then to random play where an agent cannot decide in some phase (``note``
    says what failed last)."""

    def __init__(self, game_id: str, config: ServerConfig, seed: int):
        strategy = has_strategy(game_id)
        chain: list[Agent] = []
        if config.agent == "search" and strategy:
            chain.append(SearchAgent(seconds=config.agent_seconds, seed=seed))
        if config.agent in ("search", "heuristic") and strategy:
            chain.append(HeuristicAgent(seed=seed))
        chain.append(RandomAgent(seed=seed))
        self.chain = chain
        self.note: str | None = None

    @property
    def name(self) -> str:
        return self.chain[0].name

    def act(self, state: State) -> Action:
        last_error: Exception | None = None
        for agent in self.chain:
            try:
                return agent.act(state)
            except Exception as e:  # an agent that cannot play this phase: try the next
                last_error = e
                # Only the kind of failure reaches the page: the message of an error raised
                # while deciding for a hidden hand could name its cards.
                self.note = f"{agent.name}: {type(e).__name__}"
                print(f"cardavia: {agent.name} failed, falling back: {e!r}", file=sys.stderr)
        assert last_error is not None
        raise last_error


def _cards_key(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


def _action_cards(action: Action) -> list[str]:
    return cards_of(str(action.cards)) if action.cards is not None else []


@dataclass
class _HintCache:
    version: int
    hints: list[Hint] = field(default_factory=list)
    error: str | None = None


Send = Callable[[str], Awaitable[None]]
"""Sends one message (JSON text) to one browser."""


class Table:
    """One match of one game: the person in ``seat``, the computer in every other seat."""

    def __init__(
        self,
        table_id: str,
        game_id: str,
        seat: int,
        config: ServerConfig,
        executor: Executor | None,
        *,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ):
        self.id = table_id
        self.config = config
        self.executor = executor
        self.game = cardavia.load(game_id, **(options or {}))
        self.game_id = game_id
        self.seat = self.game_seat(seat)
        self.seed = seed if seed is not None else secrets.randbits(63)
        self.lang = "en"
        self.clients: dict[int, Send] = {}
        self.last_used = time.monotonic()
        self.version = 0
        self._hints: _HintCache | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._drive_task: asyncio.Task[None] | None = None
        self.last_sent: dict[int, str] = {}
        """The last state text sent to each client (only changes are sent)."""
        self.agent_note: str | None = None
        self._new_match()

    def game_seat(self, seat: object) -> int:
        n = self.game.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidArgumentError(f"seat must be 0..{n - 1}, got {seat!r}")
        return seat

    # ---- the match --------------------------------------------------------------------

    def _new_match(self) -> None:
        self.match: Match[Any] = self.game.new_match(seed=self.seed)
        self.computers = {
            p: ComputerPlayer(self.game_id, self.config, seed=(self.seed + 7919 * (p + 1)) % 2**63)
            for p in range(self.game.num_players)
            if p != self.seat
        }
        self.state: State = self.match.new_deal()
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._hints = None

    @property
    def your_turn(self) -> bool:
        return not self.state.is_terminal() and self.state.current_player == self.seat

    # ---- what the browser receives ----------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The seat's whole picture: view, legal actions (on its turn), scoreboard."""
        view = table_view(self.state, self.seat)
        match = match_view(self.match)
        strategy = has_strategy(self.game_id)
        note = self.agent_note
        return {
            "type": "state",
            "version": self.version,
            "table": {
                "id": self.id,
                "game": self.game_id,
                "seat": self.seat,
                "players": self.game.num_players,
                "options": self.game.options,
                "seed": self.seed,
                "agent": self.computers[next(iter(self.computers))].name
                if self.computers
                else None,
                "strategy": strategy,
                "agent_note": note,
            },
            "view": view.to_json(),
            "match": match.to_json(),
            "actions": self.actions() if self.your_turn else None,
            "can_next_deal": self.state.is_terminal() and not self.match.is_over(),
            "thinking": self._drive_task is not None and not self._drive_task.done(),
        }

    def actions(self) -> dict[str, Any]:
        """The seat's legal actions, shaped for the page: buttons, pick lists, amount ranges
        (slider and exact entry), and which cards may be selected for which kind of play."""
        legal = self.state.legal_actions()
        buttons: list[dict[str, Any]] = []
        lists: dict[str, list[dict[str, Any]]] = {}
        ranges: dict[str, dict[str, Any]] = {}
        select_kinds: dict[str, set[str]] = {}
        by_kind: dict[str, int] = {}
        for a in legal:
            by_kind[a.kind] = by_kind.get(a.kind, 0) + 1
        for a in legal:
            text = str(a)
            if a.kind in RANGE_KINDS and a.amount is not None:
                r = ranges.setdefault(a.kind, {"kind": a.kind, "min": a.amount, "max": a.amount})
                r["min"] = min(r["min"], a.amount)
                r["max"] = max(r["max"], a.amount)
            elif a.kind in SELECT_KINDS and a.cards is not None:
                select_kinds.setdefault(a.kind, set()).update(_action_cards(a))
            else:
                entry = {"text": text, "kind": a.kind, "label": action_msg(text, a.kind).to_json()}
                if a.cards is not None:
                    entry["cards"] = _action_cards(a)
                if by_kind[a.kind] > PICK_LIST_SIZE:
                    lists.setdefault(a.kind, []).append(entry)
                else:
                    buttons.append(entry)
        select = []
        for kind, cards in select_kinds.items():
            choice: dict[str, Any] = {
                "kind": kind,
                "cards": sorted(cards),
                "mode": self.select_mode(kind),
            }
            if choice["mode"] == "combo":
                plays = [_action_cards(a) for a in legal if a.kind == kind]
                choice["plays"] = plays[:MAX_PLAYS_LISTED]
                choice["plays_total"] = len(plays)
            elif self.game_id in STEP_GAMES:
                choice["plays"] = _sample_whole_plays(self.state, kind, 12)
            select.append(choice)
        return {
            "buttons": buttons,
            "lists": [{"kind": k, "items": v} for k, v in lists.items()],
            "ranges": list(ranges.values()),
            "select": select,
        }

    def select_mode(self, kind: str) -> str:
        """``combo`` (one action names all selected cards), ``steps`` (one card per action,
        several in a row) or ``single`` (exactly one card)."""
        if self.game_id in STEP_GAMES or kind in STEP_KINDS:
            return "steps"
        if self.game_id in ("bridge", "smear", "one_poker") or kind in ("lock", "return"):
            return "single"
        return "combo"

    # ---- messages ---------------------------------------------------------------------

    def rule_text(self, rule: str | None) -> str | None:
        if not rule:
            return None
        try:
            return rules_docs.rule(rules_docs.game_of(rule), rule, self.lang)
        except CardaviaError:
            return None

    def error(self, message: str, rule: str | None = None) -> dict[str, Any]:
        return {
            "type": "error",
            "message": message,
            "rule": rule,
            "rule_text": self.rule_text(rule),
        }

    def _require_turn(self) -> None:
        if self.state.is_terminal():
            raise TableError("the deal is over")
        if not self.your_turn:
            raise TableError("it is not your turn")

    def _plan_selection(self, kind: str, cards: Sequence[str]) -> tuple[list[Action], Msg | None]:
        """The actions that play ``cards`` as a ``kind`` action, checked on a copy of the state
        (IllegalActionError names the rule), and the combination's name."""
        self._require_turn()
        if not cards:
            raise TableError("select at least one card")
        mode = self.select_mode(kind)
        legal = self.state.legal_actions()
        if mode == "combo":
            wanted = _cards_key(cards)
            matches = [
                a for a in legal if a.kind == kind and _cards_key(_action_cards(a)) == wanted
            ]
            if len(matches) > 1:
                raise Ambiguous(matches)
            if not matches:
                action = self.state.parse_action(" ".join(cards))  # any choice of suits (DDZ-6.7)
                self.state.check(action)
                matches = [action]
            return matches, _combo(matches[0])
        if mode == "single" and len(cards) != 1:
            raise TableError("select exactly one card")
        if self.game_id == "tractor":
            trial = self.state.clone()
            before = trial.actions_taken
            trial.play_cards(" ".join(cards))  # type: ignore[attr-defined]
            steps = _replay_steps(self.state, trial._actions[before:])
            return steps, _tractor_shape(self.state, cards)
        trial = self.state.clone()
        steps = []
        for card in cards:
            if trial.is_terminal() or trial.current_player != self.seat:
                raise TableError(f"only {len(steps)} of the selected cards can be used now")
            step = next(
                (a for a in trial.legal_actions() if a.kind == kind and _action_cards(a) == [card]),
                None,
            )
            if step is None:
                trial.check(
                    f"{kind} {card}" if kind in STEP_KINDS or kind in ("lock", "return") else card
                )
                raise TableError(f"{card} cannot be played now")
            trial.apply(step)
            steps.append(step)
        return steps, None

    def preview(self, kind: str, cards: Sequence[str]) -> dict[str, Any]:
        """What playing ``cards`` would do: legal (with the combination's name) or the rule
        that forbids it."""
        out: dict[str, Any] = {"type": "preview", "kind": kind, "cards": list(cards)}
        try:
            steps, combo = self._plan_selection(kind, cards)
        except Ambiguous as e:
            # GD-6.7: the same cards may be declared as different plays; the person chooses
            out.update(ok=True, combo=None, label=None)
            out["choices"] = [
                {
                    "text": str(a),
                    "label": action_msg(str(a), a.kind).to_json(),
                    "combo": None if _combo(a) is None else _combo(a).to_json(),  # type: ignore[union-attr]
                }
                for a in e.actions
            ]
            return out
        except IllegalActionError as e:
            out.update(ok=False, message=str(e), rule=e.rule, rule_text=self.rule_text(e.rule))
            return out
        except (TableError, CardaviaError) as e:
            out.update(ok=False, message=str(e), rule=getattr(e, "rule", None))
            out["rule_text"] = self.rule_text(out["rule"])
            return out
        out.update(ok=True, combo=combo.to_json() if combo else None)
        out["label"] = (
            action_msg(str(steps[0]), steps[0].kind).to_json() if len(steps) == 1 else None
        )
        return out

    def _apply_all(self, steps: Sequence[Action]) -> None:
        for step in steps:
            self.state.apply(step)
        self._changed()

    def handle(self, message: Any) -> list[dict[str, Any]]:
        """Follow one message of the browser (already parsed JSON). Returns the replies to the
        sender; an illegal or malformed message gets an error and changes nothing."""
        self.last_used = time.monotonic()
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            return [self.error("malformed message: expected a JSON object with a 'type'")]
        kind = message["type"]
        lang = message.get("lang")
        if lang in rules_docs.LANGUAGES:
            self.lang = lang
        try:
            return self._handle(kind, message)
        except Exception as e:  # a bug must not cost the person the table: report it
            traceback.print_exc()
            return [self.error(f"internal error: {type(e).__name__}: {e}")]

    def _handle(self, kind: str, message: dict[str, Any]) -> list[dict[str, Any]]:
        try:
            if kind in ("hello", "lang"):
                return [self.snapshot()]
            if kind == "act":
                text = message.get("text")
                if not isinstance(text, str) or not text.strip():
                    raise TableError("'act' needs the action's text")
                self._require_turn()
                action = self.state.to_action(text)
                self.state.check(action)
                self._apply_all([action])
                return []
            if kind in ("play", "preview"):
                sel_kind = message.get("kind")
                cards = message.get("cards")
                if not isinstance(sel_kind, str) or sel_kind not in SELECT_KINDS:
                    raise TableError(
                        f"'{kind}' needs a kind: one of {', '.join(sorted(SELECT_KINDS))}"
                    )
                if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                    raise TableError(f"'{kind}' needs 'cards', a list of card texts")
                if kind == "preview":
                    return [self.preview(sel_kind, cards)]
                try:
                    steps, _ = self._plan_selection(sel_kind, cards)
                except Ambiguous as e:
                    raise TableError(
                        f"these cards can be played several ways; choose one: {e}"
                    ) from e
                self._apply_all(steps)
                return []
            if kind == "hint_play":
                index = message.get("index")
                if (
                    self._hints is None
                    or self._hints.version != self.version
                    or not self._hints.hints
                ):
                    raise TableError("that hint is out of date: ask for a new one")
                if (
                    isinstance(index, bool)
                    or not isinstance(index, int)
                    or not 0 <= index < len(self._hints.hints)
                ):
                    raise TableError("no such hint")
                self._require_turn()
                hint = self._hints.hints[index]
                steps = list(hint.line) or [hint.action]
                trial = self.state.clone()
                for step in steps:
                    trial.apply(step)
                self._apply_all(steps)
                return []
            if kind == "next_deal":
                if not self.state.is_terminal():
                    raise TableError("the deal is not over yet")
                if self.match.is_over():
                    raise TableError("the match is over: restart for a new one")
                self.state = self.match.new_deal()
                self._changed()
                return []
            if kind == "restart":
                seed = message.get("seed")
                if seed is not None and (
                    isinstance(seed, bool) or not isinstance(seed, int) or seed < 0
                ):
                    raise TableError("seed must be a non-negative integer")
                self.seed = seed if seed is not None else secrets.randbits(63)
                self._new_match()
                return []
            if kind == "hint":
                return []  # answered asynchronously by hints()
            raise TableError(f"unknown message type {kind!r}")
        except IllegalActionError as e:
            return [self.error(str(e), e.rule)]
        except (TableError, CardaviaError) as e:
            return [self.error(str(e), getattr(e, "rule", None))]

    # ---- hints ------------------------------------------------------------------------

    async def hints(self) -> dict[str, Any]:
        """``recommend()`` for the seat, searched in a worker thread on a copy of the state."""
        if not self.your_turn:
            return {"type": "hints", "version": self.version, "hints": [], "error": "not your turn"}
        version = self.version
        cached = self._hints
        if cached is None or cached.version != version:
            snapshot = self.state.clone()
            seconds = self.config.hint_seconds
            loop = asyncio.get_running_loop()
            try:
                found = await loop.run_in_executor(
                    self.executor, lambda: recommend(snapshot, seconds=seconds)
                )
                cached = _HintCache(version, found)
            except Exception as e:  # a game whose search cannot run from here yet
                cached = _HintCache(version, [], f"{type(e).__name__}: {e}")
            if self.version == version:
                self._hints = cached
        return {
            "type": "hints",
            "version": cached.version,
            "hints": [_hint_json(h) for h in cached.hints],
            "error": cached.error,
        }

    # ---- the computer's turns ---------------------------------------------------------

    async def drive(self, broadcast: Callable[[], Awaitable[bool]]) -> None:
        """Let the computer play until it is the person's turn or the deal is over,
        broadcasting each move the seat can see (pausing ``pace`` after it)."""
        loop = asyncio.get_running_loop()
        while not self.state.is_terminal() and self.state.current_player != self.seat:
            state = self.state
            player = state.current_player
            assert player is not None
            computer = self.computers[player]
            snapshot = state.clone()
            action = await loop.run_in_executor(self.executor, computer.act, snapshot)
            if self.state is not state or state.actions_taken != snapshot.actions_taken:
                return  # restarted meanwhile
            if computer.note:
                self.agent_note = computer.note
            state.apply(action)
            self._changed()
            # Without a pace nobody could watch the moves one by one: show where they end.
            if self.config.pace and await broadcast():
                await asyncio.sleep(self.config.pace)

    def start_driving(self, broadcast: Callable[[], Awaitable[bool]]) -> None:
        if self._drive_task is not None and not self._drive_task.done():
            return
        if self.state.is_terminal() or self.state.current_player == self.seat:
            return

        async def run() -> None:
            try:
                await self.drive(broadcast)
            except Exception as e:  # never lose the table to a failed move: report and stop
                traceback.print_exc()
                self.agent_note = f"the computer could not move ({type(e).__name__})"
            finally:
                await broadcast()

        self._drive_task = asyncio.ensure_future(run())

    async def settle(self) -> None:
        """Wait until the computer has nothing left to play (for tests)."""
        while self._drive_task is not None and not self._drive_task.done():
            await asyncio.wait([self._drive_task])


def _sample_whole_plays(state: State, kind: str, n: int) -> list[list[str]]:
    """Up to ``n`` different complete plays built card by card (Tractor: the legal cards of
    each step keep the selection part of a legal bury, lead or follow), as examples."""
    player = state.current_player
    seen: list[list[str]] = []
    for k in range(n):
        trial = state.clone()
        cards: list[str] = []
        while not trial.is_terminal() and trial.current_player == player:
            steps = [a for a in trial.legal_actions() if a.kind == kind]
            if not steps or (
                cards and any(a.kind == "end" for a in trial.legal_actions()) and k % 2
            ):
                break
            step = steps[(k * 7 + len(cards) * 3) % len(steps)]
            cards += _action_cards(step)
            trial.apply(step)
            engine = getattr(trial, "_table", None)  # the Rust table: its pending selection
            if engine is None or len(getattr(engine, "selection", ())) == 0:
                break
        if cards and sorted(cards) not in [sorted(c) for c in seen]:
            seen.append(cards)
    return seen


def _replay_steps(state: State, recorded: Sequence[dict[str, Any]]) -> list[Action]:
    """The actions of ``state`` that the recorded entries name, applied on a copy in turn."""
    trial = state.clone()
    steps = []
    for entry in recorded:
        action = trial.action_from_json(entry)
        trial.apply(action)
        steps.append(action)
    return steps


def _combo(action: Action) -> Msg | None:
    """The combination a play makes (its ``play.kind``: ``pair``, ``bomb``...)."""
    kind = getattr(action.play, "kind", None) if action.play is not None else None
    return None if not kind else Msg(f"combo.{str(kind).lower()}")


def _tractor_shape(state: State, cards: Sequence[str]) -> Msg | None:
    from cardavia.games.tractor import Trump, shape

    trump = getattr(state, "trump", None)
    if not isinstance(trump, Trump):
        return None
    try:
        name = shape(" ".join(cards), trump)
    except CardaviaError:
        return None
    if name.startswith("tractor"):
        return Msg("combo.tractor", {"n": name[len("tractor(") : -1]})
    return Msg(f"combo.{name}")


def _hint_json(h: Hint) -> dict[str, Any]:
    out = h.to_json()
    out["label"] = action_msg(str(h.action), h.action.kind).to_json()
    out["line_labels"] = [action_msg(str(a), a.kind).to_json() for a in h.line]
    return out


class Tables:
    """Every table of a server, by id; the longest idle are dropped beyond ``max_tables``."""

    def __init__(self, config: ServerConfig, executor: Executor | None = None):
        self.config = config
        self.executor = executor
        self.tables: dict[str, Table] = {}

    def create(
        self,
        game_id: str,
        seat: int,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
    ) -> Table:
        if game_id not in cardavia.games():
            raise InvalidArgumentError(
                f"unknown game {game_id!r}; available: {', '.join(cardavia.games())}"
            )
        if seed is not None and (
            isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
        ):
            raise InvalidArgumentError(f"seed must be an integer 0..2^63-1, got {seed!r}")
        table_id = secrets.token_urlsafe(9)
        table = Table(
            table_id, game_id, seat, self.config, self.executor, seed=seed, options=options
        )
        self.tables[table_id] = table
        self._evict()
        return table

    def get(self, table_id: str) -> Table | None:
        table = self.tables.get(table_id)
        if table is not None:
            table.last_used = time.monotonic()
        return table

    def _evict(self) -> None:
        while len(self.tables) > self.config.max_tables:
            idle = [t for t in self.tables.values() if not t.clients] or list(self.tables.values())
            oldest = min(idle, key=lambda t: t.last_used)
            del self.tables[oldest.id]
