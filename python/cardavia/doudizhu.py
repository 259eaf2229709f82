"""Alias of :mod:`cardavia.games.doudizhu`: the same module object under its short path."""

import sys as _sys

from cardavia.games import doudizhu as _target
from cardavia.games.doudizhu import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
