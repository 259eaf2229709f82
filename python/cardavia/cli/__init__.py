"""The ``cardavia`` command line."""

from __future__ import annotations

import sys

import click

from cardavia import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardavia")
def main() -> None:
    """cardavia: ten card games played exactly by their rules, fast."""


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
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None, help="Seed for sampling.")
@click.option("--threads", type=click.IntRange(min=0), default=0, help="Threads (0 = all cores).")
def equity(
    hands: tuple[str, ...],
    board: str,
    dead: str,
    samples: int | None,
    seed: int | None,
    threads: int,
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
    click.echo(str(result))


@main.command()
@click.argument("game")
@click.option("--games", "deals", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True)
@click.option("--threads", type=click.IntRange(min=1), default=1, show_default=True)
def simulate(game: str, deals: int, seed: int, threads: int) -> None:
    """Random self-play of GAME: who wins how often, mean payoffs, deal length.

    Example: cardavia simulate doudizhu --games 10000 --seed 1
    """
    import time

    from cardavia import CardaviaError
    from cardavia.sim import simulate as run

    started = time.perf_counter()
    try:
        with click.progressbar(length=deals, label=game, file=sys.stderr) as bar:
            summary = run(game, deals, seed=seed, threads=threads, progress=bar.update)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    elapsed = time.perf_counter() - started
    click.echo(summary.table())
    click.echo(f"{deals / elapsed:,.0f} deals/s")


@main.command()
@click.argument("cards", nargs=-1, required=True)
def evaluate(cards: tuple[str, ...]) -> None:
    """Evaluate a Hold'em hand of 5-7 CARDS, e.g. cardavia evaluate Ah Kh Qh Jh Th 2c 3d."""
    from cardavia import CardaviaError, holdem

    try:
        value = holdem.evaluate(" ".join(cards))
        best = holdem.best_five(" ".join(cards))
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    click.echo(f"{value.describe()}  (class {value.rank_class} of 7462, strength {value.strength})")
    click.echo("best five: " + " ".join(str(c) for c in best))


@main.command()
@click.argument("hands", type=click.IntRange(min=1))
@click.option("--cards", "cards_per_hand", type=click.IntRange(min=0), default=None)
@click.option("--packs", type=click.IntRange(1, 2), default=1)
@click.option("--jokers/--no-jokers", default=False)
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=None)
def deal(
    hands: int, cards_per_hand: int | None, packs: int, jokers: bool, seed: int | None
) -> None:
    """Shuffle and deal HANDS hands (seeded: the same seed deals the same cards everywhere)."""
    from cardavia import CardaviaError
    from cardavia.cards import deal as do_deal

    try:
        d = do_deal(hands, cards_per_hand, packs=packs, jokers=jokers, seed=seed)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    for i, h in enumerate(d.hands):
        click.echo(f"hand {i}: {h}")
    click.echo(f"left over: {d.leftover}")
    click.echo(f"seed: {d.seed}")


def _register_subcommands() -> None:
    # Each command lives in its own module of this package; `rules` attaches itself to `main`.
    from cardavia.cli import rules as _rules  # noqa: F401
    from cardavia.cli.arena import arena

    main.add_command(arena)


_register_subcommands()

if __name__ == "__main__":  # pragma: no cover
    main()
