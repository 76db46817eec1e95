"""The campaign around the fights: party, bestiary, encounters, export/import, untrusted text."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.state import EncounterState
from saves import library, paths
from core.combat.groups import fresh, numbered
from saves.campaign import Campaign
from saves.errors import CorruptSave, ReadOnlySave
from saves.sanitize import clean_name, clean_text
from saves.session import Session, create_demo


@pytest.fixture
def session(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    return Session(Campaign.open(path), random.Random(1))


BOAR = Combatant(id="t", name="Boar", side=Side.FOE, stats={"STR": 3}, hp=16, hp_max=16)


def test_three_boars_are_numbered_with_stable_ids(session):
    session.campaign.put_template(replace(BOAR, name="Wild boar"))
    session.add_from_bestiary("Wild boar", 3)
    names = {c.id: c.name for c in session.encounter.state.combatants if c.id.startswith("wild-boar")}
    assert names == {"wild-boar-1": "Wild boar 1", "wild-boar-2": "Wild boar 2", "wild-boar-3": "Wild boar 3"}
    added = [c for c in session.encounter.state.combatants if c.id.startswith("wild-boar")]
    assert all(c.initiative is not None for c in added)  # combat is running: they rolled
    session.add_from_bestiary("Wild boar", 1)
    assert any(c.id == "wild-boar-4" and c.name == "Wild boar 4" for c in session.encounter.state.combatants)
    session.undo()  # one step per addition
    assert not any(c.id == "wild-boar-4" for c in session.encounter.state.combatants)
    session.close()
    assert Session(Campaign.open(session.path)).encounter.state == session.encounter.state


def test_the_demo_boar_counts_as_boar_1(session):
    session.campaign.put_template(BOAR)
    session.add_from_bestiary("Boar", 2)
    assert {c.name for c in session.encounter.state.combatants if c.name.startswith("Boar")} == {"Boar", "Boar 2", "Boar 3"}


def spawn(template, count, present):
    """``count`` fresh creatures from ``template``, numbered after ``present``."""
    return [fresh(template, cid, name, template.hp_max) for cid, name in numbered(template.name, count, present)]


def test_spawn_keeps_ids_after_a_rename_and_a_lone_creature_keeps_its_name():
    assert [c.name for c in spawn(BOAR, 1, [])] == ["Boar"]
    first = spawn(BOAR, 2, [])
    renamed = [replace(first[0], name="Grumpy"), first[1]]
    more = spawn(BOAR, 1, renamed)
    assert more[0].id == "boar-3" and more[0].name == "Boar 3"


def test_bestiary_and_party_persist(session):
    session.campaign.put_template(BOAR)
    session.campaign.put_party_member(replace(BOAR, id="hero", name="Hero", side=Side.PARTY))
    session.close()
    reopened = Campaign.open(session.path)
    assert reopened.bestiary()["Boar"].hp_max == 16
    assert reopened.party()["hero"].name == "Hero"


def test_finishing_an_encounter_carries_the_party_into_the_next(session):
    hero = next(c for c in session.encounter.state.combatants if c.side is Side.PARTY)
    session.commit(cmd.Damage(hero.id, 5))
    campaign = session.campaign
    campaign.set_encounter(session.eid, status="finished")
    party = campaign.party()
    assert party[hero.id].hp == hero.hp - 5 and party[hero.id].position is None
    grid = session.encounter.state.grid
    eid = campaign.add_encounter("The ford", EncounterState("The ford", grid, tuple(party.values())))
    campaign.set_current(eid)
    campaign.set_encounter(eid, status="running")
    campaign.close()
    reopened = Campaign.open(campaign.path)
    statuses = {e.eid: e.status for e in reopened.data.encounters.values()}
    assert statuses == {1: "finished", eid: "running"} and reopened.current_eid == eid
    assert reopened.load_state().combatant(hero.id).hp == hero.hp - 5
    assert len(reopened.load_log(1)) > 0 and reopened.load_log(eid) == []


def test_export_import_round_trip_with_a_fresh_identity(session, tmp_path):
    session.commit(cmd.NextTurn())
    export = tmp_path / "export.json"
    library.export_campaign(session.path, export)  # works while the campaign is open: journal folded in
    folder = tmp_path / "other"
    folder.mkdir()
    imported = library.import_campaign(export, folder)
    copy = Campaign.open(imported)
    assert copy.load_state() == session.encounter.state and copy.load_log() == session.log
    assert copy.meta["cid"] != session.campaign.meta["cid"]


def test_import_cleans_escape_sequences_and_control_characters(session, tmp_path):
    session.close()
    export = tmp_path / "export.json"
    library.export_campaign(session.path, export)
    data = json.loads(export.read_text())
    [enc] = data["encounters"].values()
    enc["state"]["combatants"][0]["name"] = "Evil\x1b[2J\x1b]0;pwned\x07 Boar\x00\u202e"
    enc["state"]["combatants"][0]["notes"] = "line one\nline two\x1b[31m red"
    data["meta"]["1"]["name"] = "Camp\x1b[1maign\r"
    export.write_text(json.dumps(data))
    imported = Campaign.open(library.import_campaign(export, tmp_path))
    fighter = imported.load_state().combatants[0]
    assert fighter.name == "Evil Boar" and fighter.notes == "line one\nline two red"
    assert imported.name == "Campaign"


def test_import_refuses_a_lone_surrogate_in_an_encounters_state_and_writes_nothing(session, tmp_path):
    """Encounter states are cleaned when opened, not when read: an import
    (or export, or copy) cleans them all first, so broken text is refused
    with the file named (the loader fuzz found the
    UnicodeEncodeError it raised while writing)."""
    session.close()
    export = tmp_path / "export.json"
    library.export_campaign(session.path, export)
    text = export.read_text().replace('"Boar"', '"Bo\\ud800ar"', 1)
    assert "\\ud800" in text
    export.write_text(text)
    folder = tmp_path / "in"
    folder.mkdir()
    with pytest.raises(CorruptSave) as caught:
        library.import_campaign(export, folder)
    assert "surrogate" in str(caught.value) and str(export) in str(caught.value)
    assert list(folder.iterdir()) == []


def test_a_lone_surrogate_in_an_encounter_not_yet_opened_refuses_the_file(session, tmp_path):
    """States are cleaned when an encounter is opened, so broken
    text in another encounter used to open, then crash the fold on quit
    (UnicodeEncodeError). The file is refused at once, and left untouched."""
    session.campaign.add_encounter("Other", session.encounter.state)
    session.close()
    data = json.loads(session.path.read_text())
    other = next(e for e in data["encounters"].values() if e["name"] == "Other")
    other["state"]["combatants"][0]["name"] = "Bo\ud800ar"
    assert "surrogate" in _refused_untouched(session.path, data)


def _refused_untouched(path, data) -> str:
    """Write ``data`` as the campaign at ``path``; its opening's refusal (the file left as it was)."""
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(CorruptSave) as caught:
        Campaign.open(path)
    assert path.read_bytes() == before
    return str(caught.value)


def test_a_number_that_is_not_finite_refuses_the_file(session, tmp_path):
    """``NaN`` is not JSON (RFC 8259) but Python's reader takes it, and the
    writer (``orjson``, saves/texts.py) would write it as ``null``: a file
    holding one is refused with a message, and left untouched."""
    session.close()
    data = json.loads(session.path.read_text())
    (row,) = data["encounters"].values()
    row["state"]["turn_at"] = float("nan")
    assert "not finite (nan)" in _refused_untouched(session.path, data)


def test_sanitizer():
    assert clean_text("a\x1b[31mb\x9b1mc\x1bPq#0\x1b\\d") == "abcd"
    assert clean_text("tab\there\nnew") == "tab\there\nnew"
    assert clean_name("  two\n lines  ") == "two lines"
    assert clean_text("🐗 Кабан") == "🐗 Кабан"


def test_import_of_a_broken_file_names_it(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"meta": {"1": {"schema": 2')
    with pytest.raises(CorruptSave) as caught:
        library.import_campaign(bad, tmp_path)
    assert str(bad) in str(caught.value)


def test_duplicate_rename_delete(session, tmp_path):
    session.close()
    copy = library.duplicate(session.path, "Copy of the moor")
    assert copy.name == "copy-of-the-moor.json"
    library.rename(copy, "Renamed")
    assert Campaign.open(copy, read_only=True).name == "Renamed"
    held = Campaign.open(copy)
    with pytest.raises(ReadOnlySave):
        library.delete(copy)
    held.close()
    library.delete(copy)
    assert not copy.exists()
    listed = library.list_campaigns(tmp_path)
    assert [s.path for s in listed] == [session.path]


def test_recent_campaigns_are_remembered(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for p in (a, b):
        create_demo(p, random.Random(1)).close()
        paths.remember_campaign(p)
    assert paths.recent_campaigns()[:2] == [b.resolve(), a.resolve()]
    paths.forget_campaign(b)
    assert paths.last_campaign() == a.resolve()


def test_a_template_keeps_its_hp_dice_and_rolls_each_creature_and_the_group_shares_one_initiative(session):
    """bestiary templates keep HP dice; rule EQ-INIT-6 for the group."""
    session.campaign.put_template(replace(BOAR, name="Wolf", hp=4, hp_max=4, hp_dice="2d8+2"))
    assert session.campaign.bestiary()["Wolf"].hp_dice == "2d8+2"
    session.add_from_bestiary("Wolf", 5, together=True)
    wolves = [c for c in session.encounter.state.order() if c.name.startswith("Wolf")]
    assert len(wolves) == 5 and all(4 <= w.hp_max <= 18 and w.hp == w.hp_max for w in wolves)
    assert len({w.hp_max for w in wolves}) > 1  # rolled, not copied
    values = [w.initiative for w in wolves]
    assert values == list(range(values[0], values[0] - 5, -1))
    session.undo()
    assert not any(c.name.startswith("Wolf") for c in session.encounter.state.combatants)
