"""Speed benches: every speed goal as a ratio measured in one run.

``python -m bench`` runs them all and prints one table: goal, measured,
PASS/FAIL (``python -m bench --help`` for choosing some). A bench module
has ``rows() -> list[Row]``; a :class:`~bench.common.Row` is
``(name, goal, measured, passed)``, all text but ``passed`` (a bool), and
the two sides of each ratio are measured interleaved (A B A B ...) in the
same run, each reported as median and p95 with the number of runs
(:func:`bench.common.interleaved`, :func:`bench.common.ratio_row`).
"""
