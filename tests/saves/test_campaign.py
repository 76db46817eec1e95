"""Campaign files: round trips, atomic writes, refusal of broken files."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.state import EncounterState
from core.errors import DiceError, RulesError
from saves.campaign import SCHEMA_VERSION, Campaign
from saves.codec import from_document, to_document
from saves.errors import CorruptSave, NewerSave, SaveError
from saves.session import Session, create_demo, open_default
from saves.storage import AtomicJSONStorage


@pytest.fixture
def demo_file(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(5)).close()
    return path


def _play(session: Session) -> None:
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.commit(cmd.Damage(boar.id, 4))
    session.commit(cmd.NextTurn())
    mover = session.encounter.current
    x, y = mover.position
    for dx, dy in ((0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)):
        try:
            session.commit(cmd.Move(mover.id, (x + dx, y + dy)))
            break
        except RulesError:
            continue
    session.commit(cmd.SpendAction(mover.id, "full"))
    session.commit(cmd.RollCheck(mover.id, "STR"))
    session.commit(cmd.RollDice("2d6+1 torch"))


def test_reopening_resumes_exactly(demo_file):
    session = Session(Campaign.open(demo_file), random.Random(9))
    _play(session)
    state, log = session.encounter.state, session.log
    reopened = Session(Campaign.open(demo_file), random.Random(1))
    assert reopened.encounter.state == state
    assert reopened.log == log
    assert reopened.encounter.state.round == state.round
    assert reopened.encounter.current.budget == session.encounter.current.budget


def test_every_action_is_on_disk_when_apply_returns(demo_file):
    session = Session(Campaign.open(demo_file), random.Random(9))
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.commit(cmd.Damage(boar.id, 2))
    # the action is in the fsynced journal; a second (read-only) opener sees it
    other = Campaign.open(demo_file)
    assert other.read_only is not None
    hp = {c.name: c.hp for c in other.load_state().combatants}
    assert hp["Boar"] == boar.hp - 2
    assert other.load_log()[-1].seq == session.log[-1].seq


def test_refused_command_writes_nothing(demo_file):
    session = Session(Campaign.open(demo_file), random.Random(9))
    before = demo_file.read_bytes()
    with pytest.raises(DiceError):
        session.commit(cmd.RollDice("1d"))
    assert demo_file.read_bytes() == before


def test_writes_leave_no_temp_files(demo_file):
    session = Session(Campaign.open(demo_file), random.Random(9))
    session.commit(cmd.NextTurn())
    assert not [p for p in demo_file.parent.rglob("*") if p.suffix == ".tmp"]
    session.close()
    assert sorted(p.name for p in demo_file.parent.iterdir()) == [".backups", "demo.json", "demo.json.history"]


@pytest.mark.parametrize(
    "content, needle",
    [
        (b"", "empty"),
        (b"   \n", "empty"),
        (b'{"meta": {"1": {"schema": 1', "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        (b"[1, 2]", "not a campaign"),
        (b'{"meta": {}}', "no campaign header"),
        (b'{"meta": {"1": {"schema": 1, "ruleset": "equestria", "house_rules": {}}}}', "no encounter"),
        (b'{"meta": {"1": {"schema": 1, "ruleset": "chess", "house_rules": {}}}, "encounters": {}}', "unknown ruleset"),
    ],
)
def test_broken_files_are_refused_and_left_untouched(tmp_path, content, needle):
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(CorruptSave) as caught:
        Campaign.open(path)
    assert needle in str(caught.value)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content


def test_hand_edited_state_is_refused(demo_file):
    data = json.loads(demo_file.read_text(encoding="utf-8"))
    [doc] = data["encounters"].values()
    doc["state"]["combatants"][0]["hp"] = "lots"
    demo_file.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CorruptSave) as caught:
        Campaign.open(demo_file)
    assert "hp" in str(caught.value)


@pytest.mark.parametrize(
    ("edit", "needle"),
    [
        (lambda state: state["combatants"][0].update(position=[999, 999]), "off the"),
        (lambda state: state["combatants"][0].update(hp=-5, hp_max=0), "maximum hit points 0"),
        (lambda state: state["combatants"][0].update(hp=-5), "outside 0.."),
        (lambda state: state["combatants"][0].update(hp=10_000), "outside 0.."),
        (lambda state: state.update(current="nobody"), "not in the encounter"),
        (lambda state: state["combatants"][1].update(id=state["combatants"][0]["id"]), "share the id"),
    ],
)
def test_a_state_no_play_makes_is_refused_at_open(demo_file, edit, needle):
    """A try-out opened a copy with a token at (999, 999) and HP -5/0: it
    opened, then crashed on the first look at the map. Refused at open now,
    the file untouched."""
    data = json.loads(demo_file.read_text(encoding="utf-8"))
    [doc] = data["encounters"].values()
    edit(doc["state"])
    demo_file.write_text(json.dumps(data), encoding="utf-8")
    before = demo_file.read_bytes()
    with pytest.raises(CorruptSave, match="impossible encounter") as caught:
        Campaign.open(demo_file)
    assert needle in str(caught.value)
    assert demo_file.read_bytes() == before


def test_newer_schema_is_refused(demo_file):
    data = json.loads(demo_file.read_text(encoding="utf-8"))
    [meta] = data["meta"].values()
    meta["schema"] = SCHEMA_VERSION + 1
    raw = json.dumps(data).encode()
    demo_file.write_bytes(raw)
    with pytest.raises(NewerSave) as caught:
        Campaign.open(demo_file)
    assert "newer" in str(caught.value)
    assert demo_file.read_bytes() == raw


def test_create_refuses_an_existing_file(demo_file):
    with pytest.raises(SaveError):
        create_demo(demo_file, random.Random(1))


def test_failed_write_keeps_file_and_state_and_retries(demo_file, monkeypatch):
    session = Session(Campaign.open(demo_file), random.Random(9))
    before = demo_file.read_bytes()
    import saves.journal as journal

    real = journal.os.write

    def full_disk(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.os, "write", full_disk)
    entries = session.commit(cmd.NextTurn())
    assert entries and session.unsaved is not None
    assert "No space left" in str(session.unsaved)
    assert demo_file.read_bytes() == before
    monkeypatch.setattr(journal.os, "write", real)
    session.commit(cmd.NextTurn())
    assert session.unsaved is None
    session.close()
    reopened = Session(Campaign.open(demo_file))
    assert reopened.encounter.state == session.encounter.state
    assert reopened.log == session.log


def test_storage_batch_is_one_write(tmp_path, monkeypatch):
    storage = AtomicJSONStorage(tmp_path / "x.json")
    writes = []
    import saves.storage as module

    monkeypatch.setattr(module, "atomic_write", lambda path, text: writes.append(text))
    with storage.batch():
        storage.write({"a": {"1": {"x": 1}}})
        storage.write({"a": {"1": {"x": 2}}})
    assert len(writes) == 1 and json.loads(writes[0]) == {"a": {"1": {"x": 2}}}


def test_atomic_write_keeps_the_file_mode(tmp_path):
    from saves.storage import atomic_write

    path = tmp_path / "f.json"
    path.write_text("{}")
    os.chmod(path, 0o640)
    atomic_write(path, "{}")
    assert path.stat().st_mode & 0o777 == 0o640


def test_open_default_creates_the_demo_once(encounter_home):
    first = open_default(random.Random(1))
    assert first.name == "Demo"
    assert first.path.parent == encounter_home / "campaigns"
    state = first.load_state()
    again = open_default(random.Random(2))
    assert again.load_state() == state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["next", "prev", "dmg", "heal", "check", "dice"]), max_size=15), st.integers(0, 1000))
def test_codec_round_trips_every_state_and_event(tmp_path, actions, seed):
    from core.combat.demo import demo_encounter

    encounter, events = demo_encounter(random.Random(seed))
    collected = list(events)
    target = encounter.state.combatants[0].id
    for action in actions:
        command = {
            "next": cmd.NextTurn(),
            "prev": cmd.PreviousTurn(),
            "dmg": cmd.Damage(target, 3),
            "heal": cmd.Heal(target, 2),
            "check": cmd.RollCheck(target, "DEX"),
            "dice": cmd.RollDice("4d6kh3 stats"),
        }[action]
        try:
            collected.extend(encounter.apply(command))
        except RulesError:
            continue
    state_doc = json.loads(json.dumps(to_document(encounter.state)))
    assert from_document(state_doc, EncounterState) == encounter.state
    for event in collected:
        assert from_document(json.loads(json.dumps(to_document(event))), ev.Event) == event
