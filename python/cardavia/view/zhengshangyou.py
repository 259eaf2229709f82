"""Zheng Shangyou's view (rules ``zhengshangyou.md``): the play to beat, who has played a
card (ZSY-6), the bomb bonuses so far (ZSY-7)."""

from __future__ import annotations

from cardavia.view._climb import build_climb
from cardavia.view.common import Context, ladder_key
from cardavia.view.model import Stat, TableView

ORDER = "3456789TJQKA2"
"""ZSY-2.3: ranks from low to high."""


def build(ctx: Context) -> TableView:
    o = ctx.base
    bonuses = o.get("bonuses") or []
    has_played = o.get("has_played") or []

    def tags(seat: int) -> list[str]:
        out = []
        if seat == o.get("first_player"):
            out.append("tag.first_player")
        if seat < len(has_played) and not has_played[seat]:
            out.append("tag.not_played")
        return out

    def stats(seat: int) -> list[Stat]:
        return [Stat("stat.bonus", bonuses[seat])] if seat < len(bonuses) and any(bonuses) else []

    return build_climb(
        ctx,
        key=ladder_key(ORDER),
        to_act=o.get("current_player"),
        tags=tags,
        stats=stats,
    )
