"""The scoreboard of a match (``game.new_match()``): totals, levels, chips or the race to 52,
as labelled lines (:class:`MatchView`), the same for the web and the terminal table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardavia.game import Match
from cardavia.view.common import per_seat
from cardavia.view.model import Info, Msg, _jsonable

__all__ = ["MatchView", "match_view"]

_RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class MatchView:
    """``deals`` played (the current one included), whether the match is ``over``, and its
    ``lines`` (scores per seat, levels, chips, race scores, winner)."""

    deals: int
    over: bool
    lines: tuple[Info, ...]

    def to_json(self) -> dict[str, Any]:
        out = _jsonable(self)
        assert isinstance(out, dict)
        return out


def _level(index: int) -> str:
    return _RANKS[index] if 0 <= index < len(_RANKS) else "A+"


def match_view(match: Match[Any]) -> MatchView:
    """The scoreboard of ``match`` (public: every number in it follows from finished deals)."""
    game_id = match.game.id
    lines: list[Info] = []
    if game_id not in ("five_ten_king", "tractor"):  # there the scores are the levels
        lines.append(Info("match.scores", per_seat(match.scores)))
    if game_id == "five_ten_king":
        levels = getattr(match, "levels", [])
        lines.append(Info("match.levels", per_seat_text([_level(i) for i in levels])))
    elif game_id in ("guandan", "tractor"):
        levels = list(getattr(match, "levels", []))
        names = [v if isinstance(v, str) else _level(int(v) - 2) for v in levels]
        lines.append(Info("match.team_levels", Msg("value.teams", {"a": names[0], "b": names[1]})))
    elif game_id in ("holdem", "one_poker"):
        lines.append(Info("match.stacks", per_seat(list(getattr(match, "stacks", [])))))
    elif game_id == "smear":
        party = list(getattr(match, "party_scores", []))
        if len(party) == match.game.num_players:
            lines.append(Info("match.race", per_seat(party)))
        else:
            teams = [
                Msg("value.team_value", {"team": "ABC"[k], "value": v}) for k, v in enumerate(party)
            ]
            lines.append(Info("match.race", teams))
    elif game_id == "red_ten":
        total = getattr(match, "num_deals", None)
        lines.append(
            Info("match.deals_of", Msg("value.of", {"n": len(match.deals), "total": total}))
        )
    if match.is_over():
        winner = getattr(match, "winner", None)
        winners = getattr(match, "winners", None)
        if winner is not None:
            if game_id in ("guandan", "tractor"):
                lines.append(Info("match.winner", Msg(f"tag.team_{'ab'[int(winner)]}")))
            elif (
                game_id == "smear"
                and len(getattr(match, "party_scores", [])) != match.game.num_players
            ):
                lines.append(Info("match.winner", Msg(f"tag.team_{'abc'[int(winner)]}")))
            else:
                lines.append(Info("match.winner", Msg("value.seat", {"seat": int(winner)})))
        elif winners:
            lines.append(Info("match.winner", Msg("value.seats", {"seats": list(winners)})))
    return MatchView(deals=len(match.deals), over=match.is_over(), lines=tuple(lines))


def per_seat_text(values: list[str]) -> Msg:
    return Msg(
        "value.per_seat",
        {
            "values": [
                Msg("value.seat_value", {"seat": i, "value": v}) for i, v in enumerate(values)
            ]
        },
    )
