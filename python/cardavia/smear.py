"""Alias of :mod:`cardavia.games.smear`: the same module object under its short path."""

import sys as _sys

from cardavia.games import smear as _target
from cardavia.games.smear import *  # noqa: F403  (the public names, for type checkers)

_sys.modules[__name__] = _target
