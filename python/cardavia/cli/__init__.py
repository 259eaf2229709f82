"""The ``cardavia`` command line."""

from __future__ import annotations

import click

from cardavia import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardavia")
def main() -> None:
    """cardavia: ten card games played exactly by their rules, fast.

    Game ids: bridge, doudizhu, five_ten_king, guandan, holdem, one_poker, red_ten, smear,
    tractor, zhengshangyou. Every command has --help; those that print a result take --json.
    """


@main.command()
@click.argument("hands", nargs=-1, required=True)
@click.option("--board", default="", help="Known board cards, e.g. 'Ah 7d 2c'.")
@click.option("--dead", default="", help="Cards known to be out of the deck.")
@click.option(
    "--samples",
    type=click.IntRange(min=1),
    default=None,
    help="Monte Carlo trials (default: exact enumeration).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**64 - 1),
    default=None,
    help="Seed for Monte Carlo sampling (the same seed, the same estimate).",
)
@click.option(
    "--threads",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Threads for the computation (0 = all cores; the result does not depend on it).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the equities as JSON.")
def equity(
    hands: tuple[str, ...],
    board: str,
    dead: str,
    samples: int | None,
    seed: int | None,
    threads: int,
    as_json: bool,
) -> None:
    """Hold'em equity of 2-10 HANDS, each a holding (AhAs) or a quoted range ('QQ+,AKs').

    On a terminal, a long computation shows its progress on stderr; Ctrl-C stops it.

    Example: cardavia equity AhAs KdKc --board "2c 7d 9h"
    """
    import time

    from cardavia import CardaviaError, holdem

    err = click.get_text_stream("stderr")
    started = time.monotonic()
    drawn = [False]

    def show(done: float) -> None:
        # Called between batches of Rust work (about ten a second). Only a terminal gets it;
        # a computation that ends within its first batch draws nothing.
        if done >= 1.0 and not drawn[0]:
            return
        elapsed = time.monotonic() - started
        left = f", about {elapsed * (1 - done) / done:.0f} s left" if done > 0 else ""
        err.write(f"\rcomputing equity: {done:6.1%} ({elapsed:.0f} s{left})\x1b[K")
        err.flush()
        drawn[0] = True

    try:
        result = holdem.equity(
            list(hands),
            board,
            dead,
            samples,
            seed,
            threads=threads,
            progress=show if err.isatty() else None,
        )
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    finally:
        if drawn[0]:
            err.write("\r\x1b[K")
            err.flush()
    if as_json:
        _echo_json(
            {
                "hands": list(hands),
                "board": board,
                "equity": list(result.equity),
                "win": list(result.win),
                "tie": list(result.tie),
                "samples": samples,
                "exact": samples is None,
            }
        )
        return
    click.echo(str(result))


def _game_ids() -> list[str]:
    from cardavia.game import games

    return games()


def _echo_json(value: object) -> None:
    import json

    click.echo(json.dumps(value, indent=2))


@main.command()
@click.argument("game", type=click.Choice(_game_ids()), metavar="GAME")
@click.option(
    "--games",
    "deals",
    type=click.IntRange(min=1),
    default=1000,
    show_default=True,
    help="How many random deals to play.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**64 - 1),
    default=0,
    show_default=True,
    help="Seed of the deals: the same seed plays the same deals on every machine.",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Worker processes to spread the deals over (the result does not depend on it).",
)
@click.option("--threads", "old_threads", type=click.IntRange(min=1), default=None, hidden=True)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    game: str, deals: int, seed: int, workers: int, old_threads: int | None, as_json: bool
) -> None:
    """Random self-play of GAME: who wins how often, mean payoffs, deal length.

    GAME is one of the game ids (cardavia rules GAME tells its rules). Every action is drawn
    uniformly from the legal ones.

    Example: cardavia simulate doudizhu --games 10000 --seed 1 --workers 2
    """
    import time

    from cardavia import CardaviaError
    from cardavia.sim import simulate as run

    workers = old_threads or workers  # --threads: the old name of --workers
    started = time.perf_counter()
    err = click.get_text_stream("stderr")
    try:
        if err.isatty() and not as_json:
            with click.progressbar(length=deals, label=game, file=err) as bar:
                summary = run(game, deals, seed=seed, workers=workers, progress=bar.update)
        else:
            summary = run(game, deals, seed=seed, workers=workers)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    elapsed = time.perf_counter() - started
    if as_json:
        out = summary.to_json()
        out["seconds"] = elapsed
        _echo_json(out)
        return
    click.echo(summary.table())
    click.echo(f"{deals / elapsed:,.0f} deals/s")


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Print the evaluation as JSON.")
def evaluate(cards: tuple[str, ...], as_json: bool) -> None:
    """Evaluate a Hold'em hand of 5-7 CARDS: its class, strength and best five cards.

    Example: cardavia evaluate Ah Kh Qh Jh Th 2c 3d
    """
    from cardavia import CardaviaError, holdem

    try:
        value = holdem.evaluate(" ".join(cards))
        best = holdem.best_five(" ".join(cards))
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        _echo_json(
            {
                "description": value.describe(),
                "category": value.category.name.lower(),
                "rank_class": value.rank_class,
                "strength": value.strength,
                "best_five": [str(c) for c in best],
            }
        )
        return
    click.echo(f"{value.describe()}  (class {value.rank_class} of 7462, strength {value.strength})")
    click.echo("best five: " + " ".join(str(c) for c in best))


@main.command()
@click.argument("hands", type=click.IntRange(min=1))
@click.option(
    "--cards",
    "cards_per_hand",
    type=click.IntRange(min=0),
    default=None,
    help="Cards per hand (default: the whole deck dealt out evenly).",
)
@click.option(
    "--packs",
    type=click.IntRange(1, 2),
    default=1,
    show_default=True,
    help="Packs shuffled together (2 for the two-pack games).",
)
@click.option(
    "--jokers/--no-jokers",
    default=False,
    show_default=True,
    help="Include the two jokers of each pack.",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**64 - 1),
    default=None,
    help="Seed of the shuffle (default: a fresh one, printed).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the deal as JSON.")
def deal(
    hands: int,
    cards_per_hand: int | None,
    packs: int,
    jokers: bool,
    seed: int | None,
    as_json: bool,
) -> None:
    """Shuffle and deal HANDS hands (seeded: the same seed deals the same cards everywhere).

    Example: cardavia deal 4 --cards 13 --seed 7
    """
    from cardavia import CardaviaError
    from cardavia.cards import deal as do_deal

    try:
        d = do_deal(hands, cards_per_hand, packs=packs, jokers=jokers, seed=seed)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        _echo_json(
            {"hands": [str(h) for h in d.hands], "leftover": str(d.leftover), "seed": d.seed}
        )
        return
    for i, h in enumerate(d.hands):
        click.echo(f"hand {i}: {h}")
    click.echo(f"left over: {d.leftover}")
    click.echo(f"seed: {d.seed}")


def _register_subcommands() -> None:
    # Each command lives in its own module of this package; `rules` attaches itself to `main`.
    from cardavia.cli import play as _play  # noqa: F401
    from cardavia.cli import rules as _rules  # noqa: F401
    from cardavia.cli import serve as _serve  # noqa: F401
    from cardavia.cli.arena import arena
    from cardavia.cli.bridge import bridge

    main.add_command(arena)
    main.add_command(bridge)


_register_subcommands()

if __name__ == "__main__":  # pragma: no cover
    main()
