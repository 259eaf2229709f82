"""Argument checks shared by the trick-taking games' search primitives (``playout_returns``,
``simulate``): counts, policies and thread numbers are validated here so that bad values get
the library's error naming them, and counts that cannot be allocated are refused before any
work starts (the Rust side refuses them too)."""

from __future__ import annotations

from typing import Any

import numpy as np

from cardavia.errors import InvalidArgumentError

__all__ = ["POLICIES", "check_count", "check_policy", "check_threads"]

POLICIES = ("random", "greedy")
"""The rollout policies every ``playout_returns`` takes."""

MAX_COUNT = 2**32
"""Most playouts or simulated deals one call returns."""


def check_count(n: Any, what: str = "n", minimum: int = 1) -> int:
    """``n`` as an int in ``minimum..MAX_COUNT``, else InvalidArgumentError naming it."""
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)):
        raise InvalidArgumentError(f"{what} must be an int, got {type(n).__name__}")
    count = int(n)
    if count < minimum:
        raise InvalidArgumentError(f"{what} must be at least {minimum}, got {count}")
    if count > MAX_COUNT:
        raise InvalidArgumentError(
            f"{what} = {count} is too many: at most {MAX_COUNT} results per call (run several "
            "calls with other seeds, or fewer)"
        )
    return count


def check_policy(policy: Any) -> str:
    """``"random"`` or ``"greedy"``, else InvalidArgumentError."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise InvalidArgumentError(f'policy must be "random" or "greedy", got {policy!r}')
    return policy


def check_threads(threads: Any) -> int:
    """A thread count ≥ 0 (0 = every core), else InvalidArgumentError."""
    if isinstance(threads, (bool, np.bool_)) or not isinstance(threads, (int, np.integer)):
        raise InvalidArgumentError(f"threads must be an int, got {type(threads).__name__}")
    if not 0 <= int(threads) <= 1024:
        raise InvalidArgumentError(f"threads must be 0 (every core) to 1024, got {threads}")
    return int(threads)
