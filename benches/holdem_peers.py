"""Hold'em evaluation and equity, side by side with phevaluator, eval7, treys and pokerkit.

Run: ``python benches/holdem_peers.py`` (after ``pip install '.[test]'``). Every library gets
the same random hands, each on its own fastest input form prepared outside the timed loop, in
one process; the sides of a table take turns (see ``compare``). The report gives the best time
per operation and the ratio peer / cardavia.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable

import numpy as np

from cardavia import holdem


def compare(
    sides: list[tuple[str, Callable[[], object]]], rounds: int, per_round: float = 0.05
) -> list[tuple[str, float]]:
    """Best wall time (seconds) of each side: the least disturbed run.

    The machine this was written on has slow and fast phases lasting seconds (the same code
    runs up to twice as fast in one as in the other), so the sides take turns: ``rounds``
    rounds, in each of which every side runs until ``per_round`` seconds have passed (at least
    once). Every side is thus timed at the same moments, with the same chance of a fast phase.
    """
    best = {name: float("inf") for name, _ in sides}
    for _ in range(rounds):
        for name, fn in sides:
            start = time.perf_counter()
            while True:
                t0 = time.perf_counter()
                fn()
                t1 = time.perf_counter()
                best[name] = min(best[name], t1 - t0)
                if t1 - start >= per_round:
                    break
    return [(name, best[name]) for name, _ in sides]


def report(title: str, rows: list[tuple[str, float]], unit: str, ours: str = "cardavia") -> None:
    base = dict(rows)[ours]
    print(f"\n## {title}")
    print(f"| library | {unit} | ratio to cardavia (higher = cardavia faster) |")
    print("|---|---:|---:|")
    for name, value in rows:
        print(f"| {name} | {value:,.1f} | {value / base:,.2f}x |")


def single_hand(n: int, repeats: int) -> None:
    import eval7
    import phevaluator._pheval as pheval
    import treys

    rng = np.random.default_rng(1)
    hands = [rng.choice(52, 7, replace=False).tolist() for _ in range(n)]
    masks = [sum(1 << c for c in h) for h in hands]
    ranks, suits = "23456789TJQKA", "cdhs"
    text = [[ranks[c // 4] + suits[c % 4] for c in h] for h in hands]
    e7 = [[eval7.Card(t) for t in h] for h in text]
    tr = [[treys.Card.new(t) for t in h] for h in text]
    tr_eval = treys.Evaluator()

    evaluate_mask = holdem.evaluate_mask
    evaluate_7cards = pheval.evaluate_7cards
    e7_evaluate = eval7.evaluate
    tr_evaluate = tr_eval.evaluate

    def ours() -> None:
        for m in masks:
            evaluate_mask(m)

    def ph() -> None:
        for h in hands:
            evaluate_7cards(*h)

    def ev7() -> None:
        for h in e7:
            e7_evaluate(h)

    def trs() -> None:
        for h in tr:
            tr_evaluate(h[:2], h[2:])

    sides: list[tuple[str, Callable[[], object]]] = [
        ("cardavia", ours),
        ("phevaluator evaluate_7cards(*ints) (C)", ph),
        ("eval7 evaluate(list[Card])", ev7),
        ("treys Evaluator.evaluate(board, hand)", trs),
    ]
    calls = {name: n for name, _ in sides}
    try:
        from pokerkit import Card as PkCard
        from pokerkit import StandardHighHand

        pk = [
            (list(PkCard.parse("".join(h[:2]))), list(PkCard.parse("".join(h[2:])))) for h in text
        ]
        few = pk[: max(1, n // 50)]

        def pkt() -> None:
            for hole, board in few:
                StandardHighHand.from_game(hole, board)

        sides.append(("pokerkit StandardHighHand.from_game", pkt))
        calls["pokerkit StandardHighHand.from_game"] = len(few)
    except ImportError:  # pragma: no cover
        pass
    rows = [(name, t / calls[name] * 1e9) for name, t in compare(sides, repeats)]
    report(f"One 7-card hand per call from Python ({n:,} random hands)", rows, "ns per hand")


def batch(n: int, repeats: int) -> None:
    import phevaluator._pheval as pheval

    rng = np.random.default_rng(2)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(n)], dtype=np.uint8)
    as_lists = hands.tolist()
    evaluate_7cards = pheval.evaluate_7cards

    def ours() -> None:
        holdem.evaluate_batch(hands, threads=1)

    buffer = np.empty(n, dtype=np.uint16)

    def ours_into_buffer() -> None:
        holdem.evaluate_batch(hands, threads=1, out=buffer)

    def ours_all_threads() -> None:
        holdem.evaluate_batch(hands, threads=0)

    def ph_loop() -> None:
        for h in as_lists:
            evaluate_7cards(*h)

    sides: list[tuple[str, Callable[[], object]]] = [
        ("cardavia", ours),
        ("cardavia, into a reused out= buffer", ours_into_buffer),
        ("cardavia, all cores", ours_all_threads),
        ("phevaluator evaluate_7cards looped in Python", ph_loop),
    ]
    rows = [(name, t * 1e3) for name, t in compare(sides, repeats)]
    report(f"evaluate_batch of {n:,} 7-card hands, one thread", rows, "ms")


def exhaustive_equity(repeats: int) -> None:
    import eval7
    import phevaluator._pheval as pheval

    ours_result = holdem.equity(["AhAs", "KdKc"], threads=1)

    def ours() -> None:
        holdem.equity(["AhAs", "KdKc"], threads=1)

    # Neither peer enumerates preflop boards itself (eval7's py_hand_vs_range_exact only scores
    # the board it is given), so both enumerate the boards in Python around their evaluator.
    # Each loop's win and tie counts are checked against ours, so that a row cannot time a
    # computation other than this one.
    hero, villain = [50, 51], [45, 44]  # Ah As, Kd Kc in the shared card index layout
    deck = [c for c in range(52) if c not in hero + villain]
    evaluate_7cards = pheval.evaluate_7cards
    boards = 1_712_304

    def check(name: str, wins: int, ties: int) -> None:
        win, tie = ours_result.win[0], ours_result.tie[0]
        if abs(wins / boards - win) > 1e-9 or abs(ties / boards - tie) > 1e-9:
            found = f"win {wins / boards} tie {ties / boards}"
            raise AssertionError(f"{name}: {found}, cardavia win {win} tie {tie}")

    def ph() -> None:
        wins = ties = 0
        for b in itertools.combinations(deck, 5):
            a = evaluate_7cards(50, 51, *b)
            k = evaluate_7cards(45, 44, *b)
            wins += a < k  # phevaluator: lower is better
            ties += a == k
        check("phevaluator", wins, ties)

    e7_hero = [eval7.Card("Ah"), eval7.Card("As")]
    e7_villain = [eval7.Card("Kd"), eval7.Card("Kc")]
    e7_deck = [c for c in eval7.Deck().cards if str(c) not in ("Ah", "As", "Kd", "Kc")]
    e7_evaluate = eval7.evaluate

    def ev7() -> None:
        wins = ties = 0
        for b in itertools.combinations(e7_deck, 5):
            board = list(b)
            a = e7_evaluate(e7_hero + board)
            k = e7_evaluate(e7_villain + board)
            wins += a > k  # eval7: higher is better
            ties += a == k
        check("eval7", wins, ties)

    # The peers' loops take seconds: two rounds, one run each.
    sides: list[tuple[str, Callable[[], object]]] = [
        ("cardavia", ours),
        ("phevaluator (C evaluator, boards enumerated in Python)", ph),
        ("eval7 (evaluate, boards enumerated in Python)", ev7),
    ]
    rows = [(name, t * 1e3) for name, t in compare(sides, min(repeats, 2), per_round=0.2)]
    report("Exact preflop equity AhAs vs KdKc (1,712,304 boards), one thread", rows, "ms")


def monte_carlo(repeats: int) -> None:
    import eval7

    def ours() -> None:
        holdem.equity(["AhAs", "KdKc"], samples=100_000, seed=1, threads=1)

    hand = [eval7.Card("Ah"), eval7.Card("As")]
    villain_range = eval7.HandRange("KdKc")

    def ev7() -> None:
        eval7.py_hand_vs_range_monte_carlo(hand, villain_range, [], 100_000)

    sides: list[tuple[str, Callable[[], object]]] = [
        ("cardavia", ours),
        ("eval7 py_hand_vs_range_monte_carlo", ev7),
    ]
    rows = [(name, t * 1e3) for name, t in compare(sides, repeats)]
    report("Monte Carlo equity AhAs vs KdKc, 100,000 trials, one thread", rows, "ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--batch", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=7, help="rounds of turns (see compare)")
    args = parser.parse_args()
    single_hand(args.hands, args.rounds)
    batch(args.batch, args.rounds)
    exhaustive_equity(args.rounds)
    monte_carlo(args.rounds)


if __name__ == "__main__":
    main()
