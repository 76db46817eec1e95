"""``encounter replay PATH``: a fight stepped through from its campaign file.

Read-only (:class:`saves.replay.FightRecord` writes nothing); the screen is
:class:`tui.screens.replay.ReplayScreen`. ``--cast FILE`` records the replay
playing itself into an asciicast v2 file (:func:`record_cast`), the format
``asciinema play`` reads: the real app's output in a pseudo-terminal, one
action per ``pace`` seconds.
"""

from __future__ import annotations

import codecs
import fcntl
import json
import os
import pty
import re
import select
import struct
import termios
import subprocess
import sys
import time
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from saves import library
from saves.replay import FightRecord
from tui.screens.replay import ReplayScreen

CAST_SIZE = (80, 24)
"""Columns and rows of a recorded replay."""
LEAVE_ALTERNATE_SCREEN = "\x1b[?1049l"
_ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")


class ReplayApp(App[None]):
    """``ReplayApp(record, autoplay=None)``: the replay of ``record`` in its own terminal."""

    TITLE = "encounter (replay)"
    BINDINGS = [Binding("q,ctrl+c", "quit", "Quit", id="replay-quit")]

    def __init__(self, record: FightRecord, autoplay: float | None = None) -> None:
        super().__init__()
        self.record = record
        self.replay_screen = ReplayScreen(record, autoplay, on_end=self._ended if autoplay is not None else None, standalone=True)

    def _ended(self) -> None:
        self.set_timer(1.0, self.exit)

    def get_default_screen(self) -> Screen:
        return self.replay_screen


def record_cast(path: Path, out: Path, pace: float = 0.7, size: tuple[int, int] = CAST_SIZE, replace: bool = False) -> int:
    """Write an asciicast v2 recording of the replay of ``path`` to ``out``:
    the app run in a pseudo-terminal of ``size`` (columns, rows), stepping
    one action per ``pace`` seconds; returns the number of output events.
    The file is written whole at the end, never half, with the refusals of
    an export (:func:`saves.library.export_text`: a regular file only, never
    a campaign or through a link, an existing file only with ``replace``),
    checked before the recording starts. Raises :class:`SaveError`."""
    library.check_target(out, path, replace)  # a device, a link or a campaign: refused before anything runs
    columns, rows = size
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
    child = subprocess.Popen(
        [sys.executable, "-P", "-m", "tui.cli.main", "replay", str(path), "--autoplay", str(pace), "--no-mouse"],
        stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True, start_new_session=True,
    )
    os.close(follower)
    events: list[tuple[float, str, str]] = []
    decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character split across two reads stays whole
    start = time.monotonic()
    try:
        while True:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    data = os.read(leader, 65536)
                except OSError:
                    break
                if not data:
                    break
                events.append((time.monotonic() - start, "o", decoder.decode(data)))
            elif child.poll() is not None:
                break
    finally:
        os.close(leader)
        if child.poll() is None:
            child.terminate()
        child.wait(timeout=10)
    header = {"version": 2, "width": columns, "height": rows, "timestamp": int(time.time()), "title": f"encounter replay: {path.name}",
              "env": {"TERM": "xterm-256color"}}
    text = json.dumps(header) + "\n" + "".join(json.dumps(event) + "\n" for event in as_played(events))
    library.export_text(out, text, replace=replace, source=path)
    return len(events)


def as_played(events: list[tuple[float, str, str]]) -> list[tuple[float, str, str]]:
    """The recorded ``[seconds, "o", text]`` events as a cast plays them:
    the first frame (the first event that draws text) at 0 s, the start-up
    before it cut (the terminal set-up it wrote kept, at 0 s), and the app's
    leaving of the alternate screen at exit dropped, so that ``asciinema
    play`` ends on the final position, not on a blank screen."""
    drawn = next((i for i, (_, _, text) in enumerate(events) if _ESCAPE.sub("", text).strip()), 0)
    start = events[drawn][0] if events else 0.0
    return [(round(max(0.0, seconds - start), 6), kind, text.replace(LEAVE_ALTERNATE_SCREEN, "")) for seconds, kind, text in events]
