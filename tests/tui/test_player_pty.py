"""Two processes: the GM plays (a Session here) while `encounter watch` runs
in a real pty and shows each change; it sends nothing while nothing changes
and never shows a foe's exact hit points. The watcher sends only
the cells that change, so what it shows is read from a model terminal."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.watching import publish_campaign
from saves.session import Session, create_demo
from tests.tui.model_terminal import WatchedScreen
from tests.tui.pty_terminal import PtyProcess

ROOT = Path(__file__).resolve().parents[2]


def test_the_watcher_follows_the_gm_process_and_is_silent_when_idle(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)  # the players' feed, as the GM's process writes it
    argv = [sys.executable, "-m", "tui.cli.main", "watch", str(path)]
    with PtyProcess(argv, size=(120, 40), env={"ENCOUNTER_HOME": str(tmp_path / "home")}, cwd=str(ROOT)) as proc:
        watcher = WatchedScreen(proc, (120, 40))
        watcher.wait_for("players' view")
        proc.read_until_quiet(0.5)
        idle = proc.mark()
        watcher.read_for(1.0)
        assert proc.output_since(idle) == b""  # no polling: nothing changes, nothing is sent
        session = Session(Campaign.open(path), random.Random(2))
        session.commit(cmd.Damage("c3", 9))  # the boar: 7/16
        publish_campaign(path)
        watcher.wait_for("bloody")
        first = session.encounter.state.combatant(session.encounter.state.current).name
        session.commit(cmd.NextTurn())
        publish_campaign(path)
        second = session.encounter.state.combatant(session.encounter.state.current).name
        watcher.wait_for(f"{second}'s turn")
        session.undo()  # the GM takes it back: the view follows that too
        publish_campaign(path)
        session.close()
        watcher.wait_for(f"{first}'s turn")
        assert not watcher.ever("7/16")
        assert "16" not in next(line for line in watcher.screen.text().splitlines() if "Boar" in line)
