"""The history segment and the background fold.

Undo steps and log lines leave the campaign file for ``<file>.history``
when the journal is folded; the file stays a TinyDB document holding every
encounter; the history is read back only as far as it is asked for; a fold
runs beside the game and loses nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from tinydb import TinyDB

from core.combat import commands as cmd
from saves import campaign as campaign_module
from saves import fold, library
from saves.campaign import Campaign, journal_path
from saves.errors import CorruptSave
from saves.history import HistoryFile, history_path
from saves.records import Unreadable
from saves.session import Session, create_demo
from tests.saves.helpers import ACTIONS, act, state_hash


@pytest.fixture
def path(tmp_path):
    target = tmp_path / "c.json"
    create_demo(target, random.Random(1)).close()
    return target


def _play(session: Session, count: int, seed: int) -> list[str]:
    """``count`` mixed actions; the state hash after each step (for undoing back)."""
    rng = random.Random(seed)
    hashes = []
    for _ in range(count):
        if act(session, rng.choice(ACTIONS), rng):
            hashes.append(state_hash(session.encounter.state))
    return hashes


def test_plain_tinydb_reads_every_table_of_a_campaign_with_a_history(path):
    session = Session(Campaign.open(path), random.Random(2))
    session.campaign.add_encounter("Second", session.encounter.state)
    _play(session, 40, 1)
    session.close()
    assert history_path(path).stat().st_size > 0
    db = TinyDB(path)
    try:
        tables = db.tables()
        assert {"meta", "encounters", "party", "steps", "log"} <= tables
        rows = {name: db.table(name).all() for name in tables}
    finally:
        db.close()
    [meta] = rows["meta"]
    assert meta["history_length"] == history_path(path).stat().st_size
    assert sorted(e["eid"] for e in rows["encounters"]) == [1, 2]
    first = next(e for e in rows["encounters"] if e["eid"] == 1)
    assert first["log_count"] == len(Campaign.open(path, read_only=True).load_log(1)) > 40
    assert rows["log"] == [] and rows["steps"] == []  # the history is beside the file


def test_opening_reads_no_history_and_the_log_reads_back_only_what_is_asked(path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 4096)  # many folds: many records
    session = Session(Campaign.open(path), random.Random(2))
    for _ in range(300):
        session.commit(cmd.RollDice("1d6 filler"))
    session.close()
    reads: list[int] = []
    real = HistoryFile.read
    monkeypatch.setattr(HistoryFile, "read", lambda self, offset, eid: reads.append(offset) or real(self, offset, eid))
    reopened = Campaign.open(path)
    log = reopened.load_log()
    assert len(log) > 300 and reads == []
    assert log[-1].seq == len(log) and len(reads) == 1  # the newest record only
    assert log[0].seq == 1 and len(reads) == 2  # the oldest: one read too (the file indexes the records)
    reopened.close()


def test_undo_walks_back_through_folded_history_and_a_new_branch_after_reopening(path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)
    session = Session(Campaign.open(path), random.Random(2))
    start = state_hash(session.encounter.state)
    hashes = [start]
    rng = random.Random(5)
    for index in range(120):
        command = [cmd.NextTurn(), cmd.RollDice("1d4"), cmd.Damage(session.encounter.state.combatants[0].id, 1)][index % 3]
        session.commit(command)
        hashes.append(state_hash(session.encounter.state))
        if index == 60:  # a branch: take back three steps, then play on
            for _ in range(3):
                session.undo()
            del hashes[-3:]
    session.close()
    reopened = Session(Campaign.open(path), rng)
    assert state_hash(reopened.encounter.state) == hashes[-1]
    for expected in reversed(hashes[:-1]):
        reopened.undo()
        assert state_hash(reopened.encounter.state) == expected
    assert not reopened.can_undo
    reopened.redo()
    assert state_hash(reopened.encounter.state) == hashes[1]
    reopened.close()


def test_a_fold_runs_beside_the_game_and_close_waits_for_it(path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)
    started = []
    real = fold.write
    monkeypatch.setattr(fold, "write", lambda plan: started.append(plan.drop) or real(plan))
    session = Session(Campaign.open(path), random.Random(2))
    hashes = _play(session, 150, 3)
    assert any(drop == (fold.folding_path(path),) for drop in started)  # in the background, on the rotated journal
    log = list(session.log)
    session.close()
    assert not journal_path(path).exists() and not fold.folding_path(path).exists()
    reopened = Session(Campaign.open(path))
    assert list(reopened.log) == log and state_hash(reopened.encounter.state) == hashes[-1]
    reopened.close()


def test_a_damaged_history_shows_an_unreadable_line_and_undo_refuses_with_the_typed_error(path):
    session = Session(Campaign.open(path), random.Random(2))
    for _ in range(5):
        session.commit(cmd.NextTurn())
    session.close()
    lines = history_path(path).read_bytes().splitlines(keepends=True)
    history_path(path).write_bytes(b"".join(line[:20] + bytes([line[20] ^ 1]) + line[21:] for line in lines))  # every record
    reopened = Session(Campaign.open(path))
    assert isinstance(reopened.log[0].event, Unreadable)
    with pytest.raises(CorruptSave, match="history"):
        for _ in range(6):
            reopened.undo()
    reopened.close()


def test_export_holds_the_whole_history_and_imports_with_the_same_log(path, tmp_path):
    session = Session(Campaign.open(path), random.Random(2))
    _play(session, 30, 4)
    log = list(session.log)
    session.close()
    target = tmp_path / "export.json"
    library.export_campaign(path, target)
    assert len(json.loads(target.read_text())["log"]) == len(log)
    folder = tmp_path / "in"
    folder.mkdir()
    imported = Campaign.open(library.import_campaign(target, folder))
    assert list(imported.load_log()) == log
    imported.close()


def test_an_unreadable_last_line_keeps_the_numbering(path):
    """A log line whose event cannot be read (hand-edited export) still
    counts: the next line is numbered after it, not from 1."""
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.NextTurn())
    session.close()
    target = path.with_name("export.json")
    library.export_campaign(path, target)
    raw = json.loads(target.read_text())
    last = max(raw["log"].values(), key=lambda doc: doc["seq"])
    last["event"] = {"$type": "NoSuchEvent"}
    target.write_text(json.dumps(raw))
    folder = path.parent / "in"
    folder.mkdir()
    reopened = Session(Campaign.open(library.import_campaign(target, folder)), random.Random(3))
    assert isinstance(reopened.log[-1].event, Unreadable)
    [entry] = reopened.commit(cmd.RollDice("1d4"))
    assert entry.seq == last["seq"] + 1
    reopened.close()


def test_a_long_session_keeps_only_the_last_undo_steps_in_memory_and_undoes_back_through_the_rest(path, monkeypatch):
    """undo steps a fold has written leave memory but the last
    KEEP_STEPS (each held about 40 KB: 1 500 actions grew a session by
    140 MB); an undo past them reads the history segment, in the same
    session, with no reopen, and redo comes back the same way."""
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)  # many folds
    monkeypatch.setattr(fold, "KEEP_STEPS", 10)
    session = Session(Campaign.open(path), random.Random(2))
    hashes = [state_hash(session.encounter.state)]
    for index in range(90):
        session.commit([cmd.NextTurn(), cmd.RollDice("1d4"), cmd.Damage(session.encounter.state.combatants[0].id, 1)][index % 3])
        hashes.append(state_hash(session.encounter.state))
    session.campaign._wait_for_fold()
    steps = session.campaign.data.encounters[session.eid].steps
    assert len(steps) == 90 and steps.in_memory < 40  # the rest are read back from the history
    for expected in reversed(hashes[:-1]):
        session.undo()
        assert state_hash(session.encounter.state) == expected
    assert not session.can_undo
    for expected in hashes[1:]:
        session.redo()
        assert state_hash(session.encounter.state) == expected
    session.close()


def test_an_encounter_added_in_play_reads_its_first_folded_steps_back_too(path, monkeypatch):
    """An encounter with no history yet gets one at its first fold."""
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)
    monkeypatch.setattr(fold, "KEEP_STEPS", 5)
    first = Session(Campaign.open(path), random.Random(2))
    eid = first.campaign.add_encounter("Second", first.encounter.state)
    session = Session(first.campaign, random.Random(2), eid=eid)
    assert session.campaign.data.encounters[eid].steps.history is None
    hashes = [state_hash(session.encounter.state)]
    for _ in range(60):
        session.commit(cmd.NextTurn())
        hashes.append(state_hash(session.encounter.state))
        session.campaign._wait_for_fold()  # each fold ends before the next action: as many folds on a loaded machine as on a quiet one
    steps = session.campaign.data.encounters[eid].steps
    assert steps.history is not None and steps.in_memory < 30
    for expected in reversed(hashes[:-1]):
        session.undo()
        assert state_hash(session.encounter.state) == expected
    session.close()
