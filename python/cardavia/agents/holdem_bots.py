"""Fixed Hold'em opponents for the arena (issue 16): a calling station and a tight-aggressive
rule bot. Both read only the player's observation (HE-3.10) and play exact legal amounts.

* :class:`CallingStation` (``make_agent("station")``): checks when it can, otherwise calls,
  whatever it holds; it never folds and never raises.
* :class:`TightAggressive` (``make_agent("tag")``): preflop it plays only hands by the Chen
  formula (pairs, high cards, suited connectors): it raises to 3 big blinds with a score of 9
  or more (facing a raise: re-raises to three times it with 12 or more, calls with 10-11,
  folds the rest); after the flop it bets ¾ of the pot with a made hand of two pair or better
  or a pair at least as high as the board's highest card, raises a bet with two pair or
  better, calls a bet with any pair of the board's top card or better when the bet is at most
  the pot, and otherwise checks or folds. It never bluffs. It is deliberately unlike the
  HeuristicAgent (no ranges, no equity), so the search is measured against a style it was not
  built from.
"""

from __future__ import annotations

import math

from cardavia._core import category_of, evaluate_cards
from cardavia.agents.base import SeededAgent, require_decision
from cardavia.game import Action, State

__all__ = ["CallingStation", "TightAggressive", "chen_score"]

_RANKS = "23456789TJQKA"


def chen_score(hole: list[str]) -> int:
    """Bill Chen's preflop score, rounded up."""
    a, b = (_RANKS.index(c[0]) for c in hole)
    hi, lo = max(a, b), min(a, b)
    top = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(hi, (hi + 2) / 2)
    if hi == lo:
        return math.ceil(max(5.0, 2 * top))
    score = top
    if hole[0][1] == hole[1][1]:
        score += 2
    gap = hi - lo - 1
    score -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
    if gap <= 1 and hi < 10:
        score += 1
    return math.ceil(score)


def _find(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a.kind == kind), None)


class CallingStation(SeededAgent):
    """Checks or calls every time (see the module documentation)."""

    name = "station"

    def act(self, state: State) -> Action:
        require_decision(state)
        legal = state.legal_actions()
        found = _find(legal, "check") or _find(legal, "call")
        return found if found is not None else legal[0]


class TightAggressive(SeededAgent):
    """A tight-aggressive rule bot (see the module documentation)."""

    name = "tag"

    def act(self, state: State) -> Action:
        player = require_decision(state)
        obs = state.observation(player)
        legal = state.legal_actions()
        passive = _find(legal, "check") or _find(legal, "call")
        assert passive is not None
        fold = _find(legal, "fold")
        give_up = fold or passive
        hole = str(obs["hole"]).split()
        board = str(obs["board"]).split()
        bets = [int(x) for x in obs["bets"]]
        level = max(bets)
        owed = level - bets[player]
        pot = int(obs["pot"])
        bb = int(state.game.options["big_blind"])
        rr = obs["raise_range"]

        def raise_to(to: float) -> Action:
            if rr is None:
                return passive
            t = max(rr[0], min(rr[1], round(to)))
            return state.parse_action(f"{'raise' if level else 'bet'} to {t}")

        if not board:
            score = chen_score(hole)
            if level <= bb:
                return raise_to(3 * bb) if score >= 9 else (passive if fold is None else fold)
            if score >= 12:
                return raise_to(3 * level)
            return passive if score >= 10 else give_up
        made = category_of(evaluate_cards(" ".join(hole + board)))
        board_only = category_of(evaluate_cards(" ".join(board))) if len(board) == 5 else 1
        top = max(_RANKS.index(c[0]) for c in board)
        pair_rank = max(
            (_RANKS.index(c[0]) for c in hole if any(c[0] == b[0] for b in board)), default=-1
        )
        if hole[0][0] == hole[1][0]:
            pair_rank = max(pair_rank, _RANKS.index(hole[0][0]))
        strong = made >= 3 and made > board_only
        good = strong or (made == 2 and pair_rank >= top)
        if owed == 0:
            return raise_to(level + 0.75 * pot) if good else passive
        if strong:
            return raise_to(level + (pot + owed))
        if good and owed <= pot - owed:
            return passive
        return give_up
