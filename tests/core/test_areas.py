"""Areas: EQ-MAP-1, EQ-MAP-2 (acceptance A12), EQ-GEN-3 cones, lines, TAC-ATK-2, TAC-DMG-2."""

from __future__ import annotations

import pytest

from core.values.combatant import Side
from core.errors import IllegalCommand
from core.board.geometry import Weapon, cone, distance, explosion, large_cone, line, radius, small_cone, weapon_pattern, zone
from core.board.grid import Grid
from core.values.mobility import Size
from tests.core.movement_helpers import creature

GRID = Grid.filled(22, 17)


@pytest.mark.parametrize(("n", "cells"), [(0, 1), (1, 9), (2, 25), (4, 81)])
def test_EQ_MAP_1_acceptance_A12_radius_is_a_square(n, cells):
    """A12: radius 0 -> 1 cell; 1 -> 3x3 = 9; 2 -> 25."""
    assert len(radius((10, 8), n, GRID)) == cells


def test_EQ_MAP_2_acceptance_A12_zone_5x3_is_15_cells_either_way():
    """A12: zone 5*3 -> 15 cells, and 3*5 covers the same count."""
    a, b = zone((2, 2), 5, 3), zone((2, 2), 3, 5)
    assert len(a) == len(b) == 15
    assert zone((2, 2), 5, 3, rotated=True).cells == b.cells


def test_EQ_MAP_1_acceptance_A12_area_cut_by_the_map_edge_counts_only_map_cells():
    assert len(radius((0, 0), 1, GRID)) == 4
    assert len(zone((20, 15), 5, 3, grid=GRID)) == 2 * 2
    assert len(radius((0, 0), 1).clip(GRID)) == 4


def test_EQ_MAP_1_area_lists_the_combatants_it_hits():
    hit = creature("a", (5, 5))
    big = creature("b", (7, 6), size=Size.LARGE, side=Side.FOE)  # covers (7..8, 6..7)
    miss = creature("c", (9, 9))
    assert radius((5, 5), 2).hits([hit, big, miss]) == (hit, big)


def test_EQ_GEN_3_default_cones_90_degrees_small_3_large_6():
    east = small_cone((5, 5), (1, 0))
    assert len(east) == 3 + 5 + 7
    assert (6, 5) in east and (8, 8) in east and (5, 5) not in east and (4, 5) not in east
    assert len(small_cone((5, 5), (1, 1))) == 15
    assert len(large_cone((8, 8), (0, -1))) == sum(2 * k + 1 for k in range(1, 7))
    with pytest.raises(IllegalCommand):
        cone((5, 5), (2, 0), 3)


def test_line_follows_the_segment_and_stops_at_its_length():
    assert line((0, 0), (3, 0)).cells == ((1, 0), (2, 0), (3, 0))
    assert line((0, 0), (1, 1), length=3).cells == ((1, 1), (2, 2), (3, 3))
    assert len(line((0, 0), (2, 1), length=6, grid=GRID)) >= 6


def test_TAC_ATK_2_weapon_patterns():
    """Bludgeoning 5 cells in front and around, slashing 3 in front, chopping 2 in front, piercing 2 in a line."""
    here, east = (5, 5), (1, 0)
    assert set(weapon_pattern(Weapon.BLUDGEONING, here, east).cells) == {(5, 4), (6, 4), (6, 5), (6, 6), (5, 6)}
    assert set(weapon_pattern(Weapon.SLASHING, here, east).cells) == {(6, 4), (6, 5), (6, 6)}
    assert len(weapon_pattern(Weapon.CHOPPING, here, east)) == 2
    assert weapon_pattern(Weapon.PIERCING, here, east).cells == ((6, 5), (7, 5))
    assert set(weapon_pattern(Weapon.SLASHING, here, (1, 1)).cells) == {(6, 5), (6, 6), (5, 6)}


def test_TAC_DMG_2_explosion_has_an_epicentre():
    rings = explosion((3, 3), 2, GRID)
    assert rings[(3, 3)] == 0 and rings[(4, 4)] == 1 and rings[(5, 1)] == 2
    assert len(rings) == 25


def test_distances_chebyshev_and_srd_alternating():
    assert distance((0, 0), (3, 3)) == 3
    assert distance((0, 0), (3, 3), "alternate") == 4
    assert distance((0, 0), (4, 4), "alternate") == 6
