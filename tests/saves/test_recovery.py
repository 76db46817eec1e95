"""Broken files are refused naming the file and offering the newest good backup; nothing is overwritten."""

from __future__ import annotations

import json
import random

import pytest

from core.combat import commands as cmd
from saves import backups
from saves.campaign import Campaign
from saves.errors import CorruptSave, NewerSave, SaveError
from saves.migrations import SCHEMA_VERSION
from saves.session import Session, create_demo


def _played(tmp_path, sessions=3):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    for i in range(sessions):
        session = Session(Campaign.open(path), random.Random(i))
        session.commit(cmd.RollDice("1d6"))
        session.close()
    return path


def test_each_compaction_backs_up_the_last_good_file_and_keeps_a_few(tmp_path):
    path = _played(tmp_path, sessions=backups.KEEP + 3)
    kept = backups.list_backups(path)
    assert len(kept) == backups.KEEP
    assert all(Campaign.open(p, read_only=True) for p in kept)


@pytest.mark.parametrize("damage", [b"", b"{\"meta\": {", b"\x00\x00garbage", b"[]"])
def test_a_broken_file_is_refused_with_the_newest_good_backup(tmp_path, damage):
    path = _played(tmp_path)
    newest = backups.list_backups(path)[0]
    path.write_bytes(damage)
    with pytest.raises(CorruptSave) as caught:
        Campaign.open(path)
    message = str(caught.value)
    assert str(path) in message and str(newest) in message and caught.value.backup == newest
    assert path.read_bytes() == damage


def test_a_broken_newest_backup_is_skipped(tmp_path):
    path = _played(tmp_path)
    newest, older = backups.list_backups(path)[:2]
    newest.write_text("{}")
    path.write_text("nonsense")
    with pytest.raises(CorruptSave) as caught:
        Campaign.open(path)
    assert caught.value.backup == older


def test_a_hand_edited_state_is_refused_and_kept(tmp_path):
    path = _played(tmp_path)
    data = json.loads(path.read_text())
    [enc] = data["encounters"].values()
    enc["state"]["round"] = "three"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(CorruptSave, match="round"):
        Campaign.open(path)
    assert path.read_bytes() == before


def test_a_newer_file_is_refused_and_offers_a_backup(tmp_path):
    path = _played(tmp_path)
    data = json.loads(path.read_text())
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(data))
    with pytest.raises(NewerSave, match="newer") as caught:
        Campaign.open(path)
    assert caught.value.backup is not None
    assert str(caught.value).endswith(f"A newer encounter opens it; or go back to the newest good backup {caught.value.backup}, the newer file kept aside: encounter restore {path}")



def test_a_newer_file_without_a_backup_says_to_update_once(tmp_path):
    """A try-out: a new campaign (no backup yet) with a newer schema ended
    "update encounter to open it. A newer encounter opens it", the same
    advice twice and the second cut short."""
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    data = json.loads(path.read_text())
    data["meta"]["1"]["schema"] = SCHEMA_VERSION + 1
    path.write_text(json.dumps(data))
    with pytest.raises(NewerSave) as caught:
        Campaign.open(path)
    assert caught.value.backup is None
    assert str(caught.value).endswith(f"(schema {SCHEMA_VERSION + 1}, this one reads up to {SCHEMA_VERSION}); update encounter to open it")

def test_an_edit_that_breaks_the_undo_history_is_refused_at_undo_not_silently_applied(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    target = session.encounter.state.combatants[0].id
    session.commit(cmd.Damage(target, 2))
    session.close()
    data = json.loads(path.read_text())
    [enc] = data["encounters"].values()
    enc["state"]["combatants"][0]["hp"] -= 1  # hand-edited HP (still within 0..max) no longer matches the history
    path.write_text(json.dumps(data))
    session = Session(Campaign.open(path))
    with pytest.raises(CorruptSave, match="undo step"):
        session.undo()


def test_stale_temp_files_are_removed_by_the_writer_only(tmp_path):
    path = _played(tmp_path)
    stale = tmp_path / f".{path.name}.abc123.tmp"
    stale.write_text("half a file")
    reader = Campaign.open(path, read_only=True)
    assert stale.exists()
    reader.close()
    Campaign.open(path).close()
    assert not stale.exists()


def test_an_empty_file_is_never_taken_for_a_new_campaign(tmp_path):
    path = tmp_path / "c.json"
    path.write_bytes(b"")
    with pytest.raises(CorruptSave, match="empty"):
        Campaign.open(path)
    with pytest.raises(SaveError, match="already exists"):
        create_demo(path, random.Random(1))
    assert path.read_bytes() == b""
