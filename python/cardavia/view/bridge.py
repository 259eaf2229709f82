"""Bridge's view (rules ``bridge.md``): the four-hand diagram (N top, S bottom), the auction,
the contract and declarer, dummy's cards from the opening lead on (BR-4.9), the current trick
and the tricks won."""

from __future__ import annotations

from cardavia.view.common import (
    Context,
    action_msg,
    bridge_text,
    make_seat,
    phase_info,
    result_lines,
    returns_info,
    suit,
    suit_then_rank,
    turn_info,
)
from cardavia.view.model import Info, LogEntry, Msg, Pile, TableView

SEATS = "NESW"


def build(ctx: Context) -> TableView:
    o = ctx.base
    dealer = SEATS.index(o["dealer"]) if o.get("dealer") in tuple(SEATS) else 2
    declarer = o.get("declarer")
    dummy = o.get("dummy")
    to_act = o.get("current_player")
    to_play = o.get("seat_to_play")
    tricks = o.get("tricks") or []
    current = o.get("current_trick") or {"leader": None, "cards": []}
    played = [0, 0, 0, 0]
    for t in [*tricks, current]:
        leader = t.get("leader")
        for k, _ in enumerate(t.get("cards") or []):
            if leader is not None:
                played[(leader + k) % 4] += 1
    last_card: dict[int, Msg] = {}
    if current.get("leader") is not None:
        for k, c in enumerate(current["cards"]):
            last_card[(current["leader"] + k) % 4] = Msg("last.play", {"cards": c})
    calls = list(o.get("calls") or [])
    if o.get("phase") == "auction":
        for k, call in enumerate(calls):
            last_card[(dealer + k) % 4] = action_msg(call, "bid" if call[0].isdigit() else None)
    seats = []
    for seat in range(4):
        tags = []
        if seat == dealer:
            tags.append("tag.dealer")
        if seat == declarer:
            tags.append("tag.declarer")
        if seat == dummy:
            tags.append("tag.dummy")
        if to_play is not None and seat == to_play and to_play != to_act:
            tags.append("tag.to_play")
        hand = ctx.hand(seat)
        if hand is None and seat == dummy and o.get("dummy_hand") is not None:
            hand = o["dummy_hand"]
        seats.append(
            make_seat(
                ctx,
                seat,
                name=Msg(f"seat.bridge.{SEATS[seat]}"),
                tags=tags,
                cards=None if hand is None else hand.split(),
                key=suit_then_rank,
                group=suit,
                count=13 - played[seat],
                last=last_card.get(seat),
                to_act=to_act,
            )
        )
    table = []
    if current.get("leader") is not None:
        for k, c in enumerate(current["cards"]):
            table.append(Pile("pile.trick", (c,), (current["leader"] + k) % 4))
    if not table and tricks:
        last = tricks[-1]
        table.append(
            Pile(
                "pile.last_trick",
                tuple(last["cards"]),
                last["leader"],
                Msg("value.won_by", {"seat": last["winner"]}),
            )
        )
    won = o.get("tricks_won") or [0, 0, 0, 0]
    info: list[Info] = [phase_info(o.get("phase"))]
    info.append(Info("info.vulnerability", Msg(f"vul.{o.get('vulnerability')}")))
    if o.get("contract"):
        info.append(
            Info(
                "info.contract",
                Msg("value.contract", {"contract": bridge_text(o["contract"]), "seat": declarer}),
            )
        )
    info.append(
        Info(
            "info.tricks_ns_ew",
            Msg("value.teams_ns_ew", {"ns": won[0] + won[2], "ew": won[1] + won[3]}),
        )
    )
    if calls:
        info.append(
            Info("info.auction", [action_msg(c, "bid" if c[0].isdigit() else None) for c in calls])
        )
    turn = turn_info(to_play if to_play is not None else to_act)
    if turn is not None:
        info.append(turn)
    log: list[LogEntry] = []
    for k, call in enumerate(calls):
        seat = (dealer + k) % 4
        log.append(
            LogEntry(
                Msg(
                    "log.call",
                    {"seat": seat, "call": action_msg(call, "bid" if call[0].isdigit() else None)},
                ),
                seat,
            )
        )
    for t in tricks:
        log.append(
            LogEntry(
                Msg(
                    "log.trick_cards",
                    {"leader": t["leader"], "cards": " ".join(t["cards"]), "winner": t["winner"]},
                )
            )
        )
    result = None
    if ctx.result is not None:
        shown = dict(ctx.result)
        for name in ("declarer", "dummy"):  # seats by letter in bridge.score's breakdown
            if isinstance(shown.get(name), str) and shown[name] in tuple(SEATS):
                shown[name] = SEATS.index(shown[name])
        score = shown.get("score")
        zero = [f"score.{k}" for k, v in (score or {}).items() if v == 0 and k not in ("ns", "ew")]
        result = result_lines(ctx, shown, skip=zero)
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
        log=tuple(log),
        result=result,
        returns=ctx.returns,
        over=ctx.over,
        layout="bridge",
        clockwise=True,
    )
