"""The app in a real terminal: a pty, a fresh ENCOUNTER_HOME, bytes counted.

Programs run as subprocesses under a pseudo-terminal (``tests/tui/pty_terminal.py``),
TERM=xterm-256color, with bytecode cached in the bench's folder as an
installed program's is (even where PYTHONDONTWRITEBYTECODE is set).
"""

from __future__ import annotations

import sys
from pathlib import Path

from bench.common import ROOT
from tests.tui.pty_terminal import PtyProcess

QUIET = 0.4  # seconds without output that mean "the frame is done"


def encounter_argv(path: Path | None) -> list[str]:
    return [sys.executable, "-m", "tui.program", *([str(path)] if path else ["--demo"]), "--seed", "1"]  # as the encounter command starts


def start(argv: list[str], home: Path, size: tuple[int, int]) -> PtyProcess:
    env = {"ENCOUNTER_HOME": str(home), "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(home / "pycache"), "PYTHONDONTWRITEBYTECODE": ""}
    return PtyProcess(argv, size=size, env=env, cwd=str(ROOT))


def settled(proc: PtyProcess, marker: bytes) -> None:
    proc.wait_for(marker, timeout=120)
    proc.read_until_quiet(1.0)


def press(proc: PtyProcess, keys: bytes, quiet: float = QUIET) -> tuple[int, float]:
    """Type ``keys`` and read until the screen is quiet: ``(bytes written,
    seconds from the key to the last byte of the frame it caused)``."""
    mark = proc.mark()
    sent = proc.send(keys)
    proc.read_until_quiet(quiet)
    times = proc.times_since(mark)
    return len(proc.output_since(mark)), (times[-1] - sent) if times else 0.0
