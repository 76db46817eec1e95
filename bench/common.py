"""What every bench shares: interleaved timing, median / p95, the table row.

A ratio's two sides are timed in turns, A B A B ..., in one process and
one run, so drift of the machine (other programs, fsync latency, CPU
frequency) hits both sides alike.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as `python -m bench` from anywhere in the checkout
    sys.path.insert(0, str(ROOT))


class Row(NamedTuple):
    """One line of the table: ``name`` of the measurement, ``goal`` as text
    (``"<= 1.5"``), ``measured`` as text (the value, then how it was
    measured), ``passed``."""

    name: str
    goal: str
    measured: str
    passed: bool


@dataclass(frozen=True)
class Sample:
    """Timings (seconds, or any unit) of one side: ``median``, ``p95``, ``runs``."""

    median: float
    p95: float
    runs: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Sample:
        ordered = sorted(values)
        rank = max(0, math.ceil(0.95 * len(ordered)) - 1)  # nearest-rank p95
        return cls(statistics.median(ordered), ordered[rank], len(ordered))


TAIL_RUNS = 200  # a p95 verdict needs at least 10 runs above it; fewer runs judge the median


def tail_or_median(runs: int) -> str:
    """``"p95"`` when ``runs`` are enough for a verdict on that tail (``TAIL_RUNS``), else ``"median"``."""
    return "p95" if runs >= TAIL_RUNS else "median"


def p95(values: Sequence[float]) -> float:
    return Sample.of(values).p95


def timed(fn: Callable[[], object]) -> float:
    """Seconds ``fn()`` took."""
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def interleaved(a: Callable[[], float], b: Callable[[], float], runs: int, warmup: int = 1) -> tuple[Sample, Sample]:
    """Run ``a`` and ``b`` in turns (A B A B ...) ``runs`` times each after
    ``warmup`` unrecorded turns; each call returns the time it measured."""
    for _ in range(warmup):
        a()
        b()
    first, second = [], []
    for _ in range(runs):
        first.append(a())
        second.append(b())
    return Sample.of(first), Sample.of(second)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms" if seconds < 0.1 else f"{seconds * 1000:.0f} ms"


def ratio_row(name: str, a: Sample, b: Sample, limit: float, by: str = "median",
              labels: tuple[str, str] = ("A", "B"), unit: Callable[[float], str] = ms) -> Row:
    """``a`` / ``b`` compared on ``by`` (``"median"`` or ``"p95"``), at most ``limit``."""
    value = getattr(a, by) / getattr(b, by)
    measured = (
        f"{value:.2f} ({by}; {labels[0]} {unit(a.median)} / p95 {unit(a.p95)}, "
        f"{labels[1]} {unit(b.median)} / p95 {unit(b.p95)}; {a.runs}+{b.runs} runs interleaved)"
    )
    return Row(name, f"<= {limit:g}", measured, value <= limit)


def kb(size: float) -> str:
    return f"{size / 1024:.1f} KB" if size >= 1024 else f"{size:.0f} B"
