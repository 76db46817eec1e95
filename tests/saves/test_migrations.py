"""Schema versions: v1 files of the walking skeleton still open, upgraded explicitly."""

from __future__ import annotations

import json
import random

import pytest

from core.combat import commands as cmd
from saves import backups
from saves.campaign import Campaign
from saves.errors import CorruptSave
from saves.migrations import MIGRATIONS, SCHEMA_VERSION, MigrationError, migrate_v1_to_v2, upgrade
from saves.layout import dump
from saves.reading import read_campaign
from saves.session import Session, create_demo


def _as_v1(path):
    """The layout the skeleton (schema 1) wrote, rebuilt from a current file."""
    data = dump(read_campaign(path)[0])  # the log from the history segment into the table
    [meta] = data["meta"].values()
    [enc] = data["encounters"].values()
    return {
        "meta": {"1": {"schema": 1, "name": meta["name"], "ruleset": meta["ruleset"], "house_rules": meta["house_rules"]}},
        "encounters": {"1": {"eid": 1, "name": enc["name"], "status": "running", "state": enc["state"]}},
        "log": {k: {**v, "eid": 1} for k, v in data["log"].items()},
    }


@pytest.fixture
def v1_file(tmp_path):
    modern = tmp_path / "modern.json"
    create_demo(modern, random.Random(4)).close()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(_as_v1(modern)))
    return path, Campaign.open(modern, read_only=True)


def test_every_version_has_a_migration_to_the_next():
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION))


def test_migrate_v1_to_v2_adds_the_new_pieces(v1_file):
    path, _ = v1_file
    old = json.loads(path.read_text())
    new = migrate_v1_to_v2(old)
    meta = new["meta"]["1"]
    assert meta["schema"] == 2 and meta["journal_seq"] == 0 and meta["current"] == 1 and len(meta["cid"]) == 32
    assert [e["head"] for e in new["encounters"].values()] == [0]
    assert new["steps"] == {} and new["bestiary"] == {}
    assert {p["pid"] for p in new["party"].values()} == {"c1", "c2"}  # the demo's two characters
    assert old["meta"]["1"]["schema"] == 1  # the input is not modified


def test_migration_refuses_a_v1_file_without_header():
    with pytest.raises(MigrationError):
        upgrade({"meta": {}}, 1)


def test_a_v1_file_opens_with_the_same_state_and_log(v1_file):
    path, modern = v1_file
    old = Campaign.open(path)
    assert old.load_state() == modern.load_state()
    assert old.load_log() == modern.load_log()
    assert set(old.party()) == {"c1", "c2"}


def test_a_v1_file_is_written_as_v2_at_the_first_change_after_a_backup(v1_file):
    path, _ = v1_file
    original = path.read_bytes()
    session = Session(Campaign.open(path), random.Random(1))
    session.close()
    assert path.read_bytes() == original  # opening alone writes nothing
    session = Session(Campaign.open(path), random.Random(1))
    session.commit(cmd.NextTurn())
    assert json.loads(path.read_text())["meta"]["1"]["schema"] == SCHEMA_VERSION
    assert backups.list_backups(path)[0].read_bytes() == original
    state = session.encounter.state
    session.close()
    reopened = Session(Campaign.open(path))
    assert reopened.encounter.state == state
    reopened.undo()
    assert reopened.can_redo


def test_a_v1_file_without_encounter_is_refused(tmp_path):
    path = tmp_path / "v1.json"
    path.write_text(json.dumps({"meta": {"1": {"schema": 1, "name": "x", "ruleset": "equestria", "house_rules": {}}}}))
    with pytest.raises(CorruptSave, match="no encounter"):
        Campaign.open(path)
