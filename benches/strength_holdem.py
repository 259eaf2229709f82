"""No-limit Hold'em strength against the rule-bot mix, in big blinds per 100 hands (issue 16).

    python benches/strength_holdem.py --deals 2000 --seed 1 --agent search@800
    python benches/strength_holdem.py --deals 2000 --seed 1 --agent heuristic

Each deal (a shuffled deck, 4 seats of 1,000 chips, blinds 10/20) is played once per rotation
of the four agents ``AGENT, station, tag, random`` through the seats (duplicate dealing: the
same cards with the seats rotated; ``cardavia.arena``), so ``--deals N`` plays ``4 N`` hands.
An agent's score for a deal is its mean result over its four seats; the report gives its mean
in big blinds per 100 hands with a 95% interval (1.96 standard errors over deals) and the time
per decision. The opponents (``cardavia.agents.holdem_bots``): a calling station, a
tight-aggressive rule bot, and the uniform random agent.
"""

from __future__ import annotations

import argparse
import time

import cardavia
from cardavia.agents import arena


def timing(deals: int, seed: int) -> None:
    """recommend() at its default budget at every decision of ``deals`` random deals."""
    from cardavia.agents import HeuristicAgent

    game = cardavia.load("holdem")
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
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--agent", default="search@800")
    ap.add_argument("--opponents", default="station,tag,random")
    ap.add_argument("--timing", type=int, default=0, help="time recommend() on N deals")
    args = ap.parse_args()
    if args.timing:
        timing(args.timing, args.seed)
        return
    game = cardavia.load("holdem")
    bb = int(game.options["big_blind"])
    agents = [args.agent, *args.opponents.split(",")]
    t0 = time.process_time()
    result = arena(game, agents, deals=args.deals, seed=args.seed)
    cpu = time.process_time() - t0
    hands = args.deals * len(agents)
    print(f"{hands} hands ({args.deals} deals x {len(agents)} seatings), seed {args.seed}")
    for a in result.to_json()["agents"]:
        per100 = a["mean"] / bb * 100
        half = a["interval"] / bb * 100
        print(
            f"  {a['agent']:>14}: {per100:+8.1f} ± {half:5.1f} bb/100  "
            f"({a['seconds_per_decision'] * 1000:.1f} ms/decision)"
        )
    print(f"  {cpu:.0f} s CPU")


if __name__ == "__main__":
    main()
