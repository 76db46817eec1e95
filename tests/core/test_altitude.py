"""Taking off and landing (EQ-MOV-3), diving (EQ-MOV-7) through the encounter."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.demo import demo_encounter
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.values.mobility import Layer


@pytest.fixture
def flier():
    encounter, _ = demo_encounter(random.Random(6))
    current = encounter.current
    encounter.state = encounter.state.replace_combatant(replace(current, speeds={"fly": 8}))
    return encounter, current.id


def test_eq_mov_3_take_off_to_height_3_costs_the_full_action(flier):
    encounter, cid = flier
    events = encounter.apply(cmd.ChangeAltitude(cid, "take_off"))
    after = encounter.state.combatant(cid)
    assert (after.layer, after.altitude) == (Layer.AIR, 3)
    assert after.budget.left("full") == 0
    assert isinstance(events[-1], ev.AltitudeChanged)


def test_eq_mov_3_landing(flier):
    encounter, cid = flier
    encounter.apply(cmd.ChangeAltitude(cid, "take_off"))
    encounter.apply(cmd.NextTurn())
    while encounter.state.current != cid:
        encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.ChangeAltitude(cid, "land"))
    assert encounter.state.combatant(cid).layer is Layer.GROUND


def test_eq_mov_3_no_flight_under_a_low_ceiling(flier):
    encounter, cid = flier
    encounter.state = replace(encounter.state, grid=Grid(encounter.state.grid.rows, encounter.state.grid.elevation, ceiling=2))
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.ChangeAltitude(cid, "take_off"))
    assert "EQ-MOV-3" in str(caught.value) or "ceiling" in str(caught.value)


def test_eq_mov_3_a_ceiling_of_exactly_3_still_lets_a_flier_take_off(flier):
    encounter, cid = flier
    encounter.state = replace(encounter.state, grid=Grid(encounter.state.grid.rows, encounter.state.grid.elevation, ceiling=3))
    encounter.apply(cmd.ChangeAltitude(cid, "take_off"))
    assert encounter.state.combatant(cid).altitude == 3


def test_eq_mov_7_a_dive_goes_3_lower_and_no_deeper_than_12(flier):
    encounter, cid = flier
    movement = encounter.ruleset.movement
    swimmer = replace(encounter.state.combatant(cid), layer=Layer.UNDERWATER, altitude=-9)
    assert movement.dive(swimmer) == ("full", -12)
    with pytest.raises(IllegalCommand, match="deeper than 12"):
        movement.dive(replace(swimmer, altitude=-10))  # -13 is past the safe depth


def test_take_off_needs_a_fly_speed():
    encounter, _ = demo_encounter(random.Random(6))
    with pytest.raises(IllegalCommand):
        encounter.apply(cmd.ChangeAltitude(encounter.current.id, "take_off"))


def test_eq_mov_7_dive_needs_water(flier):
    encounter, cid = flier
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.ChangeAltitude(cid, "dive"))
    assert "not in water" in str(caught.value)
