"""The package layout: game modules live under ``cardavia.games`` and the short public paths
(``cardavia.doudizhu``, ``cardavia.holdem_game``...) stay the very same module objects."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import cardavia

SHORT_PATHS = {
    "doudizhu": "doudizhu",
    "zhengshangyou": "zhengshangyou",
    "red_ten": "red_ten",
    "five_ten_king": "five_ten_king",
    "guandan": "guandan",
    "tractor": "tractor",
    "bridge": "bridge",
    "smear": "smear",
    "one_poker": "one_poker",
    "holdem_game": "holdem",
}


@pytest.mark.parametrize("short", sorted(SHORT_PATHS))
def test_short_path_is_the_games_module(short: str) -> None:
    canonical = importlib.import_module(f"cardavia.games.{SHORT_PATHS[short]}")
    assert importlib.import_module(f"cardavia.{short}") is canonical
    assert getattr(cardavia, short) is canonical


def test_game_modules_are_attributes_right_after_import() -> None:
    # A fresh interpreter: nothing but `import cardavia` before the attribute access.
    code = (
        "import cardavia, sys\n"
        "assert 'cardavia.games.doudizhu' not in sys.modules\n"
        "print(cardavia.doudizhu.classify('3c 3d 3h 4s')[0].kind)\n"
        "print(cardavia.games()[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [cardavia.doudizhu.classify("3c 3d 3h 4s")[0].kind, "bridge"]


def test_games_lists_ids_before_and_after_the_subpackage_is_imported() -> None:
    ids = cardavia.game.games()
    importlib.import_module("cardavia.games.bridge")  # binds cardavia.games to the subpackage

    assert isinstance(cardavia.games, type(importlib))
    assert cardavia.games() == ids
    assert len(ids) == 10


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        _ = cardavia.no_such_thing  # type: ignore[attr-defined]
