"""``cardavia play GAME``: the terminal table — you against the computer, drawn with rich from
the same :class:`cardavia.view.TableView` the web table uses."""

from __future__ import annotations

import re
import secrets
import sys
from collections.abc import Sequence
from typing import Any

import click

from cardavia.cli import main
from cardavia.cli.options import computer_player_options

__all__ = ["play"]

COMMANDS = ("?", "hint", "rules", "log", "help", "quit")
EXAMPLES = 10
"""How many legal actions the prompt lists as examples."""


def _markup(text: str) -> str:
    """Rich markup for text with card symbols: hearts, diamonds and the big joker in red."""
    from rich.markup import escape

    out = escape(text)
    out = re.sub(r"(?<![\w\[])((?:10|[2-9TJQKA])[♥♦]|BJ)(?![\w\]])", r"[bold red]\1[/]", out)
    return re.sub(r"(?<![\w\[])((?:10|[2-9TJQKA])[♠♣]|SJ)(?![\w\]])", r"[bold]\1[/]", out)


class TerminalTable:
    """One match in the terminal: the person in ``seat``, the computer in the others."""

    def __init__(
        self,
        game_id: str,
        seat: int,
        seed: int,
        lang: str,
        agent: str,
        agent_seconds: float,
        hint_seconds: float,
        options: dict[str, Any],
        console: Any,
    ):
        import cardavia
        from cardavia.view import Formatter
        from cardavia.web.tables import ComputerPlayer, ServerConfig

        self.game = cardavia.load(game_id, **options)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise click.BadParameter(f"{game_id} has seats 0..{n - 1}", param_hint="--seat")
        self.game_id = game_id
        self.seat = seat
        self.lang = lang
        self.hint_seconds = hint_seconds
        self.console = console
        config = ServerConfig(agent=agent, agent_seconds=agent_seconds, hint_seconds=hint_seconds)
        self.computers = {
            p: ComputerPlayer(game_id, config, seed=(seed + 7919 * (p + 1)) % 2**63)
            for p in range(n)
            if p != seat
        }
        self.match = self.game.new_match(seed=seed)
        self.state = self.match.new_deal()
        self.hints: list[Any] = []
        self.shown_log = 0
        self.f = Formatter(lang)

    # ---- drawing ------------------------------------------------------------------------

    def t(self, key: str, **params: Any) -> str:
        return self.f.t(key, **params)

    def view(self) -> Any:
        from cardavia.view import Formatter, table_view

        v = table_view(self.state, self.seat)
        self.f = Formatter(self.lang, v)
        return v

    def draw(self) -> None:
        from rich.panel import Panel
        from rich.table import Table

        from cardavia.view.text import render_view

        v = self.view()
        f = self.f
        title = f"{self.t(f'game.{self.game_id}')} · {f.seat(self.seat)}"
        info = "  ·  ".join(f"{f.t(i.key)}: {f.value(i.value)}" for i in v.info)
        self.console.rule(_markup(title))
        self.console.print(_markup(info))
        if v.layout == "bridge":
            diagram = render_view(v, self.lang, log_lines=0).split("\n\n")
            body = next((part for part in diagram if "♠" in part), "")
            self.console.print(Panel(_markup(body), expand=False))
        else:
            seats = Table(show_header=False, box=None, padding=(0, 2))
            order = list(range(v.num_players))
            order = order[self.seat + 1 :] + order[: self.seat]
            for p in order:
                s = v.seats[p]
                tags = ", ".join(f.t(x) for x in s.tags)
                stats = "  ".join(f"{f.t(x.key)} {f.value(x.value)}" for x in s.stats)
                cards = (
                    "  ".join(f.param("cards", " ".join(g)) for g in s.groups)
                    if s.cards is not None
                    else f.t("label.cards_count", n=s.count or 0)
                )
                last = f.msg(s.last) if s.last is not None else ""
                seats.add_row(
                    _markup(f.seat(p)), _markup(tags), _markup(cards), _markup(stats), _markup(last)
                )
            self.console.print(seats)
        for pile in v.table:
            who = f" ({f.seat(pile.seat)})" if pile.seat is not None else ""
            note = f" — {f.msg(pile.note)}" if pile.note is not None else ""
            cards = f.param("cards", " ".join(pile.cards)) if pile.cards else "—"
            self.console.print(_markup(f"  {f.t(pile.key)}{who}: {cards}{note}"))
        me = v.seats[self.seat]
        if v.layout != "bridge":
            tags = ", ".join(f.t(x) for x in me.tags)
            stats = "  ".join(f"{f.t(x.key)} {f.value(x.value)}" for x in me.stats)
            self.console.print(_markup(f"{f.seat(self.seat)}  {tags}  {stats}"))
            groups = "   ".join(f.param("cards", " ".join(g)) for g in me.groups) or f.t(
                "hand.empty"
            )
            self.console.print(
                Panel(_markup(groups), title=_markup(f.t("label.hand")), expand=False)
            )

    def print_new_log(self) -> None:
        v = self.view()
        for entry in v.log[self.shown_log :]:
            self.console.print(_markup("  · " + self.f.msg(entry.msg)))
        self.shown_log = len(v.log)

    def print_result(self) -> None:
        from cardavia.view.match import match_view

        v = self.view()
        self.console.rule(_markup(self.t("label.result")))
        for line in v.result or ():
            self.console.print(_markup(f"  {self.f.t(line.key)}: {self.f.value(line.value)}"))
        board = match_view(self.match)
        self.console.print(
            _markup(f"{self.t('ui.scoreboard')} — {self.t('ui.deals')} {board.deals}")
        )
        for line in board.lines:
            self.console.print(_markup(f"  {self.f.t(line.key)}: {self.f.value(line.value)}"))

    # ---- the person's turn --------------------------------------------------------------

    def legal_texts(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    def show_hints(self) -> None:
        from rich.table import Table

        from cardavia.agents import recommend
        from cardavia.view import action_msg

        try:
            self.hints = recommend(self.state, seconds=self.hint_seconds)
        except Exception as e:  # a game whose search cannot run from here yet
            self.hints = []
            self.console.print(_markup(f"{self.t('ui.hint_unavailable')} {type(e).__name__}: {e}"))
            return
        table = Table(title=self.t("ui.hints"), show_lines=False)
        for column in ("#", "action", "value", "±", "n", "reason"):
            table.add_column(column)
        for k, h in enumerate(self.hints[:10], 1):
            line = " → ".join(str(a) for a in h.line) if h.line else str(h.action)
            label = self.f.msg(action_msg(str(h.action), h.action.kind))
            table.add_row(
                str(k),
                _markup(f"{label}  [{line}]"),
                f"{h.value:.2f}",
                f"{h.interval:.2f}",
                str(h.samples),
                _markup(h.reason),
            )
        self.console.print(table)
        self.console.print(_markup(self.t("cli.hint_pick")))

    def show_rules(self) -> None:
        from cardavia import rules

        try:
            text = rules.rules_text(self.game_id, self.lang)
        except Exception:
            text = self.t("ui.no_rules")
        self.console.print(text)

    def explain(self, error: Exception) -> None:
        from cardavia import rules
        from cardavia.errors import CardaviaError

        rule = getattr(error, "rule", None)
        self.console.print(_markup(f"{self.t('ui.error')} {error}"), style="red")
        if rule:
            try:
                text = rules.rule(rules.game_of(rule), rule, self.lang)
            except CardaviaError:  # that game's rules document is not installed
                return
            self.console.print(f"  {rule}: {text}")

    def try_move(self, text: str) -> bool:
        """Play what the person typed; False (and an explanation) if it cannot be played."""
        from cardavia.errors import CardaviaError

        state = self.state
        try:
            if (
                self.game_id == "tractor"
                and len(text.split()) > 1
                and not text.startswith(("declare", "bury ", "play "))
            ):
                state.play_cards(text)
                return True
            action = state.to_action(text)
            state.check(action)
            state.apply(action)
            return True
        except CardaviaError as e:
            self.explain(e)
            return False

    def prompt(self) -> str:
        legal = self.legal_texts()
        examples = " · ".join(legal[:EXAMPLES]) + (" …" if len(legal) > EXAMPLES else "")
        self.console.print(
            _markup(self.t("cli.your_move", n=len(legal), examples=examples)), soft_wrap=True
        )
        _set_completions([*legal, *COMMANDS])
        try:
            return input("> ").strip()
        except EOFError:
            return "quit"

    # ---- the match ----------------------------------------------------------------------

    def run(self) -> None:
        while True:
            self.play_deal()
            self.print_result()
            if self.match.is_over():
                self.console.print(_markup(self.t("ui.match_over")))
                return
            self.console.print(_markup(self.t("cli.next_deal")))
            try:
                answer = input("> ").strip().lower()
            except EOFError:
                return
            if answer in ("q", "quit", "exit"):
                return
            self.state = self.match.new_deal()
            self.shown_log = 0

    def play_deal(self) -> None:
        self.draw()
        while not self.state.is_terminal():
            player = self.state.current_player
            assert player is not None
            if player != self.seat:
                action = self.computers[player].act(self.state.clone())
                self.state.apply(action)
                self.print_new_log()
                if self.state.current_player == self.seat:
                    self.draw()
                continue
            text = self.prompt()
            if not text:
                continue
            if text in ("quit", "exit", "q"):
                raise SystemExit(0)
            if text in ("?", "hint"):
                self.show_hints()
            elif text == "rules":
                self.show_rules()
            elif text == "log":
                v = self.view()
                for entry in v.log:
                    self.console.print(_markup("  · " + self.f.msg(entry.msg)))
            elif text == "help":
                self.console.print(_markup(self.t("cli.help")))
            elif re.fullmatch(r"#\d+", text) and self.hints:
                k = int(text[1:]) - 1
                if 0 <= k < len(self.hints):
                    for step in self.hints[k].line or (self.hints[k].action,):
                        self.state.apply(step)
                    self.hints = []
                    self.print_new_log()
                    if self.state.current_player == self.seat:
                        self.draw()
            elif self.try_move(text):
                self.hints = []
                self.print_new_log()
                if self.state.current_player == self.seat:
                    self.draw()
        self.print_new_log()


def _set_completions(words: Sequence[str]) -> None:
    """Tab completes the legal actions and the commands (readline, where available)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline (Windows): typing still works
        return
    options = sorted(set(words))

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in options if w.startswith(text)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _options(pairs: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise click.BadParameter(f"expected NAME=VALUE, got {pair!r}", param_hint="--option")
        out[name] = int(value) if re.fullmatch(r"-?\d+", value) else value
    return out


@main.command(
    "play",
    help=(
        "Play GAME in the terminal against the computer.\n\n"
        "Type an action (Tab completes the legal ones; a play may be given by its cards, e.g. "
        "'3c 3d'), '?' for the ranked hints and '#N' to play hint N, 'rules' for the rules, "
        "'log' for the whole log, 'quit' to stop."
    ),
)
@click.argument("game")
@click.option("--seat", type=click.IntRange(min=0), default=0, show_default=True, help="Your seat.")
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help="Seed of the match (default: random).",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "ko"]),
    default="en",
    show_default=True,
    help="Language of the table, the messages and the rules: en (English) or ko (Korean).",
)
@computer_player_options(hint_seconds=1.0)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A rule option of the game (repeatable), e.g. --option players=5 for smear.",
)
def play(
    game: str,
    seat: int,
    seed: int | None,
    lang: str,
    agent: str,
    agent_seconds: float,
    hint_seconds: float,
    options: tuple[str, ...],
) -> None:
    from rich.console import Console

    import cardavia
    from cardavia import CardaviaError

    if game not in cardavia.games():
        raise click.BadParameter(
            f"unknown game {game!r}; one of: {', '.join(cardavia.games())}", param_hint="GAME"
        )
    console = Console(highlight=False)
    try:
        table = TerminalTable(
            game,
            seat,
            seed if seed is not None else secrets.randbits(63),
            lang,
            agent,
            agent_seconds,
            hint_seconds,
            _options(options),
            console,
        )
        table.run()
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    except KeyboardInterrupt:
        sys.exit(130)
