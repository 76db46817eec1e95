"""The travel planner (rules EQ-TRV-1, EQ-TRV-2) and energy and breath (EQ-BRE-1) from the keyboard at 80x24 (A14)."""

from __future__ import annotations

from tests.tui.helpers import demo_app, select_by_keys, status_of, type_text
from tui.screens.travel import TravelScreen
from tui.widgets.tracker_cells import breath_badge


async def _type(pilot, key, text):
    await pilot.press(key)
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def test_a14_three_days_through_forest_in_the_rain(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("J")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TravelScreen)
        await _type(pilot, "g", "Ayla 3, Pony 2")
        await _type(pilot, "l", "forest 21 rain")
        assert screen.plan.move == 2 and screen.plan.slowest == "Pony"
        assert screen.plan.legs[0].km_per_day == 5 and screen.plan.days == 5
        await _type(pilot, "g", "Ayla 3")
        assert screen.plan.legs[0].km_per_day == 7 and screen.plan.days == 3
        assert "3 days" in screen.message
        await pilot.press("escape", "J")  # the planner keeps the journey while the encounter is open
        await pilot.pause()
        again = app.screen
        assert isinstance(again, TravelScreen) and again is not screen
        assert [(leg.terrain, leg.km, leg.weather) for leg in again.legs] == [("forest", 21, "rain")]


async def test_eq_trv_1_a_leg_without_terrain_is_refused_and_nothing_changes(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("J")
        await pilot.pause()
        screen = app.screen
        await _type(pilot, "g", "Ayla 3")
        await _type(pilot, "l", "road 30")
        assert screen.plan.days == 1
        await _type(pilot, "l", "30 rain")
        dialog = app.screen  # Enter refused: the dialog stays with the text and the reason
        assert "needs a terrain" in (dialog.problem or "") and dialog.query_one("#prompt-input").value == "30 rain"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert [leg.terrain for leg in screen.legs] == ["road"] and screen.plan.days == 1


async def test_eq_bre_1_energy_and_breath_from_the_keyboard(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await select_by_keys(pilot, app, "Boar")  # BODY +2: 40 s of air at rest, 4 rounds
        who = app.encounter_screen.selected
        for text in ("set 10", "-3 interrupted journey", "hold rest"):
            await pilot.press("N")
            await type_text(pilot, text)
            await pilot.press("enter")
            await pilot.pause()
        creature = app.presenter.state.combatant(who)
        assert (creature.energy, creature.energy_max) == (7, 10)
        assert creature.breath is not None and creature.breath.activity.value == "rest"
        body = creature.stat("BODY")
        seconds = body * 20  # EQ-BRE-1 at rest: the badge counts rounds of air left, this one included
        badge = breath_badge(creature, app.presenter.state.round).plain
        assert seconds == 40 and badge == "air4"
        assert f"{-(-seconds // 10)} round" in status_of(app)  # the hold's own words agree with the badge
        await pilot.press("N")
        await type_text(pilot, "fly away")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(who).energy == 7
