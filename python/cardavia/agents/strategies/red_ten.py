"""Red Ten rule strategy (the HeuristicAgent), hints' reasons, and search settings.

Teams are hidden (RT-3.5): the holders of the red tens ``Th Td`` against the others. A player
counts as a known partner only when the cards prove it — a red ten shown by lighting (RT-3.6)
or played, seen from a red-ten holder; once both red tens are located, a player without one
knows the other player without one is his partner. Everyone else is treated as an opponent.

**Lighting** (RT-3.6): it lights (doubling a red win and quadrupling a red loss, RT-6.3) only
with a red ten and a strong hand — at most five plays needed to go out, or a bomb and at most
seven; otherwise it declines.

**Card play**: the climbing rule shared with Dou Dizhu and Zheng Shangyou — go out when
possible; lead what leaves the fewest plays without breaking or spending a bomb (three or four
of a rank, the jokers, the red tens, RT-4.1); let a known partner's play stand; beat an
opponent as cheaply as the hand allows; bomb only an opponent close to going out (four cards or
fewer) or when the bomb leaves at most two plays; otherwise pass.
"""

from __future__ import annotations

from typing import Any

from cardavia._core import Card, CardSet, Rng
from cardavia.agents.strategies.climbing_common import (
    RED_TEN_SHAPES,
    choose_play,
    count_moves,
    describe_play,
    ordered_candidates,
    rank_counts,
)
from cardavia.game import Action, State

__all__ = ["STRATEGY", "RedTenStrategy", "known_partners"]

RED_TENS = CardSet("Td Th")


def _counts(hand: CardSet) -> list[int]:
    # Red tens are their own class (RT-2.3): leave them out of the ten count, so that a black
    # ten with a red ten never looks like a pair or a bomb.
    return rank_counts(c for c in hand if c not in RED_TENS)


def known_partners(obs: dict[str, Any]) -> set[int]:
    """The seats ``obs['player']`` knows to be on his team (from shown and played red tens)."""
    me = obs["player"]
    mine = CardSet(obs["hand"]) & RED_TENS
    located: dict[Card, int] = {c: me for c in mine}
    for seat, shown in enumerate(obs.get("shown", [])):
        for c in CardSet(shown):
            located[c] = seat
    for e in obs["history"]:
        if e.get("event") == "play":
            for c in CardSet(e["cards"]) & RED_TENS:
                located[c] = e["player"]
    red_seats = set(located.values())
    if mine:
        return red_seats - {me}
    if len(located) == 2:
        return set(range(4)) - red_seats - {me}
    return set()


class RedTenStrategy:
    search_policy = "greedy"

    def choose(self, state: State, rng: Rng) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        hand = CardSet(obs["hand"])
        if obs["phase"] != "play":
            return self._lighting(legal, hand)
        partners = known_partners(obs)
        top = obs["top"]
        return choose_play(
            legal,
            _counts(hand),
            sizes=obs["hand_sizes"],
            top_player=None if top is None else top["player"],
            opponents=[p for p in range(4) if p != player and p not in partners],
            shapes=RED_TEN_SHAPES,
        )

    @staticmethod
    def _lighting(legal: list[Action], hand: CardSet) -> Action:
        counts = _counts(hand)
        moves = count_moves(counts, RED_TEN_SHAPES) + len(hand & RED_TENS)
        bombs = sum(1 for r in range(13) if counts[r] >= 3)
        strong = moves <= 5 or (bombs and moves <= 7)
        by_kind = {str(a): a for a in legal}
        if strong and "light" in by_kind:
            return by_kind["light"]
        return by_kind.get("decline", legal[0])

    def describe(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        hand = CardSet(obs["hand"])
        text = str(action)
        if text == "light":
            return "lights: shows the red tens, doubling a red win (x4 on a red loss)"
        if text == "decline":
            return "declines to light"
        if action.kind == "pass":
            top = obs["top"]
            if top is not None and top["player"] in known_partners(obs):
                return "lets the partner's play stand"
            return "passes and keeps its cards"
        if action.cards is not None and (action.cards & RED_TENS):
            partner_note = "; shows a red ten"
        else:
            partner_note = ""
        counts = _counts(hand)
        return describe_play(counts, action, RED_TEN_SHAPES) + partner_note

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action, the plays that leave the fewest plays first."""
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        if obs["phase"] != "play":
            return [(a,) for a in legal]
        return ordered_candidates(legal, _counts(CardSet(obs["hand"])), RED_TEN_SHAPES)


STRATEGY = RedTenStrategy()
