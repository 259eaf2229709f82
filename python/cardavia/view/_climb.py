"""The shape every climbing game's view shares (Dou Dizhu, Zheng Shangyou, Red Ten, 5-10-K,
Guandan): hands sorted by the game's rank order and grouped by rank, the play to beat, each
seat's last action in the round, the readable log."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardavia.view.common import (
    Context,
    climb_last,
    log_of,
    make_seat,
    phase_info,
    rank,
    result_lines,
    returns_info,
    top_pile,
    turn_info,
)
from cardavia.view.model import Info, Pile, Stat, TableView

__all__ = ["build_climb"]


def build_climb(
    ctx: Context,
    *,
    key: Callable[[str], Any],
    group: Callable[[str], Any] = rank,
    to_act: int | None,
    tags: Callable[[int], Iterable[str]] = lambda seat: (),
    stats: Callable[[int], Iterable[Stat]] = lambda seat: (),
    info: Sequence[Info | None] = (),
    piles: Sequence[Pile | None] = (),
    final_hands: Sequence[str] | None = None,
    result_skip: Iterable[str] = (),
    clockwise: bool = False,
) -> TableView:
    base = ctx.base
    history = ctx.history()
    last = climb_last(history)
    sizes = base.get("hand_sizes") or []
    seats = []
    for seat in range(ctx.num_players):
        hand = ctx.hand(seat)
        if hand is None and final_hands is not None:
            hand = final_hands[seat]
        cards = None if hand is None else hand.split()
        seats.append(
            make_seat(
                ctx,
                seat,
                tags=tags(seat),
                cards=cards,
                key=key,
                group=group,
                count=sizes[seat] if seat < len(sizes) else None,
                stats=stats(seat),
                last=last.get(seat),
                to_act=to_act,
            )
        )
    top = top_pile(base.get("top"), history)
    table = [p for p in piles if p is not None]
    if top is not None:
        table.insert(0, top)
    lines = [phase_info(base.get("phase")), *(i for i in info if i is not None)]
    turn = turn_info(to_act)
    if turn is not None:
        lines.append(turn)
    result = None
    if ctx.result is not None:
        result = result_lines(ctx, ctx.result, skip=result_skip)
        ret = returns_info(ctx)
        if ret is not None:
            result = (*result, ret)
    return TableView(
        game=ctx.game_id,
        viewer=ctx.viewer,
        num_players=ctx.num_players,
        phase=str(base.get("phase")),
        to_act=to_act,
        seats=tuple(seats),
        table=tuple(table),
        info=tuple(lines),
        log=log_of(history),
        result=result,
        returns=ctx.returns,
        over=ctx.over,
        clockwise=clockwise,
    )
