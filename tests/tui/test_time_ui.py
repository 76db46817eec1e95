"""Campaign time (key T), training and ruses, breath in play and
interrupted travel from the keyboard at 80x24 (9;
rules EQ-ANI-1, EQ-TRK-1, EQ-BRE-1, EQ-TRV-2)."""

from __future__ import annotations

from core.campaign.timekeeping import now_seconds
from core.values.clock import DAY, HOUR
from tests.tui.helpers import demo_app, type_text
from tui.screens.prompt import PromptScreen
from tui.screens.time import TimeScreen
from tui.screens.travel import TravelScreen


async def _type(pilot, key, text):
    await pilot.press(key)
    await pilot.pause()
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


async def test_eq_ani_1_time_screen_advances_the_clock_and_trains_an_animal(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TimeScreen)
        await _type(pilot, "t", "Rex 2: fetch by Ayla")
        assert [(t.animal, t.trick, t.needed()) for t in app.presenter.state.trainings] == [("Rex", "fetch", 15)]
        await _type(pilot, "a", "14h 20m morning")
        assert now_seconds(app.presenter.state) == 14 * HOUR + 20 * 60
        await _type(pilot, "a", "15d")
        assert app.presenter.state.trainings[0].days == 15 and "learned" in screen.message
        assert "Day 16 14:20" in str(screen.query_one("#time-body").border_title)
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.state.trainings[0].days == 0 and now_seconds(app.presenter.state) == 14 * HOUR + 20 * 60
        await pilot.press("escape")
        await pilot.pause()
        assert "Day 1 14:20" in str(app.query_one("InitiativeTracker").border_title)


async def test_time_bad_spans_and_trainings_are_refused_and_change_nothing(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await pilot.pause()
        screen = app.screen
        before = app.presenter.state
        await _type(pilot, "a", "yesterday")
        assert "span" in (app.screen.problem or "")  # refused as typed: the dialog keeps the text
        assert app.screen.query_one("#prompt-input").value == "yesterday"
        await pilot.press("escape")
        await _type(pilot, "t", "Owl 4 sapient: read")
        assert "sapient" in screen.message
        await _type(pilot, "t", "Rex: fetch")  # no ИНТ and no combatant named Rex
        assert "give Rex's ИНТ" in screen.message
        assert app.presenter.state.clock == before.clock and app.presenter.state.trainings == ()


async def test_eq_trk_1_a_ruse_with_the_odds_of_its_int_check_then_word_spreads(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await pilot.pause()
        screen = app.screen
        await _type(pilot, "r", "sand in the eyes")
        await pilot.press("e")
        await pilot.pause()
        await type_text(pilot, "sand in the eyes by Character 1 on Boar")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PromptScreen)
        assert "Character 1 ИНТ (did it work)" in dialog.shown_hint and "Boar ИНТ (sees through it)" in dialog.shown_hint
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.ruses[0].uses == 1
        await _type(pilot, "e", "sand in the eyes")
        await _type(pilot, "e", "sand in the eyes")
        assert app.presenter.state.ruses[0].uses == 2 and "word of" in screen.message


async def test_eq_bre_1_breath_runs_out_at_turn_starts_and_p_gives_energy_back(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        who = app.presenter.state.current
        for text in ("set 10", "hold heavy"):
            await _type(pilot, "N", text)
        body = app.presenter.state.combatant(who).stat("BODY")
        assert app.presenter.state.combatant(who).breath is not None and body * 2 < 10  # out of air within its first round
        for _ in range(len(app.presenter.state.order()) * 2):  # its turns in rounds 2 and 3
            await pilot.press("n")
            await pilot.pause()
        assert app.presenter.state.current == who and app.presenter.state.round == 3
        lost = 2 * ((20 - body * 2) // 10)  # 20 s in at its turn in round 3: 2 ЭНЕР per full 10 s past ТЕЛ x 2 s (EQ-BRE-1)
        assert lost > 0 and app.presenter.state.combatant(who).energy == 10 - lost
        before_p = 10 - 2 * ((10 - body * 2) // 10)  # what its turn in round 2 had taken
        await pilot.press("p")
        await pilot.pause()
        assert app.presenter.state.combatant(who).energy == before_p


async def test_eq_bre_1_a_water_breather_is_exempt_and_no_body_is_a_clear_message(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        who = app.encounter_screen.selected
        await _type(pilot, "N", "breathes water")
        assert app.presenter.state.combatant(who).breathing == "water"
        await _type(pilot, "N", "hold heavy")
        assert app.presenter.state.combatant(who).breath is None


async def test_eq_trv_2_the_planner_marches_days_on_the_clock_and_an_interruption_costs_energy(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        party = [c.id for c in app.presenter.state.combatants if c.side.value == "party"]
        app.encounter_screen.selected = party[0]
        await _type(pilot, "N", "set 10")
        await pilot.press("J")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TravelScreen)
        await _type(pilot, "l", "road 30")
        days = screen.plan.days
        await pilot.press("d")
        await pilot.pause()
        assert now_seconds(app.presenter.state) == days * DAY
        await _type(pilot, "i", "3 ambush")
        assert app.presenter.state.combatant(party[0]).energy == 7
        assert "Journey interrupted (ambush)" in screen.message
