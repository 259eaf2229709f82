"""What the per-game view adapters share: the observations of a state, card sorting and
grouping, action and log messages, the climbing games' round and the result breakdown."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardavia.game import State
from cardavia.view.model import Info, LogEntry, Msg, Pile, SeatView, Stat

__all__ = [
    "Context",
    "action_msg",
    "cards_of",
    "climb_last",
    "climb_log_entry",
    "group_by",
    "result_lines",
    "sort_cards",
]


@dataclass(frozen=True)
class Context:
    """The public facts of a state and the observations a view may use.

    ``obs`` holds the viewer's observation only (or every seat's when ``viewer`` is None, the
    all-seeing view); ``base`` is the observation the table's public facts are read from.
    ``result`` is the settlement, given only once the deal is over (the rules make it public
    then)."""

    game_id: str
    num_players: int
    options: Mapping[str, Any]
    viewer: int | None
    obs: Mapping[int, Mapping[str, Any]]
    result: Mapping[str, Any] | None
    returns: tuple[float, ...] | None

    @classmethod
    def of(cls, state: State, viewer: int | None) -> Context:
        n = state.game.num_players
        seats = range(n) if viewer is None else (viewer,)
        obs = {p: state.observation(p) for p in seats}
        over = state.is_terminal()
        return cls(
            game_id=state.game.id,
            num_players=n,
            options=dict(state.game.options),
            viewer=viewer,
            obs=obs,
            result=state.result if over else None,
            returns=tuple(state.returns()) if over else None,
        )

    @property
    def base(self) -> Mapping[str, Any]:
        return self.obs[self.viewer if self.viewer is not None else 0]

    @property
    def over(self) -> bool:
        return self.result is not None

    def hand(self, seat: int) -> str | None:
        """The seat's hand as its own observation shows it, if the view may show it."""
        o = self.obs.get(seat)
        return None if o is None else o.get("hand")

    def history(self) -> list[dict[str, Any]]:
        return list(self.base.get("history") or [])

    def seats_from_viewer(self) -> list[int]:
        start = self.viewer or 0
        return [(start + k) % self.num_players for k in range(self.num_players)]


# ---- cards ---------------------------------------------------------------------------------

SUIT_ORDER = "shdc"
"""Display order of suits (spades, hearts, diamonds, clubs)."""


def cards_of(text: str | Iterable[str] | None) -> list[str]:
    """Card text (``"Ah Kd"``) or a list of cards as a list of card strings."""
    if text is None:
        return []
    if isinstance(text, str):
        return [c for c in text.replace(",", " ").split() if c not in ("+",)]
    return [str(c) for c in text]


def rank(card: str) -> str:
    return card if card in ("SJ", "BJ") else card[0]


def suit(card: str) -> str | None:
    return None if card in ("SJ", "BJ") else card[1]


def sort_cards(cards: Iterable[str], key: Callable[[str], Any]) -> list[str]:
    """Cards highest first under ``key`` (a larger key is a higher card)."""
    return sorted(cards, key=key, reverse=True)


def group_by(cards: Sequence[str], label: Callable[[str], Any]) -> tuple[tuple[str, ...], ...]:
    """Consecutive cards with the same ``label`` as one group (cards already sorted)."""
    groups: list[list[str]] = []
    last: Any = object()
    for c in cards:
        lab = label(c)
        if not groups or lab != last:
            groups.append([])
            last = lab
        groups[-1].append(c)
    return tuple(tuple(g) for g in groups)


def ladder_key(order: str) -> Callable[[str], tuple[int, int]]:
    """Sort key of a climbing game: the rank's place in ``order`` (low to high, then the
    jokers), suits breaking ties in :data:`SUIT_ORDER`."""
    values = {r: i for i, r in enumerate(order)}
    values["SJ"], values["BJ"] = len(order), len(order) + 1

    def key(card: str) -> tuple[int, int]:
        s = suit(card)
        return values.get(rank(card), -1), 0 if s is None else 3 - SUIT_ORDER.index(s)

    return key


NATURAL = "23456789TJQKA"


def suit_then_rank(card: str, trump: str | None = None) -> tuple[int, int]:
    """Trick-game key: suits in display order (trump first), aces high."""
    s = suit(card)
    if s is None:
        return 5, 1 if card == "BJ" else 0
    suit_rank = 4 if s == trump else 3 - SUIT_ORDER.index(s)
    return suit_rank, NATURAL.index(card[0])


# ---- seats ---------------------------------------------------------------------------------


def seat_name(seat: int) -> Msg:
    return Msg("seat.name", {"n": seat})


def make_seat(
    ctx: Context,
    seat: int,
    *,
    name: Msg | None = None,
    tags: Iterable[str] = (),
    cards: Sequence[str] | None = None,
    key: Callable[[str], Any] | None = None,
    group: Callable[[str], Any] | None = None,
    count: int | None = None,
    stats: Iterable[Stat] = (),
    last: Msg | None = None,
    to_act: int | None = None,
) -> SeatView:
    """A seat with its cards sorted by ``key`` and grouped by ``group`` (when visible)."""
    shown: tuple[str, ...] | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    if cards is not None:
        ordered = sort_cards(cards, key) if key is not None else list(cards)
        shown = tuple(ordered)
        groups = group_by(ordered, group) if group is not None else ((shown,) if shown else ())
        if count is None:
            count = len(ordered)
    all_tags = list(tags)
    if to_act == seat:
        all_tags.append("tag.to_act")
    return SeatView(
        seat=seat,
        name=name or seat_name(seat),
        tags=tuple(all_tags),
        cards=shown,
        groups=groups,
        count=count,
        stats=tuple(stats),
        last=last,
        to_act=to_act == seat,
        you=ctx.viewer == seat,
    )


# ---- actions -------------------------------------------------------------------------------

_SIMPLE_ACTIONS = {
    "pass": "act.pass",
    "P": "act.pass",
    "X": "act.double",
    "XX": "act.redouble",
    "light": "act.light",
    "decline": "act.decline",
    "fold": "act.fold",
    "check": "act.check",
    "end": "act.end",
}


def action_msg(text: str, kind: str | None = None) -> Msg:
    """A readable, translatable message for an action's text (``"bid 2"``, ``"raise to 60"``,
    ``"call first Th"``, ``"3c 3d 3h + 5s"``...). ``kind`` (the Action's kind) disambiguates
    a bare card text."""
    text = text.strip()
    if text in _SIMPLE_ACTIONS:
        return Msg(_SIMPLE_ACTIONS[text])
    words = text.split()
    head = words[0] if words else ""
    rest = " ".join(words[1:])
    if head == "bid" and len(words) == 2:
        return Msg("act.bid", {"amount": words[1]})
    if head == "call" and len(words) == 2 and words[1].isdigit():
        return Msg("act.call_chips", {"amount": words[1]})
    if head in ("raise", "bet") and len(words) == 3 and words[1] == "to":
        return Msg(f"act.{head}", {"amount": words[2]})
    if head == "call" and len(words) == 3 and words[1] in ("first", "second"):
        return Msg("act.call_card", {"which": Msg(f"ord.{words[1]}"), "card": words[2]})
    if head == "call" and len(words) == 2:
        return Msg("act.call_partner", {"card": words[1]})
    if head == "trump" and len(words) == 2:
        return Msg("act.trump", {"suit": Msg(f"suit.{words[1]}")})
    if head in ("bury", "discard", "reveal", "declare", "return", "lock", "play") and rest:
        return Msg(f"act.{head}", {"cards": rest})
    if kind == "bid" or _is_bridge_bid(text):
        return Msg("act.bridge_bid", {"bid": bridge_text(text)})
    if ":" in text:  # Guandan: "FH/4: 9s 9d 7h 4c 4d"
        label, _, cards = text.partition(":")
        return Msg("act.play_as", {"combo": label.strip(), "cards": cards.strip()})
    return Msg("act.play", {"cards": text})


_BRIDGE_STRAIN = re.compile(r"(?<=[1-7])([CDHS])")
_STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def bridge_text(text: str) -> str:
    """A bid or contract with suit symbols: ``4H`` -> ``4♥``, ``3NTX`` stays."""
    return _BRIDGE_STRAIN.sub(lambda m: _STRAIN_SYMBOLS[m.group(1)], text)


def _is_bridge_bid(text: str) -> bool:
    return len(text) >= 2 and text[0] in "1234567" and text[1:] in ("C", "D", "H", "S", "NT")


def combo_msg(kind: str | None) -> Msg | None:
    return None if not kind else Msg(f"combo.{kind}")


# ---- climbing games: the round and the log --------------------------------------------------

_ROUND_START = frozenset({"trick", "deal", "lead"})


def climb_last(history: Sequence[Mapping[str, Any]]) -> dict[int, Msg]:
    """Each seat's last play or pass in the current round (since the last trick ended)."""
    last: dict[int, Msg] = {}
    for e in history:
        event = e.get("event")
        if event in _ROUND_START:
            last = {}
        elif event == "play":
            last[e["player"]] = Msg("last.play", {"cards": e["cards"]})
        elif event == "pass":
            last[e["player"]] = Msg("last.pass")
        elif event == "call":
            last[e["player"]] = action_msg(str(e.get("call", "")))
        elif event == "finished":
            last[e["player"]] = Msg("last.finished", {"place": e["place"]})
    return last


def climb_log_entry(e: Mapping[str, Any]) -> LogEntry | None:
    """The log line of one event of a climbing game's public history (None: not shown)."""
    event = e.get("event")
    p = e.get("player")
    if event == "deal":
        return LogEntry(Msg("log.deal"))
    if event == "call":
        params: dict[str, Any] = {"seat": p, "call": action_msg(str(e.get("call")))}
        if e.get("shown"):
            return LogEntry(Msg("log.call_shown", {**params, "cards": e["shown"]}), p)
        return LogEntry(Msg("log.call", params), p)
    if event == "play":
        combo = combo_msg(e.get("type"))
        return LogEntry(Msg("log.play", {"seat": p, "cards": e["cards"], "combo": combo}), p)
    if event == "pass":
        return LogEntry(Msg("log.pass", {"seat": p}), p)
    if event == "trick":
        if "points" in e and e["points"]:
            return LogEntry(Msg("log.trick_points", {"winner": e["winner"], "n": e["points"]}))
        return LogEntry(Msg("log.trick", {"winner": e["winner"]}))
    if event == "finished":
        return LogEntry(Msg("log.finished", {"seat": p, "place": e["place"]}), p)
    if event == "landlord":
        return LogEntry(Msg("log.landlord", {"seat": p, "bid": e["bid"], "cards": e["bottom"]}), p)
    if event == "bomb_bonus":
        return LogEntry(Msg("log.bomb_bonus", {"seat": p}), p)
    if event == "reveal":
        return LogEntry(Msg("log.reveal", {"seat": p, "card": e["card"]}), p)
    if event == "banker":
        return LogEntry(Msg("log.banker", {"seat": p}), p)
    if event == "kitty":
        return LogEntry(Msg("log.kitty", {"seat": p}), p)
    if event == "buried":
        return LogEntry(Msg("log.buried", {"seat": p}), p)
    if event == "answered":
        return LogEntry(Msg("log.answered", {"seat": p}), p)
    if event == "end":
        return LogEntry(Msg("log.end_points", {"seat": p, "n": e.get("points", 0)}), p)
    if event == "lead":
        return LogEntry(Msg("log.lead", {"seat": p}), p)
    if event == "tribute":
        return LogEntry(Msg("log.tribute", {"seat": p, "to": e["to"], "card": e["card"]}), p)
    if event == "return":
        if "card" in e:
            return LogEntry(Msg("log.return", {"seat": p, "to": e["to"], "card": e["card"]}), p)
        return LogEntry(Msg("log.return_hidden", {"seat": p, "to": e["to"]}), p)
    return None


def log_of(
    history: Iterable[Mapping[str, Any]],
    entry: Callable[[Mapping[str, Any]], LogEntry | None] = climb_log_entry,
) -> tuple[LogEntry, ...]:
    return tuple(x for x in (entry(e) for e in history) if x is not None)


def top_pile(top: Mapping[str, Any] | None, history: Sequence[Mapping[str, Any]]) -> Pile | None:
    """The play to beat, named by its combination (from the history's last play)."""
    if not top:
        return None
    text = top.get("cards") or top.get("play") or ""
    combo = None
    for e in reversed(history):
        if e.get("event") == "play" and e.get("player") == top.get("player"):
            combo = combo_msg(e.get("type"))
            break
    if ":" in text:
        text = text.partition(":")[2]
    return Pile("pile.top", tuple(cards_of(text)), top.get("player"), combo)


def phase_info(phase: str | None) -> Info:
    return Info("info.phase", Msg(f"phase.{phase}"))


def turn_info(to_act: int | None) -> Info | None:
    return None if to_act is None else Info("info.turn", Msg("turn", {"seat": to_act}))


# ---- the result breakdown ------------------------------------------------------------------

SEAT_FIELDS = frozenset(
    {
        "landlord",
        "banker",
        "ender",
        "kitty_to",
        "bidder",
        "partner",
        "dealer",
        "next_dealer",
        "next_first_player",
        "order",
        "finish_order",
        "unfinished",
        "partners",
        "banker_side",
        "defense_side",
        "lit_by",
        "red",
        "black",
        "eligible",
        "promoted",
        "final_victory",
    }
)
"""Result fields whose values are seats or lists of seats."""

CARD_FIELDS = frozenset({"kitty", "high_card", "low_card", "board", "locked", "card", "shown"})


def leaf_is_cards(name: str) -> bool:
    return name.rsplit(".", 1)[-1] in CARD_FIELDS


def result_lines(
    ctx: Context,
    result: Mapping[str, Any],
    *,
    skip: Iterable[str] = (),
    seat_fields: Iterable[str] = (),
) -> tuple[Info, ...]:
    """The settlement breakdown as labelled lines, in the order the library reports it.

    Each field ``f`` (a nested field ``a.b``) is labelled by the catalogue key ``res.f``;
    per-seat lists are shown seat by seat, seats by name, cards as cards."""
    skipped = set(skip)
    seats = SEAT_FIELDS | set(seat_fields)
    lines: list[Info] = []

    def value_of(name: str, v: Any) -> Any:
        leaf = name.rsplit(".", 1)[-1]
        if v is None:
            return Msg("value.none")
        if isinstance(v, bool):
            return Msg("value.yes" if v else "value.no")
        if leaf in seats and isinstance(v, int):
            return Msg("value.seat", {"seat": v})
        if leaf in seats and isinstance(v, list) and all(isinstance(x, int) for x in v):
            return Msg("value.seats", {"seats": v})
        if leaf in CARD_FIELDS and isinstance(v, str):
            return Msg("value.cards", {"cards": v})
        if (
            isinstance(v, list)
            and len(v) == ctx.num_players
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
        ):
            return per_seat(v)
        if isinstance(v, list):
            return [value_of(name, x) for x in v]
        if isinstance(v, float):
            return _num(v)
        if isinstance(v, str) and _WORDS.fullmatch(v):
            return Msg("val." + v.replace(" ", "_"))
        return v

    def walk(prefix: str, data: Mapping[str, Any]) -> None:
        for k, v in data.items():
            name = f"{prefix}.{k}" if prefix else str(k)
            if name in skipped:
                continue
            if isinstance(v, dict):
                if v and all(str(x).isdigit() for x in v):
                    # {seat: value}: one line per seat (cards for ``shown``)
                    for seat_text, x in v.items():
                        if isinstance(x, str) and leaf_is_cards(k):
                            shown = Msg("value.seat_cards", {"seat": int(seat_text), "cards": x})
                        else:
                            shown = Msg("value.seat_value", {"seat": int(seat_text), "value": x})
                        lines.append(Info(f"res.{name}", shown))
                else:
                    walk(name, v)
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for row in v:
                    parts = [
                        Msg(
                            "value.field",
                            {
                                "field": Msg(f"res.{name}.{rk}"),
                                "value": value_of(f"{name}.{rk}", rv),
                            },
                        )
                        for rk, rv in row.items()
                        if rk != "player" and not rk.endswith("_index")
                    ]
                    if row.get("player") is None:
                        lines.append(Info(f"res.{name}", Msg("value.row_plain", {"parts": parts})))
                    else:
                        row_msg = Msg("value.row", {"seat": row["player"], "parts": parts})
                        lines.append(Info(f"res.{name}", row_msg))
            else:
                lines.append(Info(f"res.{name}", value_of(name, v)))

    walk("", result)
    return tuple(lines)


_WORDS = re.compile(r"[a-z][a-z _]*")


def _num(x: float | int) -> float | int:
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def per_seat(values: Sequence[float | int]) -> Msg:
    """One value per seat, each shown with the seat's name."""
    return Msg(
        "value.per_seat",
        {
            "values": [
                Msg("value.seat_value", {"seat": i, "value": _num(x)}) for i, x in enumerate(values)
            ]
        },
    )


def returns_info(ctx: Context) -> Info | None:
    if ctx.returns is None:
        return None
    return Info("info.returns", per_seat(ctx.returns))
