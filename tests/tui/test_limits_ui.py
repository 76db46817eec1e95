"""Limits and the ruleset's stats from the keyboard: the add dialog refuses
with a message and changes nothing."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.combat.demo import state_from_map
from core.combat.encounter import Encounter
from core.board.grid import from_text
from core.rulesets import get as get_ruleset
from saves.campaign import Campaign
from saves.session import Session
from tests.tui.helpers import status_of, type_text
from tui.app import EncounterApp


def tactical_app(path) -> EncounterApp:
    state = state_from_map("Moor", from_text("#####\n#A.B#\n#####"))
    encounter = Encounter(state, get_ruleset("tactical_d10"), random.Random(3))
    first = encounter.apply(cmd.StartCombat())
    Campaign.create(path, "Moor", encounter.ruleset, encounter.state, first).close()
    return EncounterApp(Session(Campaign.open(path), random.Random(4)))


async def test_the_add_dialog_refuses_a_stat_the_ruleset_lacks_and_names_its_stats(tmp_path):
    app = tactical_app(tmp_path / "moor.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before, entries = app.presenter.state, len(app.presenter.session.log)
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9 STR 1")
        await pilot.press("enter")
        assert "STR is not a stat of tactical_d10" in status_of(app)
        assert "MUSCLES, BODY, BRAIN, TONGUE" in status_of(app)
        assert app.presenter.state == before and len(app.presenter.session.log) == entries
        await pilot.press("escape")  # the refused dialog stays open with the text
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9 MUSCLES 2")
        await pilot.press("enter")
        wolf = next(c for c in app.presenter.state.combatants if c.name == "Wolf")
        assert wolf.stats == {"MUSCLES": 2} and wolf.hp == 9
        assert "Added Wolf" in status_of(app)


async def test_the_add_dialog_refuses_a_name_over_the_limit(tmp_path):
    app = tactical_app(tmp_path / "moor.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("plus")
        await type_text(pilot, "W" * 61 + " foe 9")
        await pilot.press("enter")
        assert "at most 60" in status_of(app) and "Added" not in status_of(app)
        assert len(app.presenter.state.combatants) == 2


async def test_numbers_int_cannot_read_are_refused_in_the_dialogs(tmp_path):
    app = tactical_app(tmp_path / "moor.json")
    async with app.run_test(size=(80, 24)) as pilot:
        before = app.presenter.state
        for key, text in (("d", "\u00b2"), ("d", "9" * 5000), ("v", "\u00b2")):
            await pilot.press(key)
            await pilot.pause()
            app.screen.query_one("Input").value = text
            await pilot.press("enter")
            await pilot.pause()
            assert "Refused" in status_of(app), (key, status_of(app))
        assert app.presenter.state == before
