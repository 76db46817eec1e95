"""encounter export-map / add-encounter / import-creatures: what they write,
and one clear line on stderr for each thing they refuse."""

from __future__ import annotations

import os

import pytest

from saves.campaign import Campaign
from tui.cli import main as cli

WOLF = "Wolf\nHit Dice: 2d8+4 (13 hp)\nInitiative: +2\nSpeed: 50 ft. (10 squares)\nArmor Class: 14 (+2 Dex, +2 natural)\nAbilities: Str 13, Dex 15, Con 15, Int 2, Wis 12, Cha 6\n"
MAP = "#########\n#A..&...#\n#..o..~~#\n#^^...B.#\n#########\n\nA Aria Swift party hp 12 DEX 2 STR 1\nB Bandit foe hp 9 ac 12 STR 1\n"


def _people(path):
    campaign = Campaign.open(path, read_only=True)
    try:
        state = campaign.load_state()
        return state.grid, {c.name: (c.side, c.hp_max, c.ac, dict(c.stats), c.position) for c in state.combatants}
    finally:
        campaign.close()


@pytest.mark.parametrize("glyphs", ["emoji", "ascii"])
def test_export_map_then_new_gives_the_same_terrain_positions_and_roster(tmp_path, glyphs, capsys):
    assert cli.main(["new", str(tmp_path / "a.json"), "--seed", "1"]) == 0
    out = tmp_path / "a.txt"
    assert cli.main(["export-map", str(tmp_path / "a.json"), "--glyphs", glyphs, "-o", str(out)]) == 0
    assert cli.main(["new", str(tmp_path / "b.json"), "--map", str(out), "--ruleset", "equestria"]) == 0
    assert _people(tmp_path / "b.json") == _people(tmp_path / "a.json")
    assert "wrote" in capsys.readouterr().err


def test_export_map_prints_without_o_and_reads_the_encounter_asked(tmp_path, capsys):
    (tmp_path / "m.txt").write_text(MAP)
    assert cli.main(["new", str(tmp_path / "s.json"), "--map", str(tmp_path / "m.txt"), "--ruleset", "srd35"]) == 0
    capsys.readouterr()
    assert cli.main(["export-map", str(tmp_path / "s.json"), "--encounter", "1", "--glyphs", "ascii"]) == 0
    text = capsys.readouterr().out
    assert "A Aria Swift party hp 12 STR 1 DEX 2" in text and "(ruleset srd35)" in text
    assert cli.main(["export-map", str(tmp_path / "s.json"), "--encounter", "7"]) == 2
    assert "has no encounter 7" in capsys.readouterr().err


def test_export_map_never_replaces_without_replace_nor_writes_on_the_campaign(tmp_path, capsys):
    cli.main(["new", str(tmp_path / "a.json"), "--seed", "1"])
    notes = tmp_path / "notes.txt"
    notes.write_text("mine")
    assert cli.main(["export-map", str(tmp_path / "a.json"), "-o", str(notes)]) == 2
    assert notes.read_text() == "mine" and "already exists; add --replace" in capsys.readouterr().err
    assert cli.main(["export-map", str(tmp_path / "a.json"), "-o", str(notes), "--replace"]) == 0
    assert "Character 1 party" in notes.read_text()
    before = (tmp_path / "a.json").read_bytes()
    assert cli.main(["export-map", str(tmp_path / "a.json"), "-o", str(tmp_path / "a.json"), "--replace"]) == 2
    assert "is the campaign being exported" in capsys.readouterr().err
    assert (tmp_path / "a.json").read_bytes() == before


def test_add_encounter_from_a_map_file(tmp_path, capsys):
    cli.main(["new", str(tmp_path / "a.json"), "--seed", "1"])
    (tmp_path / "m.txt").write_text("#####\n#A.W#\n#####\n\nA Character 1 party\nW Wolf foe hp 9\n")
    assert cli.main(["add-encounter", str(tmp_path / "a.json"), "--map", str(tmp_path / "m.txt"), "--name", "Moor"]) == 0
    assert "1 party member joined off the map" in capsys.readouterr().err
    campaign = Campaign.open(tmp_path / "a.json", read_only=True)
    try:
        state = campaign.load_state(2)
        assert campaign.encounter(2).name == "Moor"
        assert {c.name: c.position for c in state.combatants} == {"Character 1": (1, 1), "Wolf": (3, 1), "Character 2": None}
    finally:
        campaign.close()
    (tmp_path / "bad.txt").write_text("#####\n#A.W#\n#####\n\nA Aria party hp 0\n")
    assert cli.main(["add-encounter", str(tmp_path / "a.json"), "--map", str(tmp_path / "bad.txt")]) == 2
    assert "line 5" in capsys.readouterr().err


def test_import_creatures_lists_every_bad_line_and_imports_nothing_unless_skip_bad(tmp_path, capsys):
    (tmp_path / "m.txt").write_text(MAP)
    cli.main(["new", str(tmp_path / "s.json"), "--map", str(tmp_path / "m.txt"), "--ruleset", "srd35"])
    creatures = tmp_path / "c.txt"
    creatures.write_text(WOLF + "\nOgre\nHit Dice: 4d8+8 (26 hp)\nSpeed: 40 ft.\n\nTroll\nHit Dice: lots\n")
    capsys.readouterr()
    assert cli.main(["import-creatures", str(tmp_path / "s.json"), str(creatures)]) == 2
    err = capsys.readouterr().err
    assert "line 8: Ogre: no Initiative, no Armor Class, no Abilities line" in err
    assert "line 13: Troll: cannot read Hit Dice 'lots'" in err and "nothing imported: 3 lines" in err
    assert Campaign.open(tmp_path / "s.json", read_only=True).bestiary() == {}
    assert cli.main(["import-creatures", str(tmp_path / "s.json"), str(creatures), "--skip-bad"]) == 0
    assert "imported 1 creature into the bestiary" in capsys.readouterr().err
    assert Campaign.open(tmp_path / "s.json", read_only=True).bestiary()["Wolf"].hp_max == 13


def test_import_creatures_refuses_a_fifo_and_a_missing_file(tmp_path, capsys):
    cli.main(["new", str(tmp_path / "a.json"), "--seed", "1"])
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert cli.main(["import-creatures", str(tmp_path / "a.json"), str(fifo)]) == 2
    assert "is a named pipe (FIFO), not a file" in capsys.readouterr().err
    assert cli.main(["import-creatures", str(tmp_path / "a.json"), str(tmp_path / "none.txt")]) == 2
    assert "none.txt: does not exist" in capsys.readouterr().err


def test_a_party_joining_an_encounter_from_a_map_file_has_its_per_encounter_uses_back(tmp_path):
    """A new fight (k from a map file, encounter add-encounter): the party's
    1/encounter uses come back; 1/day ones do not (core.combat.trackers.uses DEFAULT)."""
    from dataclasses import replace

    from core.values.combatant import Combatant, Side
    from core.rulesets import get
    from core.values.trackers import LimitedUse
    from core.combat.trackers.uses import Per
    from saves.map_files import map_encounter

    (tmp_path / "moor.txt").write_text("#####\n#A..#\n#####\n\nA Aria party\n")
    aria = Combatant("a", "Aria", Side.PARTY, {}, 10, 10)
    aria = replace(aria, uses=(LimitedUse("Roar", Per.ENCOUNTER, 1, 0), LimitedUse("Rage", Per.DAY, 1, 0)))
    state, _ = map_encounter(tmp_path / "moor.txt", "Moor", get("equestria"), (aria,))
    (member,) = [c for c in state.combatants if c.name == "Aria"]
    assert {u.name: u.uses for u in member.uses} == {"Roar": 1, "Rage": 0}


def test_export_map_of_a_universal_vtt_campaign_says_its_lights_are_not_kept_and_how_to_set_them_again(tmp_path, capsys):
    """A text map holds no light (EQ-VIS-1..2): the note on stderr (and in the
    file) is the very text of the L form that puts the crypt's lights back."""
    from pathlib import Path

    from core.dice.vision_notation import parse_vision

    crypt = Path(__file__).resolve().parents[1] / "core" / "board" / "maps" / "crypt.dd2vtt"
    assert cli.main(["new", str(tmp_path / "c.json"), "--map", str(crypt)]) == 0
    capsys.readouterr()
    assert cli.main(["export-map", str(tmp_path / "c.json"), "-o", str(tmp_path / "c.txt")]) == 0
    [note] = [line for line in capsys.readouterr().err.splitlines() if "light" in line]
    assert "not kept in a text map" in note and "# " + note.removeprefix("encounter: note: ") in (tmp_path / "c.txt").read_text()
    typed = note.split("press L and type: ")[1]
    campaign = Campaign.open(tmp_path / "c.json", read_only=True)
    vision = campaign.load_state().vision
    campaign.close()
    assert len(vision.sources) == 3
    assert parse_vision(typed, {}) == (vision.light, vision.weather, vision.sources)


def test_a_tactical_d10_campaign_from_a_map_with_lights_has_the_light_house_rule_on_and_says_so(tmp_path, capsys):
    """The crypt's 3 lights (EQ-VIS-2) came into every ruleset's fights before light became a
    house rule outside equestria (core.rulesets.campaign_tools): a new tactical_d10 campaign from it
    turns light_and_weather on and says so on stderr; its fights keep reading them."""
    from pathlib import Path

    crypt = Path(__file__).resolve().parents[1] / "core" / "board" / "maps" / "crypt.dd2vtt"
    assert cli.main(["new", str(tmp_path / "t.json"), "--map", str(crypt), "--ruleset", "tactical_d10"]) == 0
    assert "its house rule light_and_weather is on" in capsys.readouterr().err
    campaign = Campaign.open(tmp_path / "t.json", read_only=True)
    assert campaign.ruleset.settings.light_and_weather is True and len(campaign.load_state().vision.sources) == 3
    campaign.close()
