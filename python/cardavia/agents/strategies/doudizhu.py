"""Dou Dizhu rule strategy (the HeuristicAgent), hints' reasons, and the search's settings.

**Auction** (DDZ-3.4). The hand is scored: big joker 4, small joker 3, each 2 counts 2, each
bomb 5, each ace 1, minus one point per play beyond eight that the hand needs
(:func:`~cardavia.agents.strategies.climbing_common.count_moves`). It bids 3 from 11 points, 2
from 8, 1 from 6, when that beats the high bid; otherwise it passes.

**Card play** (DDZ-6).
* It goes out whenever a legal play empties its hand.
* Leading: the play that leaves the hand needing the fewest plays, without breaking or spending
  a bomb, lowest rank first. When an opponent holds one card, it avoids leading a single
  unless it is its highest card.
* Following an opponent: the cheapest play that beats the top without making the hand worse by
  more than one play; a bomb or the rocket only when that opponent holds four cards or fewer,
  or when the bomb leaves at most two plays; otherwise it passes.
* Following its partner (a farmer after the other farmer): it passes, unless it can go out.
"""

from __future__ import annotations

from typing import Any

from cardavia._core import CardSet, Rng
from cardavia.agents.strategies.climbing_common import (
    BIG_JOKER,
    SMALL_JOKER,
    TWO,
    HandShape,
    count_moves,
    judge,
    rank_counts,
)
from cardavia.game import Action, State

__all__ = ["STRATEGY", "DouDizhuStrategy", "hand_strength"]

ACE = 11


def hand_strength(counts: list[int]) -> int:
    """The auction score of a hand (see the module documentation)."""
    score = 4 * counts[BIG_JOKER] + 3 * counts[SMALL_JOKER] + 2 * counts[TWO] + counts[ACE]
    score += 5 * sum(1 for r in range(13) if counts[r] == 4)
    score -= max(0, count_moves(counts) - 8)
    return score


def _bid_for(score: int) -> int:
    if score >= 11:
        return 3
    if score >= 8:
        return 2
    if score >= 6:
        return 1
    return 0


class DouDizhuStrategy:
    search_policy = "greedy"

    def choose(self, state: State, rng: Rng) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        hand = rank_counts(CardSet(obs["hand"]))
        if obs["phase"] == "auction":
            bid = _bid_for(hand_strength(hand))
            for a in legal:
                if a.kind == "bid" and a.amount == bid:
                    return a
            return next(a for a in legal if a.kind == "pass")
        return self._play(obs, legal, hand, player)

    def _play(self, obs: dict[str, Any], legal: list[Action], hand: list[int], me: int) -> Action:
        plays = [a for a in legal if a.kind == "play"]
        passing = next((a for a in legal if a.kind == "pass"), None)
        size = sum(hand)
        for a in plays:
            if len(a.cards or ()) == size:
                return a
        landlord = obs["landlord"]
        sizes = obs["hand_sizes"]
        opponents = [p for p in range(3) if (p == landlord) != (me == landlord)]
        top = obs["top"]
        judged = sorted((judge(hand, a) for a in plays), key=lambda h: h.key)
        if passing is None or top is None:  # leading
            return self._lead(judged, sizes, opponents).action
        if top["player"] not in opponents:  # partner holds the trick
            return passing
        now = count_moves(hand)
        normal = [h for h in judged if not h.is_bomb and h.moves_left <= now + 1]
        if normal:
            return min(normal, key=lambda h: (h.breaks_bomb, h.rank, h.moves_left)).action
        bombs = [h for h in judged if h.is_bomb]
        if bombs and (sizes[top["player"]] <= 4 or min(h.moves_left for h in bombs) <= 2):
            return min(bombs, key=lambda h: (h.moves_left, h.rank)).action
        return passing

    @staticmethod
    def _lead(judged: list[HandShape], sizes: list[int], opponents: list[int]) -> HandShape:
        safe = [h for h in judged if not h.is_bomb] or judged
        if any(sizes[p] == 1 for p in opponents):
            not_single = [h for h in safe if h.size > 1]
            if not_single:
                return not_single[0]
            return max(safe, key=lambda h: h.rank)
        return safe[0]

    def describe(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        hand = rank_counts(CardSet(obs["hand"]))
        if obs["phase"] == "auction":
            score = hand_strength(hand)
            if action.kind == "pass":
                return f"passes (hand strength {score})"
            return f"bids {action.amount} (hand strength {score})"
        if action.kind == "pass":
            top = obs["top"]
            landlord = obs["landlord"]
            if top is not None and (top["player"] == landlord) == (player == landlord):
                return "lets the partner's play stand"
            return "passes and keeps its cards"
        shape = judge(hand, action)
        if shape.size == sum(hand):
            return "goes out"
        parts = []
        play = action.play
        assert play is not None
        if shape.is_bomb:
            parts.append(f"{play.kind_name} (doubles the stakes)")
        else:
            parts.append(play.kind_name)
            bombs_held = sum(1 for r in range(13) if hand[r] == 4)
            if bombs_held and not shape.breaks_bomb:
                parts.append("keeps the bomb" if bombs_held == 1 else "keeps the bombs")
        if shape.breaks_bomb:
            parts.append("breaks a bomb")
        left = shape.moves_left
        parts.append(f"leaves {left} play{'s' if left != 1 else ''}")
        return "; ".join(parts)

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action, the most promising first (so that a small budget samples the
        plays that go out or leave the fewest plays before the others)."""
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        if obs["phase"] == "auction":
            return [(a,) for a in legal]
        hand = rank_counts(CardSet(obs["hand"]))
        plays = [a for a in legal if a.kind == "play"]
        others = [a for a in legal if a.kind != "play"]
        ordered = sorted(plays, key=lambda a: judge(hand, a).key)
        return [(a,) for a in ordered + others]


STRATEGY = DouDizhuStrategy()
