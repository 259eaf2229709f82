"""Shared measuring code of ``strength_five_ten_king.py`` and ``strength_guandan.py``.

* :func:`one_in_field`: one agent takes each seat in turn among copies of a field agent; the
  same deal played by the field alone is the baseline for that seat (duplicate: the hero and
  the field meet the same cards from the same seat). Reports the paired payoff difference per
  deal with a 95% interval and the hero's and the baseline's win rates.
* :func:`recommend_timing`: ``cardavia.recommend`` at its default budget at every decision of
  seeded deals played by the heuristic agent; the 50th/99th percentile and the maximum.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import cardavia
from cardavia.agents import make_agent, recommend
from cardavia.agents.base import Agent
from cardavia.game import State
from cardavia.games.climbing import derive_seed

Won = Callable[[State, int], bool]


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def play(state: State, agents: list[Agent]) -> State:
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        state.apply(agents[player].act(state))
    return state


def one_in_field(
    game_id: str,
    hero: str,
    field: str,
    deals: int,
    seed: int,
    won: Won,
    seats: list[list[int]] | None = None,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """``hero`` in the seats of each group of ``seats`` (default: each seat alone), ``field``
    everywhere else, against the field alone on the same deals (see the module docs)."""
    game = cardavia.load(game_id)
    players = game.num_players
    groups = seats or [[s] for s in range(players)]
    diffs: list[float] = []
    hero_wins = base_wins = n = 0
    hero_payoff = base_payoff = 0.0
    start = time.perf_counter()
    for d in range(deals):
        deal_seed = derive_seed(seed, d)
        base = play(
            game.new_state(seed=deal_seed),
            [make_agent(field, derive_seed(deal_seed, 100 + s)) for s in range(players)],
        )
        per_deal = 0.0
        for g, group in enumerate(groups):
            agents = [make_agent(field, derive_seed(deal_seed, 100 + s)) for s in range(players)]
            h = make_agent(hero, derive_seed(deal_seed, 200 + g))
            for s in group:
                agents[s] = h
            state = play(game.new_state(seed=deal_seed), agents)
            s0 = group[0]
            r, b = state.returns()[s0], base.returns()[s0]
            per_deal += r - b
            hero_payoff += r
            base_payoff += b
            hero_wins += won(state, s0)
            base_wins += won(base, s0)
            n += 1
        diffs.append(per_deal / len(groups))
        if (d + 1) % 10 == 0:
            m, ci = mean_ci(diffs)
            log(
                f"  {d + 1} deals: diff {m:+.3f} ± {ci:.3f}; wins {hero_wins}/{n} vs "
                f"{base_wins}/{n}; {time.perf_counter() - start:.0f} s"
            )
    m, ci = mean_ci(diffs)
    return {
        "game": game_id,
        "hero": hero,
        "field": field,
        "deals": deals,
        "seed": seed,
        "games_per_deal": len(groups),
        "payoff_diff_per_deal": m,
        "payoff_diff_ci95": ci,
        "hero_payoff": hero_payoff / n,
        "baseline_payoff": base_payoff / n,
        "hero_win_rate": hero_wins / n,
        "baseline_win_rate": base_wins / n,
        "win_ratio": hero_wins / base_wins if base_wins else math.inf,
        "significant": m - ci > 0,
    }


def recommend_timing(game_id: str, deals: int, seed: int, seconds: float = 1.0) -> dict[str, Any]:
    """``recommend(seconds=...)`` at every decision of ``deals`` heuristic-played deals."""
    game = cardavia.load(game_id)
    times: list[float] = []
    for d in range(deals):
        deal_seed = derive_seed(seed, d)
        state = game.new_state(seed=deal_seed)
        agent = make_agent("heuristic", deal_seed)
        k = 0
        while not state.is_terminal():
            t0 = time.perf_counter()
            recommend(state, seconds=seconds, seed=derive_seed(deal_seed, k))
            times.append(time.perf_counter() - t0)
            state.apply(agent.act(state))
            k += 1
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))]

    return {
        "game": game_id,
        "deals": deals,
        "decisions": len(times),
        "p50": pct(0.50),
        "p99": pct(0.99),
        "max": times[-1],
    }
