"""Red Ten's view (rules ``red_ten.md``): the dealer, who lit and the red tens shown (RT-3.6),
the finishing order (RT-6); the teams stay hidden until the settlement (RT-3.5)."""

from __future__ import annotations

from cardavia.view._climb import build_climb
from cardavia.view.common import Context, cards_of, rank, suit
from cardavia.view.model import Info, Msg, Pile, Stat, TableView

ORDER = "3456789TJQKA2"


def _key(card: str) -> tuple[int, int]:
    """RT-2.3: 3..9, the black tens, J..A, 2, SJ, BJ, then the red tens (class R)."""
    if card in ("Th", "Td"):
        return 20, 1 if card == "Th" else 0
    if card in ("SJ", "BJ"):
        return 18 if card == "SJ" else 19, 0
    s = suit(card) or "s"
    return ORDER.index(card[0]), "cdhs".index(s)


def _group(card: str) -> str:
    return "R" if card in ("Th", "Td") else rank(card)


def build(ctx: Context) -> TableView:
    o = ctx.base
    order = list(o.get("finish_order") or [])
    shown = o.get("shown") or []
    lit_by = set(o.get("lit_by") or [])

    def tags(seat: int) -> list[str]:
        out = []
        if seat == o.get("dealer"):
            out.append("tag.dealer")
        if seat in lit_by:
            out.append("tag.lit")
        return out

    def stats(seat: int) -> list[Stat]:
        return [Stat("stat.place", order.index(seat) + 1)] if seat in order else []

    piles = [
        Pile("pile.shown", tuple(cards_of(text)), seat) for seat, text in enumerate(shown) if text
    ]
    info = [Info("info.lit", Msg("value.yes" if o.get("lit") else "value.no"))]
    return build_climb(
        ctx,
        key=_key,
        group=_group,
        to_act=o.get("current_player"),
        tags=tags,
        stats=stats,
        info=info,
        piles=piles,
    )
