"""benches/recommend_latency.py: the sampling and the CPU-clock mode do what they say (the
timings themselves are not asserted)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import cardavia
from cardavia.agents import HeuristicAgent

BENCH = Path(__file__).parent.parent / "benches" / "recommend_latency.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cardavia_recommend_latency", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cardavia_recommend_latency"] = module
    spec.loader.exec_module(module)
    return module


def _decisions(game_id: str, seed: int) -> int:
    """How many decisions the bench's deal has (the HeuristicAgent plays it on)."""
    state = cardavia.load(game_id).new_state(seed=seed)
    agent = HeuristicAgent(seed=seed)
    n = 0
    while not state.is_terminal():
        n += 1
        state.apply(agent.act(state))
    return n


def test_every_k_measures_one_decision_in_k_of_the_same_deal() -> None:
    bench = _bench()
    total = _decisions("red_ten", 40)
    every = bench.measure("red_ten", 1, 0.02, 40, None, every=1)
    third = bench.measure("red_ten", 1, 0.02, 40, None, every=3)
    assert every["decisions"] == total
    assert third["decisions"] == (total + 2) // 3
    assert third["every"] == 3 and not third["capped"]
    assert third["cpu_p50"] <= third["cpu_p99"] <= third["cpu_max"]


def test_cpu_clock_mode_reports_cpu_time(tmp_path: Path) -> None:
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "red_ten", "--deals", "1", "--every", "4"]
        + ["--seconds", "0.02", "--cpu-clock", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "in process CPU time" in done.stdout
    data = json.loads(out.read_text())
    assert data["cpu_clock"] is True
    (row,) = data["rows"]
    assert row["game"] == "red_ten" and row["cpu_clock"] is True and row["every"] == 4


def test_every_must_be_positive() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "red_ten", "--every", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "--every must be at least 1" in done.stderr
