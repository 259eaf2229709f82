"""Alias of :mod:`cardavia.games.red_ten`: the same module object under its short path."""

import sys as _sys

from cardavia.games import red_ten as _target
from cardavia.games.red_ten import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
