"""Pilot tests at 80x24: M exports the map (asking before replacing a file),
k starts an encounter from a map file, the . menu imports creatures (every
unreadable line shown, nothing imported unless the GM confirms), and the
map marks tokens under conditions or hidden from the players."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.values.conditions import Condition
from core.dice.roster import read_map_file
from saves.campaign import Campaign
from saves.session import Session, create_campaign
from core.board.grid import from_text
from core.rulesets import get
from tests.tui.helpers import demo_app, status_of
from tui.app import EncounterApp
from tui.rendering.glyphs import THEMES
from tui.screens.choice import ChoiceScreen

MAP = "#######\n#A..~W#\n#######\n\nA Character 1 party\nW Wolf foe hp 9 DEX 2 on water\n"


async def _answer(pilot, text: str) -> None:
    await pilot.pause()
    pilot.app.screen.query_one("#prompt-input").value = text
    await pilot.press("enter")
    await pilot.pause()


async def _choose(pilot, option: str) -> None:
    await pilot.pause()
    ids = pilot.app.screen.option_ids
    await pilot.press(*["down"] * ids.index(option), "enter")
    await pilot.pause()


async def test_m_exports_the_map_and_asks_before_replacing_a_file(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    target = tmp_path / "out.txt"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        await _choose(pilot, "ascii")
        await _answer(pilot, str(target))
        assert "Exported the map (3 tokens)" in status_of(app)
        text_map, roster = read_map_file(target.read_text(), app.presenter.session.encounter.ruleset)
        assert text_map.grid == app.presenter.state.grid and {e.name for e in roster.values()} == {"Character 1", "Character 2", "Boar"}
        target.write_text("my notes")
        await pilot.press("M")
        await _choose(pilot, "emoji")
        await _answer(pilot, str(target))
        assert isinstance(app.screen, ChoiceScreen) and "already exists" in str(app.screen.question)
        await pilot.press("enter")  # No, keep that file
        await pilot.pause()
        assert target.read_text() == "my notes" and "Kept the file" in status_of(app)
        await pilot.press("M")
        await _choose(pilot, "emoji")
        await _answer(pilot, str(tmp_path / "demo.json"))  # the campaign itself
        assert "being exported" in str(app.screen.query_one("#prompt-hint").render()) or "being exported" in status_of(app)


async def test_k_starts_a_new_encounter_from_a_map_file_with_the_party(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    (tmp_path / "moor.txt").write_text(MAP)
    (tmp_path / "bad.txt").write_text("#####\n#A.?#\n#####\n")
    async with app.run_test(size=(80, 24)) as pilot:
        hp = {c.name: c.hp for c in app.presenter.state.combatants}
        await pilot.press("k")
        await _choose(pilot, "from-map")
        await _answer(pilot, str(tmp_path / "bad.txt"))
        assert "unknown glyph" in status_of(app) and len(app.presenter.session.campaign.data.encounters) == 1
        assert app.screen.query_one("#prompt-input").value == str(tmp_path / "bad.txt")  # the path kept to correct
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("k")
        await _choose(pilot, "from-map")
        await _answer(pilot, str(tmp_path / "moor.txt"))
        await _answer(pilot, "Moor")
        by_name = {c.name: c for c in app.presenter.state.combatants}
        assert app.presenter.session.campaign.encounter(app.presenter.session.eid).name == "Moor"
        assert by_name["Character 1"].position == (1, 1) and by_name["Character 1"].hp == hp["Character 1"]
        assert by_name["Wolf"].position == (5, 1) and app.presenter.state.grid.terrain((5, 1)).id == "water"
        assert by_name["Character 2"].position is None and "1 party member joined off the map" in status_of(app)


def _srd_app(tmp_path) -> EncounterApp:
    ruleset = get("srd35")
    text_map, roster = read_map_file("#####\n#A.B#\n#####\n\nA Aria party hp 12\nB Bandit foe hp 9\n", ruleset)
    create_campaign(tmp_path / "srd.json", "Srd", ruleset, text_map, random.Random(1), roster).close()
    return EncounterApp(Session(Campaign.open(tmp_path / "srd.json"), random.Random(2)))


WOLF = "Wolf\nHit Dice: 2d8+4 (13 hp)\nInitiative: +2\nSpeed: 50 ft. (10 squares)\nArmor Class: 14 (+2 Dex, +2 natural)\nAbilities: Str 13, Dex 15, Con 15, Int 2, Wis 12, Cha 6\n"


async def test_import_creatures_shows_every_bad_line_and_imports_only_when_confirmed(tmp_path):
    app = _srd_app(tmp_path)
    source = tmp_path / "foes.txt"
    source.write_text(WOLF + "\nOgre\nHit Dice: 4d8+8\n\nGoblin foe hp 0\n")
    async with app.run_test(size=(80, 24)) as pilot:
        for answer in ("no", "yes"):
            await pilot.press("full_stop")
            await _choose(pilot, "tool:import")
            await _answer(pilot, str(source))
            assert isinstance(app.screen, ChoiceScreen)
            shown = "\n".join(label for _key, label in app.screen.options)
            assert "line 8: Ogre: no Initiative" in shown and "line 9: Ogre: cannot read Hit Dice" in shown
            assert "line 11: Goblin foe hp 0: a roster line among stat blocks" in shown  # a stat-block file: not a creature, not prose
            await _choose(pilot, answer)
            if answer == "no":
                assert app.presenter.session.campaign.bestiary() == {} and "Nothing imported" in status_of(app)
        assert app.presenter.session.campaign.bestiary()["Wolf"].ac == 14 and "Imported 1 creature" in status_of(app)
        good = tmp_path / "good.txt"
        good.write_text("Goblin foe hp 5 DEX 1\n")
        await pilot.press("full_stop")
        await _choose(pilot, "tool:import")
        await _answer(pilot, str(good))  # no problem: imported at once
        assert set(app.presenter.session.campaign.bestiary()) == {"Wolf", "Goblin"}
        await pilot.press("full_stop")
        await _choose(pilot, "tool:import")
        await _answer(pilot, str(tmp_path))  # a folder
        assert "is a folder, not a file" in status_of(app)


def test_tokens_are_marked_for_conditions_and_for_being_hidden():
    from core.values.combatant import Combatant, Side

    wolf = Combatant("w", "Wolf", Side.FOE, {}, 9, 9, position=(1, 1), glyph="\U0001f43a")
    burning = Combatant("w", "Wolf", Side.FOE, {}, 9, 9, position=(1, 1), conditions=(Condition("burning"),))
    both = Combatant("w", "Wolf", Side.FOE, {}, 9, 9, hidden=True, conditions=(Condition("prone"), Condition("wet")))
    unicode, ascii_theme, emoji = THEMES["unicode"], THEMES["ascii"], THEMES["emoji"]
    assert unicode.marked_token(wolf) == "Wo" and emoji.marked_token(wolf) == "Wo"  # its emoji too: initials tell creatures apart
    assert unicode.marked_token(burning) == "W\u2022" and ascii_theme.marked_token(burning) == "W*"
    assert ascii_theme.marked_token(both) == "W!" and unicode.marked_token(both) == "W\u25c9"
    assert ascii_theme.marked_token(burning, large=True) == " WoB" and ascii_theme.marked_token(both, large=True) == "?Wo2"
    assert emoji.marked_token(wolf, large=True) == " Wo "


async def test_the_map_shows_the_marks(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        app.encounter_screen.run_command(cmd.SetHidden(boar.id, True))
        await pilot.pause()
        grid_map = app.query_one("#map")
        x, y = boar.position
        line = grid_map.render_line(1 + y - grid_map.scroll_offset[1])
        assert "B\u25cb" in line.text
