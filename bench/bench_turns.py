"""Next turn with 1000 combatants against 10 (goal: <= 1.2, key to frame, p95).

Two apps run side by side under pseudo-terminals at 120x40, one on a
campaign of 10 combatants, one on 1000 (``tests.tui.helpers.crowd_campaign``);
``n`` is pressed in each in turn (A B A B ...), and the time from the key to
the last byte of the frame it causes (once the status line has changed:
a frame later than the quiet that ends a key is still its key's) is compared at the 95th percentile
over 200 runs each (``bench.common.TAIL_RUNS``: ten runs above the p95);
``--quick`` runs fewer and judges the median, as its row says.

    python -m bench turns
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from bench.common import TAIL_RUNS, Row, Sample, ratio_row, tail_or_median
from bench.terminal import encounter_argv, press, settled, start
from tests.tui.helpers import crowd_campaign

STATUS_ROW = 38  # 0-based, at 120x40: the status line, which says whose turn it is now


def rows(quick: bool = False) -> list[Row]:
    runs = 8 if quick else TAIL_RUNS
    with tempfile.TemporaryDirectory(prefix="bench-turns-") as folder:
        home = Path(folder)
        small = crowd_campaign(home / "ten.json", 10)
        large = crowd_campaign(home / "thousand.json", 1000)
        with start(encounter_argv(small), home, (120, 40)) as a, start(encounter_argv(large), home, (120, 40)) as b:
            settled(a, b"Round 1")
            settled(b, b"Round 1")
            big, few = [], []
            for n in range(runs + 2):
                _, t_b = press(b, b"n", row=STATUS_ROW)
                _, t_a = press(a, b"n", row=STATUS_ROW)
                if n >= 2:  # warm-up: the first turns load the handler modules
                    big.append(t_b)
                    few.append(t_a)
            for proc in (a, b):
                proc.send(b"q")
                proc.wait(10)
    return [ratio_row("next turn: 1000 / 10 combatants, key to frame", Sample.of(big), Sample.of(few), 1.2,
                      by=tail_or_median(runs), labels=("1000", "10"))]


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(rows()))
