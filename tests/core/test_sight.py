"""Line of sight, cover, flanking: EQ-COV-1, EQ-COV-2, EQ-MAP-3, EQ-MAP-4, PR-BUR-1, TAC-POS-2."""

from __future__ import annotations

from core.values.combatant import Side
from core.board.geometry import cover_between, crossed_cells, flanked, flankers, line_of_effect, line_of_sight, sight
from core.board.grid import BOULDER, BUSH, GLASS, TREE, WALL, Cover, Grid
from core.values.mobility import Layer
from tests.core.movement_helpers import creature, seed_map

OPEN = Grid.filled(12, 12)


def test_crossed_cells_are_the_same_both_ways():
    assert crossed_cells((0, 0), (3, 1)) == list(reversed(crossed_cells((3, 1), (0, 0))))
    assert crossed_cells((0, 0), (2, 2)) == [(0, 0), (1, 1), (2, 2)]


def test_EQ_MAP_4_sight_blockers_bushes_block_sight_glass_does_not():
    assert not line_of_sight(OPEN.with_terrain((2, 0), BUSH), (0, 0), (4, 0))
    glass = OPEN.with_terrain((2, 0), GLASS)
    assert line_of_sight(glass, (0, 0), (4, 0))
    assert not line_of_effect(glass, (0, 0), (4, 0))


def test_eq_map_3_a_medium_creature_is_2_tall_in_every_ruleset():
    from core.board.battlefield import body_height
    from core.rulesets import get

    medium = creature("a", (0, 0))
    assert {rid: body_height(medium, get(rid).settings) for rid in ("equestria", "srd35", "tactical_d10", "power_roll")} == dict.fromkeys(
        ("equestria", "srd35", "tactical_d10", "power_roll"), 2)


def test_EQ_MAP_3_a_flier_high_enough_sees_over_a_wall():
    grid = OPEN.with_terrain((5, 5), WALL)  # wall 3 high (DEFAULT)
    ground = creature("g", (4, 5))
    foe = creature("f", (6, 5), side=Side.FOE)
    assert not sight(grid, ground, foe).visible
    high = creature("h", (4, 5), layer=Layer.AIR, altitude=9, speeds={"fly": 8})
    assert sight(grid, high, foe).visible


def test_EQ_COV_1_cover_only_from_the_far_side_of_the_obstacle():
    grid = OPEN.with_terrain((5, 5), BOULDER)
    assert cover_between(grid, (2, 5), (6, 5)) is Cover.HALF  # boulder between
    assert cover_between(grid, (8, 5), (6, 5)) is Cover.NONE  # boulder behind the target


def test_EQ_COV_1_only_the_best_cover_applies_never_summed():
    grid = OPEN.with_terrain((4, 5), BOULDER)
    friend = creature("x", (5, 5))
    assert cover_between(grid, (2, 5), (7, 5), [friend]) is Cover.HALF


def test_EQ_COV_2_creatures_give_half_cover_and_full_cover_behind_a_tree():
    archer, target = creature("a", (2, 5)), creature("t", (6, 5), side=Side.FOE)
    between = creature("b", (4, 5), side=Side.FOE)
    assert sight(OPEN, archer, target, [archer, target, between]).cover is Cover.HALF
    wooded = OPEN.with_terrain((4, 5), TREE)
    readout = sight(wooded, archer, target)
    assert not readout.visible and readout.cover is Cover.FULL and readout.blockers == ((4, 5),)


def test_PR_BUR_1_burrowed_creatures_sight():
    hero = creature("h", (2, 2))
    deep = creature("d", (3, 2), side=Side.FOE, layer=Layer.BURROWED, altitude=-2)
    shallow = creature("s", (5, 5), side=Side.FOE, layer=Layer.BURROWED, altitude=0)
    other_deep = creature("o", (4, 2), layer=Layer.BURROWED, altitude=-2)
    assert not sight(OPEN, hero, deep).visible and sight(OPEN, hero, deep).rule == "PR-BUR-1"
    assert not sight(OPEN, deep, hero).visible
    near = sight(OPEN, deep, other_deep)
    assert near.visible and near.cover is Cover.HALF
    at_surface = sight(OPEN, hero, shallow)
    assert at_surface.visible and at_surface.cover is Cover.HALF


def test_TAC_POS_2_flanking_target_in_the_middle_of_a_line_between_two_enemies():
    assert flanked((5, 5), (4, 5), (6, 5))
    assert flanked((5, 5), (4, 4), (6, 6))
    assert not flanked((5, 5), (4, 5), (6, 6))
    assert not flanked((5, 5), (4, 5), (7, 5))
    assert flanked((5, 5), (4, 5), (7, 5), exact_middle=False)
    boar = creature("boar", (5, 5), side=Side.FOE)
    a, b, c = creature("a", (5, 4)), creature("b", (5, 6)), creature("c", (4, 5))
    assert flankers(boar, [boar, a, b, c]) == ((a, b),)


def test_line_of_sight_on_the_seed003_map():
    grid = seed_map().grid
    assert not line_of_sight(grid, (8, 3), (10, 3))  # tree at (9, 3)
    assert line_of_sight(grid, (10, 2), (10, 13))
