"""One Poker strength: whole matches (OP-6.1), seats swapped on the same shoes, and the
exploitability curve of the CFR+ solve (issue 16).

    python benches/strength_one_poker.py --matches 2000 --seed 1
    python benches/strength_one_poker.py --exploitability

Each match seed is played twice, with the two agents in either seat: the shoe (OP-3.1) and its
reshuffles come from the match seed, so both orders meet the same cards (the cards drawn later
follow the same stock; which card a player holds depends on the play). A match that is not
over after ``--max-deals`` deals goes to the player with more chips (a draw if equal). Reports
each pairing's match win rate with a 95% interval (matches are independent; the two seatings
of a seed count as two matches) and the mean chips won per deal.
"""

from __future__ import annotations

import argparse
import math
import time

import cardavia
from cardavia import _core
from cardavia.agents import HeuristicAgent, RandomAgent, SearchAgent
from cardavia.agents.base import Agent
from cardavia.agents.strategies.one_poker import BLIND, ITERATIONS


def make(name: str, seed: int) -> Agent:
    if name == "search":
        return SearchAgent(iterations=1, seed=seed)
    if name == "heuristic":
        return HeuristicAgent(seed=seed)
    return RandomAgent(seed=seed)


def play(names: tuple[str, str], seed: int, max_deals: int) -> tuple[float, float, int]:
    """Seat 0 plays ``names[0]``. Returns (seat-0 match score 1/0.5/0, chips, deals)."""
    game = cardavia.load("one_poker")
    match = game.new_match(seed=seed)
    agents = [make(names[0], seed * 2 + 1), make(names[1], seed * 2 + 2)]
    deals = 0
    while not match.is_over() and deals < max_deals:
        state = match.new_deal()
        while not state.is_terminal():
            p = state.current_player
            assert p is not None
            state.apply(agents[p].act(state))
        deals += 1
    stacks = match.stacks
    score = 1.0 if stacks[0] > stacks[1] else 0.5 if stacks[0] == stacks[1] else 0.0
    return score, float(stacks[0] - 20), deals


def pairing(a: str, b: str, matches: int, seed: int, max_deals: int, report: int = 0) -> None:
    """``matches`` shoes (seeds ``seed`` ..), each played in both seatings; the running
    result is printed every ``report`` shoes (0: at the end only)."""
    scores: list[float] = []
    chips = 0.0
    deals = 0
    t0 = time.process_time()
    for m in range(matches):
        s, c, d = play((a, b), seed + m, max_deals)
        scores.append(s)
        chips += c
        deals += d
        s, c, d = play((b, a), seed + m, max_deals)
        scores.append(1.0 - s)
        chips -= c
        deals += d
        if m + 1 == matches or (report and (m + 1) % report == 0):
            n = len(scores)
            mean = sum(scores) / n
            var = sum((x - mean) ** 2 for x in scores) / (n - 1)
            half = 1.96 * math.sqrt(var / n)
            print(
                f"{a} vs {b}: {n} matches ({m + 1} shoes x 2 seatings, seeds {seed}..), {a} "
                f"wins {mean:.1%} ± {half:.1%} ({sum(scores):g} points); "
                f"{chips / deals:+.3f} chips/deal for {a} over {deals} deals; "
                f"{time.process_time() - t0:.0f} s CPU",
                flush=True,
            )


def exploitability() -> None:
    """The curve by iterations of the plain equilibrium (chip payoff) and of the restricted
    Nash response the search plays (``BLIND`` percent card-blind opponent), with each one's
    value against the card-blind opponent alone (first player, second player)."""
    print("exploitability of the abstract deal (antes per deal; the stack is 20 antes)")
    for blind in (0, BLIND):
        name = "equilibrium" if blind == 0 else f"restricted Nash response, {blind}% card-blind"
        print(f" {name}:")
        for ups in ((1, 1), (2, 0), (0, 2), (2, 2)):
            for depth in (5, 19):
                curve = []
                for it in (10, 30, 100, 300, 1000, ITERATIONS):
                    e = _core.one_poker_cfr_exploitability(depth, ups, it, blind)[0]
                    curve.append(f"{it}:{e:.5f}")
                v = _core.one_poker_cfr_exploitability(depth, ups, ITERATIONS, blind)[1]
                vb = _core.one_poker_cfr_against_blind(depth, ups, ITERATIONS, blind)
                print(
                    f"  UP {ups} depth {depth}: {' '.join(curve)} (value {v:+.4f}; against "
                    f"the card-blind player {vb[0]:+.3f} / {vb[1]:+.3f})"
                )


def timing(deals: int, seed: int) -> None:
    """recommend() at its default budget at every decision of ``deals`` random deals."""
    from cardavia.agents import HeuristicAgent

    game = cardavia.load("one_poker")
    times = []
    for d in range(deals):
        state = game.new_state(seed=seed + d)
        agent = HeuristicAgent(seed=d)
        while not state.is_terminal():
            t0 = time.perf_counter()
            cardavia.recommend(state, seed=d)
            times.append(time.perf_counter() - t0)
            state.apply(agent.act(state))
    times.sort()
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(
        f"recommend() over {len(times)} decisions of {deals} deals: median "
        f"{times[len(times) // 2]:.3f} s, 99th percentile {p99:.3f} s, max {times[-1]:.3f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--matches", type=int, default=200, help="shoes per pairing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-deals", type=int, default=300)
    ap.add_argument("--pairs", default="search-random,search-heuristic,heuristic-random")
    ap.add_argument("--exploitability", action="store_true")
    ap.add_argument("--timing", type=int, default=0, help="time recommend() on N deals")
    ap.add_argument("--report", type=int, default=0, help="print the running result every N shoes")
    args = ap.parse_args()
    if args.timing:
        timing(args.timing, args.seed)
        return
    if args.exploitability:
        exploitability()
        return
    for pair in args.pairs.split(","):
        a, b = pair.split("-")
        pairing(a, b, args.matches, args.seed, args.max_deals, args.report)


if __name__ == "__main__":
    main()
