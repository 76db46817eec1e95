"""Refusals and input limits: how long a bad entry takes to be refused.

Dice: every refusal (a tail that looks like dice, an explosion that never
stops, one expected to roll too many dice, a syntax error, a long line)
against the 10 ms target, and d20's own roller on the loops we refuse
before rolling (``1d1e1`` took 80-115 ms there). Text maps: a 10 MB line
and 40 000 tokens are refused, and reading a map grows linearly with its
size (the time per cell of a 100x100 and a 400x400 map). Cases are run
interleaved (A B A B ...), so a busy machine slows them alike. Prints the
median, p95 and run count of each. Run:

    python bench/bench_limits.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.dice import rolls as dice  # noqa: E402
from core.errors import DiceError, RulesError  # noqa: E402
from core.dice.roster import read_map_file  # noqa: E402

RUNS = 40
TARGET_MS = 10.0

REFUSED = (
    "1d20!!!!", "1e999", "2**1000", "4d6 kh3", "1d1e1", "1d2e>0", "1d6rr<7", "1d6rrl1",
    "1d1000e>1", "100d1000rr<1000", "1000d6", "1d", "x" * 390, "1+" * 150 + "1",
)
ACCEPTED = ("1d20+2 kick the door", "10d6ro<3", "4d6kh3", "1d20e>2")
D20_LOOPS = ("1d1e1", "1d1000e>1")


def ours(expression: str) -> None:
    try:
        dice.roll(expression, random.Random(1))
    except DiceError:
        pass


def d20_alone(expression: str) -> None:
    import d20

    try:
        d20.Roller(context=d20.RollContext(max_rolls=500)).roll(expression)
    except d20.RollError:
        pass


def read_map(text: str) -> None:
    try:
        read_map_file(text)
    except RulesError:
        pass


def stats(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return f"median {statistics.median(ms):8.2f} ms  p95 {p95:8.2f} ms  runs {len(ms)}"


def main() -> None:
    ours("1d20")  # loads d20 (builds its grammar once per process)
    cases: dict[str, tuple] = {}
    for expression in REFUSED + ACCEPTED:
        cases[f"ours  {expression[:24]!r}"] = (ours, expression)
    for expression in D20_LOOPS:
        cases[f"d20   {expression[:24]!r}"] = (d20_alone, expression)
    small = "\n".join("." * 100 for _ in range(100))
    large = "\n".join("." * 400 for _ in range(400))
    cases["map 10 MB line"] = (read_map, "." * 10_000_000)
    cases["map 40 000 tokens"] = (read_map, "\n".join("A" * 200 for _ in range(200)))
    cases["map 100x100"] = (read_map, small)
    cases["map 400x400"] = (read_map, large)
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(RUNS):
        for name, (fn, arg) in cases.items():
            t0 = time.perf_counter()
            fn(arg)
            samples[name].append(time.perf_counter() - t0)
    for name, values in samples.items():
        flag = ""
        if name.startswith("ours") and any(name.endswith(repr(e[:24])) for e in REFUSED):
            flag = "ok" if statistics.median(values) * 1000 < TARGET_MS else f"OVER {TARGET_MS:.0f} ms"
        print(f"{name:34} {stats(values)}  {flag}")
    per_small = statistics.median(samples["map 100x100"]) / 10_000
    per_large = statistics.median(samples["map 400x400"]) / 160_000
    print(f"map reading, time per cell 400x400 / 100x100: {per_large / per_small:.2f} (linear: about 1)")


if __name__ == "__main__":
    main()
