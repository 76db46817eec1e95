"""The longest pause a GM can feel on a long campaign, quitting included (issue 15, item 3).

    python -m bench stall [--quick]      (or: python bench/bench_stall.py [--actions N])

A copy of the 100 000-line, 200-encounter campaign of ``bench/bench_open.py``
is played by the real program under a pseudo-terminal at 80x24: N keys
(default 5000; ``--quick`` 500), next turn three times out of five, then
undo and redo, each typed once the previous frame is done. Each key's
time is from writing it to the last byte of the frame it caused (the
screen then quiet for 30 ms); the journal is folded in the background
several times on the way (every 256 KiB). Then ``q``: from the key to the
end of the program (the campaign closed, its last fold written). Goal:
the longest of all these <= 2x the median key to frame.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_open import cache_folder, campaigns  # noqa: E402
from bench.common import Row, Sample, ms  # noqa: E402
from bench.terminal import encounter_argv, settled, start  # noqa: E402

KEYS = (b"n", b"n", b"u", b"\x12", b"n")  # next turn, next turn, undo, redo (Ctrl+R), next turn
QUIET = 0.03


def key_to_frame(proc, key: bytes) -> float:
    mark = proc.mark()
    sent = proc.send(key)
    proc.read_until_quiet(QUIET, timeout=30)
    while len(proc.chunks) == mark:  # nothing yet: a long pause
        proc.read_until_quiet(QUIET, timeout=30)
    return proc.chunks[-1][0] - sent


def play(actions: int) -> tuple[list[float], float, int]:
    """``(key to frame of each key, q to the end, bytes folded into the history)`` on a copy of the big campaign."""
    big, _ = campaigns(cache_folder())
    folder = Path(tempfile.mkdtemp(prefix="bench-stall-"))
    path = folder / big.name
    shutil.copyfile(big, path)
    shutil.copyfile(big.with_name(big.name + ".history"), path.with_name(path.name + ".history"))
    home = cache_folder() / "home"  # its bytecode cache kept, as an installed program's is
    home.mkdir(exist_ok=True)
    with start(encounter_argv(path), home, (80, 24)) as proc:
        settled(proc, b"Round")
        times = [key_to_frame(proc, KEYS[i % len(KEYS)]) for i in range(actions)]
        sent = proc.send(b"q")
        while not os.waitpid(proc.pid, os.WNOHANG)[0]:  # to the end of the program
            proc._read_once(0.002)
        quit_time = time.perf_counter() - sent
        proc.exit_status = 0
    history = path.with_name(path.name + ".history")
    grown = history.stat().st_size - big.with_name(big.name + ".history").stat().st_size  # folded while playing
    shutil.rmtree(folder, ignore_errors=True)
    return times, quit_time, grown


def rows(quick: bool = False, actions: int | None = None) -> list[Row]:
    times, quit_time, folded = play(actions or (500 if quick else 5000))
    keys = Sample.of(times)
    longest = max(max(times), quit_time)
    ratio = longest / keys.median
    worst = {name: max(t for i, t in enumerate(times) if KEYS[i % len(KEYS)] == key) for name, key in (("n", b"n"), ("u", b"u"), ("^R", b"\x12"))}
    measured = (f"{ratio:.2f} (longest {ms(longest)}: keys {ms(max(times))} (" + ", ".join(f"{k} {ms(v)}" for k, v in worst.items())
                + f"), quit {ms(quit_time)}; key to frame median {ms(keys.median)} / p95 {ms(keys.p95)}, {keys.runs} keys, {folded // 1024} KiB folded into the history while playing)")
    return [Row("stall: longest pause / median key to frame, 100 000 lines", "<= 2", measured, ratio <= 2)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=5000)
    args = parser.parse_args()
    for row in rows(actions=args.actions):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
