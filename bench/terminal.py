"""The app in a real terminal: a pty, a fresh ENCOUNTER_HOME, bytes counted.

Programs run as subprocesses under a pseudo-terminal (``tests/tui/pty_terminal.py``),
TERM=xterm-256color (256 colours: set, not taken from the shell that runs
the bench, whose TERM=xterm gave 16 colours and shorter style codes), with bytecode cached in the bench's folder as an
installed program's is (even where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import sys
import time
import weakref
from pathlib import Path

from bench.common import ROOT
from tests.tui.model_terminal import Screen
from tests.tui.pty_terminal import PtyProcess

QUIET = 0.4  # seconds without output that mean "the frame is done"
MODEL_SIZE = (300, 100)  # columns, rows of the model screens: at least any pty's here
_SCREENS: weakref.WeakKeyDictionary[PtyProcess, tuple[Screen, list[int]]] = weakref.WeakKeyDictionary()


def row_shown(proc: PtyProcess, row: int) -> str:
    """What screen ``row`` (0-based) of ``proc`` shows now, trailing spaces
    cut: its output replayed on a model terminal (``tests/tui/model_terminal.py``),
    each chunk once. The frame diff writes only the cells that change, so
    the bytes of one frame may not hold a word the row shows."""
    screen, played = _SCREENS.setdefault(proc, (Screen(*MODEL_SIZE), [0]))
    for _, data in proc.chunks[played[0]:]:
        screen.feed(data)
    played[0] = len(proc.chunks)
    return screen.line(row).rstrip()


def encounter_argv(path: Path | None) -> list[str]:
    return [sys.executable, "-m", "tui.program", *([str(path)] if path else ["--demo"]), "--seed", "1"]  # as the encounter command starts


def start(argv: list[str], home: Path, size: tuple[int, int]) -> PtyProcess:
    env = {"ENCOUNTER_HOME": str(home), "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(home / "pycache"), "PYTHONDONTWRITEBYTECODE": "",
           "TERM": "xterm-256color", "COLORTERM": ""}  # the terminal every bench row names, whatever runs the bench
    return PtyProcess(argv, size=size, env=env, cwd=str(ROOT))


def settled(proc: PtyProcess, marker: bytes) -> None:
    proc.wait_for(marker, timeout=120)
    proc.read_until_quiet(1.0)


def press(proc: PtyProcess, keys: bytes, quiet: float = QUIET, row: int | None = None, timeout: float = 30.0) -> tuple[int, float]:
    """Type ``keys`` and read until the screen is quiet: ``(bytes written,
    seconds from the key to the last byte of the frame it caused)``.

    With ``row`` (0-based), first wait until that screen row shows
    something else than before the key (e.g. the status line after ``n``):
    on a loaded machine a frame can come later than ``quiet``, and its bytes
    must be its key's, never the next key's (a frame "0.07 ms" after it)."""
    shown = row_shown(proc, row) if row is not None else ""
    mark = proc.mark()
    sent = proc.send(keys)
    if row is not None:
        deadline = sent + timeout
        while row_shown(proc, row) == shown:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"row {row} still shows {shown!r} {timeout} s after {keys!r}")
            proc.read_until_quiet(0.02, timeout=timeout)
    proc.read_until_quiet(quiet)
    times = proc.times_since(mark)
    return len(proc.output_since(mark)), (times[-1] - sent) if times else 0.0
