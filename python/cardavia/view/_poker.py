"""What the two poker views share: the betting log."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.view.model import LogEntry, Msg


def betting_entry(e: Mapping[str, Any]) -> LogEntry | None:
    """The log line of a betting event (blinds, antes, actions, pots, uncalled chips)."""
    event = e.get("event")
    p = e.get("player")
    if event == "blind":
        return LogEntry(Msg(f"log.blind_{e.get('blind')}", {"seat": p, "n": e.get("chips")}), p)
    if event == "ante":
        return LogEntry(Msg("log.ante", {"seat": p, "n": e.get("chips")}), p)
    if event == "action":
        what = e.get("action")
        params: dict[str, Any] = {"seat": p, "n": e.get("to", e.get("chips"))}
        key = f"log.{what}"
        if what == "call":
            key = "log.call_chips"
            params["n"] = e.get("chips")
        if e.get("all_in"):
            return LogEntry(Msg("log.all_in", {"seat": p, "action": Msg(key, params)}), p)
        return LogEntry(Msg(key, params), p)
    if event == "pot":
        shares = [Msg("value.seat_value", {"seat": s, "value": c}) for s, c in e.get("shares", [])]
        return LogEntry(Msg("log.pot", {"n": e.get("chips"), "shares": shares}))
    if event == "return":
        return LogEntry(Msg("log.uncalled", {"seat": p, "n": e.get("chips")}), p)
    return None


def last_bet(history: list[dict[str, Any]], start_events: frozenset[str]) -> dict[int, Msg]:
    """Each seat's last betting action in the current betting round."""
    last: dict[int, Msg] = {}
    for e in history:
        if e.get("event") in start_events:
            last = {}
        elif e.get("event") == "action":
            entry = betting_entry(e)
            if entry is not None:
                what = e.get("action")
                amount = e.get("to") if what in ("bet", "raise") else e.get("chips")
                last[e["player"]] = Msg(f"last.{what}", {"n": amount})  # last.call: chips
    return last
