"""Zheng Shangyou rule strategy (the HeuristicAgent), hints' reasons, and search settings.

Every player plays for himself (ZSY-1.1) and a follower must beat whenever he can (ZSY-6.3), so
the choices are the lead and which beat to play.

* It goes out whenever a legal play empties its hand (ZSY-6.6 ends the deal: first out wins).
* Leading: the play that leaves the hand needing the fewest plays, without breaking or
  spending a bomb, lowest rank first (the first lead must hold ``3h``, ZSY-3.4: the legal list
  already says so). When an opponent holds one card, a combination rather than a single, else
  its highest single.
* Following: the cheapest beat that does not make the hand worse by more than one play; a bomb
  (a response bomb scores a bonus, ZSY-7.3) when an opponent holds four cards or fewer, when it
  leaves at most two plays, or when it is the only beat; otherwise the cheapest beat, or a pass
  where passing is legal.

**Search**: the greedy rollouts of ``ZhengShangyouState.playout_returns`` play this rule (ported
to Rust, ``cardavia_core::climbing::zsy_rule``); the worlds come from
``ZhengShangyouState.resample_by_rule`` (:meth:`ZhengShangyouStrategy.resample`: the rule as a
model of the other players); the SearchAgent values a simulation by whether it goes out first
(:meth:`ZhengShangyouStrategy.search_act`), ``recommend`` by payoff.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardavia._core import CardSet, Rng
from cardavia.agents.strategies.climbing_common import (
    ZHENG_SHANGYOU_SHAPES,
    choose_play,
    describe_play,
    ordered_candidates,
    rank_counts,
)
from cardavia.game import Action, State

__all__ = ["STRATEGY", "ZhengShangyouStrategy"]


class ZhengShangyouStrategy:
    search_policy = "greedy"
    world_draws = 16
    """Uniform worlds drawn per search world (see :meth:`resample`)."""
    mismatch_weight = 0.2
    """A world's weight per decision of another player that the rule would have taken
    differently in it."""

    def search_act(
        self, state: State, *, seconds: float | None, iterations: int | None, seed: int
    ) -> Action:
        """The SearchAgent's move: the generic search (these worlds, these rollouts) valuing each
        simulation 1 when the player goes out first and 0 otherwise — the deal's win (ZSY-6.6),
        rather than the payoff ``recommend`` ranks by, whose card penalties and bomb bonuses
        (ZSY-7.3, ZSY-7.5) pull towards other plays."""
        from cardavia.agents.search import SearchConfig, analyse

        config = SearchConfig(simulate=_first_out)
        hints = analyse(state, seconds=seconds, iterations=iterations, seed=seed, config=config)
        return hints[0].action

    def resample(self, state: State, player: int, seed: int) -> State:
        """The search's worlds: ``state.resample_by_rule`` — uniform draws consistent with what
        ``player`` saw, weighted by how many of the other players' plays the rule strategy
        explains in them (an opponent model: other players are taken to play roughly as this
        rule does)."""
        return state.resample_by_rule(  # type: ignore[attr-defined, no-any-return]
            player, seed, draws=self.world_draws, mismatch_weight=self.mismatch_weight
        )

    def choose(self, state: State, rng: Rng) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        top = obs["top"]
        return choose_play(
            state.legal_actions(),
            rank_counts(CardSet(obs["hand"])),
            sizes=obs["hand_sizes"],
            top_player=None if top is None else top["player"],
            opponents=[p for p in range(3) if p != player],
            shapes=ZHENG_SHANGYOU_SHAPES,
        )

    def describe(self, state: State, action: Action) -> str:
        player = state.current_player
        assert player is not None
        if action.kind == "pass":
            return "passes: nothing in hand beats the top play"
        hand = rank_counts(CardSet(state.observation(player)["hand"]))
        return describe_play(hand, action, ZHENG_SHANGYOU_SHAPES)

    def candidates(self, state: State) -> list[tuple[Action, ...]] | None:
        """Every legal action, the plays that leave the fewest plays first."""
        player = state.current_player
        assert player is not None
        hand = rank_counts(CardSet(state.observation(player)["hand"]))
        return ordered_candidates(state.legal_actions(), hand, ZHENG_SHANGYOU_SHAPES)


def _first_out(
    world: State, line: Sequence[Action], player: int, seed: int, policy: str, playouts: int
) -> tuple[list[float], bool]:
    """1 for each playout of ``line`` in ``world`` where ``player`` goes out first, else 0; and
    whether the line itself ended the deal."""
    child = world.clone()
    for action in line:
        child.apply(action)
    if child.is_terminal():
        result = child.result
        assert result is not None
        return [float(result["winner"] == player)], True
    winners = child.playout_winners(playouts, policy=policy, seed=seed)  # type: ignore[attr-defined]
    return [float(w == player) for w in winners], False


STRATEGY = ZhengShangyouStrategy()
