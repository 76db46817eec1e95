"""Melee reach counts altitude (rule EQ-MOV-4, acceptance A15): attacks,
contests, mounting and the look readout ask the same question."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, WeaponDamage
from core.board.battlefield import melee_refusal, readout, vertical_gap
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.values.mobility import Layer, Size
from core.dice.modifiers import Reach
from core.rulesets import get


def _pegasus_and(ground_size: Size = Size.MEDIUM, ruleset: str = "equestria", side: Side = Side.FOE, size: Size = Size.MEDIUM):
    """A pegasus that took off (altitude 3, EQ-MOV-3) next to a ground creature."""
    pegasus = Combatant("p", "Pegasus", side, {"DEX": 2}, 10, 10, position=(2, 1), speeds={"fly": 8}, size=size)
    ground = Combatant("g", "Guard", Side.PARTY, {"STR": 2}, 10, 10, position=(1, 1), size=ground_size, initiative=20)
    encounter = Encounter(EncounterState("t", Grid.filled(8, 6), (ground, pegasus)), get(ruleset), random.Random(2))
    encounter.apply(cmd.ChangeAltitude("p", "take_off"))
    assert encounter.state.combatant("p").altitude == 3
    return encounter


def test_eq_mov_4_a15_medium_ground_creature_cannot_melee_a_flier_at_altitude_3():
    encounter = _pegasus_and()
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Attack("g", "p"))
    assert refused.value.rule == "EQ-MOV-4"
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Attack("p", "g"))  # nor the flier the ground creature
    assert refused.value.rule == "EQ-MOV-4"


def test_eq_mov_4_a_large_creature_reaches_the_near_ground_airspace():
    encounter = _pegasus_and(Size.LARGE)
    events = encounter.apply(cmd.Attack("g", "p"))
    assert any(isinstance(e, ev.AttackRolled) for e in events)


def test_eq_mov_4_ranged_attacks_and_the_gm_override_still_reach():
    encounter = _pegasus_and()
    bow = Weapon("bow", (WeaponDamage("1d6"),), reach=Reach.RANGED)
    assert any(isinstance(e, ev.AttackRolled) for e in encounter.apply(cmd.Attack("g", "p", bow)))
    events = encounter.apply(cmd.Attack("g", "p", override=True))
    assert isinstance(events[0], ev.OverrideUsed) and "altitude 3" in events[0].refusal


def test_eq_mov_4_heights_medium_2_large_3_huge_4():
    low = Combatant("a", "A", Side.PARTY, {}, 1, 1, position=(0, 0))
    for size, reached in ((Size.MEDIUM, 2), (Size.LARGE, 3), (Size.HUGE, 4)):
        grounded = Combatant("g", "G", Side.FOE, {}, 1, 1, position=(1, 0), size=size)
        assert vertical_gap(grounded, Combatant("f", "F", Side.PARTY, {}, 1, 1, altitude=reached)) == 0
        assert vertical_gap(grounded, Combatant("f", "F", Side.PARTY, {}, 1, 1, altitude=reached + 1)) == 1
    assert melee_refusal(get("equestria").settings, low, low) is None


def test_eq_mov_4_body_heights_are_a_house_rule():
    house = get("equestria", {"body_heights": [1, 1, 1, 1, 3, 3, 4, 6, 8]})
    ground = Combatant("g", "G", Side.FOE, {}, 1, 1, position=(1, 0))
    flier = Combatant("f", "F", Side.PARTY, {}, 1, 1, position=(0, 0), layer=Layer.AIR, altitude=3)
    assert melee_refusal(get("equestria").settings, ground, flier).rule == "EQ-MOV-4"
    assert melee_refusal(house.settings, ground, flier) is None


def test_eq_mov_4_mounting_a_flier_in_the_air_is_out_of_reach():
    encounter = _pegasus_and(Size.TINY, side=Side.PARTY, size=Size.LARGE)
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Mount("g", "p"))
    assert refused.value.rule == "EQ-MOV-4"


def test_eq_mov_4_the_look_readout_says_out_of_melee_reach():
    encounter = _pegasus_and()
    state = encounter.state
    guard, pegasus = state.combatant("g"), state.combatant("p")
    found = readout(state.grid, guard, pegasus, state.combatants, encounter.ruleset.settings)
    assert (found.distance, found.altitude, found.melee.rule) == (1, 3, "EQ-MOV-4")
    encounter.apply(cmd.ChangeAltitude("p", "land"))
    found = readout(state.grid, guard, encounter.state.combatant("p"), state.combatants, encounter.ruleset.settings)
    assert found.melee is None
