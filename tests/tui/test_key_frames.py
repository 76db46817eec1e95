"""What a key changes reaches the terminal in the frame of the key.

Each pane is drawn in the frame after its own update reaches the screen;
a pane updated after the map takes the focus (which restyles the panes)
waited for the next frame, about 20-30 ms later over SSH. The move key
sets the status line before the map's cursor comes out, so the reach, the
footer's keys and the status line are one write (``bench tui``'s ``m`` row
times the key to its last byte).
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.tui.helpers import demo_app
from tests.tui.pty_terminal import PtyProcess

END_OF_FRAME = b"\x1b[1;1H"
"""How the app ends each write: the cursor back home (``tui.terminal.frame_diff``)."""
REACH_BAND = b";102m\x1b["
"""The reach's green band under the glyphs at TERM=xterm (``tui.widgets.map_cells.REACH_STYLE``), then a run of it."""


def test_the_move_key_draws_the_reach_the_footer_and_the_status_line_in_one_frame(tmp_path):
    path = tmp_path / "demo.json"
    demo_app(path).presenter.session.campaign.close()
    argv = [sys.executable, "-m", "tui.cli.main", str(path), "--seed", "1"]
    env = {"ENCOUNTER_HOME": str(tmp_path / "home"), "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "TERM": "xterm"}
    with PtyProcess(argv, size=(120, 40), env=env) as proc:
        proc.wait_for(b"Round", timeout=30)
        proc.read_until_quiet(0.5)
        frames, moves = [], []
        for _ in range(3):
            mark = proc.mark()
            proc.send(b"m")
            proc.wait_for(b"movement left", since=mark)  # the first m loads the movement rules: it may take a while
            proc.read_until_quiet(0.5)
            moves.append(proc.output_since(mark))
            written = [frame for frame in moves[-1].split(END_OF_FRAME) if frame.strip(b"\x1b[0m")]
            frames.append(next(frame for frame in written if b"movement left" in frame))
            mark = proc.mark()
            proc.send(b"\x1b")
            proc.wait_for(b"cancelled", since=mark)  # "Move cancelled.": only the cells that changed are written
            proc.read_until_quiet(0.5)
            moves[-1] += proc.output_since(mark)
        proc.send(b"q")
        assert proc.wait(30) == 0
    for frame, move in zip(frames, moves):  # the frame of the status line "Move <name>: ... 6 movement left." ...
        assert REACH_BAND in frame  # ... has the reach
        assert b"Move here" in frame  # ... and the footer's keys of a move
        assert b"Next" in move.rpartition(b"Move here")[2]  # the Esc gave the screen's keys back
