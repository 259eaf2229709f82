"""Alias of :mod:`cardavia.games.five_ten_king`: the same module object under its short path."""

import sys as _sys

from cardavia.games import five_ten_king as _target
from cardavia.games.five_ten_king import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
