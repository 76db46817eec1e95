"""Bytes on the wire per common action at 120x40, and idle bytes.

    python -m bench bytes [--quick]      (or: python bench/bench_bytes.py [--cycles N] [--rows])

The demo runs under a pseudo-terminal at 120x40 (``bench/terminal.py``).
Each common action is typed the way a GM types it, one key at a time, each
once the screen is quiet, and every byte the terminal receives from its
first key to the quiet after its last is the action's: next turn (``n``),
damage with its dialog (``d 3 Enter``), move (``m Right Enter``), attack
(``Down t Enter``: select the target, the dialog, roll), condition (``e
Enter Enter``: the list, the level, put it on) and undo (``u``), in turns
for N cycles, each action followed by an uncounted Escape so that the next
starts on the main screen whatever the rules refused. Goal: the 95th percentile of each action <= 3 KB. Then
5 s of idle: 0 B. ``--rows`` prints, for the largest action, how many
bytes went to each screen row (``bench/screen_rows.py``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import Row, Sample, kb  # noqa: E402
from bench.terminal import encounter_argv, settled, start  # noqa: E402

ACTIONS = (
    ("next turn", (b"n",)),
    ("damage", (b"d", b"3", b"\r")),
    ("move", (b"m", b"\x1b[C", b"\r")),
    ("attack", (b"\x1b[B", b"t", b"\r")),
    ("condition", (b"e", b"\r", b"\r")),
    ("undo", (b"u",)),
)
QUIET = 0.25
LIMIT = 3072


def one_action(proc, keys: tuple[bytes, ...]) -> bytes:
    mark = proc.mark()
    for key in keys:
        proc.send(key)
        proc.read_until_quiet(QUIET)
    output = proc.output_since(mark)
    proc.send(b"\x1b")  # not counted: closes what a refusal left open (an attack out of reach keeps its dialog)
    proc.read_until_quiet(QUIET)
    return output


def play(cycles: int, idle: float) -> tuple[dict[str, list[bytes]], int]:
    """Per action name, what the terminal received each time; then the idle bytes."""
    with tempfile.TemporaryDirectory(prefix="bench-bytes-") as folder:
        with start(encounter_argv(None), Path(folder), (120, 40)) as proc:
            settled(proc, b"Round 1")
            one_action(proc, (b"n",))  # warm up
            got: dict[str, list[bytes]] = {name: [] for name, _ in ACTIONS}
            for _ in range(cycles):
                for name, keys in ACTIONS:
                    got[name].append(one_action(proc, keys))
            proc.read_until_quiet(1.0)
            mark = proc.mark()
            proc.read_for(idle)
            idle_bytes = len(proc.output_since(mark))
            proc.send(b"q")
            proc.wait(10)
    return got, idle_bytes


def rows(quick: bool = False, cycles: int | None = None) -> list[Row]:
    got, idle_bytes = play(cycles or (4 if quick else 20), 5.0)
    each = {name: Sample.of([len(out) for out in outs]) for name, outs in got.items()}
    worst = max(each, key=lambda name: each[name].p95)
    measured = (f"{kb(each[worst].p95)} (p95 of the worst action, {worst}; {sum(s.runs for s in each.values())} actions, "
                + ", ".join(f"{name} p95 {kb(s.p95)} / median {kb(s.median)}" for name, s in each.items()) + ")")
    return [
        Row("bytes per common action at 120x40 (p95 of each)", f"<= {LIMIT} B", measured, each[worst].p95 <= LIMIT),
        Row("bytes while idle at 120x40", "0 B in 5 s", f"{idle_bytes} B", idle_bytes == 0),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--rows", action="store_true", help="bytes per screen row of the largest action of each kind")
    args = parser.parse_args()
    if args.rows:
        from bench.screen_rows import bytes_per_row

        got, _ = play(args.cycles, 0.1)
        for name, outs in got.items():
            worst = max(outs, key=len)
            print(f"{name}: largest {len(worst)} B; by row: {bytes_per_row(worst)}")
        return 0
    for row in rows(cycles=args.cycles):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
