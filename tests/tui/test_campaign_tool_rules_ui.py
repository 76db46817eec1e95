"""Seed 001's campaign tools outside equestria are house rules (core.rulesets.campaign_tools,
RULES.md Revision 3 "Rules one seed has and the others borrow"): in srd35 the travel planner (J,
EQ-TRV-1..2) and the clock (T, EQ-ANI-1, EQ-TRK-1) are refused while off, naming the house rule and
how to turn it on, nothing opened and nothing changed; turned on through House rules they open and
cite equestria's rule IDs as such. tactical_d10 does the same for light (L, EQ-VIS-1..2) and mass
battle (W, EQ-WAR-1..4), and energy with held breath (N, EQ-STAT-1, EQ-BRE-1). Equestria opens
them all at once, as before."""

from __future__ import annotations

import random

import pytest
from rich.console import Console
from textual.widgets import Static

from core.board.grid import from_text
from core.combat.demo import demo_roster, seed_map_text
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session, create_campaign
from tests.tui.helpers import demo_app, status_of, type_text
from tui.app import EncounterApp
from tui.widgets.dice_log import DiceLog, StatusNote
from tui.screens.battle import BattleScreen
from tui.screens.encounter.screen import EncounterScreen
from tui.screens.prompt import PromptScreen
from tui.screens.time import TimeScreen
from tui.screens.travel import TravelScreen


def _said(app) -> str:
    """What the status line said last, whole: its start, and the full line the log pane keeps when it was cut."""
    notes = [e.event.text.plain for e in app.query_one(DiceLog).entries if isinstance(e.event, StatusNote)]
    return notes[-1] if notes else status_of(app)


def _demo_in(tmp_path, rid: str) -> EncounterApp:
    ruleset = get(rid)
    path = tmp_path / f"{rid}.json"
    create_campaign(path, "demo", ruleset, from_text(seed_map_text()), random.Random(2),
                    demo_roster(ruleset.stat_names)).close()
    return EncounterApp(Session(Campaign.open(path), random.Random(3)))


async def _house_rule(pilot, app, name: str, text: str) -> None:
    await pilot.press("full_stop")
    await pilot.press(*["down"] * app.screen.option_ids.index("tool:house"), "enter")
    await pilot.press(*["down"] * app.screen.option_ids.index(name), "enter")
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize(("rid", "key", "setting", "screen", "title"), [
    ("srd35", "J", "travel_planner", TravelScreen, "#travel-plan"),
    ("srd35", "T", "campaign_clock", TimeScreen, "#time-text"),
    ("tactical_d10", "W", "mass_battle", BattleScreen, "#battle-armies"),
    ("tactical_d10", "L", "light_and_weather", PromptScreen, ""),
    ("tactical_d10", "N", "energy_and_breath", PromptScreen, ""),
])
async def test_a_tool_off_is_refused_with_its_house_rule_and_opens_once_it_is_on(tmp_path, rid, key, setting, screen, title):
    app = _demo_in(tmp_path, rid)
    async with app.run_test(size=(80, 24)) as pilot:
        state = app.presenter.state
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen)  # nothing opened
        said = _said(app)
        assert said.startswith("Refused: ") and f"turn {setting} on in House rules" in said and f"off in {rid}" in said
        assert setting in said[:76]  # what turns it on shows at 80 columns, before the status line's "…" (a try-out)
        assert "as in equestria EQ-" in said
        assert app.presenter.state == state and app.presenter.session.encounter.ruleset.house_rules() == {}
        await _house_rule(pilot, app, setting, "on")
        assert getattr(app.presenter.session.encounter.ruleset.settings, setting) is True
        await pilot.press(key)
        await pilot.pause()
        opened = app.screen
        assert isinstance(opened, screen)
        if isinstance(opened, PromptScreen):
            shown = opened.question.plain
        else:
            pane = opened.query_one(title)
            static = pane if isinstance(pane, Static) else pane.query_one(Static)
            console = Console(record=True, width=200)
            console.print(static.content)
            shown = str(pane.border_title or "") + console.export_text()
        assert "DEFAULT, as in equestria EQ-" in shown, shown
    app.presenter.session.campaign.close()


async def test_srd35_light_is_its_own_default_and_mass_battle_is_no_rule_of_it(tmp_path):
    """RULES.md Revision 3, seed 002: srd35 moves in darkness or thick fog are hampered, so its scenes have
    light (L opens, on by DEFAULT). EQ-WAR-1's checks have four grades, srd35's two: W says it is no rule of
    srd35 (its set-up was refused before) and opens nothing."""
    app = _demo_in(tmp_path, "srd35")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("W")
        await pilot.pause()
        assert isinstance(app.screen, EncounterScreen) and "is no rule of srd35" in _said(app)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, PromptScreen) and "DEFAULT, as in equestria EQ-VIS-1" in app.screen.question.plain
    app.presenter.session.campaign.close()


@pytest.mark.parametrize(("key", "screen"), [("J", TravelScreen), ("T", TimeScreen), ("W", BattleScreen), ("L", PromptScreen)])
async def test_equestria_opens_every_tool_and_cites_its_own_rules_plainly(tmp_path, key, screen):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        assert "DEFAULT, as in" not in status_of(app)
    app.presenter.session.campaign.close()


_CYRILLIC = set("АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ")


def _pane_text(screen) -> str:
    console = Console(record=True, width=200)
    console.print(screen.query_one("#travel-plan", Static).content)
    return console.export_text()


@pytest.mark.parametrize(("rid", "pace"), [("srd35", "speed 6 squares (30 ft)"), ("tactical_d10", "speed 5 MP"), ("equestria", "MOVE 6")])
async def test_eq_trv_1_the_travel_planner_names_the_pace_in_the_rulesets_own_words(tmp_path, rid, pace):
    """EQ-TRV-1's ДВИЖ (EQ-STAT-1 DEFAULT: the walking speed) shows as each ruleset names it: srd35's
    speed 30 ft is 6 squares of 5 ft (SRD-MOV-1), tactical_d10's 5 MP (TAC-MOV-1), equestria's MOVE;
    the energy an interruption costs reads "energy": no Russian stat name reaches the English screen."""
    app = _demo_in(tmp_path, rid) if rid != "equestria" else demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        if rid != "equestria":
            await _house_rule(pilot, app, "travel_planner", "on")
        await pilot.press("J")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TravelScreen)
        await pilot.press("l")
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "road 30")
        await pilot.press("enter")
        await pilot.pause()
        shown = _pane_text(screen)
        assert f"Pace: {pace} (" in shown, shown
        assert "costs each traveller 2 energy" in shown
        assert not _CYRILLIC & set(shown + screen.message), shown
        await pilot.press("g")
        await pilot.pause()
        assert not _CYRILLIC & set(app.screen.question.plain)
    app.presenter.session.campaign.close()
