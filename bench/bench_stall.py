"""The longest pause a GM can feel on a long campaign, quitting included.

    python -m bench stall [--quick]      (or: python bench/bench_stall.py [--actions N])

A copy of the 100 000-line, 200-encounter campaign of ``bench/bench_open.py``
is played by the real program under a pseudo-terminal at 80x24: N keys
(default 5000; ``--quick`` 500), next turn three times out of five, then
undo and redo, each typed once the previous frame is done. Measured for
each key: from writing it to the pty to the last byte of the frame it
caused (the screen then quiet for 30 ms). The journal is folded in the
background several times on the way (each time it outgrows half the
campaign file, about every 100 keys here). Then ``q``: from writing it to
the end of the program, which is when the GM has the shell back: the
terminal restored, the campaign closed (every action was already on disk
in the journal; a fold under way that has not started writing is put
off to the next opening, one writing is waited for) and the lock released.
Goals, on the worst 1% of key to frame (p99, nearest rank; 5 000 keys
put 50 above it, ``--quick`` 5): the 100 000-line campaign / the same keys
on the 100-line campaign played beside it <= 1.2; the worst 1% / the median
key to frame on the 100 000-line campaign <= 3. The longest pause (quit
included) is shown, not judged: one pause on a shared machine is no verdict.

Beside it, in the same run, a second program plays a copy of the
100-line campaign of ``bench/bench_open.py`` with the same keys, a key to
each program in turn (A B A B): its own longest / median is printed as
the baseline of what the machine itself does to a short campaign (a
loaded, shared machine stalls any program now and then). It does not
enter the verdict.
"""

from __future__ import annotations

import argparse
import math
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


def _copy(campaign: Path, folder: Path) -> Path:
    path = folder / campaign.name
    shutil.copyfile(campaign, path)
    history = campaign.with_name(campaign.name + ".history")
    if history.exists():
        shutil.copyfile(history, path.with_name(path.name + ".history"))
    return path


def _quit(proc) -> float:
    """Seconds from ``q`` to the end of the program (terminal given back, campaign closed)."""
    sent = proc.send(b"q")
    while not os.waitpid(proc.pid, os.WNOHANG)[0]:
        proc._read_once(0.002)
    proc.exit_status = 0
    return time.perf_counter() - sent


def play(actions: int) -> tuple[dict[str, list[float]], dict[str, float], int]:
    """The same keys on copies of the big campaign and of the 100-line one,
    two programs side by side, a key to each in turn: ``(key to frame of
    each key, q to the end, bytes folded into the big one's history)``,
    by ``"big"`` / ``"small"``."""
    big, small = campaigns(cache_folder())
    folder = Path(tempfile.mkdtemp(prefix="bench-stall-"))
    paths = {"big": _copy(big, folder), "small": _copy(small, folder)}
    home = cache_folder() / "home"  # its bytecode cache kept, as an installed program's is
    home.mkdir(exist_ok=True)
    times: dict[str, list[float]] = {"big": [], "small": []}
    quits: dict[str, float] = {}
    with start(encounter_argv(paths["big"]), home, (80, 24)) as proc_big, start(encounter_argv(paths["small"]), home, (80, 24)) as proc_small:
        procs = {"big": proc_big, "small": proc_small}
        for proc in procs.values():
            settled(proc, b"Round")
        for i in range(actions):
            for name, proc in procs.items():
                times[name].append(key_to_frame(proc, KEYS[i % len(KEYS)]))
        for name, proc in procs.items():
            quits[name] = _quit(proc)
    history = paths["big"].with_name(paths["big"].name + ".history")
    grown = history.stat().st_size - big.with_name(big.name + ".history").stat().st_size  # folded while playing
    shutil.rmtree(folder, ignore_errors=True)
    return times, quits, grown


BESIDE_LIMIT, MEDIAN_LIMIT = 1.2, 3.0


def rows(quick: bool = False, actions: int | None = None) -> list[Row]:
    times, quits, folded = play(actions or (500 if quick else 5000))
    keys = Sample.of(times["big"])
    longest = max(max(times["big"]), quits["big"])
    ratio = longest / keys.median
    worst = {name: max(t for i, t in enumerate(times["big"]) if KEYS[i % len(KEYS)] == key) for name, key in (("n", b"n"), ("u", b"u"), ("^R", b"\x12"))}
    base = Sample.of(times["small"])
    base_longest = max(max(times["small"]), quits["small"])
    big99, small99 = p99(times["big"]), p99(times["small"])
    measured = (f"longest {ms(longest)} ({ratio:.2f}x the median; keys {ms(max(times['big']))} (" + ", ".join(f"{k} {ms(v)}" for k, v in worst.items())
                + f"), quit {ms(quits['big'])}); key to frame median {ms(keys.median)} / p95 {ms(keys.p95)} / p99 {ms(big99)}, {keys.runs} keys, "
                f"{folded // 1024} KiB folded into the history while playing; the same keys on a 100-line campaign beside it: "
                f"median {ms(base.median)} / p99 {ms(small99)}, longest {ms(base_longest)}, quit {ms(quits['small'])}")
    return [
        Row("worst 1% key to frame, 100 000 lines / 100 lines beside it", f"<= {BESIDE_LIMIT:g}",
            f"{big99 / small99:.2f} (p99; {measured})", big99 / small99 <= BESIDE_LIMIT),
        Row("worst 1% / median key to frame, 100 000 lines", f"<= {MEDIAN_LIMIT:g}",
            f"{big99 / keys.median:.2f} (p99 {ms(big99)} / median {ms(keys.median)}, {keys.runs} keys)", big99 / keys.median <= MEDIAN_LIMIT),
    ]


def p99(values: list[float]) -> float:
    """The worst 1%: nearest-rank 99th percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=5000)
    args = parser.parse_args()
    for row in rows(actions=args.actions):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
