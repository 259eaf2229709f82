"""``cardavia rules GAME``: a game's rules in the project's own words, in English or Korean."""

from __future__ import annotations

import json

import click

from cardavia.cli import main
from cardavia.rules import GAMES, LANGUAGES

__all__ = ["rules"]


@main.command(
    "rules",
    help=(
        "Print the rules of GAME, every rule under the id the code and its errors cite "
        "(DDZ-6.2, GD-V10...).\n\n"
        f"GAME is one of: {', '.join(GAMES)}.\n\n"
        "Examples: cardavia rules doudizhu --lang ko; cardavia rules guandan --rule GD-6.7"
    ),
)
@click.argument("game", type=click.Choice(GAMES), metavar="GAME")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default="en",
    show_default=True,
    help="Language of the rules: en (English) or ko (Korean, 한국어).",
)
@click.option(
    "--rule", "rule_id", metavar="ID", default=None, help="Only the rule ID, e.g. DDZ-6.2."
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print JSON instead: {"game", "lang", "summary", "rules": {id: text}}.',
)
def rules(game: str, lang: str, rule_id: str | None, as_json: bool) -> None:
    from cardavia import CardaviaError
    from cardavia import rules as docs

    try:
        if rule_id is None:
            texts = {i: docs.rule(game, i, lang) for i in docs.rule_ids(game, lang)}
        else:
            texts = {rule_id: docs.rule(game, rule_id, lang)}
        summary = docs.summary(game, lang)
        document = docs.rules_text(game, lang)
    except CardaviaError as e:
        raise click.ClickException(str(e)) from e
    if as_json:
        out = {"game": game, "lang": lang, "summary": summary, "rules": texts}
        click.echo(json.dumps(out, ensure_ascii=False, indent=2))
    elif rule_id is not None:
        click.echo(f"{rule_id}: {texts[rule_id]}")
    else:
        click.echo(document.rstrip("\n"))
