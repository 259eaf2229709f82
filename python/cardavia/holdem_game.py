"""Alias of :mod:`cardavia.games.holdem`: the same module object under its short path."""

import sys as _sys

from cardavia.games import holdem as _target
from cardavia.games.holdem import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
