"""The command line: help on every option, --json that parses, clean errors, quiet off a tty."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from cardavia.cli import main


def _commands(group: click.Group, prefix: str = "") -> list[tuple[str, click.Command]]:
    found = []
    for name, command in group.commands.items():
        found.append((prefix + name, command))
        if isinstance(command, click.Group):
            found.extend(_commands(command, prefix + name + " "))
    return found


@pytest.mark.parametrize("name, command", _commands(main), ids=lambda v: str(v))
def test_every_command_and_option_is_documented(name: str, command: click.Command) -> None:
    assert command.help, f"{name} has no help text"
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.help, f"{name} {param.opts[0]} has no help text"


def test_top_level_help_lists_the_games() -> None:
    out = CliRunner().invoke(main, ["--help"]).output
    for game in ("doudizhu", "five_ten_king", "one_poker", "bridge"):
        assert game in out


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "zhengshangyou", "--games", "20", "--seed", "3", "--json"],
        ["equity", "AhAs", "KdKc", "--board", "2c 7d 9h", "--json"],
        ["evaluate", "Ah", "Kh", "Qh", "Jh", "Th", "--json"],
        ["deal", "4", "--cards", "13", "--seed", "7", "--json"],
    ],
    ids=lambda a: a[0],
)
def test_json_output_parses(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    json.loads(result.output)


def test_simulate_json_is_reproducible_and_complete() -> None:
    args = ["simulate", "red_ten", "--games", "30", "--seed", "5", "--json"]
    first = json.loads(CliRunner().invoke(main, args).output)
    second = json.loads(CliRunner().invoke(main, args).output)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second
    assert first["deals"] == 30 and len(first["seats"]) == 4


def test_simulate_unknown_game_is_a_clean_usage_error() -> None:
    result = CliRunner().invoke(main, ["simulate", "chess"])
    assert result.exit_code == 2
    assert "chess" in result.output and "Traceback" not in result.output


def test_simulate_old_threads_name_still_works() -> None:
    result = CliRunner().invoke(main, ["simulate", "doudizhu", "--games", "5", "--threads", "1"])
    assert result.exit_code == 0, result.output
    assert "doudizhu: 5 random deals" in result.output


def test_no_progress_bar_off_a_terminal() -> None:
    # CliRunner's streams are not terminals: stdout holds the table only, stderr nothing.
    result = CliRunner().invoke(main, ["simulate", "doudizhu", "--games", "10"])
    assert result.exit_code == 0
    assert result.stderr == ""
    assert "%" in result.stdout and "#" not in result.stdout


def test_deal_is_seeded() -> None:
    args = ["deal", "3", "--cards", "5", "--seed", "11", "--json"]
    assert CliRunner().invoke(main, args).output == CliRunner().invoke(main, args).output


def test_python_dash_m_runs_the_cli() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cardavia", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout.startswith("cardavia, version")
