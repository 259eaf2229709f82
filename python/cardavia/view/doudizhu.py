"""Dou Dizhu's view (rules ``doudizhu.md``): the auction's high bid, the landlord and his
bottom cards once taken (DDZ-3.9), the play to beat, the bombs so far (DDZ-7)."""

from __future__ import annotations

from cardavia.view._climb import build_climb
from cardavia.view.common import Context, cards_of, ladder_key
from cardavia.view.model import Info, Msg, Pile, TableView

ORDER = "3456789TJQKA2"
"""DDZ-2.3: ranks from low to high, then the jokers."""


def build(ctx: Context) -> TableView:
    o = ctx.base
    landlord = o.get("landlord")
    history = ctx.history()
    bombs = sum(
        1 for e in history if e.get("event") == "play" and e.get("type") in ("bomb", "rocket")
    )

    def tags(seat: int) -> list[str]:
        if landlord is None:
            return ["tag.first_bidder"] if seat == o.get("first_bidder") else []
        return ["tag.landlord" if seat == landlord else "tag.farmer"]

    info = [
        Info("info.high_bid", o.get("high_bid") or Msg("value.none")),
        Info("info.landlord", Msg("value.seat", {"seat": landlord}))
        if landlord is not None
        else None,
        Info("info.bombs", bombs) if o.get("phase") != "auction" else None,
    ]
    bottom = o.get("bottom")
    piles = [Pile("pile.bottom", tuple(cards_of(bottom)), landlord)] if bottom else []
    return build_climb(
        ctx,
        key=ladder_key(ORDER),
        to_act=o.get("current_player"),
        tags=tags,
        info=info,
        piles=piles,
    )
