"""Hold'em through the Python protocol, side by side with OpenSpiel's ``universal_poker``.

    python benches/protocol_peers_holdem.py [--seconds 3] [--repeats 3] [--seed 1]

One process, one thread, the same budget of CPU time per side and repeat; every figure is the
best of ``--repeats``. Ratios are OpenSpiel time / cardavia time (above 1: cardavia is faster).

The game on both sides: heads-up no-limit Hold'em, 20,000 chips each, blinds 50/100 (the ACPC
200-big-blind setting), exact amounts — OpenSpiel's
``universal_poker(betting=nolimit,numPlayers=2,numRounds=4,blind=100 50,firstPlayer=2 1 1 1,
numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,stack=20000 20000,
bettingAbstraction=fullgame)``, whose action ids are fold, call and one id per bet-to amount,
against ``cardavia.load("holdem", players=2, stack=20000, small_blind=50, big_blind=100)``
(fold, check/call and one id per raise-to amount, ``1 + T``).

Each side plays full hands uniformly at random, from a fresh state to the end:

* OpenSpiel: ``state.legal_actions()`` then ``state.apply_action(id)``; the cards are dealt
  through its chance nodes, each chance outcome drawn uniformly from ``chance_outcomes()``.
* cardavia, ids: ``state.legal_action_ids()`` then ``state.apply(id)`` — uniform over every
  legal id, as OpenSpiel's loop (a fresh seeded ``new_state`` deals the cards).
* cardavia, Action objects over the same ids: ``state.action_from_id(id)`` of a uniform id,
  then ``state.apply(action)``: the same distribution of hands through Action objects.
* cardavia, listed Action objects: ``state.legal_actions()`` then ``state.apply(action)``,
  uniform over the listing (fold, check/call, min raise, half pot, pot, all-in): other hands
  (longer: fewer all-ins), so compare the time per decision.

Uniform over every amount means that nearly every decision is a bet or raise, so both sides
see short hands that end in an all-in; the listing path plays more streets.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import cardavia

OPENSPIEL_GAME = (
    "universal_poker(betting=nolimit,numPlayers=2,numRounds=4,blind=100 50,"
    "firstPlayer=2 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
    "stack=20000 20000,bettingAbstraction=fullgame)"
)


def best_rate(run: Callable[[float], tuple[int, int]], seconds: float, repeats: int) -> tuple:
    """(seconds per hand, decisions per hand) of the best repeat."""
    best: tuple[float, float] | None = None
    for _ in range(repeats):
        hands, decisions, spent = 0, 0, 0.0
        start = time.process_time()
        while spent < seconds:
            h, d = run(seconds)
            hands += h
            decisions += d
            spent = time.process_time() - start
        per_hand = spent / hands
        if best is None or per_hand < best[0]:
            best = (per_hand, decisions / hands)
    assert best is not None
    return best


def openspiel_side(seed: int) -> Callable[[float], tuple[int, int]]:
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    rng = random.Random(seed)
    randrange = rng.randrange

    def run(_: float) -> tuple[int, int]:
        decisions = 0
        for _ in range(20):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
                    decisions += 1
        return 20, decisions

    return run


def cardavia_game() -> cardavia.Game:  # type: ignore[type-arg]
    return cardavia.load("holdem", players=2, stack=20000, small_blind=50, big_blind=100)


def ids_side(seed: int) -> Callable[[float], tuple[int, int]]:
    game = cardavia_game()
    rng = random.Random(seed)
    randrange = rng.randrange
    seeds = iter(range(seed * 10**9, 10**18))

    def run(_: float) -> tuple[int, int]:
        decisions = 0
        for _ in range(20):
            state = game.new_state(seed=next(seeds))
            while not state.is_terminal():
                ids = state.legal_action_ids()
                state.apply(ids[randrange(len(ids))])
                decisions += 1
        return 20, decisions

    return run


def actions_by_id_side(seed: int) -> Callable[[float], tuple[int, int]]:
    game = cardavia_game()
    rng = random.Random(seed)
    randrange = rng.randrange
    seeds = iter(range(seed * 10**9, 10**18))

    def run(_: float) -> tuple[int, int]:
        decisions = 0
        for _ in range(20):
            state = game.new_state(seed=next(seeds))
            while not state.is_terminal():
                ids = state.legal_action_ids()
                state.apply(state.action_from_id(ids[randrange(len(ids))]))
                decisions += 1
        return 20, decisions

    return run


def listed_actions_side(seed: int) -> Callable[[float], tuple[int, int]]:
    game = cardavia_game()
    rng = random.Random(seed)
    randrange = rng.randrange
    seeds = iter(range(seed * 10**9, 10**18))

    def run(_: float) -> tuple[int, int]:
        decisions = 0
        for _ in range(20):
            state = game.new_state(seed=next(seeds))
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply(actions[randrange(len(actions))])
                decisions += 1
        return 20, decisions

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        raise SystemExit("OpenSpiel is needed: pip install open_spiel") from None

    rows = [
        ("OpenSpiel universal_poker: legal_actions + apply_action", openspiel_side(args.seed)),
        ("cardavia: legal_action_ids + apply(id)", ids_side(args.seed)),
        ("cardavia: action_from_id + apply(Action)", actions_by_id_side(args.seed)),
        ("cardavia: legal_actions + apply(Action), listing", listed_actions_side(args.seed)),
    ]
    results = [(name, *best_rate(run, args.seconds, args.repeats)) for name, run in rows]
    peer_hand, peer_decisions = results[0][1], results[0][2]
    peer_decision = peer_hand / peer_decisions
    print(f"{'path':<52} {'µs/hand':>10} {'dec/hand':>9} {'µs/dec':>8} {'ratio':>7}")
    for i, (name, per_hand, decisions) in enumerate(results):
        per_decision = per_hand / decisions
        if i == 0:
            ratio = "1.00"
        elif i < 3:
            ratio = f"{peer_hand / per_hand:.2f}"  # same distribution of hands: per hand
        else:
            ratio = f"{peer_decision / per_decision:.2f}*"  # other hands: per decision
        print(
            f"{name:<52} {per_hand * 1e6:>10.1f} {decisions:>9.2f} "
            f"{per_decision * 1e6:>8.2f} {ratio:>7}"
        )
    print("ratio: OpenSpiel time / cardavia time per hand; * per decision (other hands)")


if __name__ == "__main__":
    main()
