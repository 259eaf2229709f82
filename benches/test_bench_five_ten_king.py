"""Per-call figures of 5-10-K (issue 13) with pytest-benchmark:

    python -m pytest benches/test_bench_five_ten_king.py --benchmark-only

Positions are seeded random walks (see walk_bench): "mid" is halfway through card play's
actions, "early" the first reveal opportunity of the deal, "first card" the banker's first lead.
"""

from walk_bench import define, walk

import cardavia
from cardavia import Rng

GAME = cardavia.load("five_ten_king")

globals().update(define(GAME, walk(GAME.new_state(seed=3), Rng(3)), "from_the_deal"))
