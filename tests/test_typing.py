"""Typing as a user meets it: ``mypy --strict`` on scripts that use every game.

``load`` is overloaded on the game id, so states and games have their own classes, and each
game's options are a TypedDict (cardavia.games.options) kept in step with its OPTIONS."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

import cardavia
from cardavia.games import options as typed_options

HERE = Path(__file__).parent / "typing"
mypy_api = pytest.importorskip("mypy.api")


def run_mypy(path: Path) -> tuple[str, int]:
    out, err, status = mypy_api.run(
        ["--strict", "--no-incremental", "--no-error-summary", "--show-error-codes", str(path)]
    )
    return out + err, status


def test_user_script_type_checks_with_precise_types() -> None:
    out, status = run_mypy(HERE / "user_script.py")
    notes = [line for line in out.splitlines() if "error:" in line]
    assert not notes, out
    revealed = re.findall(r'Revealed type is "([^"]+)"', out)
    expected = re.findall(
        r"reveal_type\(\w+\)  # noqa: F821  \((\w+)\)", (HERE / "user_script.py").read_text()
    )
    assert [r.rsplit(".", 1)[-1] for r in revealed] == expected


def test_wrong_options_are_type_errors() -> None:
    path = HERE / "bad_options.py"
    out, status = run_mypy(path)
    assert status != 0
    flagged = {int(m) for m in re.findall(r"bad_options\.py:(\d+): error", out)}
    marked = {i for i, line in enumerate(path.read_text().splitlines(), 1) if "# error:" in line}
    assert flagged == marked, out


OPTION_TYPES = {
    "bridge": "BridgeOptions",
    "five_ten_king": "FiveTenKingOptions",
    "holdem": "HoldemOptions",
    "one_poker": "OnePokerOptions",
    "red_ten": "RedTenOptions",
    "smear": "SmearOptions",
    "tractor": "TractorOptions",
}


@pytest.mark.parametrize("game_id", cardavia.games())
def test_typed_options_match_the_declared_options(game_id: str) -> None:
    declared = {o.name: o for o in cardavia.load(game_id).OPTIONS}
    if game_id not in OPTION_TYPES:
        assert not declared, f"{game_id} has options: add a TypedDict to cardavia.games.options"
        return
    hints = typing.get_type_hints(getattr(typed_options, OPTION_TYPES[game_id]))
    assert set(hints) == set(declared)
    for name, option in declared.items():
        hint = hints[name]
        if typing.get_origin(hint) is typing.Literal:
            assert option.choices is not None
            assert set(typing.get_args(hint)) == set(option.choices), name
        else:
            assert hint is option.type, name
