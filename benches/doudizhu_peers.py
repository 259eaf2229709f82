"""Dou Dizhu move generation and random self-play, side by side with DouZero, RLCard and OpenSpiel.

Run: ``python benches/doudizhu_peers.py`` (about a minute; ``--help`` for bigger runs). Needs the
peers: douzero (``pip install --no-deps douzero``: its move generator needs no torch), rlcard
and open_spiel. Everything runs in one process, one thread (except the thread-scaling table),
each library on its own input form prepared outside the timed loops, and every number is the
best of ``--repeats`` runs. Ratios are peer time / cardavia time: above 1 cardavia is faster.

a. Legal plays for a free lead from the same random 20-card hands. cardavia lists one play per
   rank multiset (DDZ-6.7); DouZero's list holds duplicates and plays the rules forbid (see
   tests/test_doudizhu_crosscheck.py), RLCard's is a set of rank strings. The Rust-side time
   comes from criterion (``cargo bench -p cardavia-core --bench climbing``, on its own pool of
   256 random hands from the same distribution): read from ``target/criterion`` when a run left
   it there, or run first with ``--criterion``.
b. Random self-play (uniform over the legal actions, pass included), on the same deals where
   the API allows it:
   * card play from one fixed deal (landlord known): cardavia's ``ClimbTable.playouts`` (all
     in Rust) vs OpenSpiel's ``dou_dizhu`` from Python (``clone`` of the dealt state, then
     ``legal_actions``/``apply_action``);
   * a fresh deal per game: cardavia's Rust playouts called once per deal from Python (the
     first bidder is the landlord, no auction) vs OpenSpiel with the same deals forced through
     its chance nodes, then a random auction and card play;
   * the full Python protocol, auction included: cardavia's ``state.legal_actions()`` /
     ``state.apply()`` vs RLCard's ``env.run()`` with ``RandomAgent`` (RLCard has no auction:
     its landlord is picked by a hand-strength heuristic, and its deals are its own) and, for
     reference, RLCard's game object stepped directly (no observation encoding) and the
     OpenSpiel loop above;
   * Rust playouts on 1 and 2 threads.
   OpenSpiel's rules differ a little from rules/doudizhu.md: no four with two singles or two
   pairs (#11, #12) and wing triples allowed (against DDZ-4.5b), so its games are close to, not
   exactly, the same game.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardavia
from cardavia import CardSet, ClimbTable, doudizhu

ROOT = Path(__file__).resolve().parents[1]
CRITERION = ROOT / "target" / "criterion" / "climbing"
RANKS = "3456789TJQKA2"  # Dou Dizhu order (DDZ-2.3); jokers apart


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    """Best wall time of ``repeats`` runs (seconds): the least disturbed run."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def print_table(title: str, header: list[str], rows: list[list[str]], notes: list[str]) -> None:
    print(f"\n## {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|---|" + "---:|" * (len(header) - 1))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    for note in notes:
        print(f"\n{note}")


def ratio(value: float, base: float) -> str:
    return f"{value / base:,.2f}x"


# ---- criterion -----------------------------------------------------------------------------


def criterion_ns(bench: str) -> float | None:
    """Mean time per iteration (ns) of a criterion benchmark of the ``climbing`` group."""
    path = CRITERION / bench / "new" / "estimates.json"
    if not path.exists():
        return None
    return float(json.loads(path.read_text())["mean"]["point_estimate"])


def criterion_age() -> str:
    path = CRITERION / "ddz_legal_plays_lead_20" / "new" / "estimates.json"
    if not path.exists():
        return "no criterion results in target/criterion"
    minutes = (time.time() - path.stat().st_mtime) / 60
    return f"criterion results from {minutes:,.0f} min ago (target/criterion)"


def run_criterion() -> None:
    print("running cargo bench -p cardavia-core --bench climbing (a few minutes)...", flush=True)
    subprocess.run(
        ["cargo", "bench", "-p", "cardavia-core", "--bench", "climbing"],
        cwd=ROOT,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


# ---- conversions ---------------------------------------------------------------------------


def rank_string(cards: CardSet) -> str:
    """``"3345...2BR"``: the cards' ranks in Dou Dizhu order, B = small joker, R = big joker."""
    counts = {c: 0 for c in RANKS + "BR"}
    for card in cards:
        sym = card.rank.symbol
        counts["B" if sym == "SJ" else "R" if sym == "BJ" else sym] += 1
    return "".join(ch * n for ch, n in counts.items())


DOUZERO_VALUE = dict(zip(RANKS + "BR", [*range(3, 15), 17, 20, 30], strict=True))


def openspiel_action(card: cardavia.Card) -> int:
    """OpenSpiel's deal action for a card: 51 + suit (c d h s) * 13 + rank (3 .. A 2), jokers
    103 (small) and 104 (big)."""
    i = card.index  # cardavia: (rank - 2) * 4 + suit, 2s first; jokers 52, 53
    if i >= 52:
        return 51 + i
    return 51 + (i % 4) * 13 + (i // 4 - 1) % 13


# ---- a. legal plays for a free lead --------------------------------------------------------


def legal_plays_lead(n: int, repeats: int, seed: int) -> None:
    from douzero.env.move_generator import MovesGener
    from rlcard.games.doudizhu.judger import DoudizhuJudger

    rng = random.Random(seed)
    pack = list(CardSet.full_pack(jokers=True))
    hands = [CardSet(rng.sample(pack, 20)) for _ in range(n)]
    as_ranks = [rank_string(h) for h in hands]  # RLCard's form: sorted rank letters
    as_values = [[DOUZERO_VALUE[c] for c in r] for r in as_ranks]  # DouZero's: sorted ints

    legal_plays = doudizhu.legal_plays
    playable = DoudizhuJudger.playable_cards_from_hand

    def ours() -> None:
        for h in hands:
            legal_plays(h)

    def douzero() -> None:
        for h in as_values:
            MovesGener(h).gen_moves()

    def rlcard() -> None:
        for h in as_ranks:
            playable(h)

    listed = {
        "cardavia": sum(len(legal_plays(h)) for h in hands) / n,
        "douzero": sum(len(MovesGener(h).gen_moves()) for h in as_values) / n,
        "douzero distinct": sum(
            len({tuple(sorted(m)) for m in MovesGener(h).gen_moves()}) for h in as_values
        )
        / n,
        "rlcard": sum(len(playable(h)) for h in as_ranks) / n,
    }
    base = best_of(repeats, ours) / n
    rows = [
        [
            "cardavia `doudizhu.legal_plays(CardSet)` (Python)",
            f"{base * 1e6:,.2f}",
            f"{listed['cardavia']:,.1f}",
            "1.00x",
        ],
        [
            "douzero `MovesGener(list[int]).gen_moves()`",
            f"{(t := best_of(repeats, douzero) / n) * 1e6:,.2f}",
            f"{listed['douzero']:,.1f} ({listed['douzero distinct']:,.1f} distinct)",
            ratio(t, base),
        ],
        [
            "rlcard `DoudizhuJudger.playable_cards_from_hand(str)`",
            f"{(t := best_of(repeats, rlcard) / n) * 1e6:,.2f}",
            f"{listed['rlcard']:,.1f}",
            ratio(t, base),
        ],
    ]
    notes = []
    rust = criterion_ns("ddz_legal_plays_lead_20")
    rust_into = criterion_ns("ddz_legal_plays_lead_20_into")
    if rust is not None:
        rows.append(["cardavia Rust `legal_plays` (criterion)", f"{rust / 1e3:,.2f}", "", ""])
    if rust_into is not None:
        rows.append(
            ["cardavia Rust `legal_plays_into` (criterion)", f"{rust_into / 1e3:,.2f}", "", ""]
        )
    if rust is None:
        notes.append(
            "Rust side: no criterion results found; run "
            "`cargo bench -p cardavia-core --bench climbing` (or this script with --criterion)."
        )
    else:
        notes.append(
            f"Rust rows: {criterion_age()}, 256 other random 20-card hands; not in the ratios."
        )
    print_table(
        f"a. Legal plays for a free lead, {n:,} random 20-card hands (one thread)",
        ["library", "µs per hand", "plays listed per hand", "ratio (peer / cardavia)"],
        rows,
        notes,
    )


# ---- b. random self-play -------------------------------------------------------------------


def make_deals(n: int, seed: int) -> list[dict[str, Any]]:
    """Seeded deals: three 17-card hands, the 3 bottom cards and a random first bidder."""
    rng = random.Random(seed)
    deals = []
    for i in range(n):
        d = cardavia.deal(3, 17, jokers=True, seed=seed * 1_000_003 + i)
        deals.append(
            {"hands": list(d.hands), "bottom": d.leftover, "first_bidder": rng.randrange(3)}
        )
    return deals


def table_hands(deal: dict[str, Any]) -> list[CardSet]:
    """The hands at the start of card play when the first bidder is the landlord."""
    hands = list(deal["hands"])
    hands[deal["first_bidder"]] = hands[deal["first_bidder"]] | deal["bottom"]
    return hands


def openspiel_deal_actions(deal: dict[str, Any]) -> list[int]:
    """Chance actions making OpenSpiel deal ``deal``: the face-up position (its seat % 3 bids
    first), then 51 cards, card j to seat j % 3; the 3 undealt cards are the bottom."""
    hands = [list(h) for h in deal["hands"]]
    cards = [hands[j % 3][j // 3] for j in range(51)]
    return [deal["first_bidder"]] + [openspiel_action(c) for c in cards]


def check_openspiel_deal(game: Any, deal: dict[str, Any]) -> None:
    """The forced deal really gives each seat its hand (checked once, outside the timings)."""
    state = game.new_initial_state()
    for a in openspiel_deal_actions(deal):
        state.apply_action(a)
    assert state.current_player() == deal["first_bidder"]
    for seat, hand in enumerate(deal["hands"]):
        text = rank_string(hand)
        text = text.replace("B", "(BWJ)").replace("R", "(CJ)")
        assert state.observation_string(seat).startswith(f"My hand {text}\n"), seat


def openspiel_random_game(state: Any, rng: random.Random) -> int:
    """Plays ``state`` to the end uniformly at random; returns the player actions taken."""
    actions = 0
    randrange = rng.randrange
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()  # uniform: every card equally likely
            state.apply_action(outcomes[randrange(len(outcomes))][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[randrange(len(legal))])
            actions += 1
    return actions


def fixed_deal(n_rust: int, n_peer: int, repeats: int, seed: int) -> None:
    import pyspiel

    deal = make_deals(1, seed)[0]
    table = ClimbTable("doudizhu", table_hands(deal), deal["first_bidder"])
    game = pyspiel.load_game("dou_dizhu")
    check_openspiel_deal(game, deal)
    dealt = game.new_initial_state()
    for a in openspiel_deal_actions(deal):
        dealt.apply_action(a)
    dealt.apply_action(3)  # the first bidder bids 3: landlord, takes the bottom, leads
    assert dealt.current_player() == deal["first_bidder"]

    seeds = iter(range(10**9))
    ours_actions: list[float] = []

    def ours() -> None:
        out = table.playouts(n_rust, policy="random", seed=next(seeds), threads=1)
        ours_actions.append(float(out["actions"].mean()))

    rng = random.Random(seed)
    peer_actions: list[int] = []

    def openspiel() -> None:
        peer_actions.clear()
        for _ in range(n_peer):
            peer_actions.append(openspiel_random_game(dealt.clone(), rng))

    base = best_of(repeats, ours) / n_rust
    t = best_of(repeats, openspiel) / n_peer
    rows = [
        [
            "cardavia `ClimbTable.playouts(n, threads=1)` (Rust)",
            f"{1 / base:,.0f}",
            f"{base * 1e6:,.1f}",
            f"{sum(ours_actions) / len(ours_actions):,.1f}",
            "1.00x",
        ],
        [
            "OpenSpiel `dou_dizhu` from Python (clone, legal_actions, apply_action)",
            f"{1 / t:,.0f}",
            f"{t * 1e6:,.1f}",
            f"{sum(peer_actions) / len(peer_actions):,.1f}",
            ratio(t, base),
        ],
    ]
    print_table(
        "b1. Random card play from one fixed deal (landlord known), one thread",
        ["engine", "games/s", "µs per game", "actions per game", "ratio (peer / cardavia)"],
        rows,
        [
            f"cardavia: {n_rust:,} playouts per call; OpenSpiel: {n_peer:,} games. "
            "Actions = plays and passes."
        ],
    )


def fresh_deals(n_ours: int, n_peer: int, repeats: int, seed: int) -> None:
    import pyspiel

    deals = make_deals(max(n_ours, n_peer), seed + 1)
    tables = [(table_hands(d), d["first_bidder"]) for d in deals[:n_ours]]
    game = pyspiel.load_game("dou_dizhu")
    check_openspiel_deal(game, deals[0])
    forced = [openspiel_deal_actions(d) for d in deals[:n_peer]]

    def ours() -> None:
        for i, (hands, landlord) in enumerate(tables):
            ClimbTable("doudizhu", hands, landlord).playouts(1, seed=i)

    rng = random.Random(seed)
    peer_actions: list[int] = []

    def openspiel() -> None:
        peer_actions.clear()
        for actions in forced:
            state = game.new_initial_state()
            for a in actions:
                state.apply_action(a)
            peer_actions.append(openspiel_random_game(state, rng))

    base = best_of(repeats, ours) / n_ours
    t = best_of(repeats, openspiel) / n_peer
    rows = [
        [
            "cardavia `ClimbTable(...).playouts(1)` per deal, from Python",
            f"{1 / base:,.0f}",
            f"{base * 1e6:,.1f}",
            "1.00x",
        ],
        [
            "OpenSpiel `dou_dizhu` from Python: forced deal, random auction and play",
            f"{1 / t:,.0f}",
            f"{t * 1e6:,.1f}",
            ratio(t, base),
        ],
    ]
    notes = [
        f"Same deals for both ({n_ours:,} for cardavia, the first {n_peer:,} for OpenSpiel). "
        "cardavia skips the auction (first bidder = landlord); OpenSpiel's random auction "
        "ends the game with no score when the first three calls pass (1 game in 64; "
        "cardavia's rules redeal, DDZ-3.5c). OpenSpiel took "
        f"{sum(peer_actions) / len(peer_actions):,.1f} player actions per game (calls included)."
    ]
    rust = criterion_ns("ddz_fresh_deal_playouts_random_1000_1_threads")
    if rust is not None:
        per_game = rust / 1e3 / 1e9
        rows.append(
            [
                "cardavia Rust, deal included (criterion, ddz_fresh_deal_playouts)",
                f"{1 / per_game:,.0f}",
                f"{per_game * 1e6:,.1f}",
                "",
            ]
        )
        notes.append(f"Criterion row: {criterion_age()}; not in the ratios.")
    print_table(
        "b2. A fresh deal per game, random policy, one thread",
        ["engine", "games/s", "µs per game", "ratio (peer / cardavia)"],
        rows,
        notes,
    )


def python_protocol(
    n_ours: int, n_rlcard_env: int, n_rlcard_game: int, n_openspiel: int, repeats: int, seed: int
) -> None:
    import numpy as np
    import pyspiel
    import rlcard
    from rlcard.agents import RandomAgent
    from rlcard.games.doudizhu.game import DoudizhuGame

    deals = make_deals(max(n_ours, n_openspiel), seed + 2)
    game = cardavia.load("doudizhu")
    records = [
        {
            "hands": [str(h) for h in d["hands"]],
            "bottom": str(d["bottom"]),
            "first_bidder": d["first_bidder"],
        }
        for d in deals[:n_ours]
    ]
    rng = random.Random(seed)
    ours_actions: list[int] = []

    def ours() -> None:
        ours_actions.clear()
        randrange = rng.randrange
        for i, record in enumerate(records):
            state = game.new_state(seed=i, deal=record)
            actions = 0
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[randrange(len(legal))])
                actions += 1
            ours_actions.append(actions)

    env = rlcard.make("doudizhu", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(3)])

    def rlcard_env() -> None:
        for _ in range(n_rlcard_env):
            env.run(is_training=False)

    rl_game = DoudizhuGame()
    rl_game.np_random = np.random.RandomState(seed)
    rl_actions: list[int] = []

    def rlcard_game() -> None:
        rl_actions.clear()
        randrange = rng.randrange
        for _ in range(n_rlcard_game):
            state, _ = rl_game.init_game()
            actions = 0
            while not rl_game.is_over():
                legal = state["actions"]
                state, _ = rl_game.step(legal[randrange(len(legal))])
                actions += 1
            rl_actions.append(actions)

    os_game = pyspiel.load_game("dou_dizhu")
    forced = [openspiel_deal_actions(d) for d in deals[:n_openspiel]]
    os_actions: list[int] = []

    def openspiel() -> None:
        os_actions.clear()
        for actions in forced:
            state = os_game.new_initial_state()
            for a in actions:
                state.apply_action(a)
            os_actions.append(openspiel_random_game(state, rng))

    base = best_of(repeats, ours) / n_ours
    timed = [
        ("rlcard `env.run()` with 3 `RandomAgent`s", rlcard_env, n_rlcard_env, None),
        (
            "rlcard `DoudizhuGame.step` loop (no observation encoding)",
            rlcard_game,
            n_rlcard_game,
            rl_actions,
        ),
        (
            "OpenSpiel `dou_dizhu` from Python (same deals as cardavia)",
            openspiel,
            n_openspiel,
            os_actions,
        ),
    ]
    rows = [
        [
            "cardavia `state.legal_actions()` / `state.apply()`",
            f"{1 / base:,.0f}",
            f"{base * 1e3:,.2f}",
            f"{sum(ours_actions) / len(ours_actions):,.1f}",
            "1.00x",
        ]
    ]
    for name, fn, n, acts in timed:
        t = best_of(repeats if n > 50 else 1, fn) / n
        rows.append(
            [
                name,
                f"{1 / t:,.1f}" if t > 0.01 else f"{1 / t:,.0f}",
                f"{t * 1e3:,.2f}",
                f"{sum(acts) / len(acts):,.1f}" if acts else "",
                ratio(t, base),
            ]
        )
    print_table(
        "b3. Full games through the Python protocol, random policy, one thread",
        ["engine", "games/s", "ms per game", "actions per game", "ratio (peer / cardavia)"],
        rows,
        [
            f"Games: cardavia {n_ours:,}, rlcard env {n_rlcard_env:,}, rlcard game "
            f"{n_rlcard_game:,}, OpenSpiel {n_openspiel:,}. cardavia and OpenSpiel include the "
            "auction (cardavia redeals after three passes, DDZ-3.5c); RLCard has none. "
            "rlcard's `RandomAgent` builds a probability list over all 27,472 actions per step; "
            "`env.run` also encodes observations. Actions = calls, plays and passes (OpenSpiel: "
            "player actions, chance outcomes excluded)."
        ],
    )


def threads(n: int, repeats: int, seed: int) -> None:
    deal = make_deals(1, seed)[0]
    table = ClimbTable("doudizhu", table_hands(deal), deal["first_bidder"])
    seeds = iter(range(10**9))
    times = {
        k: best_of(repeats, lambda k=k: table.playouts(n, seed=next(seeds), threads=k)) / n
        for k in (1, 2)
    }
    rows = [
        [f"{k}", f"{1 / t:,.0f}", f"{t * 1e6:,.2f}", f"{times[1] / t:,.2f}x"]
        for k, t in times.items()
    ]
    notes = [f"{n:,} playouts per call, one fixed deal (as b1)."]
    for k in (1, 2):
        ns = criterion_ns(f"ddz_playouts_random_1000_{k}_threads")
        if ns is not None:
            notes.append(
                f"Criterion ddz_playouts_random_1000_{k}_threads: {1000 / (ns / 1e9):,.0f} "
                f"playouts/s ({criterion_age()})."
            )
    print_table(
        "b4. Rust playouts and threads (`ClimbTable.playouts`, random policy)",
        ["threads", "games/s", "µs per game", "speed-up"],
        rows,
        notes,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands for the lead table")
    parser.add_argument("--playouts", type=int, default=20000, help="Rust playouts per call")
    parser.add_argument("--games", type=int, default=2000, help="Python-driven games (b1, b2)")
    parser.add_argument("--protocol-games", type=int, default=300, help="cardavia games (b3)")
    parser.add_argument("--rlcard-games", type=int, default=30, help="rlcard env.run games (b3)")
    parser.add_argument("--repeats", type=int, default=5, help="best of this many runs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--criterion",
        action="store_true",
        help="run `cargo bench -p cardavia-core --bench climbing` first (a few minutes)",
    )
    parser.add_argument("--only", choices=["a", "b"], help="run only part a or part b")
    args = parser.parse_args()

    if args.criterion:
        run_criterion()
    print("# cardavia Dou Dizhu vs DouZero, RLCard and OpenSpiel")
    print("\nRatios: peer time / cardavia time; above 1 cardavia is faster.")
    if args.only in (None, "a"):
        legal_plays_lead(args.hands, args.repeats, args.seed)
    if args.only in (None, "b"):
        fixed_deal(args.playouts, args.games // 2, args.repeats, args.seed)
        fresh_deals(args.games * 2, args.games // 2, args.repeats, args.seed)
        python_protocol(
            args.protocol_games,
            args.rlcard_games,
            args.protocol_games // 3,
            args.games // 4,
            args.repeats,
            args.seed,
        )
        threads(args.playouts, args.repeats, args.seed)


if __name__ == "__main__":
    main()
