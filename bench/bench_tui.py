"""The TUI on the wire and against the clock, in one run.

    python bench/bench_tui.py [--runs N] [--idle SECONDS]

Every program runs in a subprocess under a pseudo-terminal (see
``tests/tui/pty_terminal.py``), TERM=xterm-256color, with ENCOUNTER_HOME in
a temporary folder and bytecode cached there (as an installed program's
is, even where PYTHONDONTWRITEBYTECODE is set); what the terminal receives
is counted byte for byte.

(a) start to first frame: ``encounter --demo`` against a bare Textual app
    showing one Static, median of N runs each; the ratio (target <= 1.3).
    "First frame" is the read that completes a word of the first screen
    ("Round 1" / the Static's text), timed from just before ``fork``.
(b) bytes written for one "next turn" key (``n``) at 120x40 (target
    <= 3 KB): median over N keys, each after the screen has settled.
(c) bytes written while idle for 5 s after the screen settles (target 0).
(d) key to frame for ``n`` with 100 combatants at 120x40 (target <= 16 ms):
    from writing the key to the pty to the last byte of the frame it causes
    (and to the first byte), median over N keys.

Prints each number with its target and PASS/OVER; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.common import Row, Sample, interleaved, ratio_row, tail_or_median  # noqa: E402
from bench.terminal import press  # noqa: E402
from tests.tui.helpers import crowd_campaign  # noqa: E402
from tests.tui.pty_terminal import PtyProcess  # noqa: E402

BARE_APP = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Static

    class Bare(App):
        def compose(self):
            yield Static("bare textual frame")

    Bare().run()
    """
)
BARE_KEY_APP = textwrap.dedent(
    """
    from textual.app import App
    from textual.widgets import Static

    class BareKey(App):
        BINDINGS = [("n", "bump", "Next")]
        count = 0

        def compose(self):
            yield Static("bare textual frame", id="one")

        def action_bump(self):
            self.count += 1
            self.query_one("#one", Static).update(f"bare textual frame {self.count}")

    BareKey().run()
    """
)
"""A bare Textual app that updates one widget on a key (``n``): the floor of a key's frame."""
QUIET = 0.4  # seconds without output that mean "the frame is done"


def verdict(value: float, target: float) -> str:
    return "PASS" if value <= target else "OVER"


def encounter_argv(path: Path | None) -> list[str]:
    return [sys.executable, "-m", "tui.program", *([str(path)] if path else ["--demo"]), "--seed", "1"]  # as the encounter command starts


def start(argv: list[str], home: Path, size: tuple[int, int]) -> PtyProcess:
    # Bytecode is cached (in the temporary folder) as an installed program's is:
    # with PYTHONDONTWRITEBYTECODE set, every start would compile our modules
    # from source while Textual's come precompiled by pip.
    env = {"ENCOUNTER_HOME": str(home), "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(home / "pycache"), "PYTHONDONTWRITEBYTECODE": "",
           "TERM": "xterm-256color", "COLORTERM": ""}  # the terminal the module's docstring names, whatever runs the bench
    return PtyProcess(argv, size=size, env=env, cwd=str(ROOT))


def fresh_home(home: Path, name: str) -> Path:
    """A new ENCOUNTER_HOME ``name`` inside ``home`` (its own demo campaign, at round 1)."""
    folder = home / name
    folder.mkdir()
    return folder


def first_frame_time(argv: list[str], marker: bytes, home: Path, size: tuple[int, int] = (80, 24), cpu: list[float] | None = None) -> float:
    """Seconds from just before ``fork`` to the read that completes ``marker``;
    appends to ``cpu`` the CPU time (user + system, every thread, s) the
    program had used by then."""
    with start(argv, home, size) as proc:
        seen = proc.wait_for(marker, timeout=60)
        if cpu is not None:
            cpu.append(cpu_seconds(proc.pid))
        return seen - proc.started


def cpu_seconds(pid: int) -> float:
    """User + system CPU time (s) of process ``pid`` so far (``/proc/PID/stat``,
    in clock ticks: 10 ms here)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def startup(runs: int, home: Path) -> tuple[float, float]:
    """Median start-to-first-frame (s) of the demo and of a bare Textual app, interleaved."""
    bare_script = home / "bare_app.py"
    bare_script.write_text(BARE_APP, encoding="utf-8")
    first_frame_time(encounter_argv(None), b"Round 1", home)  # creates the demo file; warms the disk cache
    first_frame_time([sys.executable, str(bare_script)], b"bare textual frame", home)
    ours, bare = [], []
    for _ in range(runs):
        ours.append(first_frame_time(encounter_argv(None), b"Round 1", home))
        bare.append(first_frame_time([sys.executable, str(bare_script)], b"bare textual frame", home))
    return statistics.median(ours), statistics.median(bare)


def settled(proc: PtyProcess, marker: bytes) -> None:
    proc.wait_for(marker, timeout=60)
    proc.read_until_quiet(1.0)


def next_turn_keys(proc: PtyProcess, count: int) -> list[tuple[int, float, float]]:
    """Press ``n`` ``count`` times, each once the screen is quiet; per key:
    (bytes written, seconds to the first byte, seconds to the last byte)."""
    results = []
    for _ in range(count):
        mark = proc.mark()
        sent = proc.send(b"n")
        proc.read_until_quiet(QUIET)
        times = proc.times_since(mark)
        size = len(proc.output_since(mark))
        results.append((size, times[0] - sent if times else float("nan"), times[-1] - sent if times else float("nan")))
    return results


def bytes_per_key_and_idle(runs: int, idle: float, home: Path) -> tuple[float, int, list[int]]:
    with start(encounter_argv(None), home, (120, 40)) as proc:
        settled(proc, b"Round 1")
        keys = next_turn_keys(proc, runs)
        proc.read_until_quiet(1.0)
        mark = proc.mark()
        proc.read_for(idle)
        idle_bytes = len(proc.output_since(mark))
        proc.send(b"q")
        proc.wait(10)
    sizes = [size for size, _, _ in keys]
    return statistics.median(sizes), idle_bytes, sizes


def key_to_frame(runs: int, home: Path) -> tuple[float, float]:
    path = crowd_campaign(home / "hundred.json", 100)
    with start(encounter_argv(path), home, (120, 40)) as proc:
        settled(proc, b"Round 1")
        next_turn_keys(proc, 2)  # warm up
        keys = next_turn_keys(proc, runs)
        proc.send(b"q")
        proc.wait(10)
    return statistics.median(first for _, first, _ in keys), statistics.median(last for _, _, last in keys)


def key_frame_time(proc: PtyProcess, key: bytes) -> float:
    """Seconds from writing ``key`` to the last byte of the frames it causes
    (read until the screen is quiet); ``nan`` when nothing was drawn."""
    mark = proc.mark()
    sent = proc.send(key)
    proc.read_until_quiet(QUIET)
    times = proc.times_since(mark)
    return times[-1] - sent if times else float("nan")


def move_key_row(runs: int, home: Path, size: tuple[int, int] = (120, 40)) -> Row:
    """``m`` (the move cursor with its reach shading) against ``n`` (next
    turn), key to the last byte of its frames, on the demo at ``size``, in
    turns (A B A B) in one program: each ``m`` is cancelled (Esc) untimed
    before the next ``n``. Goal <= 2 on the median."""
    with start(encounter_argv(None), home, size) as proc:
        settled(proc, b"Round 1")

        def move() -> float:
            took = key_frame_time(proc, b"m")
            proc.send(b"\x1b")
            proc.read_until_quiet(QUIET)
            return took

        ours, turn = interleaved(move, lambda: key_frame_time(proc, b"n"), runs)
        proc.send(b"q")
        proc.wait(10)
    return ratio_row(f"m key to frame on the demo / n key to frame, {size[0]}x{size[1]}", ours, turn, 2.0,
                     labels=("m", "n"))


def next_turn_against_bare(runs: int, home: Path) -> tuple[Sample, Sample]:
    """Key to frame (s, to the frame's last byte) of ``n`` on the demo and of
    ``n`` in :data:`BARE_KEY_APP`, both at 120x40, side by side, one key to
    each in turn (A B A B ...) after two unrecorded keys each."""
    bare_script = home / "bare_key_app.py"
    bare_script.write_text(BARE_KEY_APP, encoding="utf-8")
    with start(encounter_argv(None), home, (120, 40)) as ours, start([sys.executable, str(bare_script)], home, (120, 40)) as bare:
        settled(ours, b"Round 1")
        settled(bare, b"bare textual frame")
        got = interleaved(lambda: press(ours, b"n", row=38)[1], lambda: press(bare, b"n", row=0)[1], runs, warmup=2)  # the status line / the Static
        for proc in (ours, bare):
            proc.send(b"q" if proc is ours else b"\x11")  # ctrl+q quits a bare Textual app
            proc.wait(10)
    return got


def rows(quick: bool = False) -> list[Row]:
    """The start-up goal's row of ``python -m bench``: start to first frame of
    ``encounter --demo`` against a bare Textual app showing one Static, the
    two started in turns (A B A B), median and p95; goal <= 1.5. The row
    also gives each side's CPU time to its first frame (the work done, which
    a loaded machine moves less than the wall time); the verdict is on the
    wall time."""
    runs = 3 if quick else 9
    key_runs = 8 if quick else 40  # judged on the median: a p95 verdict would need TAIL_RUNS
    with tempfile.TemporaryDirectory(prefix="bench-tui-") as folder:
        home = Path(folder)
        bare_script = home / "bare_app.py"
        bare_script.write_text(BARE_APP, encoding="utf-8")
        first_frame_time(encounter_argv(None), b"Round 1", home)  # creates the demo file; warms the disk cache
        ours_cpu: list[float] = []
        bare_cpu: list[float] = []
        ours, bare = interleaved(lambda: first_frame_time(encounter_argv(None), b"Round 1", home, cpu=ours_cpu),
                                 lambda: first_frame_time([sys.executable, str(bare_script)], b"bare textual frame", home, cpu=bare_cpu), runs)
        # Each key row plays its own new demo (a folder of its own): the move row's
        # next turns leave the saved demo past round 1, where "Round 1" never shows.
        move = move_key_row(5 if quick else 15, fresh_home(home, "move"))
        key_ours, key_bare = next_turn_against_bare(key_runs, fresh_home(home, "next"))
    start_row = ratio_row("start to first frame: the demo / a bare Textual app", ours, bare, 1.5, labels=("demo", "bare Textual"))
    cpu_ours, cpu_bare = statistics.median(ours_cpu[-runs:]), statistics.median(bare_cpu[-runs:])  # the warm-up turn left out
    start_row = start_row._replace(measured=f"{start_row.measured}; CPU time to the first frame, median: demo {cpu_ours * 1000:.0f} ms, "
                                            f"bare {cpu_bare * 1000:.0f} ms, {cpu_ours / cpu_bare:.2f}")
    return [start_row,
            ratio_row("n key to frame: the demo / a bare Textual app updating one widget", key_ours, key_bare, 2,
                      by=tail_or_median(key_runs), labels=("demo n", "bare Textual")),
            move]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs / keys per measurement (median); default 7")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds of idle to watch; default 5")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-tui-") as folder:
        home = Path(folder)
        ours, bare = startup(args.runs, home)
        ratio = ours / bare
        print(f"(a) start to first frame: demo {ours * 1000:.0f} ms, bare Textual {bare * 1000:.0f} ms, "
              f"ratio {ratio:.2f} (target <= 1.3) {verdict(ratio, 1.3)}")
        per_key, idle_bytes, sizes = bytes_per_key_and_idle(args.runs, args.idle, home)
        print(f"(b) bytes for one 'next turn' at 120x40: median {per_key:.0f} B over {len(sizes)} keys "
              f"(min {min(sizes)}, max {max(sizes)}) (target <= 3072) {verdict(per_key, 3072)}")
        print(f"(c) bytes while idle for {args.idle:g} s: {idle_bytes} (target 0) {verdict(idle_bytes, 0)}")
        first, last = key_to_frame(args.runs, home)
        print(f"(d) key to frame, 'next turn' with 100 combatants at 120x40: {last * 1000:.1f} ms to the "
              f"frame's last byte ({first * 1000:.1f} ms to its first) (target <= 16 ms) {verdict(last, 0.016)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
