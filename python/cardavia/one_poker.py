"""Alias of :mod:`cardavia.games.one_poker`: the same module object under its short path."""

import sys as _sys

from cardavia.games import one_poker as _target
from cardavia.games.one_poker import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
