"""Tractor's view (rules ``tractor.md``): the level and both teams' levels, the declarations
and trump (TR-3.5-3.10), the kitty for the dealer (TR-3.12), the current trick, the points won
(TR-5), the pending selection of a play built card by card (seen by its owner only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardavia.view.common import (
    Context,
    action_msg,
    cards_of,
    log_of,
    make_seat,
    phase_info,
    result_lines,
    returns_info,
    turn_info,
)
from cardavia.view.model import Info, LogEntry, Msg, Pile, Stat, TableView

NATURAL = "23456789TJQKA"
SUITS = "shdc"


def order_key(level: str, trump: str | None) -> Callable[[str], tuple[int, int]]:
    """Trumps first (BJ, SJ, the trump suit's level card, the other level cards, the trump
    suit), then the plain suits, each from the ace down (TR-2)."""

    def key(card: str) -> tuple[int, int]:
        if card == "BJ":
            return 10, 100
        if card == "SJ":
            return 10, 99
        r, s = card[0], card[1]
        if r == level:
            return 10, 98 if s == trump else 90 + (3 - SUITS.index(s))
        if s == trump:
            return 10, NATURAL.index(r)
        return 3 - SUITS.index(s), NATURAL.index(r)

    return key


def group_label(level: str, trump: str | None) -> Callable[[str], str]:
    def label(card: str) -> str:
        if card in ("SJ", "BJ") or card[0] == level or card[1] == trump:
            return "trump"
        return card[1]

    return label


def _log_entry(e: Mapping[str, Any]) -> LogEntry | None:
    event = e.get("event")
    p = e.get("player")
    if event == "deal":
        return LogEntry(Msg("log.deal"))
    if event == "declare":
        call = e.get("call")
        if call == "pass":
            return LogEntry(Msg("log.pass", {"seat": p}), p)
        return LogEntry(Msg("log.declare", {"seat": p, "cards": call}), p)
    if event == "trump":
        suit = Msg("suit.NT") if e.get("no_trump") else Msg(f"suit.{e.get('suit')}")
        return LogEntry(Msg("log.trump", {"seat": e.get("declarer"), "suit": suit}))
    if event == "bury":
        return LogEntry(Msg("log.buried", {"seat": p}), p)
    if event == "trick":
        plays = [
            Msg("value.seat_cards", {"seat": x["player"], "cards": x["cards"]})
            for x in e.get("plays", [])
        ]
        return LogEntry(
            Msg("log.trick_plays", {"plays": plays, "winner": e["winner"], "n": e.get("points", 0)})
        )
    if event == "end":
        return LogEntry(Msg("log.tractor_end", {"n": e.get("attackers_score", 0)}))
    return None


def build(ctx: Context) -> TableView:
    o = ctx.base
    level = str(o.get("level"))
    trump_code = o.get("trump")
    trump = None if trump_code in (None, "NT") else str(trump_code)
    dealer = o.get("dealer")
    declarer = o.get("declarer")
    levels = o.get("levels") or [2, 2]
    points = o.get("points_won") or [0] * 4
    sizes = o.get("hand_sizes") or []
    to_act = o.get("current_player")
    key = order_key(level, trump)
    label = group_label(level, trump)
    trick = o.get("trick") or []
    last: dict[int, Msg] = {}
    if o.get("phase") == "declare":
        for seat, call in o.get("declarations") or []:
            last[seat] = action_msg("pass" if call is None else f"declare {call}")
    for seat, cards in trick:
        last[seat] = Msg("last.play", {"cards": cards})

    def level_name(v: int) -> str:
        return NATURAL[v - 2] if 2 <= v <= 14 else str(v)

    seats = []
    for seat in range(4):
        tags = ["tag.team_a" if seat % 2 == 0 else "tag.team_b"]
        if seat == dealer:
            tags.append("tag.dealer")
        if seat == declarer and declarer != dealer:
            tags.append("tag.declarer")
        hand = ctx.hand(seat)
        seats.append(
            make_seat(
                ctx,
                seat,
                tags=tags,
                cards=None if hand is None else hand.split(),
                key=key,
                group=label,
                count=sizes[seat] if seat < len(sizes) else None,
                stats=[
                    Stat("stat.level", level_name(levels[seat % 2])),
                    Stat("stat.points", points[seat]),
                ],
                last=last.get(seat),
                to_act=to_act,
            )
        )
    table = [Pile("pile.trick", tuple(cards_of(c)), s) for s, c in trick]
    if not table:
        done = [e for e in ctx.history() if e.get("event") == "trick"]
        if done:
            last_trick = done[-1]
            cards = tuple(c for x in last_trick.get("plays", []) for c in cards_of(x["cards"]))
            note = Msg("value.won_by", {"seat": last_trick["winner"]})
            table.append(Pile("pile.last_trick", cards, last_trick.get("leader"), note))
    selection = o.get("selection")
    if selection:
        table.append(Pile("pile.selection", tuple(cards_of(selection)), o.get("player")))
    if o.get("kitty") and o.get("phase") in ("declare", "bury"):
        table.append(Pile("pile.kitty", tuple(cards_of(o["kitty"])), dealer))
    if o.get("buried"):
        table.append(Pile("pile.buried", tuple(cards_of(o["buried"])), dealer))
    info: list[Info] = [phase_info(o.get("phase")), Info("info.level", level)]
    if trump_code is not None:
        info.append(Info("info.trump", Msg(f"suit.{trump_code}")))
    info.append(
        Info(
            "info.team_levels",
            Msg("value.teams", {"a": level_name(levels[0]), "b": level_name(levels[1])}),
        )
    )
    if dealer is not None:
        attackers = sum(points[s] for s in range(4) if s % 2 != dealer % 2)
        info.append(Info("info.attackers_points", attackers))
    turn = turn_info(to_act)
    if turn is not None:
        info.append(turn)
    result = None
    if ctx.result is not None:
        result = result_lines(
            ctx,
            ctx.result,
            skip=("returns", "levels_before", "levels_after"),
            seat_fields=("declarer",),
        )
        for name in ("levels_before", "levels_after"):
            a, b = (level_name(v) for v in ctx.result.get(name) or [2, 2])
            result = (*result, Info(f"res.{name}", Msg("value.teams", {"a": a, "b": b})))
        ret = returns_info(ctx)
        if ret is not None:
            result = (*result, ret)
    return TableView(
        game=ctx.game_id,
        viewer=ctx.viewer,
        num_players=4,
        phase=str(o.get("phase")),
        to_act=to_act,
        seats=tuple(seats),
        table=tuple(table),
        info=tuple(info),
        log=log_of(ctx.history(), _log_entry),
        result=result,
        returns=ctx.returns,
        over=ctx.over,
    )
