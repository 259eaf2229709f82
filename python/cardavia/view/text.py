"""Messages in words (the catalogues of ``cardavia/web/i18n``) and the text picture of a
table, :func:`render_text`."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from cardavia.errors import InvalidArgumentError
from cardavia.view.model import CARD_PARAMS, SEAT_PARAMS, Info, Msg, SeatView, TableView

__all__ = ["LANGUAGES", "Formatter", "card_text", "catalogue"]

LANGUAGES = ("en", "ko")
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_CARD = re.compile(r"\b([2-9TJQKA])([cdhs])\b")


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Every label and message of language ``lang`` (``en`` or ``ko``)."""
    if lang not in LANGUAGES:
        raise InvalidArgumentError(f"unknown language {lang!r}; valid: {', '.join(LANGUAGES)}")
    path = resources.files("cardavia.web").joinpath("i18n").joinpath(f"{lang}.json")
    data: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return data


def card_text(text: str) -> str:
    """Card text with suit symbols: ``"Ah Td"`` -> ``"A♥ T♦"`` (jokers stay ``SJ``/``BJ``)."""
    return _CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


class Formatter:
    """Formats messages in one language for one view (seats are named as in the view, the
    viewer as "you")."""

    def __init__(self, lang: str = "en", view: TableView | None = None):
        self.words = catalogue(lang)
        self.view = view

    def t(self, key: str, **params: Any) -> str:
        return self.msg(Msg(key, params))

    def msg(self, m: Msg | Mapping[str, Any]) -> str:
        if isinstance(m, Msg):
            key, params = m.key, m.params
        else:
            key, params = m["key"], m.get("params") or {}
        template = self.words.get(key, key)
        return _PLACEHOLDER.sub(lambda x: self.param(x.group(1), params.get(x.group(1))), template)

    def param(self, name: str, value: Any) -> str:
        if value is None:
            return ""
        if isinstance(value, Msg) or (isinstance(value, dict) and "key" in value):
            return self.msg(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(self.param(name, v) for v in value)
        if name in SEAT_PARAMS and isinstance(value, int):
            return self.seat(value)
        if name in CARD_PARAMS and isinstance(value, str):
            return card_text(value)
        return self.value(value)

    def value(self, value: Any) -> str:
        if isinstance(value, Msg) or (isinstance(value, dict) and "key" in value):
            return self.msg(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(self.value(v) for v in value)
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)

    def seat(self, seat: int) -> str:
        name = self.seat_name(seat)
        if self.view is not None and self.view.viewer == seat:
            return self.t("you_seat", name=name)
        return name

    def seat_name(self, seat: int) -> str:
        if self.view is not None and 0 <= seat < len(self.view.seats):
            return self.msg(self.view.seats[seat].name)
        return self.t("seat.name", n=seat)


# ---- the text picture ----------------------------------------------------------------------


def _cards(cards: Sequence[str]) -> str:
    return card_text(" ".join(cards))


def _seat_block(f: Formatter, s: SeatView, with_cards: bool = True) -> list[str]:
    head = f.seat(s.seat)
    tags = [f.t(t) for t in s.tags]
    stats = [f"{f.t(st.key)} {f.value(st.value)}" for st in s.stats]
    line = head + (f" [{', '.join(tags)}]" if tags else "")
    if stats:
        line += "  " + "  ".join(stats)
    lines = [line]
    if with_cards:
        if s.cards is not None:
            groups = "  ".join(_cards(g) for g in s.groups) if s.groups else f.t("hand.empty")
            lines.append(f"  {f.t('label.hand')} ({len(s.cards)}): {groups}")
        elif s.count is not None:
            lines.append(f"  {f.t('label.cards_count', n=s.count)}")
    if s.last is not None:
        lines.append(f"  {f.t('label.last')}: {f.msg(s.last)}")
    return lines


def _info_lines(f: Formatter, items: Sequence[Info]) -> list[str]:
    return [f"{f.t(i.key)}: {f.value(i.value)}" for i in items]


def _table_lines(f: Formatter, view: TableView) -> list[str]:
    out = []
    for pile in view.table:
        label = f.t(pile.key)
        who = f" ({f.seat(pile.seat)})" if pile.seat is not None else ""
        note = f" — {f.msg(pile.note)}" if pile.note is not None else ""
        out.append(f"{label}{who}: {_cards(pile.cards) if pile.cards else '—'}{note}")
    return out


def _bridge_hand(f: Formatter, s: SeatView) -> list[str]:
    """One bridge hand as four suit lines (♠ ♥ ♦ ♣), or its card count when hidden."""
    if s.cards is None:
        return [f.t("label.cards_count", n=s.count or 0)]
    lines = []
    for su in "shdc":
        ranks = [c[0] for c in s.cards if len(c) == 2 and c[1] == su]
        lines.append(f"{SUIT_SYMBOLS[su]} {' '.join(ranks) if ranks else '—'}")
    return lines


def _width(text: str) -> int:
    """Display width: East Asian wide characters (Korean labels) take two columns."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _bridge_diagram(f: Formatter, view: TableView) -> list[str]:
    n, e, s, w = view.seats

    def title(seat: SeatView) -> str:
        tags = ", ".join(f.t(t) for t in seat.tags)
        return f.seat(seat.seat) + (f" [{tags}]" if tags else "")

    width = 26
    pad = " " * width
    out = [pad + title(n), *(pad + x for x in _bridge_hand(f, n))]
    west = [title(w), *_bridge_hand(f, w)]
    east = [title(e), *_bridge_hand(f, e)]
    trick = {p.seat: p.cards[0] for p in view.table if p.key == "pile.trick" and p.cards}
    middle = [
        "",
        f"{'':>6}{card_text(trick.get(0, '')):^8}",
        f"{card_text(trick.get(3, '')):>6}{'':8}{card_text(trick.get(1, '')):<6}",
        f"{'':>6}{card_text(trick.get(2, '')):^8}",
        "",
    ]
    for k in range(max(len(west), len(east), len(middle))):
        left = west[k] if k < len(west) else ""
        mid = middle[k] if k < len(middle) else ""
        right = east[k] if k < len(east) else ""
        out.append(f"{_pad(left, width)}{_pad(mid, 20)}{right}")
    out += [pad + title(s), *(pad + x for x in _bridge_hand(f, s))]
    return out


def render_view(view: TableView, lang: str = "en", log_lines: int = 8) -> str:
    """The text picture of a view (see :func:`cardavia.view.render_text`)."""
    f = Formatter(lang, view)
    title = f.t(f"game.{view.game}")
    who = f.t("label.all_hands") if view.viewer is None else f.t("label.view_of", seat=view.viewer)
    out = [f"{title} — {who}", ""]
    out += _info_lines(f, view.info)
    out.append("")
    if view.layout == "bridge" and len(view.seats) == 4:
        out += _bridge_diagram(f, view)
        for s in view.seats:
            if s.last is not None and view.phase == "auction":
                out.append(f"{f.seat(s.seat)}: {f.msg(s.last)}")
    else:
        order = list(range(view.num_players))
        if view.viewer is not None:
            order = order[view.viewer + 1 :] + order[: view.viewer + 1]
        for seat in order:
            out += _seat_block(f, view.seats[seat])
    table = _table_lines(f, view)
    if table:
        out += ["", f"{f.t('label.table')}:", *("  " + x for x in table)]
    if view.log and log_lines:
        out += ["", f"{f.t('label.log')}:"]
        out += ["  " + f.msg(e.msg) for e in view.log[-log_lines:]]
    if view.result is not None:
        out += ["", f"{f.t('label.result')}:"]
        out += ["  " + x for x in _info_lines(f, view.result)]
    return "\n".join(out).rstrip() + "\n"
