"""The ten games, one module each, all speaking the protocol of :mod:`cardavia.game`.

Each module registers its game with :func:`cardavia.load` when imported and opens with a
docstring naming its rules document (``docs/rules/<game>.md``). The short paths
``cardavia.doudizhu``, ``cardavia.bridge``... are the same module objects as
``cardavia.games.doudizhu``, ``cardavia.games.bridge``...; ``cardavia.holdem_game`` is
``cardavia.games.holdem`` (``cardavia.holdem`` is the hand-evaluation and equity API).

``cardavia.games()`` (the list of game ids) predates this package and keeps working: importing
a submodule makes ``cardavia.games`` this module, so the module itself answers the call.
"""

from __future__ import annotations

import sys
import types

GAME_MODULES: dict[str, str] = {
    "doudizhu": "doudizhu",
    "zhengshangyou": "zhengshangyou",
    "red_ten": "red_ten",
    "five_ten_king": "five_ten_king",
    "guandan": "guandan",
    "tractor": "tractor",
    "bridge": "bridge",
    "smear": "smear",
    "holdem": "holdem",
    "one_poker": "one_poker",
}
"""Game id -> module name under ``cardavia.games``."""


class _CallableGamesModule(types.ModuleType):
    def __call__(self) -> list[str]:
        """The ids of every available game (the same as :func:`cardavia.game.games`)."""
        from cardavia.game import games

        return games()


sys.modules[__name__].__class__ = _CallableGamesModule
