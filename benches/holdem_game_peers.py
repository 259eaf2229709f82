"""Hold'em game speed: random full hands per second, cardavia's protocol vs PokerKit's state
machine, under the same random policy, in one process.

Run: ``python benches/holdem_game_peers.py`` (after ``pip install '.[test]'``, ideally with a
release build: ``maturin develop --release``).

The policy, for both: at each decision pick fold / check-call / bet-raise uniformly among those
legal, and a raise-to amount uniformly in the legal range. Each hand is 4 players, 1000 chips,
blinds 10/20, dealt, bet and settled to the end. cardavia goes through the public protocol's
integer path (``legal_action_ids()``, whose ``ranges`` are exactly the three groups — fold,
check/call, every legal raise-to amount — and ``apply(id)``);
PokerKit through ``NoLimitTexasHoldem.create_state`` with its dealing and settling automations.
A third row shows hands simulated entirely in Rust (``_core.holdem_simulate``) for reference.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings

import cardavia
from cardavia import _core


def cardavia_hands(n: int, seed: int) -> int:
    game = cardavia.load("holdem")
    rng = random.Random(seed)
    actions = 0
    for i in range(n):
        state = game.new_state(seed=seed + i)
        while not state.is_terminal():
            groups = state.legal_action_ids().ranges  # [fold], [check/call], [raise-to ids]
            group = groups[rng.randrange(len(groups))]
            state.apply(group[rng.randrange(len(group))])
            actions += 1
    return actions


def pokerkit_hands(n: int, seed: int) -> int:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(seed)
    actions = 0
    for _ in range(n):
        state = NoLimitTexasHoldem.create_state(
            automations, False, 0, (10, 20), 20, (1000, 1000, 1000, 1000), 4
        )
        while state.status:
            if state.actor_index is None:
                continue
            kinds = []
            if state.can_fold():
                kinds.append("fold")
            kinds.append("cc")
            if state.can_complete_bet_or_raise_to():
                kinds.append("raise")
            kind = kinds[rng.randrange(len(kinds))]
            if kind == "fold":
                state.fold()
            elif kind == "cc":
                state.check_or_call()
            else:
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                assert lo is not None and hi is not None
                state.complete_bet_or_raise_to(rng.randint(lo, hi))
            actions += 1
    return actions


def timed(fn: object, n: int, seed: int) -> tuple[float, int]:
    t0 = time.perf_counter()
    actions = fn(n, seed)  # type: ignore[operator]
    return time.perf_counter() - t0, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit warns about folds when checking is possible
    n = args.hands
    cardavia.games()  # import every game module before timing (load() does it once)
    ours, our_actions = timed(cardavia_hands, n, args.seed)
    peer, peer_actions = timed(pokerkit_hands, n, args.seed)
    t0 = time.perf_counter()
    sim = _core.holdem_simulate(200, seed=args.seed)
    rust = time.perf_counter() - t0
    rows = [
        ("cardavia protocol", n / ours, our_actions / n),
        ("pokerkit State", n / peer, peer_actions / n),
        ("cardavia Rust (matches)", sim["hands"] / rust, sim["actions"] / sim["hands"]),
    ]
    print(f"Random no-limit hold'em hands, 4 players, {n} hands each")
    print(f"{'engine':<26}{'hands/s':>12}{'actions/hand':>14}")
    for name, rate, per in rows:
        print(f"{name:<26}{rate:>12,.0f}{per:>14.2f}")
    print(f"ratio cardavia protocol / pokerkit: {peer / ours:.1f}x")


if __name__ == "__main__":
    main()
