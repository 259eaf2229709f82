"""Guandan's view (rules ``guandan.md``): the level and both teams' levels (GD-3.4), the wild
level hearts (GD-2.3), the play to beat with its declared reading (GD-6.7), the finishing
order, tribute and returns (GD-8)."""

from __future__ import annotations

from collections.abc import Callable

from cardavia.view._climb import build_climb
from cardavia.view.common import Context, rank, suit
from cardavia.view.model import Info, Msg, Stat, TableView

NATURAL = "23456789TJQKA"


def order_key(level: str) -> Callable[[str], tuple[int, int]]:
    """GD-2.4: 2..A without the level rank, then the level rank (its wild hearts last), SJ,
    BJ."""

    def key(card: str) -> tuple[int, int]:
        if card == "BJ":
            return 17, 0
        if card == "SJ":
            return 16, 0
        s = suit(card) or "s"
        tie = "cdsh".index(s)  # hearts last in a rank: the wild level hearts stand out
        if card[0] == level:
            return 15, tie
        return NATURAL.index(card[0]), tie

    return key


def build(ctx: Context) -> TableView:
    o = ctx.base
    level = str(o.get("level"))
    levels = o.get("levels") or ["2", "2"]
    finished = list(o.get("finish_order") or [])

    def group(card: str) -> str:
        return "W" if card == f"{level}h" else rank(card)

    def tags(seat: int) -> list[str]:
        return ["tag.team_a" if seat % 2 == 0 else "tag.team_b"]

    def stats(seat: int) -> list[Stat]:
        out = [Stat("stat.level", levels[seat % 2])]
        if seat in finished:
            out.append(Stat("stat.place", finished.index(seat) + 1))
        return out

    info = [
        Info("info.level", level),
        Info("info.wild", Msg("value.wild", {"level": level})),
        Info("info.team_levels", Msg("value.teams", {"a": levels[0], "b": levels[1]})),
    ]
    return build_climb(
        ctx,
        key=order_key(level),
        group=group,
        to_act=o.get("current_player"),
        tags=tags,
        stats=stats,
        info=info,
    )
