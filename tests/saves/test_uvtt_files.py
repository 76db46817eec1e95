"""Universal VTT files on disk: a new encounter from one, saved with its
walls, doors and lights, reopened the same; a bad file changes nothing."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from core.board.edges import Feature, Side
from core.board.grid import TextMap
from core.combat.door_commands import DoorUse, UseDoor
from core.errors import MapFormatError
from core.rulesets import get
from saves.campaign import Campaign
from saves.map_files import map_encounter_noted, read_uvtt_file
from saves.session import Session, create_campaign


def _crypt(tmp_path):
    path = tmp_path / "crypt.dd2vtt"
    path.write_text(resources.files("core.board.maps").joinpath("crypt.dd2vtt").read_text())
    return path


def test_a_new_encounter_from_a_uvtt_file_keeps_its_doors_and_lights_through_a_save(tmp_path):
    found = read_uvtt_file(_crypt(tmp_path))
    campaign = create_campaign(tmp_path / "c.json", "crypt", get("srd35"), TextMap(found.grid, ()), random.Random(1), {}, found.vision)
    session = Session(campaign, random.Random(2))
    session.commit(UseDoor(None, (5, 2), Side.EAST, DoorUse.OPEN))  # the GM opens it: saved, then undone, then redone
    session.undo()
    session.redo()
    campaign.close()
    again = Campaign.open(tmp_path / "c.json")
    try:
        state = again.load_state()
    finally:
        again.close()
    assert state.grid.edge_feature((5, 2), (6, 2)) is Feature.DOOR_OPEN
    assert {e.key for e in state.grid.edges} == {e.key for e in found.grid.edges}
    assert state.vision == found.vision and state.vision.light == "darkness"


def test_the_notes_say_what_came_in_and_what_was_not_kept(tmp_path):
    state, off, notes = map_encounter_noted(_crypt(tmp_path), "crypt", get("equestria"))
    assert off == 0 and state.grid.edge_feature((10, 3), (10, 4)) is Feature.DOOR_LOCKED
    assert notes[0].startswith("16x10 cells") and "4 door(s), 1 window(s), 3 light(s)" in notes[0]
    assert any("approximated" in n for n in notes)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "bad.uvtt"
    path.write_text("<xml/>")
    with pytest.raises(MapFormatError, match="not JSON"):
        map_encounter_noted(path, "bad", get("equestria"))
