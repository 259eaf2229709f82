"""5-10-K's view (rules ``five_ten_king.md``): levels, the reveal and the banker, the kitty
and burials for the banker only (FTK-3.13), the calls and their answers (FTK-3.14-3.20), the
trick points (FTK-5), every hand at the settlement."""

from __future__ import annotations

from cardavia.view._climb import build_climb
from cardavia.view.common import Context, action_msg, cards_of, ladder_key
from cardavia.view.model import Info, Msg, Pile, Stat, TableView

ORDER = "3456789TJQKA2"
"""FTK-2.3: ranks from low to high, then the jokers."""


def build(ctx: Context) -> TableView:
    o = ctx.base
    banker = o.get("banker")
    levels = o.get("levels") or []
    points = o.get("trick_points") or []
    answerers = [a for a in (o.get("answerers") or []) if a is not None]
    # During the deal a reveal opportunity is private: the seat to act is known only to itself.
    to_act = o.get("to_act")

    def tags(seat: int) -> list[str]:
        out = []
        if seat == banker:
            out.append("tag.banker")
        if seat in answerers:
            out.append("tag.partner")
        return out

    def stats(seat: int) -> list[Stat]:
        out = [Stat("stat.level", levels[seat])] if seat < len(levels) else []
        if points:
            out.append(Stat("stat.points", points[seat]))
        return out

    info: list[Info | None] = [Info("info.deal_number", o.get("deal_number"))]
    if o.get("phase") == "deal":
        info.append(Info("info.cards_dealt", o.get("cards_dealt")))
    prompt = o.get("your_prompt")
    if prompt is not None:
        info.append(Info("info.prompt", Msg(f"prompt.{prompt}")))
    revealed = o.get("revealed")
    piles: list[Pile | None] = []
    if revealed:
        piles.append(Pile("pile.revealed", (revealed[1],), revealed[0]))
    calls = o.get("calls") or []
    if calls:
        info.append(Info("info.calls", [action_msg(c) for c in calls]))
    if answerers:
        info.append(Info("info.partners", Msg("value.seats", {"seats": answerers})))
    if o.get("kitty"):
        piles.append(Pile("pile.kitty", tuple(cards_of(o["kitty"])), banker))
    buried = o.get("buried")
    if isinstance(buried, str) and buried:
        piles.append(Pile("pile.buried", tuple(cards_of(buried)), banker))
    elif isinstance(buried, int) and buried:
        info.append(Info("info.buried_count", buried))
    return build_climb(
        ctx,
        key=ladder_key(ORDER),
        to_act=to_act,
        tags=tags,
        stats=stats,
        info=info,
        piles=piles,
        final_hands=o.get("final_hands"),
        result_skip=("tricks",),
    )
