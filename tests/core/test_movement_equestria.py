"""Movement in equestria: EQ-MOV-1..8, EQ-MAP-3, EQ-MAP-4, EQ-SIZE-1 (acceptance A6, A7)."""

from __future__ import annotations

import pytest

from core.values.combatant import Side
from core.errors import IllegalCommand, MoveRefused
from core.board.grid import BOULDER, CHASM, GLASS, ROCK, WATER, Grid
from core.values.mobility import Layer, MoveType, Size
from core.board.movement import fall, find_path, model_for, reachable
from core.rulesets.equestria.movement import equestria_jump_distance
from core.rulesets import get
from tests.core.movement_helpers import creature, seed_map

EQ = get("equestria")
OPEN = Grid.filled(20, 20)


def test_EQ_MOV_1_standard_speeds_walk_6_fly_8_swim_3_underwater_2():
    model = model_for(EQ)
    pony = creature("p", (5, 5))
    pegasus = creature("g", (5, 5), speeds={"fly": 8})
    diver = creature("d", (5, 5), layer=Layer.UNDERWATER, altitude=-3)
    assert model.speed(pony, MoveType.WALK) == 6
    assert model.speed(pegasus, MoveType.FLY) == 8
    assert model.speed(pony, MoveType.SWIM) == 3
    assert model.speed(diver, MoveType.SWIM) == 2
    with pytest.raises(IllegalCommand) as refused:
        model.speed(pony, MoveType.FLY)
    assert refused.value.rule == "EQ-MOV-1"


def test_EQ_MOV_2_every_step_costs_1_straight_or_diagonal():
    pony = creature("p", (5, 5))
    assert find_path(OPEN, EQ, pony, [pony], (11, 11)).cost == 6  # six diagonals
    assert find_path(OPEN, EQ, pony, [pony], (11, 5)).cost == 6
    reach = reachable(OPEN, EQ, creature("q", (10, 10)), [], 6)
    assert len(reach) == 13 * 13  # a 6-radius square (EQ-MAP-1 shape)
    assert max(reach.values()) == 6


def test_EQ_MAP_4_slowing_terrain_and_blockers():
    grid = OPEN.with_terrain((6, 5), BOULDER).with_terrain((5, 6), CHASM).with_terrain((4, 5), GLASS)
    pony = creature("p", (5, 5), stats={"DEX": 0})
    assert find_path(grid, EQ, pony, [pony], (6, 5)).cost == 2  # slows: x2 (DEFAULT)
    for cell, name in (((5, 6), "chasm"), ((4, 5), "glass wall")):
        with pytest.raises(MoveRefused) as refused:
            find_path(grid, EQ, pony, [pony], cell)
        assert refused.value.rule == "EQ-MAP-4" and name in str(refused.value)


def test_EQ_MAP_4_allied_medium_creature_blocks_movement_and_tiny_ones_share():
    grid = Grid.filled(3, 1)
    pony = creature("p", (0, 0))
    friend = creature("f", (1, 0))
    with pytest.raises(MoveRefused):
        find_path(grid, EQ, pony, [pony, friend], (2, 0))
    mouse = creature("m", (1, 0), size=Size.TINY)
    assert find_path(grid, EQ, pony, [pony, mouse], (1, 0)).cost == 1


def test_EQ_MOV_3_take_off_costs_full_action_lifts_to_3_and_needs_ceiling_3():
    model = model_for(EQ)
    pegasus = creature("g", (1, 1), speeds={"fly": 8})
    assert model.take_off(pegasus, OPEN) == ("full", 3)
    low = Grid(OPEN.rows, ceiling=2)
    with pytest.raises(IllegalCommand) as refused:
        model.take_off(pegasus, low)
    assert refused.value.rule == "EQ-MOV-3"
    flying = creature("g", (1, 1), speeds={"fly": 8}, layer=Layer.AIR, altitude=3)
    with pytest.raises(MoveRefused) as refused:
        find_path(low, EQ, flying, [flying], (3, 3))
    assert refused.value.rule == "EQ-MOV-3"
    assert model.land(flying) == ("full", 0)


def test_EQ_MOV_3_fliers_cross_chasms_and_water_at_1_per_cell():
    grid = OPEN.with_terrain((2, 1), CHASM).with_terrain((3, 1), WATER)
    flying = creature("g", (1, 1), speeds={"fly": 8}, layer=Layer.AIR, altitude=3)
    path = find_path(grid, EQ, flying, [flying], (4, 1))
    assert path.cost == 3 and path.move is MoveType.FLY


def test_EQ_MOV_5_climbing_needs_dex_plus_1():
    grid = OPEN.with_terrain((6, 5), ROCK)
    clumsy = creature("c", (5, 5), stats={"DEX": 0}, name="Clumsy Pony")
    nimble = creature("n", (5, 5), stats={"DEX": 1})
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, EQ, clumsy, [clumsy], (6, 5))
    assert refused.value.rule == "EQ-MOV-5"
    assert find_path(grid, EQ, nimble, [nimble], (6, 5)).cost == 2
    other = creature("o", (5, 5), stats={"DEX": 0}, name="Other Pony")  # the model keeps its costs by DEX: the refusal still names who asks
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, EQ, other, [other], (6, 5))
    assert other.name in str(refused.value) and clumsy.name not in str(refused.value)


@pytest.mark.parametrize(
    ("dex", "run_up", "cells"),
    [(3, 0, 2), (3, 3, 3), (3, 2, 2), (1, 0, 0), (0, 0, 0), (0, 5, 0), (-1, 3, 0)],
)
def test_EQ_MOV_6_acceptance_A6_jump_distance(dex, run_up, cells):
    """A6: DEX +3 -> 2; run-up 3 -> 3; run-up 2 -> 2; DEX +1 -> 0; DEX 0 -> 0."""
    assert equestria_jump_distance(dex, run_up) == cells
    assert model_for(EQ).jump_distance(creature("j", (0, 0), stats={"DEX": dex}), run_up) == cells


def test_EQ_MOV_7_diving_costs_full_action_goes_3_lower_not_below_12():
    model = model_for(EQ)
    swimmer = creature("s", (0, 0), layer=Layer.UNDERWATER, altitude=-9)
    assert model.dive(creature("s", (0, 0))) == ("full", -3)
    assert model.dive(swimmer) == ("full", -12)
    with pytest.raises(IllegalCommand) as refused:
        model.dive(creature("s", (0, 0), layer=Layer.UNDERWATER, altitude=-12))
    assert refused.value.rule == "EQ-MOV-7"


@pytest.mark.parametrize(("height", "dice"), [(6, "3d6"), (5, "2d6"), (1, ""), (2, "1d6"), (13, "6d6")])
def test_EQ_MOV_8_acceptance_A7_fall_damage(height, dice):
    """A7: height 6 -> 3d6 (a third storey); 5 -> 2d6; 1 -> none."""
    result = fall(EQ, height)
    assert result.dice == dice and result.rule == "EQ-MOV-8"


def test_EQ_MOV_8_falls_12_height_per_turn():
    assert fall("equestria", 12).rounds == 1
    assert fall("equestria", 13).rounds == 2


def test_EQ_SIZE_1_large_creature_needs_room_and_pays_its_worst_cell():
    grid = Grid.filled(6, 4).with_terrain((3, 1), BOULDER)
    bear = creature("b", (0, 0), size=Size.LARGE)
    assert bear.cells == ((0, 0), (1, 0), (0, 1), (1, 1))
    path = find_path(grid, EQ, bear, [bear], (2, 0))
    assert path.step_costs == (1, 2)  # the second step puts a paw on the boulder
    with pytest.raises(MoveRefused):
        find_path(grid, EQ, bear, [bear], (5, 0))  # would hang off the map


def test_seed003_map_as_a_gm_would_move_the_ponies():
    text_map = seed_map()
    pony = creature("p1", (10, 2), stats={"DEX": 0})
    boar = creature("boar", (10, 14), side=Side.FOE)
    reach = reachable(text_map.grid, EQ, pony, [pony, boar], 6)
    assert (10, 8) in reach and reach[(10, 8)] == 6
    assert (8, 1) not in reach  # a tree
    with pytest.raises(MoveRefused) as refused:
        find_path(text_map.grid, EQ, pony, [pony, boar], (10, 14))
    assert "occupied" in str(refused.value)
