"""A fight read back step by step for a replay (saves.replay), read-only."""

from __future__ import annotations

import os
import random

import pytest

from core.combat import commands as cmd
from saves.errors import CorruptSave
from saves.replay import FightRecord
from saves.session import Session, create_demo


def played(path):
    session = Session(create_demo(path, random.Random(1)), random.Random(2))
    session.commit(cmd.Damage("c3", 3))
    session.commit(cmd.NextTurn())
    session.commit(cmd.Damage("c1", 2))
    session.undo()  # taken back: not part of the fight
    session.commit(cmd.Damage("c1", 4))
    session.commit(cmd.NextTurn())
    session.commit(cmd.NextTurn())  # round 2
    session.close()
    return path


def test_steps_are_the_applied_actions_in_order_with_their_lines(tmp_path):
    record = FightRecord(played(tmp_path / "fight.json"))
    assert len(record) == 6
    assert [record.step(k).state.combatant("c3").hp for k in range(6)] == [16, 13, 13, 13, 13, 13]
    assert [record.step(k).state.combatant("c1").hp for k in range(6)] == [14, 14, 14, 10, 10, 10]  # the undone 2 never shows
    assert [type(e.event).__name__ for e in record.step(1).entries] == ["HitPointsChanged"]
    assert record.step(0).entries == ()


def test_rounds_jump_to_the_first_step_of_a_round(tmp_path):
    record = FightRecord(played(tmp_path / "fight.json"))
    last = len(record) - 1
    assert record.round_of(0) == 1 and record.round_of(last) == 2
    assert record.next_round(0) == last
    assert record.next_round(last, forward=False) == 0
    with pytest.raises(IndexError):
        record.step(last + 1)


def test_reading_writes_nothing(tmp_path):
    path = played(tmp_path / "fight.json")
    before = {p.name: (p.stat().st_mtime_ns, p.stat().st_size) for p in tmp_path.iterdir()}
    FightRecord(path).step(3)
    assert {p.name: (p.stat().st_mtime_ns, p.stat().st_size) for p in tmp_path.iterdir()} == before


def test_a_damaged_file_is_refused_with_its_name(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(CorruptSave, match="broken.json"):
        FightRecord(path)
