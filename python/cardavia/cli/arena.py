"""``cardavia arena``: agents against each other on duplicate deals."""

from __future__ import annotations

import json
import sys

import click

from cardavia.game import games


@click.command()
@click.argument("game", type=click.Choice(games()), metavar="GAME")
@click.option(
    "--agents",
    default="search,heuristic",
    show_default=True,
    help="Comma-separated agents, taking the seats in order and repeated to fill them: random, "
    "heuristic, search, search:SECONDS (time per decision) or search@ITERATIONS.",
)
@click.option(
    "--deals",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Deals to play; each is replayed once per seating (seats rotated).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**64 - 1),
    default=0,
    show_default=True,
    help="Seed of the deals and of the agents: the same seed replays the same match.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def arena(game: str, agents: str, deals: int, seed: int, as_json: bool) -> None:
    """Measure agents on duplicate deals of GAME: mean payoff per deal with its 95% interval.

    GAME is one of the game ids. Every deal is played once per rotation of the agents through
    the seats, so each agent meets the same cards from every seat.

    Example: cardavia arena doudizhu --agents search,heuristic,heuristic --deals 200
    """
    from cardavia import CardaviaError
    from cardavia.agents import arena as run

    names = [a.strip() for a in agents.split(",") if a.strip()]
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=1, label=f"{game} arena", file=sys.stderr) as bar:

                def progress(done: int, total: int) -> None:
                    bar.length = total
                    bar.update(done - bar.pos)

                result = run(game, names, deals=deals, seed=seed, progress=progress)
        else:
            result = run(game, names, deals=deals, seed=seed)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        click.echo(result.table())
