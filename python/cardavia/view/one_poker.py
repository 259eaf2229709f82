"""One Poker's view (rules ``onepoker.md``): both players' UP/DOWN signals (OP-3.6), one's
own cards and locked card, stacks, bets and pot, the cards revealed and the discard pile
(OP-3.11, OP-6.6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.view._poker import betting_entry, last_bet
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

ORDER = "3456789TJQKA2"
"""OP-2.2 with OP-2.3: 2 beats A, so it sorts on top."""


def _key(card: str) -> int:
    return ORDER.index(card[0])


def _log_entry(e: Mapping[str, Any]) -> LogEntry | None:
    event = e.get("event")
    p = e.get("player")
    if event == "lock":
        if e.get("card"):
            return LogEntry(Msg("log.lock_card", {"seat": p, "card": e["card"]}), p)
        return LogEntry(Msg("log.lock", {"seat": p}), p)
    if event == "reveal":
        return LogEntry(Msg("log.reveal_locked", {"cards": " ".join(e.get("locked") or [])}))
    if event == "settle":
        if e.get("winner") is None:
            return LogEntry(Msg("log.split", {"n": e.get("pot")}))
        return LogEntry(Msg("log.wins_pot", {"seat": e["winner"], "n": e.get("pot")}))
    return betting_entry(e)


def build(ctx: Context) -> TableView:
    o = ctx.base
    to_act = o.get("current_player")
    stacks = o.get("stacks") or [0, 0]
    bets = o.get("bets") or [0, 0]
    signals = o.get("signals") or [[0, 0], [0, 0]]
    revealed = o.get("revealed")
    last = last_bet(ctx.history(), frozenset())
    seats = []
    for seat in range(2):
        hand = ctx.hand(seat)
        tags = []
        locked = ctx.obs[seat].get("locked") if seat in ctx.obs else None
        other_locked = seat != ctx.viewer and ctx.viewer is not None and o.get("opponent_locked")
        if locked or other_locked:
            tags.append("tag.locked")
        if seat == o.get("first_player"):
            tags.append("tag.first_player")
        up, down = signals[seat]
        stats = [
            Stat("stat.chips", stacks[seat]),
            Stat("stat.bet", bets[seat]),
            Stat("stat.signal", Msg("value.signal", {"up": up, "down": down})),
        ]
        if locked:
            stats.append(Stat("stat.locked", Msg("value.cards", {"cards": locked})))
        seats.append(
            make_seat(
                ctx,
                seat,
                tags=tags,
                cards=None if hand is None else hand.split(),
                key=_key,
                count=2,
                stats=stats,
                last=last.get(seat),
                to_act=to_act,
            )
        )
    table: list[Pile] = []
    if revealed:
        for seat, card in enumerate(revealed):
            if card:
                table.append(Pile("pile.locked", (card,), seat))
    info: list[Info] = [
        phase_info(o.get("phase")),
        Info("info.deal_number", o.get("deal_number")),
        Info("info.pot", o.get("pot", 0)),
        Info("info.stock", o.get("stock_size")),
    ]
    discard = cards_of(o.get("discard"))
    if discard:
        info.append(Info("info.discard", Msg("value.cards", {"cards": " ".join(discard)})))
    carried = o.get("carried") or []
    if any(carried):
        info.append(
            Info(
                "info.carried",
                [
                    Msg("value.seat_value", {"seat": s, "value": c})
                    for s, c in enumerate(carried)
                    if c
                ],
            )
        )
    turn = turn_info(to_act)
    if turn is not None:
        info.append(turn)
    result = None
    if ctx.result is not None:
        result = result_lines(ctx, ctx.result, seat_fields=("winner",))
        ret = returns_info(ctx)
        if ret is not None:
            result = (*result, ret)
    return TableView(
        game=ctx.game_id,
        viewer=ctx.viewer,
        num_players=2,
        phase=str(o.get("phase")),
        to_act=to_act,
        seats=tuple(seats),
        table=tuple(table),
        info=tuple(info),
        log=log_of(ctx.history(), _log_entry),
        result=result,
        returns=ctx.returns,
        over=ctx.over,
        clockwise=True,
    )
