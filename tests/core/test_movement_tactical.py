"""Movement in tactical_d10 on the seed 003 map: TAC-MAP-1, TAC-MOV-1..3."""

from __future__ import annotations

import random

import pytest

from core.values.combatant import Side
from core.errors import IllegalCommand, MoveRefused
from core.board.grid import Grid
from core.values.mobility import MoveType
from core.board.movement import check_step, find_path, model_for, reachable
from core.rulesets.tactical_d10.movement import MpAction
from tests.core.movement_helpers import creature, seed_map

TAC = "tactical_d10"
GRID = seed_map().grid


def test_TAC_MOV_1_five_movement_points_one_per_step_diagonal_1_by_default():
    hero = creature("h", (10, 2))
    assert model_for(TAC).speed(hero, MoveType.WALK) == 5
    reach = reachable(GRID, TAC, hero, [hero], 5)
    assert reach[(10, 7)] == 5 and reach[(15, 7)] == 5  # straight and diagonal alike


def test_TAC_MAP_1_TAC_MOV_1_boulder_costs_2_mp():
    hero = creature("h", (14, 2))
    assert check_step(GRID, TAC, hero, [hero], (15, 2)) == 2  # the boulder at (15, 2)


def test_TAC_MAP_1_TAC_MOV_2_cliff_climb_and_lake_swim_cost_3_mp_per_cell():
    climber = creature("c", (2, 2))
    assert check_step(GRID, TAC, climber, [climber], (1, 2)) == 3  # rock at (1, 2)
    swimmer = creature("s", (9, 10))
    assert check_step(GRID, TAC, swimmer, [swimmer], (8, 10)) == 3  # lake at (8, 10)


def test_TAC_MOV_2_deep_water_is_swum_at_3_mp_per_cell():
    from core.board.grid import DEEP_WATER

    grid = Grid.filled(5, 5).with_terrain((2, 2), DEEP_WATER)
    swimmer = creature("s", (1, 2))
    assert check_step(grid, TAC, swimmer, [swimmer], (2, 2)) == 3


def test_TAC_MAP_1_tree_blocks_movement_with_rule():
    hero = creature("h", (9, 2))
    with pytest.raises(MoveRefused) as refused:
        find_path(GRID, TAC, hero, [hero], (9, 3))  # tree at (9, 3)
    assert refused.value.rule == "TAC-MAP-1"


def test_TAC_MOV_2_sneak_plus_1_crawl_plus_2_per_cell():
    hero = creature("h", (10, 5))
    assert find_path(GRID, TAC, hero, [hero], (10, 7), move=MoveType.SNEAK).cost == 4
    assert find_path(GRID, TAC, hero, [hero], (10, 7), move=MoveType.CRAWL).cost == 6


def test_TAC_MOV_2_mp_actions_costs_from_the_seed():
    model = model_for(TAC)
    costs = {a: model.action_cost(a) for a in MpAction}
    assert costs == {
        MpAction.CROUCH: 2, MpAction.PRONE: 3, MpAction.STAND: 2, MpAction.DRAW_QUICK: 1,
        MpAction.DRAW_SLOW: 5, MpAction.PICK_UP: 2, MpAction.MINOR: 1,
    }
    assert model.spend_action(5, MpAction.PRONE) == 2
    with pytest.raises(IllegalCommand) as refused:
        model.spend_action(4, MpAction.DRAW_SLOW)
    assert refused.value.rule == "TAC-MOV-2"


def test_TAC_MOV_3_jumping_a_boulder_costs_2_mp_instead_of_3():
    """Seed 003: walking over the boulder and on costs 3 MP (2 + 1); a jump, 2 MP against difficulty 4."""
    hero = creature("h", (14, 2))
    walk = find_path(GRID, TAC, hero, [hero], (16, 2), waypoints=[(15, 2)])
    assert walk.cost == 3
    model = model_for(TAC)
    assert [model.jump_option(n) for n in (1, 2, 3)] == [(2, 4), (3, 6), (4, 8)]
    jump = model.jump(muscles=1, obstacle_cells=1, mp_left=5, natural=3)
    assert jump.success and jump.total == 4 and jump.cells == 2 and jump.mp_left == 3


def test_TAC_MOV_3_failed_jump_moves_one_cell_and_loses_all_mp():
    jump = model_for(TAC).jump(muscles=0, obstacle_cells=3, mp_left=5, natural=7)
    assert not jump.success and jump.cells == 1 and jump.mp_left == 0
    rolled = model_for(TAC).jump(muscles=2, obstacle_cells=2, mp_left=3, rng=random.Random(5))
    assert rolled.difficulty == 6 and 3 <= rolled.total <= 12


def test_TAC_MOV_1_beyond_the_budget_is_refused_with_rule():
    hero = creature("h", (10, 2))
    boar = creature("boar", (10, 14), side=Side.FOE)
    with pytest.raises(MoveRefused) as refused:
        find_path(GRID, TAC, hero, [hero, boar], (10, 12), budget=5)
    assert refused.value.rule == "TAC-MOV-1" and "MP" in str(refused.value)


def test_TAC_MOV_1_empty_map_reach_is_a_square():
    hero = creature("h", (10, 10))
    assert len(reachable(Grid.filled(21, 21), TAC, hero, [hero], 5)) == 11 * 11
