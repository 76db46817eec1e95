"""Water depth painted on map cells (core.board.water, core.combat.mapedit.set_water_depth)
and read by the rules that ask how deep the water is: the dive (EQ-MOV-7), a fall into liquid (PR-FALL-1)."""

from __future__ import annotations

import random

import pytest

from core.board.grid import DEEP_WATER, GROUND, WATER, Grid
from core.board.water import water_depth
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, MapFormatError
from core.rulesets import get
from core.values.combatant import Combatant, Side
from saves.codec import from_document, to_document


def _pond(ruleset_id: str = "equestria") -> Encounter:
    grid = Grid.filled(5, 3).with_terrain((1, 1), WATER).with_terrain((2, 1), DEEP_WATER)
    swimmer = Combatant("s", "Swimmer", Side.PARTY, {}, 10, 10, position=(1, 1))
    return Encounter(EncounterState("pond", grid, (swimmer,)), get(ruleset_id), random.Random(1))


def test_eq_mov_7_a_dive_goes_down_3_only_where_the_gm_painted_the_water_that_deep():
    """EQ-MOV-7: a dive is 3 lower. Water is 1 deep by DEFAULT (house rule water_depth), so the
    dive is refused; painted 3 deep, the swimmer dives to -3; the water cannot then be made 2 deep under it."""
    enc = _pond()
    with pytest.raises(IllegalCommand, match="the water is only 1 deep"):
        enc.apply(cmd.ChangeAltitude("s", "dive"))
    assert enc.apply(cmd.SetWaterDepth(((1, 1),), 3)) == (ev.WaterDepthSet(3, 1, 3),)
    enc.apply(cmd.ChangeAltitude("s", "dive"))
    assert enc.state.combatant("s").altitude == -3
    before = enc.state
    with pytest.raises(IllegalCommand, match="Swimmer swims 3 down .* below 2; bring it up first"):
        enc.apply(cmd.SetWaterDepth(((1, 1),), 2))
    assert enc.state is before


def test_a_painted_depth_wins_over_the_house_rule_and_goes_with_the_water():
    """Unpainted water takes the ruleset's depth (water 1, deep water 4, house rules in equestria
    and power_roll; the terrain's own elsewhere); None gives it back; dry land keeps no depth."""
    enc = _pond()
    enc.apply(cmd.SetWaterDepth(((2, 1),), 7))
    ruled = get("equestria", {"deep_water_depth": 9, "water_depth": 2})
    assert [water_depth(enc.state.grid, c, ruled.settings) for c in ((1, 1), (2, 1), (3, 1))] == [2, 7, 0]
    assert water_depth(enc.state.grid, (1, 1), get("srd35").settings) == 1
    assert enc.apply(cmd.SetWaterDepth(((2, 1),), None)) == (ev.WaterDepthSet(None, 1, 4),)
    enc.apply(cmd.SetWaterDepth(((2, 1),), 7))
    enc.apply(cmd.PaintTerrain(((2, 1),), "ground"))
    enc.apply(cmd.PaintTerrain(((2, 1),), "deep_water"))
    assert enc.state.grid.depths == () and water_depth(enc.state.grid, (2, 1)) == 4


@pytest.mark.parametrize(("command", "message"), [
    (cmd.SetWaterDepth(((3, 1),), 2), r"\(3, 1\) is open ground, not water: paint water there first"),
    (cmd.SetWaterDepth(((9, 1),), 2), "off the 5x3 map"),
    (cmd.SetWaterDepth(((1, 1),), 0), "the water depth must be a whole number of cells from 1 to 300, not 0"),
    (cmd.SetWaterDepth(((1, 1),), None), "that water has the ruleset's depth already"),
])
def test_a_bad_water_depth_is_refused_and_changes_nothing(command, message):
    enc = _pond()
    before = enc.state
    with pytest.raises(IllegalCommand, match=message):
        enc.apply(command)
    assert enc.state is before


def test_pr_fall_1_a_fall_lands_in_liquid_as_deep_as_painted():
    """PR-FALL-1: 6 cells, Agility 0, into liquid at least ``fall_liquid_min_depth`` deep: 6 - 4 = 2
    effective, 4 damage; onto 1-deep water under a house rule of 3, 12 damage; painted 3 deep, 4 again."""
    enc = _pond("power_roll")
    ruleset = get("power_roll", {"fall_liquid_min_depth": 3})
    assert ruleset.fall(6, 0, water_depth(enc.state.grid, (1, 1), ruleset.settings)).damage == 12
    enc.apply(cmd.SetWaterDepth(((1, 1),), 3))
    assert ruleset.fall(6, 0, water_depth(enc.state.grid, (1, 1), ruleset.settings)).damage == 4


def test_painted_depths_are_saved_and_a_map_of_an_older_version_loads():
    grid = Grid.filled(3, 2).with_terrain((0, 0), WATER)
    painted = Grid(grid.rows, depths=(((0, 0), 5),))
    assert from_document(to_document(painted), Grid) == painted
    old = {k: v for k, v in to_document(grid).items() if k != "depths"}
    assert from_document(old, Grid) == grid
    with pytest.raises(MapFormatError, match="open ground, not water"):
        Grid(grid.rows, depths=(((1, 0), 5),))
    assert Grid(grid.rows, depths=(((0, 0), 5),)).with_terrain((0, 0), GROUND).depths == ()
