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

from cardavia._core import CardSet, Rng
from cardavia.agents.base import Hint
from cardavia.agents.strategies.climbing_common import (
    BIG_JOKER,
    DOU_DIZHU_SHAPES,
    SMALL_JOKER,
    TWO,
    choose_play,
    count_moves,
    describe_play,
    ordered_candidates,
    rank_counts,
)
from cardavia.agents.strategies.doudizhu_search import DdzSearchSettings, card_play_search
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
    """The generic search's rollout policy (the auction)."""
    search_settings: DdzSearchSettings | None = None
    """The card-play kernel search's settings
    (:mod:`~cardavia.agents.strategies.doudizhu_search`), or None (the default) for the generic
    search: the kernel is not yet measured stronger against RLCard's rule agent (see
    docs/agents.md), so it is opt-in (``STRATEGY.search_settings = DdzSearchSettings()``)."""

    def search(
        self,
        state: State,
        *,
        seconds: float | None,
        iterations: int | None,
        seed: int,
        config: object,
    ) -> list[Hint] | None:
        """Card play with :attr:`search_settings` set:
        :func:`~cardavia.agents.strategies.doudizhu_search.card_play_search` (ranked by the
        chance of winning, in a Rust kernel). Otherwise, in the auction, or for a search
        configured with its own policy or objective: the generic search (None)."""
        settings = self.search_settings
        if settings is None:
            return None
        player = state.current_player
        if player is None or state.observation(player)["phase"] != "play":
            return None
        if getattr(config, "policy", None) is not None or getattr(config, "simulate", None):
            return None
        ordered = [line[0] for line in self.candidates(state) or []]
        reasons = [self.describe(state, a) for a in ordered]
        return card_play_search(
            state,
            ordered,
            reasons,
            seconds=seconds,
            iterations=iterations,
            seed=seed,
            settings=settings,
        )

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
        landlord = obs["landlord"]
        opponents = [p for p in range(3) if (p == landlord) != (player == landlord)]
        top = obs["top"]
        return choose_play(
            legal,
            hand,
            sizes=obs["hand_sizes"],
            top_player=None if top is None else top["player"],
            opponents=opponents,
            shapes=DOU_DIZHU_SHAPES,
        )

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
        return describe_play(hand, action, DOU_DIZHU_SHAPES)

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action, the most promising first (so that a small budget samples the
        plays that go out or leave the fewest plays before the others)."""
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        if obs["phase"] == "auction":
            return [(a,) for a in legal]
        return ordered_candidates(legal, rank_counts(CardSet(obs["hand"])), DOU_DIZHU_SHAPES)


STRATEGY = DouDizhuStrategy()
