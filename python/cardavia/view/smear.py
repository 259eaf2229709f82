"""Ten Point Smear's view (rules ``smear.md``): the bids and the bidder, trump with the jick
and jokers (SM-2.4), the partner card and partner (5 players, SM-3.11), the player's own
discards, the current trick and the tricks won."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardavia.view.common import (
    Context,
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
_JICK = {"h": "Jd", "d": "Jh", "s": "Jc", "c": "Js"}


def order_key(trump: str | None) -> Callable[[str], tuple[int, float]]:
    """SM-2.5: trumps first (A K Q J jick, the jokers, T..2), then the plain suits."""
    jick = _JICK.get(trump or "")

    def key(card: str) -> tuple[int, float]:
        if card in ("SJ", "BJ"):
            return (10 if trump else 5), 8.5 if card == "BJ" else 8.4
        if card == jick:
            return 10, 8.7
        r, s = card[0], card[1]
        if s == trump:
            return 10, NATURAL.index(r)
        return 3 - SUITS.index(s), NATURAL.index(r)

    return key


def group_label(trump: str | None) -> Callable[[str], str]:
    jick = _JICK.get(trump or "")

    def label(card: str) -> str:
        if card in ("SJ", "BJ"):
            return "trump" if trump else "joker"
        if card == jick or card[1] == trump:
            return "trump"
        return card[1]

    return label


def teams(n: int) -> list[int] | None:
    """The side of each seat (SM-1): 4 players 2 teams, 6 players 3 teams, 5 individual."""
    if n == 4:
        return [s % 2 for s in range(4)]
    if n == 6:
        return [s % 3 for s in range(6)]
    return None


def _log_entry(e: Mapping[str, Any]) -> LogEntry | None:
    event = e.get("event")
    p = e.get("player")
    if event == "deal":
        return LogEntry(Msg("log.deal"))
    if event == "bid":
        if e.get("bid") is None:
            return LogEntry(Msg("log.pass", {"seat": p}), p)
        return LogEntry(Msg("log.bid", {"seat": p, "amount": e["bid"]}), p)
    if event == "bidder":
        return LogEntry(Msg("log.bidder", {"seat": p, "amount": e["bid"]}), p)
    if event == "trump":
        return LogEntry(Msg("log.trump", {"seat": p, "suit": Msg(f"suit.{e['suit']}")}), p)
    if event == "stock":
        return LogEntry(Msg("log.stock", {"seat": p, "n": e.get("count", 0)}), p)
    if event == "discard":
        if "card" in e:
            return LogEntry(Msg("log.discard_card", {"seat": p, "card": e["card"]}), p)
        return None
    if event == "partner_card":
        return LogEntry(Msg("log.partner_card", {"seat": p, "card": e["card"]}), p)
    if event == "partner":
        return LogEntry(Msg("log.partner", {"seat": p, "card": e["card"]}), p)
    if event == "play":
        return LogEntry(Msg("log.play", {"seat": p, "cards": e["card"], "combo": None}), p)
    if event == "trick":
        return LogEntry(Msg("log.trick", {"winner": e["winner"]}))
    return None


def build(ctx: Context) -> TableView:
    o = ctx.base
    n = ctx.num_players
    trump = o.get("trump")
    key, label = order_key(trump), group_label(trump)
    to_act = o.get("current_player")
    history = ctx.history()
    won = [0] * n
    for t in o.get("tricks") or []:
        won[t["winner"]] += 1
    last: dict[int, Msg] = {}
    for e in history:
        if e.get("event") == "bid":
            p = e["player"]
            last[p] = (
                Msg("act.pass") if e.get("bid") is None else Msg("act.bid", {"amount": e["bid"]})
            )
    current = o.get("current_trick") or {"leader": None, "cards": []}
    if current.get("leader") is not None and o.get("phase") == "play":
        last = {}
        for k, c in enumerate(current["cards"]):
            last[(current["leader"] + k) % n] = Msg("last.play", {"cards": c})
    side = teams(n)
    sizes = o.get("hand_sizes") or []
    seats = []
    for seat in range(n):
        tags = []
        if side is not None:
            tags.append(f"tag.team_{'abc'[side[seat]]}")
        if seat == o.get("dealer"):
            tags.append("tag.dealer")
        if seat == o.get("bidder"):
            tags.append("tag.bidder")
        if seat == o.get("partner"):
            tags.append("tag.partner")
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
                stats=[Stat("stat.tricks", won[seat])]
                if o.get("phase") in ("play", "over")
                else [],
                last=last.get(seat),
                to_act=to_act,
            )
        )
    table: list[Pile] = []
    if current.get("leader") is not None:
        for k, c in enumerate(current["cards"]):
            table.append(Pile("pile.trick", (c,), (current["leader"] + k) % n))
    tricks = o.get("tricks") or []
    if not table and tricks:
        last_trick = tricks[-1]
        table.append(
            Pile(
                "pile.last_trick",
                tuple(last_trick["cards"]),
                last_trick["leader"],
                Msg("value.won_by", {"seat": last_trick["winner"]}),
            )
        )
    if o.get("discards") and ctx.viewer is not None:
        table.append(Pile("pile.discards", tuple(cards_of(o["discards"])), ctx.viewer))
    info: list[Info] = [phase_info(o.get("phase"))]
    if o.get("bidder") is not None:
        info.append(
            Info("info.bid", Msg("value.bid_by", {"amount": o.get("bid"), "seat": o["bidder"]}))
        )
    if trump:
        info.append(Info("info.trump", Msg(f"suit.{trump}")))
        info.append(Info("info.jick", Msg("value.cards", {"cards": _JICK[trump]})))
    if o.get("partner_card"):
        info.append(Info("info.partner_card", Msg("value.cards", {"cards": o["partner_card"]})))
    turn = turn_info(to_act)
    if turn is not None:
        info.append(turn)
    result = None
    if ctx.result is not None:
        result = result_lines(ctx, ctx.result, skip=("sides", "points.num_sides"))
        ret = returns_info(ctx)
        if ret is not None:
            result = (*result, ret)
    return TableView(
        game=ctx.game_id,
        viewer=ctx.viewer,
        num_players=n,
        phase=str(o.get("phase")),
        to_act=to_act,
        seats=tuple(seats),
        table=tuple(table),
        info=tuple(info),
        log=log_of(history, _log_entry),
        result=result,
        returns=ctx.returns,
        over=ctx.over,
        clockwise=True,
    )
