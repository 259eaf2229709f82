"""pytest-benchmark figures of ``doudizhu`` (issue 13): clone, resample, observation, legal
actions and ids, apply, random games through each path, playouts (see climbing_bench)::

    python -m pytest benches/test_bench_doudizhu.py --benchmark-only
"""

from climbing_bench import define

globals().update(define("doudizhu"))
