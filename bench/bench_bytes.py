"""Bytes on the wire per common action at 120x40, and idle bytes.

    python -m bench bytes [--quick]      (or: python bench/bench_bytes.py [--cycles N] [--rows])

The demo runs under a pseudo-terminal at 120x40 (``bench/terminal.py``).
Each common action is typed the way a GM types it, one key at a time, each
once the screen is quiet, and every byte the terminal receives from its
first key (the one that opens a dialog) to the quiet after its last (the
frame after Enter) is the action's, every frame between included: next
turn (``n``), damage with its dialog (``d 3 Enter``), move (``m Right
Enter``), attack (``Up t Enter``: select the creature beside the mover, the
dialog, Enter attacks with the first saved attack), condition (``e Enter
Enter Enter``: the list, the duration, the level, put on) and undo (``u``).
Each action must show what it did (its status message, as the status row
shows it after the action: a model of the row replays every write, since
the frame diff sends only the cells that changed; e.g. "attacks", "is
bleeding"); one that was refused counts as a failure of the row, never as
a small action, and gets an uncounted Esc (a dialog may still be open).
The last key's quiet is longer (``SETTLE``), so a late frame counts too. After each cycle four uncounted undos bring the fight
back to where the cycle began (attack, move, damage, next turn), so every
cycle does the same whole actions; 20 cycles (p95 of 20 runs each; ``--quick``: 4).
Goal (issue's Goals): the 95th percentile of each action <= 2 KB. Then
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
from bench.terminal import encounter_argv, row_shown, settled, start  # noqa: E402

ACTIONS = (  # name, keys, what its status message says when it was done (any of)
    ("next turn", (b"n",), (b"Turn:",)),
    ("damage", (b"d", b"3", b"\r"), (b"takes 3 damage",)),
    ("move", (b"m", b"\x1b[C", b"\r"), (b"moves to",)),
    ("attack", (b"\x1b[A", b"t", b"\r"), (b"attacks", b"Character 2 takes")),  # a miss, or a hit's damage
    ("condition", (b"e", b"\r", b"\r", b"\r"), (b"is bleeding",)),
    ("undo", (b"u",), (b"Undone:",)),
)
STATUS_ROW = 38  # 0-based, at 120x40: the line above the key bar, where the app says what it did
RESTORE = 4  # undos of attack, move, damage, next turn: the next cycle starts where this one did
QUIET = 0.25  # seconds without output between two keys of one action
SETTLE = 0.6  # after its last key: the frames of timers (a status that fades, the reach's second pass) counted too
LIMIT = 2048


def one_action(proc, keys: tuple[bytes, ...], done: tuple[bytes, ...] = ()) -> tuple[bytes, bool]:
    """Type ``keys``, each once the screen is quiet; ``(every byte from the
    first key to the quiet after the last, whether the status row then says
    one of ``done``)``. The last key's quiet is :data:`SETTLE`, so a late
    frame is the action's too. A refused action gets an uncounted Esc (an
    attack out of reach keeps its dialog open); a done one none, so the next
    action starts from the status line this one left, as at the table."""
    mark = proc.mark()
    for n, key in enumerate(keys, start=1):
        proc.send(key)
        proc.read_until_quiet(SETTLE if n == len(keys) else QUIET)
    output = proc.output_since(mark)
    shown = row_shown(proc, STATUS_ROW)  # the row as the GM sees it: only its changed cells were written
    ok = not done or any(said.decode() in shown for said in done)
    if not ok:
        proc.send(b"\x1b")
        proc.read_until_quiet(QUIET)
    return output, ok


def play(cycles: int, idle: float) -> tuple[dict[str, list[bytes]], int, dict[str, int]]:
    """Per action name, what the terminal received each time; the idle bytes; per action name, the times it was refused."""
    with tempfile.TemporaryDirectory(prefix="bench-bytes-") as folder:
        with start(encounter_argv(None), Path(folder), (120, 40)) as proc:
            settled(proc, b"Round 1")
            for key in (b"n", b"u"):  # warm up, back where it started
                one_action(proc, (key,))
            got: dict[str, list[bytes]] = {name: [] for name, _, _ in ACTIONS}
            refused = dict.fromkeys(got, 0)
            for _ in range(cycles):
                for name, keys, done in ACTIONS:
                    output, ok = one_action(proc, keys, done)
                    if ok:
                        got[name].append(output)
                    else:
                        refused[name] += 1
                for _ in range(RESTORE):
                    one_action(proc, (b"u",))
            proc.read_until_quiet(1.0)
            mark = proc.mark()
            proc.read_for(idle)
            idle_bytes = len(proc.output_since(mark))
            proc.send(b"q")
            proc.wait(10)
    return got, idle_bytes, refused


def rows(quick: bool = False, cycles: int | None = None) -> list[Row]:
    got, idle_bytes, refused = play(cycles or (4 if quick else 20), 5.0)
    if not all(got.values()):
        return [Row("bytes per common action at 120x40 (p95 of each)", f"<= {LIMIT} B",
                    "cannot measure: refused every time: " + ", ".join(n for n, outs in got.items() if not outs), False),
                Row("bytes while idle at 120x40", "0 B in 5 s", f"{idle_bytes} B", idle_bytes == 0)]
    each = {name: Sample.of([len(out) for out in outs]) for name, outs in got.items()}
    failed = sum(refused.values())
    worst = max(each, key=lambda name: each[name].p95)
    measured = (f"{kb(each[worst].p95)} (p95 of the worst action, {worst}; {sum(s.runs for s in each.values())} actions, "
                + ", ".join(f"{name} p95 {kb(s.p95)} / median {kb(s.median)}" for name, s in each.items()) + ")"
                + (f"; REFUSED: {', '.join(f'{n} {k}x' for n, k in refused.items() if k)}" if failed else ""))
    return [
        Row("bytes per common action at 120x40 (p95 of each)", f"<= {LIMIT} B", measured, each[worst].p95 <= LIMIT and not failed),
        Row("bytes while idle at 120x40", "0 B in 5 s", f"{idle_bytes} B", idle_bytes == 0),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--rows", action="store_true", help="bytes per screen row of the largest action of each kind")
    args = parser.parse_args()
    if args.rows:
        from bench.screen_rows import bytes_per_row

        got, _, _ = play(args.cycles, 0.1)
        for name, outs in got.items():
            worst = max(outs, key=len, default=b"")
            print(f"{name}: largest {len(worst)} B; by row: {bytes_per_row(worst)}")
        return 0
    for row in rows(cycles=args.cycles):
        print(f"{'PASS' if row.passed else 'FAIL'}  {row.name}: {row.measured} (goal {row.goal})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
