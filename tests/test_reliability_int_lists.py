"""Integers inside lists and tuples given to the core's helpers are checked like lone integers.

Issue 18 (point 9): a bad integer argument is an InvalidArgumentError naming the value, never
an OverflowError or a silent truncation. These helpers take integers inside lists (stacks,
seat lists, counts) or tuples (a high bid, UP counts); each item is converted the same way and
the error says which item it was.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from cardavia import _core
from cardavia.errors import InvalidArgumentError

HUGE = 2**70

CASES: list[tuple[str, Callable[[], object], str]] = [
    (
        "blind seats huge stack",
        lambda: _core.holdem_blind_seats([HUGE, 100], 0),
        "item 0 must be an integer from 0 to 2\\*\\*32 - 1",
    ),
    (
        "blind seats negative",
        lambda: _core.holdem_blind_seats([100, -1], 0),
        "item 1 must be an integer from 0 .* got -1",
    ),
    (
        "blind seats float",
        lambda: _core.holdem_blind_seats([100, 100.5], 0),
        "item 1 must be an integer, got the float 100.5",
    ),  # type: ignore[list-item]
    (
        "blind seats bool",
        lambda: _core.holdem_blind_seats([100, True], 0),
        "item 1 must be an integer, got the bool True",
    ),
    (
        "blind seats text",
        lambda: _core.holdem_blind_seats("12", 0),
        "expected a list of integers, got the str '12'",
    ),  # type: ignore[arg-type]
    (
        "blind seats int",
        lambda: _core.holdem_blind_seats(5, 0),
        "expected a list of integers, got the int 5",
    ),  # type: ignore[arg-type]
    ("next button", lambda: _core.holdem_next_button([HUGE, 5], 0, 1, 2), "item 0 must be"),
    (
        "count deals",
        lambda: _core.count_deals([HUGE], [1], [1]),
        "item 0 must be an integer from 0 to 255",
    ),
    (
        "determinize seats",
        lambda: _core.determinize([1], [1], [256], 1),
        "item 0 must be an integer from 0 to 255, got 256",
    ),
    ("smear sides", lambda: _core.smear_points(0, [0, HUGE], []), "item 1 must be"),
    (
        "smear trick seat",
        lambda: _core.smear_points(0, [0, 1, 0, 1], [(HUGE, ["Ah"], 0)]),
        "must be an integer from 0 to 2\\*\\*64 - 1",
    ),
    (
        "one poker ups",
        lambda: _core.one_poker_cfr_depth(10.0, (HUGE, 1)),
        "must be an integer from 0 to 255",
    ),
]


@pytest.mark.parametrize("call,needle", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_integers_in_lists_raise_invalid_argument(
    call: Callable[[], object], needle: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=needle):
        call()


def test_integer_lists_still_accept_ints_numpy_ints_and_any_iterable() -> None:
    assert _core.holdem_blind_seats([100, 100, 100], 0) == _core.holdem_blind_seats(
        (np.uint32(100), np.int64(100), 100), 0
    )
    assert _core.holdem_blind_seats(iter([100, 100]), 1) == _core.holdem_blind_seats([100, 100], 1)
    assert _core.count_deals([2], [1, 2], [1, 1]) == 1.0
    assert _core.one_poker_cfr_depth(10.0, (np.uint8(1), 1)) == _core.one_poker_cfr_depth(
        10.0, (1, 1)
    )
