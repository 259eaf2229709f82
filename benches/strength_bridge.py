"""Bridge strength: duplicate teams matches in IMPs (issue 15's AI goals).

Each board is played twice with the same cards: agent A's pair sits North-South and B's
East-West, then the seats are swapped (``cardavia.arena`` rotates the partnerships). A's net
score on the board (NS score at the first table minus NS score at the second) is converted to
IMPs with the standard scale; the report gives the mean IMPs and points per board for A, each
with a 95% interval (1.96 standard errors over boards), and the time per decision.

Run (modest sizes; the machine is shared)::

    nice -n 10 python benches/strength_bridge.py --boards 200 --pairs heuristic:random
    nice -n 10 python benches/strength_bridge.py --boards 100 --pairs search@300:heuristic
    nice -n 10 python benches/strength_bridge.py --timing 5     # recommend() p50/p99 at 1 s
    # issue 15 (a): declarer (and dummy) by the agent, a double-dummy defence after the lead
    nice -n 10 python benches/strength_bridge.py --declarer-loss ddplay@10 --defence dd \
        --boards 1000 --seed 3000 --out loss.jsonl
    # issue 15 (b): the same bidding at both tables, PIMC card play against the card rules
    nice -n 10 python benches/strength_bridge.py --play-match ddplay@2:heuristic \
        --boards 2000 --seed 5000 --out match.jsonl

``--start N`` runs boards N.. (split a run over processes; the boards are the same as in one
run), ``--out`` appends a JSON line per board. ``ddplay@W`` is the DoubleDummyPlayer (the
system's calls, PIMC card play over W worlds per card; ``ddplay@WtR``: R tie rounds).

``--pairs`` takes comma-separated ``A:B`` agent names (``random``, ``heuristic``,
``search``, ``search:SECONDS``, ``search@ITERATIONS``). "heuristic" is the bidding system with
the rule card player, so ``search:heuristic`` measures the issue's "whole AI against the same
bidding with a greedy card player".
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any

from cardavia.agents import arena

IMP_STEPS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290,
             1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)  # fmt: skip


def imps(points: float) -> int:
    """The IMPs of a net score difference (the standard scale, signed)."""
    size = abs(round(points))
    won = sum(1 for step in IMP_STEPS if size > step)
    return won if points >= 0 else -won


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def match(a: str, b: str, boards: int, seed: int) -> dict[str, object]:
    t0 = time.perf_counter()
    result = arena("bridge", [a, b], deals=boards, seed=seed)
    elapsed = time.perf_counter() - t0
    score = result.score(a)
    # A's per-board score is its mean payoff over its two seatings: half its net points.
    net = [2 * s for s in score.scores]
    imp = [float(imps(x)) for x in net]
    m_imp, ci_imp = mean_ci(imp)
    m_pts, ci_pts = mean_ci(net)
    other = result.score(b)
    return {
        "a": a,
        "b": b,
        "boards": boards,
        "seed": seed,
        "imps_per_board": m_imp,
        "imps_ci95": ci_imp,
        "points_per_board": m_pts,
        "points_ci95": ci_pts,
        "seconds_per_decision_a": score.seconds / max(1, score.decisions),
        "seconds_per_decision_b": other.seconds / max(1, other.decisions),
        "seconds": elapsed,
    }


def timing(deals: int, seed: int, seconds: float) -> dict[str, float]:
    """``recommend()`` at a time budget at every decision of ``deals`` deals (the deals are
    played on by the HeuristicAgent): the 50th and 99th percentile wall time, per phase."""
    import cardavia
    from cardavia.agents import HeuristicAgent, recommend

    game = cardavia.load("bridge")
    times: dict[str, list[float]] = {"auction": [], "play": []}
    for d in range(deals):
        state = game.new_state(seed=seed + d)
        agent = HeuristicAgent(seed=d)
        while not state.is_terminal():
            phase = "auction" if state.phase == "auction" else "play"
            t0 = time.perf_counter()
            recommend(state, seconds=seconds, seed=d)
            times[phase].append(time.perf_counter() - t0)
            state.apply(agent.act(state))
    out: dict[str, float] = {}
    for phase, xs in times.items():
        xs.sort()
        out[f"{phase}_decisions"] = len(xs)
        out[f"{phase}_p50"] = xs[len(xs) // 2]
        out[f"{phase}_p99"] = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
    return out


def _agent(name: str, seed: int) -> Any:
    """``make_agent``'s names, and ``ddplay@W`` / ``ddplay@WtR``: the DoubleDummyPlayer (the
    system's calls, PIMC card play over W worlds per card, R tie rounds)."""
    from cardavia.agents import make_agent
    from cardavia.agents.bridge_search import DoubleDummyPlayer

    if name.startswith("ddplay@"):  # ddplay@W, or ddplay@WtR: R tie rounds (default 2)
        worlds, _, ties = name.partition("@")[2].partition("t")
        return DoubleDummyPlayer(int(worlds), seed=seed, tie_rounds=int(ties or 2))
    return make_agent(name, seed=seed)


def dd_card(state: Any) -> Any:
    """A perfect (double-dummy) card for the seat to play, on the true deal: the card rule's
    choice when it is among the best, else the lowest best card."""
    from cardavia.agents.strategies.bridge import choose_card
    from cardavia.games.bridge import solve_position

    values = solve_position(state)
    best = max(values.values())
    player = state.current_player
    rule, _ = choose_card(state.observation(player), state.legal_actions())
    if values[rule] == best:
        return rule
    return next(a for a, t in values.items() if t == best)


def _write(out: Any, row: dict[str, Any]) -> None:
    if out is not None:
        out.write(json.dumps(row) + "\n")
        out.flush()


def declarer_loss(
    boards: int, seed: int, agent_name: str, defence: str = "dd", start: int = 0, out: Any = None
) -> dict[str, float]:
    """Issue 15's declarer goal: the tricks the agent loses as declarer (playing dummy too)
    against the double-dummy result of the same contract after the same opening lead. The
    auction and the opening lead are the HeuristicAgent's (the bidding system and the lead
    rules); the defence after the lead is ``defence``: ``dd`` (perfect play on the true deal,
    so a lost trick is the declarer's own error) or ``heuristic`` (the card rules, which err:
    the declarer may then take more than double dummy)."""
    import cardavia
    from cardavia.agents import HeuristicAgent
    from cardavia.games.bridge import solve_position

    game = cardavia.load("bridge")
    losses: list[float] = []
    for b in range(start, start + boards):
        state = game.new_state(seed=seed + b)
        rule = HeuristicAgent(seed=b)
        while state.phase == "auction":
            state.apply(rule.act(state))
        if state.is_terminal():  # passed out
            continue
        state.apply(rule.act(state))  # the opening lead
        declarer = state.declarer
        assert declarer is not None
        best = max(solve_position(state).values())  # dummy's side to play: the declarer's
        agent = _agent(agent_name, seed=b)
        t0 = time.perf_counter()
        while not state.is_terminal():
            player = state.current_player
            assert player is not None
            if player % 2 == declarer % 2:
                state.apply(agent.act(state))
            elif defence == "dd":
                state.apply(dd_card(state))
            else:
                state.apply(rule.act(state))
        result = state.result
        assert result is not None
        loss = float(best - result["declarer_tricks"])
        losses.append(loss)
        _write(out, {"board": b, "contract": state.contract, "dd": best, "loss": loss,
                     "seconds": time.perf_counter() - t0})  # fmt: skip
    m, ci = mean_ci(losses) if losses else (0.0, 0.0)
    return {"boards_played": len(losses), "tricks_lost_per_board": m, "ci95": ci}


def play_match(
    boards: int, seed: int, a_name: str, b_name: str = "heuristic", start: int = 0, out: Any = None
) -> dict[str, float]:
    """Duplicate teams, the same bidding at both tables: every seat bids the system (the
    HeuristicAgent's calls, so both tables reach the same contract), and the card play is A's
    pair against B's, A North-South at the first table and East-West at the second. IMPs and
    points per board for A, each with a 95% interval."""
    import cardavia
    from cardavia.agents import HeuristicAgent
    from cardavia.games.climbing import derive_seed

    game = cardavia.load("bridge")
    nets: list[float] = []
    for b in range(start, start + boards):
        first = game.new_state(seed=seed + b)
        rule = HeuristicAgent(seed=b)
        calls = []
        while first.phase == "auction":
            action = rule.act(first)
            calls.append(action)
            first.apply(action)
        if first.is_terminal():  # passed out at both tables
            nets.append(0.0)
            _write(out, {"board": b, "net": 0.0, "imps": 0})
            continue
        second = game.new_state(seed=seed + b)
        for action in calls:
            second.apply(action)
        ns_scores = []
        t0 = time.perf_counter()
        for table, state in enumerate((first, second)):
            a = _agent(a_name, seed=derive_seed(seed + b, 2 * table))
            o = _agent(b_name, seed=derive_seed(seed + b, 2 * table + 1))
            a_seats = 0 if table == 0 else 1  # A's pair: NS at the first table, EW at the second
            while not state.is_terminal():
                player = state.current_player
                assert player is not None
                state.apply((a if player % 2 == a_seats else o).act(state))
            ns_scores.append(state.returns()[0])
        net = float(ns_scores[0] - ns_scores[1])
        nets.append(net)
        _write(out, {"board": b, "contract": first.contract, "net": net, "imps": imps(net),
                     "seconds": time.perf_counter() - t0})  # fmt: skip
    imp = [float(imps(x)) for x in nets]
    m_imp, ci_imp = mean_ci(imp)
    m_pts, ci_pts = mean_ci(nets)
    return {"boards": len(nets), "imps_per_board": m_imp, "imps_ci95": ci_imp,
            "points_per_board": m_pts, "points_ci95": ci_pts}  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pairs", default="heuristic:random,search@300:heuristic")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--timing", type=int, default=0, metavar="DEALS",
        help="instead: time recommend() at every decision of DEALS deals",
    )  # fmt: skip
    parser.add_argument("--seconds", type=float, default=1.0, help="recommend's budget")
    parser.add_argument(
        "--declarer-loss", metavar="AGENT", default=None,
        help="instead: tricks AGENT loses as declarer against double dummy over --boards",
    )  # fmt: skip
    parser.add_argument(
        "--defence", choices=["dd", "heuristic"], default="dd",
        help="--declarer-loss: the defence after the opening lead",
    )  # fmt: skip
    parser.add_argument(
        "--play-match", metavar="A:B", default=None,
        help="instead: duplicate teams with the system's bidding at both tables, A's card play "
        "against B's (e.g. ddplay@12:heuristic)",
    )  # fmt: skip
    parser.add_argument("--start", type=int, default=0, help="first board (to split a run)")
    parser.add_argument("--out", default=None, help="append one JSON line per board here")
    args = parser.parse_args(argv)
    row: dict[str, Any]
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    if args.declarer_loss:
        row = declarer_loss(
            args.boards, args.seed, args.declarer_loss, args.defence, args.start, out
        )
        print(json.dumps(row, indent=2))
        return 0
    if args.play_match:
        a, _, b = args.play_match.partition(":")
        print(json.dumps(play_match(args.boards, args.seed, a, b or "heuristic", args.start, out)))
        return 0
    if args.timing:
        print(json.dumps(timing(args.timing, args.seed, args.seconds), indent=2))
        return 0
    rows = []
    for pair in args.pairs.split(","):
        a, _, b = pair.partition(":")
        if b.replace(".", "").isdigit():  # "search:0.5:heuristic"
            extra, _, b = b.partition(":")
            a = f"{a}:{extra}"
        row = match(a, b, args.boards, args.seed)
        rows.append(row)
        if not args.json:
            print(
                f"{row['a']} vs {row['b']}, {row['boards']} boards (seed {row['seed']}): "
                f"{row['imps_per_board']:+.2f} ± {row['imps_ci95']:.2f} IMPs/board, "
                f"{row['points_per_board']:+.0f} ± {row['points_ci95']:.0f} points/board; "
                f"{row['seconds_per_decision_a']:.4f} s/decision ({row['a']}), "
                f"{row['seconds']:.0f} s in all",
                flush=True,
            )
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
