"""Mounted combat from the keyboard at 80x24: the `.`
menu reaches a mounted attack with the charge bonus (EQ-MNT-1) and a
Riding check (EQ-MNT-5); the tracker shows who rides whom."""

from __future__ import annotations

import random
from dataclasses import replace

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.values.mobility import Size
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session
from tests.tui.helpers import select_by_keys, type_text
from tui.app import EncounterApp


def _campaign(path):
    knight = Combatant("k", "Knight", Side.PARTY, {"DEX": 1, "STR": 2, "RIDING": 4}, 20, 20, position=(1, 1), initiative=15)
    horse = Combatant("h", "Horse", Side.PARTY, {"DEX": 1, "STR": 3}, 30, 30, position=(2, 1), initiative=10,
                      size=Size.HUGE, footprint=(3, 1), speeds={"walk": 8})
    orc = Combatant("o", "Orc", Side.FOE, {"DEX": 1, "STR": 1}, 15, 15, position=(11, 2), initiative=5)
    encounter = Encounter(EncounterState("Charge", Grid.filled(16, 6), (knight, horse, orc)), get("equestria"), random.Random(3))
    first = encounter.apply(cmd.StartCombat())
    first += encounter.apply(cmd.Mount("k", "h"))
    first += encounter.apply(cmd.Move("k", (10, 1)))  # EQ-MNT-3: 7 cells ridden toward the orc
    orc = encounter.state.combatant("o")  # its reaction, as after a turn of its own
    encounter.state = encounter.state.replace_combatant(replace(orc, budget=encounter.ruleset.fresh_budget(orc)))
    Campaign.create(path, "Charge", encounter.ruleset, encounter.state, first).close()
    return path


async def test_eq_mnt_1_mounted_attack_and_riding_check_through_the_menu_at_80x24(tmp_path):
    app = EncounterApp(Session(Campaign.open(_campaign(tmp_path / "c.json")), random.Random(4)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.presenter.state.current == "k"
        await select_by_keys(pilot, app, "Orc")
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:attack.dodge"), "enter")  # the plain attack has its own key
        await pilot.pause()
        await type_text(pilot, "1d6 slashing")
        await pilot.press("enter")
        await pilot.pause()
        rolled = [e.event for e in app.presenter.session.log if type(e.event).__name__ == "AttackRolled"]
        assert rolled and rolled[-1].weapon.damage[0].expression == "1d6+3"  # +1 per 2 of 7 cells
        tracker = app.query_one("InitiativeTracker")
        assert "rid" in "".join(cell.plain for cell in tracker.row_cells("k"))
        await pilot.press("full_stop")
        options = app.screen.option_ids
        await pilot.press(*["down"] * options.index("offer:ride.check.seat"), "enter")
        await pilot.pause()
        await type_text(pilot, "noreins")
        await pilot.press("enter")
        await pilot.pause()
        checks = [e.event for e in app.presenter.session.log if type(e.event).__name__ == "CheckRolled"]
        assert checks and checks[-1].stat == "RIDING" and checks[-1].result.roll.expression == "1d20+1"
        knight = app.presenter.state.combatant("k")
        assert (knight.mounted_on is None) == (not checks[-1].result.tier.succeeded)  # EQ-MNT-5: failure falls off
    app.presenter.session.campaign.close()
