"""Movement in power_roll: PR-MOV-1..5, PR-TEL-1, PR-BUR-1..3, PR-CLB-1, PR-FALL-1..3 (acceptance A7)."""

from __future__ import annotations

import pytest

from core.values.combatant import Side
from core.errors import IllegalCommand, MoveRefused
from core.board.grid import BOULDER, ROCK, WALL, WATER, Grid
from core.values.mobility import Layer, MoveType
from core.board.movement import fall, find_path, model_for, reach, reachable
from core.board.movement.falling import land_on_creature, long_fall_distance, long_fall_rounds, power_roll_fall
from core.rulesets.power_roll.movement import burrowed_forced_move, climb_creature, falls_from_flight, shake_off
from tests.core.movement_helpers import creature

PR = "power_roll"
OPEN = Grid.filled(12, 12)


def test_PR_MOV_1_special_movement_types_need_a_speed_entry():
    walker = creature("w", (0, 0))
    for move in (MoveType.FLY, MoveType.BURROW, MoveType.TELEPORT):
        with pytest.raises(MoveRefused) as refused:
            find_path(OPEN, PR, walker, [walker], (3, 3), move=move)
        assert refused.value.rule == "PR-MOV-1"
    assert model_for(PR).speed(creature("w", (0, 0), speeds={"walk": 6}), MoveType.WALK) == 6


def test_PR_MOV_2_climb_or_swim_without_the_type_costs_2_per_cell():
    grid = OPEN.with_terrain((1, 0), ROCK).with_terrain((0, 1), WATER)
    walker = creature("w", (0, 0))
    climber = creature("c", (0, 0), speeds={"climb": 5, "swim": 5})
    assert find_path(grid, PR, walker, [walker], (1, 0)).cost == 2
    assert find_path(grid, PR, walker, [walker], (0, 1)).cost == 2
    assert find_path(grid, PR, climber, [climber], (1, 0)).cost == 1
    assert find_path(grid, PR, climber, [climber], (0, 1)).cost == 1


def test_PR_MOV_3_crawling_costs_1_more_per_cell():
    walker = creature("w", (0, 0))
    assert find_path(OPEN, PR, walker, [walker], (3, 0), move=MoveType.CRAWL).cost == 6


def test_PR_MOV_4_jump_length_might_or_agility_min_1_height_1_tiers_add():
    model = model_for(PR)
    weak = creature("w", (0, 0), stats={"MIGHT": -1, "AGILITY": 0})
    agile = creature("a", (0, 0), stats={"MIGHT": 1, "AGILITY": 3})
    assert model.jump_distance(weak) == (1, 1)
    assert model.jump_distance(agile) == (3, 1)
    assert model.jump_distance(agile, tier=2) == (4, 2)
    assert model.jump_distance(agile, tier=3) == (5, 3)
    assert model.jump_distance(agile, tier=3, movement_left=2) == (2, 2)
    with pytest.raises(IllegalCommand) as refused:
        model.jump_distance(agile, in_difficult_terrain=True)
    assert refused.value.rule == "PR-MOV-4"


def test_PR_MOV_5_fliers_cross_terrain_and_fall_when_prone_unless_hovering():
    grid = OPEN.with_terrain((1, 0), BOULDER).with_terrain((2, 0), ROCK)
    bird = creature("b", (0, 0), speeds={"fly": 6}, layer=Layer.AIR, altitude=2)
    assert find_path(grid, PR, bird, [bird], (3, 0)).cost == 3
    assert falls_from_flight(bird, prone=True, speed=6)
    assert falls_from_flight(bird, prone=False, speed=0)
    hoverer = creature("h", (0, 0), speeds={"fly": 6}, hover=True, layer=Layer.AIR, altitude=2)
    assert not falls_from_flight(hoverer, prone=True, speed=0)


def test_PR_TEL_1_teleport_ignores_obstacles_needs_line_of_effect_free_cell_and_unmodified_speed():
    grid = OPEN.with_terrain((2, 1), WALL).with_terrain((2, 0), WALL).with_terrain((2, 2), BOULDER)
    blink = creature("t", (0, 1), speeds={"teleport": 3})
    foe = creature("f", (1, 2), side=Side.FOE)
    cells = reachable(grid, PR, blink, [blink, foe], 3, move=MoveType.TELEPORT)
    assert (0, 1) not in cells  # must change space
    assert (1, 2) not in cells  # occupied
    assert (3, 1) not in cells  # the wall cuts the line of effect
    assert cells[(3, 3)] == 3  # over the boulder, no terrain cost
    assert (4, 1) not in cells  # beyond its speed
    path = find_path(grid, PR, blink, [blink, foe], (3, 3), move=MoveType.TELEPORT)
    assert path.cells == ((3, 3),) and path.move is MoveType.TELEPORT


def test_PR_BUR_1_burrowing_through_earth_not_stone():
    grid = OPEN.with_terrain((1, 0), ROCK)
    mole = creature("m", (0, 0), speeds={"burrow": 4}, layer=Layer.BURROWED, altitude=-1)
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, PR, mole, [mole], (1, 0))
    assert refused.value.rule == "PR-BUR-1"
    assert find_path(grid, PR, mole, [mole], (2, 0)).cells == ((1, 1), (2, 0))


def test_PR_BUR_1_dig_maneuver_up_to_size_needs_speed_at_least_size():
    model = model_for(PR)
    worm = creature("w", (0, 0), speeds={"burrow": 3}, footprint=(2, 2))
    assert model.dig(worm) == 2
    slow = creature("s", (0, 0), speeds={"burrow": 1}, footprint=(2, 2))
    with pytest.raises(IllegalCommand):
        model.dig(slow)
    with pytest.raises(IllegalCommand) as refused:
        model.dig(worm, grabbing_conscious=True)
    assert refused.value.rule == "PR-BUR-1"


def test_PR_BUR_2_forced_horizontal_movement_underground_deals_1_per_cell():
    assert burrowed_forced_move(3, vertical=False) == (0, 3)
    assert burrowed_forced_move(3, vertical=True) == (3, 0)


def test_PR_BUR_3_dig_earth_tiers_and_speed_2():
    model = model_for(PR)
    digger = creature("d", (0, 0))
    t1, t2, t3 = (model.dig_earth(digger, t) for t in (1, 2, 3))
    assert t1.conditions == ("slowed", "weakened") and not t1.uses_main_action
    assert t2.uses_main_action and t2.conditions == ("slowed",)
    assert t3.cells == 1 and t3.conditions == ()
    with pytest.raises(IllegalCommand) as refused:
        model.dig_earth(creature("x", (0, 0), speeds={"walk": 1}), 3)
    assert refused.value.rule == "PR-BUR-3"


def test_PR_CLB_1_climbing_a_larger_creature_and_being_shaken_off():
    assert climb_creature(None, willing=True).climbs
    assert climb_creature(1).free_strike and not climb_creature(1).climbs
    assert not climb_creature(2).climbs and not climb_creature(2).free_strike
    assert climb_creature(3).climbs
    assert shake_off(1).falls and shake_off(1).prone
    assert shake_off(2).slides_off and not shake_off(2).prone
    assert shake_off(3).climbs
    with pytest.raises(IllegalCommand):
        climb_creature(3, climber_size=2, target_size=2)


@pytest.mark.parametrize(
    ("height", "agility", "depth", "damage", "prone"),
    [(1, 0, 0, 0, False), (2, 0, 0, 4, True), (30, 0, 0, 50, True), (5, 2, 0, 6, True),
     (5, 0, 1, 0, False), (8, 1, 1, 6, True)],
)
def test_PR_FALL_1_acceptance_A7(height, agility, depth, damage, prone):
    """A7: 1 -> 0; 2 -> 4, prone; 30 -> 50 cap; 5 with Agility 2 -> 6; 5 into water -> 0; 8, Agility 1, water -> 6."""
    result = fall(PR, height, agility=agility, liquid_depth=depth)
    assert (result.damage, result.prone) == (damage, prone)
    if (height, depth) == (5, 1):
        assert result.effective_height == 1


@pytest.mark.parametrize(("height", "agility", "damage", "prone"), [(3, 2, 2, True), (2, 2, 0, True), (2, 5, 0, True), (3, 0, 6, True)])
def test_PR_FALL_1_a15_a_fall_of_2_cells_or_more_lands_prone_whatever_agility(height, agility, damage, prone):
    """PR-FALL-1 reading (a), A15: a fall of 3 cells with Agility 2 deals 2
    damage and lands prone; Agility lowers the damage, not the threshold."""
    result = fall(PR, height, agility=agility)
    assert (result.damage, result.prone) == (damage, prone)


def test_PR_FALL_1_reading_b_is_a_setting():
    """PR-FALL-1 reading (b): the effective height decides (3 cells, Agility 2 -> standing)."""
    from core.rulesets import get

    result = get("power_roll", {"fall_by_actual_height": False}).fall(3, agility=2)
    assert (result.damage, result.prone) == (0, False)


def test_PR_FALL_2_landing_on_a_creature():
    result = power_roll_fall(4)
    assert land_on_creature(result, faller_size=2, target_might=1) == (8, True)
    assert land_on_creature(result, faller_size=1, target_might=1) == (8, False)


def test_PR_FALL_3_long_fall_100_cells_first_round_then_100_a_round():
    assert long_fall_distance(1) == 100 and long_fall_distance(3) == 300
    assert long_fall_rounds(100) == 1 and long_fall_rounds(101) == 2 and long_fall_rounds(250) == 3


def test_PR_reach_keeps_the_search_for_path_previews():
    walker = creature("w", (0, 0))
    result = reach(OPEN, PR, walker, [walker], 5)
    assert result.path((5, 5)).cost == result.costs[(5, 5)] == 5
