"""Attacking with a saved attack from the keyboard: ``t`` then Enter or a
number (at most 3 keys from the map), the limited use it spends given back
by ``u``."""

from __future__ import annotations

import random
import re

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.rulesets import get
from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Side
from core.values.trackers import LimitedUse, Per
from saves.campaign import Campaign
from saves.session import Session
from tests.tui.helpers import demo_app, select_by_keys, status_of
from tui.app import EncounterApp


def _attacks(app) -> list:
    return [e.event for e in app.presenter.session.log if isinstance(e.event, ev.AttackRolled)]


async def test_t_enter_attacks_with_the_first_saved_attack_that_can_be_made(tmp_path):
    """Demo: the boar is 12 cells from Character 1, so Enter takes the
    Shortbow (range 16), not the Shortsword out of reach."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        while app.presenter.session.encounter.current.name != "Character 1":
            await pilot.press("n")
        attacker = app.presenter.session.encounter.current
        await select_by_keys(pilot, app, "Boar")
        await pilot.press("t")
        await pilot.pause()
        hint = app.screen.shown_hint
        assert "1 " + attacker.attacks[0].name in hint and "out of melee reach" in hint and "hit " in hint
        await pilot.press("enter")
        await pilot.pause()
        attack, = _attacks(app)
        assert attack.weapon.name == "Shortbow" and attack.weapon.range_cells == 16
    app.presenter.session.campaign.close()


async def test_t_1_enter_spends_the_limited_use_and_u_gives_it_back(tmp_path):
    breath = SavedAttack("Fire breath", "2d6 fire range 6", "Fire Breath")
    drake = Combatant("d", "Drake", Side.FOE, {"STR": 2}, 20, 20, position=(1, 1), attacks=(breath,),
                      uses=(LimitedUse("Fire Breath", Per.ENCOUNTER, 1, 1),))
    hero = Combatant("h", "Hero", Side.PARTY, {"DEX": 1}, 12, 12, position=(4, 1))
    encounter = Encounter(EncounterState("t", Grid.filled(10, 4), (drake, hero)), get("equestria"), random.Random(5))
    first = encounter.apply(cmd.StartCombat(starter="d"))
    path = tmp_path / "drake.json"
    Campaign.create(path, "t", encounter.ruleset, encounter.state, first).close()
    app = EncounterApp(Session(Campaign.open(path), random.Random(6)))
    async with app.run_test(size=(80, 24)) as pilot:
        await select_by_keys(pilot, app, "Hero")
        await pilot.press("t", "1", "enter")
        await pilot.pause()
        assert [a.weapon.name for a in _attacks(app)] == ["Fire breath"]
        assert app.presenter.state.combatant("d").uses[0].uses == 0
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.state.combatant("d").uses[0].uses == 1 and app.presenter.state.combatant("h").hp == 12
        assert "Undone" in status_of(app)
    app.presenter.session.campaign.close()


async def test_a_power_roll_attack_shows_its_three_tiers_not_a_hit_chance(tmp_path):
    """PR-ROLL-1: tier 1 deals damage too, so the dialog shows each tier's
    chance (they sum to 100%), never "hit N%"."""
    club = SavedAttack("Club", "1d6 bludgeoning")
    ogre = Combatant("o", "Ogre", Side.FOE, {"MIGHT": 2}, 20, 20, position=(1, 1), attacks=(club,))
    hero = Combatant("h", "Hero", Side.PARTY, {}, 12, 12, position=(2, 1))
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (ogre, hero)), get("power_roll"), random.Random(5))
    first = encounter.apply(cmd.StartCombat(starter="o"))
    path = tmp_path / "ogre.json"
    Campaign.create(path, "t", encounter.ruleset, encounter.state, first).close()
    app = EncounterApp(Session(Campaign.open(path), random.Random(6)))
    async with app.run_test(size=(80, 24)) as pilot:
        await select_by_keys(pilot, app, "Hero")
        await pilot.press("t")
        await pilot.pause()
        line = next(x for x in app.screen.shown_hint.splitlines() if x.startswith("1 Club"))
        assert "hit " not in line
        chances = re.search(r": t1 (\d+)% t2 (\d+)% t3 (\d+)%, ~\d+\.\d HP", line)
        assert chances and 98 <= sum(int(c) for c in chances.groups()) <= 102, line  # rounded
    app.presenter.session.campaign.close()
