"""Two processes: the GM plays (a Session here) while `encounter watch` runs
in a real pty and shows each change; it sends nothing while nothing changes
and never shows a foe's exact hit points (issue 12)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from core import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tests.tui.pty_terminal import PtyProcess

ROOT = Path(__file__).resolve().parents[2]


def test_the_watcher_follows_the_gm_process_and_is_silent_when_idle(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    argv = [sys.executable, "-m", "tui.cli", "watch", str(path)]
    with PtyProcess(argv, size=(120, 40), env={"ENCOUNTER_HOME": str(tmp_path / "home")}, cwd=str(ROOT)) as watcher:
        watcher.wait_for(b"players' view")
        watcher.read_until_quiet(0.5)
        idle = watcher.mark()
        watcher.read_for(1.0)
        assert watcher.output_since(idle) == b""  # no polling: nothing changes, nothing is sent
        session = Session(Campaign.open(path), random.Random(2))
        mark = watcher.mark()
        session.apply(cmd.Damage("c3", 9))  # the boar: 7/16
        watcher.wait_for(b"bloody", since=mark)
        first = session.encounter.state.combatant(session.encounter.state.current).name
        mark = watcher.mark()
        session.apply(cmd.NextTurn())
        second = session.encounter.state.combatant(session.encounter.state.current).name
        watcher.wait_for(f"{second}'s turn".encode(), since=mark)
        mark = watcher.mark()
        session.undo()  # the GM takes it back: the view follows that too
        session.close()
        watcher.wait_for(f"{first}'s turn".encode(), since=mark)
        assert b"7/16" not in watcher.output_since(0)
