"""Per-call figures of Guandan (issue 13) with pytest-benchmark:

    python -m pytest benches/test_bench_guandan.py --benchmark-only

Positions come from a seeded random match (see walk_bench): "mid" is halfway through the card
play of its second deal (with tribute), "early" the return decision of that deal, "first card"
its first lead.
"""

from typing import Any

from walk_bench import define, walk

import cardavia
from cardavia import Rng

GAME = cardavia.load("guandan")


def second_deal(seed: int) -> list[Any]:
    """The states of the second deal of a random match (the first one with a tribute)."""
    match = GAME.new_match(seed=seed)
    rng = Rng(seed)
    walk(match.new_deal(), rng)
    return walk(match.new_deal(), rng)


STATES = second_deal(3)
assert STATES[0].phase == "return", "the benchmark deal starts with a return"

globals().update(define(GAME, STATES, "in_the_return_phase"))
