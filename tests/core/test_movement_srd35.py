"""Movement in srd35: SRD-MOV-1..12 (acceptance A8)."""

from __future__ import annotations

import random

import pytest

from core.values.combatant import Side
from core.errors import MoveRefused
from core.board.grid import BOULDER, CHASM, WALL, Grid
from core.values.mobility import Layer, MoveType, Size
from core.board.movement import MoveOptions, check_step, find_path, last_legal_stop, minimum_move, model_for, reachable
from core.rulesets.srd35.movement import Pace, nearest
from tests.core.movement_helpers import creature

SRD = "srd35"
OPEN = Grid.filled(12, 12)


def _walker(cell=(0, 0), **kw):
    return creature("w", cell, **kw)


def test_SRD_MOV_1_speed_30_ft_is_6_squares_and_squares_are_5_ft():
    model = model_for(SRD)
    assert model.speed(_walker(stats={"SPEED": 30}), MoveType.WALK) == 6
    assert model.feet(4) == 20 and model.feet(6) == 30
    assert model.land_speed(_walker())[0] == 30  # a sheet without a speed: the seed's typical 30 ft


def test_SRD_MOV_2_acceptance_A8_three_diagonals_4_squares_four_6():
    """A8: 3 diagonal steps -> 4 squares (20 ft); 4 diagonals -> 6 squares (30 ft)."""
    w = _walker()
    three = find_path(OPEN, SRD, w, [w], (3, 3))
    four = find_path(OPEN, SRD, w, [w], (4, 4))
    assert (three.cost, three.step_costs) == (4, (1, 2, 1))
    assert (four.cost, model_for(SRD).feet(four.cost)) == (6, 30)


def test_SRD_MOV_2_acceptance_A8_parity_carries_through_straight_steps_and_waypoints():
    """A8: 2 diagonals, 2 straight, 1 diagonal -> 6 squares (30 ft)."""
    w = _walker()
    path = find_path(OPEN, SRD, w, [w], (5, 3), waypoints=[(2, 2), (4, 2)])
    assert path.cells == ((1, 1), (2, 2), (3, 2), (4, 2), (5, 3))
    assert path.step_costs == (1, 2, 1, 1, 1) and path.cost == 6  # the 3rd diagonal is odd again


def test_SRD_MOV_2_parity_carries_across_separate_moves():
    w = _walker()
    first = find_path(OPEN, SRD, w, [w], (1, 1))
    assert first.parity == 1
    second = find_path(OPEN, SRD, _walker((1, 1)), [], (2, 2), options=MoveOptions(start_parity=first.parity))
    assert second.cost == 2


def test_SRD_MOV_3_acceptance_A8_no_diagonal_past_a_wall_corner():
    grid = OPEN.with_terrain((1, 0), WALL)
    w = _walker()
    with pytest.raises(MoveRefused) as refused:
        check_step(grid, SRD, w, [w], (1, 1))
    assert refused.value.rule == "SRD-MOV-3"
    path = find_path(grid, SRD, w, [w], (1, 1))
    assert path.cost == 2 and path.cells == ((0, 1), (1, 1))  # goes round the corner


def test_SRD_MOV_3_diagonal_past_creatures_and_pits_is_allowed():
    grid = OPEN.with_terrain((1, 0), CHASM)
    w = _walker()
    foe = creature("f", (0, 1), side=Side.FOE)
    assert check_step(grid, SRD, w, [w, foe], (1, 1)) == 1


def test_SRD_MOV_4_friends_pass_enemies_block_no_ending_in_occupied_squares():
    corridor = Grid.filled(4, 1)
    w = _walker()
    friend = creature("f", (1, 0))
    foe = creature("e", (1, 0), side=Side.FOE)
    assert find_path(corridor, SRD, w, [w, friend], (2, 0)).cost == 2
    with pytest.raises(MoveRefused) as refused:
        find_path(corridor, SRD, w, [w, friend], (1, 0))
    assert refused.value.rule == "SRD-MOV-4"
    with pytest.raises(MoveRefused):
        find_path(corridor, SRD, w, [w, foe], (2, 0))
    with pytest.raises(MoveRefused):  # charging: friends block too
        find_path(corridor, SRD, w, [w, friend], (2, 0), options=MoveOptions(charging=True))


def test_SRD_MOV_4_helpless_enemies_tiny_creatures_and_three_sizes_apart_pass():
    corridor = Grid.filled(4, 1)
    w = _walker()
    helpless = creature("e", (1, 0), side=Side.FOE, hp=0)
    assert find_path(corridor, SRD, w, [w, helpless], (1, 0)).cost == 1  # may even end there
    rat = creature("r", (1, 0), side=Side.FOE, size=Size.TINY)
    assert find_path(corridor, SRD, w, [w, rat], (2, 0)).cost == 2
    fly = creature("x", (0, 0), size=Size.FINE)
    giant_foe = creature("g", (1, 0), side=Side.FOE, size=Size.HUGE, footprint=(1, 1))
    mouse_sized = creature("m", (0, 0), size=Size.SMALL)
    assert find_path(corridor, SRD, fly, [fly, giant_foe], (2, 0)).cost == 2
    assert find_path(corridor, SRD, mouse_sized, [mouse_sized, giant_foe], (2, 0)).cost == 2  # 3 sizes apart


def test_SRD_MOV_5_difficult_terrain_2_diagonal_3_and_fliers_ignore_it():
    """A8: a diagonal step into difficult terrain -> 3 squares."""
    grid = OPEN.with_terrain((1, 1), BOULDER).with_terrain((1, 0), BOULDER)
    w = _walker()
    assert check_step(grid, SRD, w, [w], (1, 0)) == 2
    assert check_step(grid, SRD, w, [w], (1, 1)) == 3
    flier = creature("f", (0, 0), speeds={"fly": 12}, layer=Layer.AIR, altitude=2)
    assert find_path(grid, SRD, flier, [flier], (1, 1)).cost == 1
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, SRD, w, [w], (1, 0), options=MoveOptions(running=True))
    assert refused.value.rule == "SRD-MOV-5"


def test_SRD_MOV_5_large_creature_moves_at_its_worst_square():
    grid = OPEN.with_terrain((3, 1), BOULDER)
    ogre = creature("o", (0, 0), size=Size.LARGE)
    path = find_path(grid, SRD, ogre, [ogre], (2, 0))
    assert path.step_costs == (1, 2)


def test_SRD_MOV_6_blocking_obstacles_cannot_be_crossed():
    grid = OPEN.with_terrain((1, 0), WALL)
    w = _walker()
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, SRD, w, [w], (1, 0))
    assert refused.value.rule == "SRD-MOV-6"


def test_SRD_MOV_7_acceptance_A8_two_doublings_4_straight_6_diagonal():
    """A8: two doublings -> 4 per straight square, 6 per diagonal (three -> 8 and 12)."""
    grid = OPEN.with_terrain((1, 1), BOULDER).with_terrain((1, 0), BOULDER)
    w = _walker()
    squeezed = MoveOptions(extra_doublings=1)
    assert check_step(grid, SRD, w, [w], (1, 0), options=squeezed) == 4
    assert check_step(grid, SRD, w, [w], (1, 1), options=squeezed) == 6
    assert check_step(grid, SRD, w, [w], (1, 1), options=MoveOptions(extra_doublings=2)) == 12


def test_SRD_MOV_8_squeezing_each_square_costs_2():
    w = _walker()
    assert find_path(OPEN, SRD, w, [w], (3, 0), options=MoveOptions(extra_doublings=1)).cost == 6


def test_SRD_MOV_9_move_double_move_run():
    model = model_for(SRD)
    assert model.allowance(6, Pace.MOVE) == 6
    assert model.allowance(6, Pace.DOUBLE) == 12
    assert model.allowance(6, Pace.RUN) == 24
    assert model.allowance(6, Pace.RUN, heavy_armour=True) == 18
    assert model.allowance(6, Pace.FIVE_FOOT_STEP) == 1


def test_SRD_MOV_9_budget_beyond_speed_is_refused_with_rule():
    w = _walker()
    with pytest.raises(MoveRefused) as refused:
        find_path(OPEN, SRD, w, [w], (7, 0), budget=6)
    assert refused.value.rule == "SRD-MOV-9"


def test_SRD_MOV_10_minimum_move_one_square_whatever_the_cost():
    grid = OPEN.with_terrain((1, 1), BOULDER).with_terrain((1, 0), WALL)
    w = _walker()
    cells = minimum_move(grid, SRD, w, [w])
    assert set(cells) == {(0, 1), (1, 1)}
    assert (1, 1) not in reachable(grid, SRD, w, [w], 1, options=MoveOptions(extra_doublings=1))


def test_SRD_MOV_11_equidistant_nearest_square_chosen_at_random():
    picks = {nearest((0, 0), [(2, 0), (0, 2), (5, 5)], random.Random(seed)) for seed in range(20)}
    assert picks == {(2, 0), (0, 2)}
    assert nearest((0, 0), [(3, 3), (5, 0)], random.Random(1)) == (3, 3)  # 3 diagonals = 4 squares < 5


def test_SRD_MOV_12_ending_where_one_cannot_stop_goes_back_to_last_legal_square():
    corridor = Grid.filled(4, 1)
    w = _walker()
    friend = creature("f", (2, 0))
    path = find_path(corridor, SRD, w, [w, friend], (3, 0))
    cut = type(path)(path.cells[:2], 2)  # the move stopped on the friend's square
    assert last_legal_stop(corridor, SRD, w, [w, friend], cut) == (1, 0)
