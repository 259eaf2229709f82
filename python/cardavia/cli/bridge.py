"""``cardavia bridge``: bridge tools; ``cardavia bridge dd DEAL`` solves a deal double dummy."""

from __future__ import annotations

import json

import click


@click.group()
def bridge() -> None:
    """Bridge tools (rules/bridge.md)."""


@bridge.command("dd")
@click.argument("deal")
@click.option(
    "--vulnerability",
    "-v",
    type=click.Choice(["none", "ns", "ew", "both", "all"]),
    default="all",
    show_default=True,
    help="Vulnerability of the par result; 'all' gives par for each of the four.",
)
@click.option(
    "--threads",
    type=click.IntRange(0, 1024),
    default=0,
    show_default=True,
    help="Threads for the table (0 = one per strain); the results never depend on it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the table and par as JSON.")
def dd(deal: str, vulnerability: str, threads: int, as_json: bool) -> None:
    """The double-dummy table of DEAL (tricks for each declarer in each strain, declarer's
    left-hand opponent on lead) and its par score and contracts (South dealing).

    DEAL is a PBN deal, "N:AKQ.JT9.8765.432 ..." (quote it), or a number: the seed of a
    cardavia deal (the one `cardavia.bridge.BridgeGame().new_state(seed=N)` deals).

    Example: cardavia bridge dd 42 --vulnerability ns
    """
    from cardavia import CardaviaError
    from cardavia.games import bridge as game

    try:
        source: object = deal
        if deal.strip().isdigit():
            source = game.BridgeGame().new_state(seed=int(deal.strip()))
        table = game.dd_table(source, threads=threads)
        vuls = game.VULNERABILITIES if vulnerability == "all" else (vulnerability,)
        pars = {v: game.par(table, v) for v in vuls}
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        out = {
            "tricks": table.as_dict(),
            "par": {
                v: {
                    "score_ns": p.score,
                    "contracts": [
                        {"contract": c.contract, "declarers": c.declarers, "tricks": c.tricks}
                        for c in p.contracts
                    ],
                }
                for v, p in pars.items()
            },
        }
        click.echo(json.dumps(out, indent=2))
        return
    click.echo(str(table))
    for v, p in pars.items():
        contracts = ", ".join(str(c) for c in p.contracts) or "passed out"
        click.echo(f"par ({v} vulnerable): NS {p.score:+d}  {contracts}")
