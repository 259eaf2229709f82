"""Every Python code block of the README, the docs and the rules documents runs as written.

A block is a fenced ```python block; blocks of one file run in order in one namespace (as a
reader would paste them into one session), each file in a fresh process. A block whose first
line is ``# not run`` is skipped (none should need it)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FENCE = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def documents() -> list[Path]:
    found = [ROOT / "README.md"]
    for folder in (ROOT / "docs", ROOT / "python" / "cardavia" / "rules"):
        if folder.is_dir():
            found += sorted(p for p in folder.rglob("*.md") if not p.is_symlink())
    unique = {p.resolve(): p for p in found if p.exists()}
    return sorted(unique.values())


def blocks(path: Path) -> list[str]:
    return [
        b
        for b in FENCE.findall(path.read_text(encoding="utf-8"))
        if not b.lstrip().startswith("# not run")
    ]


DOCUMENTS = [p for p in documents() if blocks(p)]


@pytest.mark.parametrize("path", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_code_blocks_run(path: Path) -> None:
    program = "\n\n".join(f"# ---- block {i + 1}\n{code}" for i, code in enumerate(blocks(path)))
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, f"{path.name}:\n{done.stderr[-3000:]}"
