"""pytest-benchmark figures of ``zhengshangyou`` (issue 13): clone, resample, observation, legal
actions and ids, apply, random games through each path, playouts (see climbing_bench)::

    python -m pytest benches/test_bench_zhengshangyou.py --benchmark-only
"""

from climbing_bench import define

globals().update(define("zhengshangyou"))
