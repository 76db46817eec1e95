"""``encounter replay``: the fight stepped through on the map, and recorded as an asciicast."""

from __future__ import annotations

import json
import os
import random

import pytest

from core.combat import commands as cmd
from saves.replay import FightRecord
from saves.session import Session, create_demo
from tui.cli.players import replay as replay_command
from tui.replay import ReplayApp, record_cast
from tui.widgets.dice_log import DiceLog
from tui.widgets.initiative_tracker import InitiativeTracker


def played(path):
    session = Session(create_demo(path, random.Random(1)), random.Random(2))
    session.commit(cmd.Damage("c3", 3))
    session.commit(cmd.NextTurn())
    session.commit(cmd.NextTurn())
    session.commit(cmd.NextTurn())  # round 2
    session.close()
    return path


@pytest.mark.asyncio
async def test_keys_step_through_actions_and_rounds(tmp_path):
    app = ReplayApp(FightRecord(played(tmp_path / "fight.json")))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.replay_screen
        assert screen.number == 0
        await pilot.press("right")
        assert screen.number == 1 and len(screen.query_one(DiceLog).entries) == 1
        assert "13/16" in str(screen.query_one(InitiativeTracker).row_cells("c3"))
        await pilot.press("left", "right_square_bracket")
        assert screen.number == 4 and app.record.step(4).state.round == 2
        await pilot.press("left_square_bracket")
        assert screen.number == 0
        await pilot.press("end", "right")
        assert screen.number == 4  # the last step stays the last


def test_a_recording_is_asciicast_v2_of_the_real_screen(tmp_path):
    path = played(tmp_path / "fight.json")
    out = tmp_path / "fight.cast"
    assert record_cast(path, out, pace=0.05) > 0
    header, *events = [json.loads(line) for line in out.read_text().splitlines()]
    assert header["version"] == 2 and (header["width"], header["height"]) == (80, 24)
    assert all(kind == "o" for _, kind, _ in events) and [t for t, _, _ in events] == sorted(t for t, _, _ in events)
    played_out = "".join(data for _, _, data in events)
    assert "REPLAY" in played_out
    drawn = next(t for t, _, data in events if "REPLAY" in data or "Round" in data)
    assert events[0][0] == 0 and drawn == 0  # no blank seconds of start-up before the first frame
    assert "\x1b[?1049l" not in played_out  # it ends on the final position, not back off the alternate screen
    assert "Space next" not in played_out and "action 4 of 4" in played_out  # it plays itself: no keys to press
    assert oct(out.stat().st_mode & 0o777) == "0o600"


def test_a_missing_campaign_is_one_clear_line(tmp_path, capsys):
    assert replay_command([str(tmp_path / "nothing.json")]) == 2
    assert "nothing.json" in capsys.readouterr().err


def test_a_recording_never_writes_over_a_device_a_link_or_a_file_without_replace(tmp_path, capsys):
    path = played(tmp_path / "fight.json")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert replay_command([str(path), "--cast", str(pipe)]) == 2
    assert pipe.is_fifo() and "pipe" in capsys.readouterr().err
    kept = tmp_path / "kept.cast"
    kept.write_text("mine")
    assert replay_command([str(path), "--cast", str(kept)]) == 2
    assert kept.read_text() == "mine" and "--replace" in capsys.readouterr().err
    link = tmp_path / "link.cast"
    link.symlink_to(kept)
    assert replay_command([str(path), "--cast", str(link), "--replace"]) == 2
    assert kept.read_text() == "mine"
