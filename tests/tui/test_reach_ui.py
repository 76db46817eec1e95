"""From the keyboard at 80x24: each ruleset's maneuvers
are reached from the ``.`` menu; an offer that needs a cell is picked with
the map cursor (generic, with a live preview), one that needs text is typed."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import BOULDER, Grid
from core.values.mobility import Layer
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session
from tests.tui.helpers import status_of, type_text
from tui.app import EncounterApp


def _app(tmp_path, ruleset_id: str, *combatants: Combatant, grid: Grid | None = None) -> EncounterApp:
    encounter = Encounter(EncounterState("t", grid or Grid.filled(10, 6), combatants), get(ruleset_id), random.Random(5))
    first = encounter.apply(cmd.StartCombat(starter=combatants[0].id))
    path = tmp_path / f"{ruleset_id}.json"
    Campaign.create(path, "t", encounter.ruleset, encounter.state, first).close()
    return EncounterApp(Session(Campaign.open(path), random.Random(6)))


async def _choose(pilot, app, offer_id: str) -> None:
    await pilot.press("full_stop")
    options = app.screen.option_ids
    assert f"offer:{offer_id}" in options, options
    await pilot.press(*["down"] * options.index(f"offer:{offer_id}"), "enter")
    await pilot.pause()


def _hero(stats, **extra) -> Combatant:
    return Combatant("h", "Hero", Side.PARTY, stats, 30, 30, position=(1, 1), **extra)


def _foe(stats, **extra) -> Combatant:
    return Combatant("f", "Foe", Side.FOE, stats, 30, 30, position=(8, 4), **extra)


async def test_equestria_jump_with_the_map_cursor_and_a_fall_typed(tmp_path):
    """EQ-MOV-6: DEX +3 jumps 2 cells; EQ-MOV-8: a fall of 6 rolls 3d6."""
    app = _app(tmp_path, "equestria", _hero({"DEX": 3}), _foe({"DEX": 0}))
    async with app.run_test(size=(80, 24)) as pilot:
        await _choose(pilot, app, "jump")
        await pilot.press("right", "right")
        assert "(3, 1)" in status_of(app)
        await pilot.press("enter")
        assert app.presenter.state.combatant("h").position == (3, 1)
        await _choose(pilot, app, "fall")
        await type_text(pilot, "6")
        await pilot.press("enter")
        assert app.presenter.state.combatant("h").hp < 30
        await pilot.press("u")  # one undo step gives the fall back
        assert app.presenter.state.combatant("h").hp == 30
    app.presenter.session.campaign.close()


async def test_tactical_d10_jump_over_a_boulder_and_an_area_swing(tmp_path):
    """TAC-MOV-3: over 1 boulder for 2 MP with a check vs 4; TAC-ATK-2 swing typed."""
    grid = Grid.filled(10, 6).with_terrain((2, 1), BOULDER)
    hero = _hero({"MUSCLES": 9, "BODY": 0})
    foe = Combatant("f", "Foe", Side.FOE, {"MUSCLES": 0}, 30, 30, position=(4, 1))
    app = _app(tmp_path, "tactical_d10", hero, foe, grid=grid)
    async with app.run_test(size=(80, 24)) as pilot:
        await _choose(pilot, app, "jump")
        await pilot.press("right", "right")
        assert "success" in status_of(app)  # the preview's odds
        await pilot.press("enter")
        hero_after = app.presenter.state.combatant("h")
        assert hero_after.position in ((3, 1), (2, 1))
        if hero_after.position == (3, 1):
            assert hero_after.budget.movement == 3
            await _choose(pilot, app, "attack.area")
            await type_text(pilot, "6 bludgeoning e")
            await pilot.press("enter")
            assert app.presenter.state.combatant("f").hp < 30
    app.presenter.session.campaign.close()


async def test_srd35_squeeze_from_the_menu(tmp_path):
    """SRD-MOV-8: squeezing is a condition that doubles the cost of squares."""
    app = _app(tmp_path, "srd35", _hero({"DEX": 0}), _foe({"DEX": 0}))
    async with app.run_test(size=(80, 24)) as pilot:
        await _choose(pilot, app, "squeeze")
        assert "squeezing" in {c.name for c in app.presenter.state.combatant("h").conditions}
        await _choose(pilot, app, "squeeze")
        assert not app.presenter.state.combatant("h").conditions
    app.presenter.session.campaign.close()


async def test_power_roll_dig_down_and_teleport_with_the_cursor(tmp_path):
    """PR-BUR-1 dig maneuver; PR-TEL-1 teleport within its speed, picked on the map."""
    hero = _hero({"MIGHT": 1, "AGILITY": 1}, speeds={"burrow": 2, "teleport": 4})
    app = _app(tmp_path, "power_roll", hero, _foe({"MIGHT": 0}))
    async with app.run_test(size=(80, 24)) as pilot:
        await _choose(pilot, app, "teleport")
        await pilot.press("right", "right", "right", "down")
        await pilot.press("enter")
        assert app.presenter.state.combatant("h").position == (4, 2)
        await _choose(pilot, app, "dig.down")
        assert app.presenter.state.combatant("h").layer is Layer.BURROWED
    app.presenter.session.campaign.close()
