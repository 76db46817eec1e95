"""The log filter (``f``) on a long history against a short one.

Two programs side by side under pseudo-terminals at 120x40, on copies of
the generated 100 000-line and 100-line campaigns (``bench/gen_campaign.py``,
as ``bench_open`` makes them): ``f`` (only the selected creature's lines)
in turns, A B A B, each timed from writing the key to the last byte of the
frames it causes (read until the screen is quiet, so a fill that goes on
after the first frame counts); each ``f`` is followed, untimed, by the
``f`` that shows every line again. Goal: the ratio of the medians <= 2.

    python -m bench log
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from bench.bench_open import cache_folder, campaigns
from bench.common import Row, interleaved, ratio_row
from bench.terminal import encounter_argv, start

QUIET = 0.4  # seconds without output that mean "the frame is done"
SIZE = (120, 40)
GOAL = 2.0


def _copy(campaign: Path, folder: Path) -> Path:
    path = folder / campaign.name
    shutil.copyfile(campaign, path)
    history = campaign.with_name(campaign.name + ".history")
    if history.exists():
        shutil.copyfile(history, path.with_name(path.name + ".history"))
    return path


def _filter_time(proc) -> float:
    """Seconds from ``f`` to the last byte of its frames; then ``f`` again, untimed."""
    mark = proc.mark()
    sent = proc.send(b"f")
    proc.read_until_quiet(QUIET, timeout=30)
    while len(proc.chunks) == mark:  # nothing yet: a long pause
        proc.read_until_quiet(QUIET, timeout=30)
    took = proc.chunks[-1][0] - sent
    proc.send(b"f")
    proc.read_until_quiet(QUIET, timeout=30)
    return took


def rows(quick: bool = False) -> list[Row]:
    runs = 5 if quick else 15
    big, small = campaigns(cache_folder())
    with tempfile.TemporaryDirectory(prefix="bench-log-") as folder:
        home = Path(folder)
        paths = _copy(big, home), _copy(small, home)
        with start(encounter_argv(paths[0]), home, SIZE) as a, start(encounter_argv(paths[1]), home, SIZE) as b:
            for proc in (a, b):
                proc.wait_for(b"Round", timeout=120)
                proc.read_until_quiet(1.0, timeout=60)
            long_log, short_log = interleaved(lambda: _filter_time(a), lambda: _filter_time(b), runs)
            for proc in (a, b):
                proc.send(b"q")
                proc.wait(20)
    return [ratio_row("log filter (f) on 100 000 lines / on 100, key to frame", long_log, short_log, GOAL,
                      labels=("100 000", "100"))]


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(rows()))
