"""Dou Dizhu card play against RLCard's rule agent ``doudizhu-rule-v1``, DouZero's protocol.

Run: ``python benches/doudizhu_vs_rlcard.py --agent search --deals 2000 --seconds 1.0``
(``--agent heuristic`` for the rule strategy; ``--iterations N`` instead of ``--seconds`` for
an exactly reproducible search).

The protocol follows the DouZero paper's evaluation: the auction is skipped, seat 0 is the
landlord with the three bottom cards at bid 1, and every deal is played twice — our agent as
the landlord against two copies of the rule agent, then the rule agent as the landlord against
two copies of ours — so both sides see the same cards in both roles.

* **WP**: the share of games our side wins (over both roles);
* **ADP**: our side's mean score per game, the landlord's payoff when we hold the landlord and
  the two farmers' payoffs added when we are the farmers (DDZ-7 at bid 1: 2^bombs, doubled by a
  spring, the landlord's stake twice a farmer's). Zero-sum, so it is the score difference.

The 95% intervals treat deals as independent (each deal's two games form one sample).

RLCard's rule agent reads RLCard's raw observation; :class:`RuleAgentAdapter` builds it from
our state (hand and legal plays as RLCard's rank strings, the card-play trace) and maps the
chosen string back to our play. Where the rule agent picks at random (``np.random.choice`` when
it cannot follow a non-partner), numpy's generator is seeded per game so runs repeat.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

import numpy as np

import cardavia
from cardavia import CardSet
from cardavia.agents import HeuristicAgent, SearchAgent
from cardavia.agents.base import Agent
from cardavia.game import Action, State
from cardavia.games.climbing import derive_seed

RLCARD_ORDER = "3456789TJQKA2BR"  # B = small (black) joker, R = big (red) joker


def rlcard_string(cards: CardSet) -> str:
    """Cards as RLCard's sorted rank string."""
    chars = []
    for c in cards:
        v = int(c.rank.value)
        if v == 13:
            chars.append("B")
        elif v == 14:
            chars.append("R")
        else:
            chars.append("23456789TJQKA"[v])
    return "".join(sorted(chars, key=RLCARD_ORDER.index))


class RuleAgentAdapter:
    """RLCard's ``DouDizhuRuleAgentV1`` playing through cardavia's protocol."""

    name = "rlcard-rule"

    def __init__(self) -> None:
        import rlcard.models

        self.agent = rlcard.models.load("doudizhu-rule-v1").agents[0]

    def act(self, state: State) -> Action:
        player = state.current_player
        assert player is not None
        obs = state.observation(player)
        legal = state.legal_actions()
        by_string: dict[str, Action] = {}
        for a in legal:
            key = "pass" if a.kind == "pass" else rlcard_string(a.cards)  # type: ignore[arg-type]
            by_string.setdefault(key, a)
        trace = [
            (e["player"], "pass" if e["event"] == "pass" else rlcard_string(CardSet(e["cards"])))
            for e in obs["history"]
            if e["event"] in ("play", "pass")
        ]
        raw = {
            "current_hand": rlcard_string(CardSet(obs["hand"])),
            "trace": trace,
            "actions": list(by_string),
            "landlord": obs["landlord"],
            "self": player,
        }
        choice = self.agent.step({"raw_obs": raw})
        if choice not in by_string:
            raise RuntimeError(f"rule agent chose {choice!r}, not a legal play here")
        return by_string[choice]


def card_play_state(deal_seed: int) -> State:
    """A random deal with seat 0 the landlord at bid 1 (the auction scripted)."""
    state = cardavia.load("doudizhu").new_state(seed=deal_seed)
    record = json.loads(state.to_json())["deal"]
    record["first_bidder"] = 0
    state = cardavia.load("doudizhu").new_state(seed=deal_seed, deal=record)
    for call in ("bid 1", "pass", "pass"):
        state.apply(call)
    assert state.current_player == 0
    return state


def play(state: State, seats: list[Agent]) -> State:
    while not state.is_terminal():
        player = state.current_player
        assert player is not None
        state.apply(seats[player].act(state))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agent", choices=["search", "heuristic"], default="search")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--first-deal", type=int, default=0, help="index of the first deal")
    parser.add_argument(
        "--out", default=None, help="write one JSON line per deal (for paired comparisons)"
    )
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="play card play with the Rust kernel search (doudizhu_search), overriding a field "
        "of its DdzSearchSettings (e.g. policy=greedy; 'kernel=1' for its defaults)",
    )
    args = parser.parse_args()
    if args.setting:
        _apply_settings(args.setting)

    rule = RuleAgentAdapter()
    per_deal: list[float] = []
    wins = games = 0
    role_wins = {"landlord": 0, "farmer": 0}
    role_scores: dict[str, list[float]] = {"landlord": [], "farmer": []}
    decisions, thinking = 0, 0.0
    started = time.perf_counter()
    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    for d in range(args.first_deal, args.first_deal + args.deals):
        deal_seed = derive_seed(args.seed, d)
        deal_total = 0.0
        deal_scores: list[float] = []
        for ours_landlord in (True, False):
            if args.agent == "search":
                ours: Agent = SearchAgent(
                    seconds=args.seconds, iterations=args.iterations, seed=deal_seed
                )
            else:
                ours = HeuristicAgent(seed=deal_seed)
            timed = _Timed(ours)
            seats: list[Agent] = [timed, rule, rule] if ours_landlord else [rule, timed, timed]
            np.random.seed(deal_seed % 2**32)
            state = play(card_play_state(deal_seed), seats)
            returns = state.returns()
            score = returns[0] if ours_landlord else returns[1] + returns[2]
            role = "landlord" if ours_landlord else "farmer"
            role_scores[role].append(score)
            won = score > 0
            wins += won
            role_wins[role] += won
            games += 1
            deal_total += score
            deal_scores.append(score)
            decisions += timed.decisions
            thinking += timed.seconds
        per_deal.append(deal_total / 2)
        if out is not None:
            line = {"deal": d, "landlord": deal_scores[0], "farmers": deal_scores[1]}
            out.write(json.dumps(line) + "\n")
            out.flush()
        if not args.json and len(per_deal) % 10 == 0:
            print(
                f"  {len(per_deal)} deals: WP {wins / games:.3f}, ADP {np.mean(per_deal):+.3f}",
                file=sys.stderr,
            )
    n = len(per_deal)
    adp = float(np.mean(per_deal))
    half = 1.96 * float(np.std(per_deal, ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    wp = wins / games
    wp_half = 1.96 * math.sqrt(wp * (1 - wp) / games)
    result: dict[str, Any] = {
        "agent": args.agent,
        "budget": {"seconds": args.seconds, "iterations": args.iterations},
        "deals": n,
        "games": games,
        "WP": wp,
        "WP_interval": wp_half,
        "ADP": adp,
        "ADP_interval": half,
        "WP_landlord": role_wins["landlord"] / n,
        "WP_farmer": role_wins["farmer"] / n,
        "ADP_landlord": float(np.mean(role_scores["landlord"])),
        "ADP_farmer": float(np.mean(role_scores["farmer"])),
        "seconds_per_decision": thinking / max(decisions, 1),
        "wall_seconds": time.perf_counter() - started,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(
            f"{args.agent} vs rlcard doudizhu-rule-v1, {n} deals x 2 roles: "
            f"WP {wp:.3f} ± {wp_half:.3f}, ADP {adp:+.3f} ± {half:.3f} "
            f"(landlord WP {result['WP_landlord']:.3f}, farmer WP {result['WP_farmer']:.3f}; "
            f"{result['seconds_per_decision']:.3f} s/decision)"
        )


def _apply_settings(pairs: list[str]) -> None:
    """Replaces fields of the Dou Dizhu card-play search's settings (for experiments)."""
    import dataclasses

    from cardavia.agents.strategies.doudizhu import STRATEGY
    from cardavia.agents.strategies.doudizhu_search import DdzSearchSettings

    current = STRATEGY.search_settings or DdzSearchSettings()
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name == "kernel":
            continue
        kind = type(getattr(current, name))
        changes[name] = kind(value)
    STRATEGY.search_settings = dataclasses.replace(current, **changes)


class _Timed:
    """Wraps an agent and adds up its decisions and thinking time."""

    def __init__(self, agent: Agent):
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.seconds = 0.0

    def act(self, state: State) -> Action:
        t0 = time.perf_counter()
        action = self.agent.act(state)
        self.seconds += time.perf_counter() - t0
        self.decisions += 1
        return action


if __name__ == "__main__":
    main()
