"""No-limit Hold'em's view (rules ``holdem.md``): stacks and bets, the button and blinds, the
board, the pot, one's own hole cards and the hole cards shown (HE-6.6, HE-7.12)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardavia.view._poker import betting_entry, last_bet
from cardavia.view.common import (
    Context,
    cards_of,
    log_of,
    make_seat,
    result_lines,
    returns_info,
    suit_then_rank,
    turn_info,
)
from cardavia.view.model import Info, LogEntry, Msg, Pile, Stat, TableView


def _log_entry(e: Mapping[str, Any]) -> LogEntry | None:
    event = e.get("event")
    if event == "hole":
        if e.get("cards"):
            return LogEntry(
                Msg("log.hole", {"seat": e["player"], "cards": e["cards"]}), e["player"]
            )
        return None
    if event == "board":
        return LogEntry(
            Msg("log.board", {"street": Msg(f"phase.{e['street']}"), "cards": e["cards"]})
        )
    if event == "reveal":
        return LogEntry(Msg("log.shows", {"seat": e["player"], "cards": e["cards"]}), e["player"])
    return betting_entry(e)


def _hand_name(hole: str, board: str) -> Msg | None:
    """The category of the best five of a shown holding and the board (HE-2)."""
    from cardavia import holdem

    cards = f"{hole} {board}".split()
    if len(cards) < 5:
        return None
    return Msg(f"hand.{holdem.evaluate(' '.join(cards)).category.name.lower()}")


def build(ctx: Context) -> TableView:
    o = ctx.base
    n = ctx.num_players
    to_act = o.get("current_player")
    shown = {int(k): v for k, v in (o.get("shown") or {}).items()}
    folded = o.get("folded") or [False] * n
    stacks = o.get("stacks") or []
    bets = o.get("bets") or []
    history = ctx.history()
    last = last_bet(history, frozenset({"board"}))
    seats = []
    for seat in range(n):
        tags = []
        if seat == o.get("button"):
            tags.append("tag.button")
        if seat == o.get("small_blind_seat"):
            tags.append("tag.small_blind")
        if seat == o.get("big_blind_seat"):
            tags.append("tag.big_blind")
        if folded[seat]:
            tags.append("tag.folded")
        elif seat < len(stacks) and stacks[seat] == 0 and not ctx.over:
            tags.append("tag.all_in")
        hole = None
        if ctx.viewer is None or seat == ctx.viewer:
            hole = ctx.obs[seat]["hole"] if seat in ctx.obs else None
        if hole is None and seat in shown:
            hole = shown[seat]
        stats = [Stat("stat.chips", stacks[seat])] if seat < len(stacks) else []
        if seat < len(bets) and bets[seat]:
            stats.append(Stat("stat.bet", bets[seat]))
        seats.append(
            make_seat(
                ctx,
                seat,
                tags=tags,
                cards=None if not hole else hole.split(),
                key=suit_then_rank,
                count=0 if folded[seat] else 2,
                stats=stats,
                last=last.get(seat),
                to_act=to_act,
            )
        )
    board = cards_of(o.get("board"))
    table = [Pile("pile.board", tuple(board))] if board else []
    street = o.get("street")
    info: list[Info] = [
        Info("info.phase", Msg(f"phase.{street}")),
        Info("info.pot", o.get("pot", 0)),
    ]
    blinds = (ctx.options.get("small_blind"), ctx.options.get("big_blind"))
    info.append(Info("info.blinds", f"{blinds[0]}/{blinds[1]}"))
    turn = turn_info(to_act)
    if turn is not None:
        info.append(turn)
    result = None
    if ctx.result is not None:
        result = result_lines(ctx, ctx.result, skip=("rank_class", "pots"))
        pots = [
            Info(
                "res.pots",
                Msg(
                    "value.pot",
                    {
                        "n": pot.get("amount"),
                        "shares": [
                            Msg("value.seat_value", {"seat": s, "value": c})
                            for s, c in pot.get("shares", [])
                        ],
                    },
                ),
            )
            for pot in ctx.result.get("pots") or []
        ]
        result = (*result, *pots)
        board_text = str(ctx.result.get("board") or "")
        names = []
        for seat_text, hole in (ctx.result.get("shown") or {}).items():
            name = _hand_name(hole, board_text)
            if name is not None:
                names.append(
                    Info(
                        "res.hand", Msg("value.seat_value", {"seat": int(seat_text), "value": name})
                    )
                )
        ret = returns_info(ctx)
        result = (*result, *names, *([ret] if ret else []))
    return TableView(
        game=ctx.game_id,
        viewer=ctx.viewer,
        num_players=n,
        phase=str(street),
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
