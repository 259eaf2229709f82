"""``cardavia play``: the terminal table driven through a pseudo-terminal (pexpect)."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed")

PROMPT = re.compile(r"\((\d+) (?:legal|가능한 수 \d+개)?[^)]*?: (.*?)\);.*\r?\n> ")
MOVE = re.compile(r"\((?:(\d+) legal|가능한 수 (\d+)개): (.*?)\); ")
END = "Enter: "


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "150"}
    child = pexpect.spawn(
        sys.executable,
        ["-c", "from cardavia.cli import main; main()", "play", *args],
        encoding="utf-8",
        timeout=60,
        env=env,
        dimensions=(50, 150),
    )
    child.logfile_read = io.StringIO()
    return child


def save(child: pexpect.spawn, name: str) -> str:
    """The whole captured pane, also saved as ``target/terminal/<name>.txt``."""
    text: str = child.logfile_read.getvalue()
    out = Path(__file__).resolve().parent.parent / "target" / "terminal"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.txt").write_text(text, encoding="utf-8")
    return text


def next_prompt(child: pexpect.spawn) -> list[str] | None:
    """Wait for the move prompt (its example actions) or the end of the deal (None)."""
    index = child.expect([MOVE, END])
    if index == 1:
        return None
    examples = child.match.group(3).replace(" …", "").split(" · ")
    child.expect("> ")
    return examples


def test_a_full_deal_with_hints_rules_and_log() -> None:
    child = spawn("doudizhu", "--seed", "5", "--agent", "random", "--hint-seconds", "0.05")
    examples = next_prompt(child)
    assert examples
    child.sendline("?")
    child.expect(["Hints", "No hints for this position"])
    examples = next_prompt(child)
    child.sendline("rules")
    child.expect("DDZ-2.3")
    examples = next_prompt(child)
    child.sendline("log")
    child.expect("new deal")
    examples = next_prompt(child)
    child.sendline("bid 9")  # not a legal action: explained, nothing changes
    child.expect("Not allowed")
    examples = next_prompt(child)
    moves = 0
    while examples is not None:
        child.sendline(examples[0])
        moves += 1
        examples = next_prompt(child)
        assert moves < 200
    child.expect("> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    pane = save(child, "doudizhu")
    assert "Result" in pane and "Scoreboard" in pane and "Payoffs:" in pane
    assert "To beat" in pane and "hand" in pane


def test_hint_is_played_by_number() -> None:
    child = spawn("doudizhu", "--seed", "3", "--agent", "random", "--hint-seconds", "0.05")
    examples = next_prompt(child)
    while examples is not None and "pass" in examples and len(examples) <= 4:  # the auction
        child.sendline(examples[-1])
        examples = next_prompt(child)
    assert examples is not None
    child.sendline("?")
    child.expect("Type #1")
    next_prompt(child)
    child.sendline("#1")
    child.expect("plays")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_korean_table_and_bridge_diagram() -> None:
    child = spawn("bridge", "--seed", "2", "--seat", "2", "--agent", "random", "--lang", "ko")
    child.expect("남 \\(나\\)")
    child.expect("♠")
    examples = next_prompt(child)
    assert examples
    child.sendline("quit")
    child.expect(pexpect.EOF)
    pane = save(child, "bridge-ko")
    assert "북" in pane and "동" in pane and "서" in pane


def test_bad_arguments_are_refused() -> None:
    child = spawn("chess")
    child.expect("unknown game 'chess'")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    child = spawn("doudizhu", "--seat", "3")
    child.expect("seats 0..2")
    child.expect(pexpect.EOF)
