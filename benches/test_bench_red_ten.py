"""pytest-benchmark figures of ``red_ten`` (issue 13): clone, resample, observation, legal
actions and ids, apply, random games through each path, playouts (see climbing_bench)::

    python -m pytest benches/test_bench_red_ten.py --benchmark-only
"""

from climbing_bench import define

globals().update(define("red_ten"))
