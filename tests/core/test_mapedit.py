"""Editing the map in play: painting terrain and resizing."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.demo import demo_encounter
from core.errors import IllegalCommand


@pytest.fixture
def demo():
    return demo_encounter(random.Random(4))[0]


def test_paint_changes_terrain_and_movement_follows(demo):
    [event] = demo.apply(cmd.PaintTerrain(((5, 5), (6, 5), (6, 5)), "water"))
    assert event == ev.TerrainPainted("water", 2)
    assert demo.state.grid.terrain((5, 5)).id == "water"


def test_painting_a_wall_under_a_creature_is_refused_eq_map_4(demo):
    boar = next(c for c in demo.state.combatants if c.name == "Boar")
    before = demo.state
    with pytest.raises(IllegalCommand) as caught:
        demo.apply(cmd.PaintTerrain((boar.position,), "wall"))
    assert "Boar stands" in str(caught.value) and demo.state is before


@pytest.mark.parametrize("command, needle", [
    (cmd.PaintTerrain(((1, 1),), "lava"), "unknown terrain"),
    (cmd.PaintTerrain(((99, 1),), "wall"), "off the"),
    (cmd.PaintTerrain(((0, 0),), "wall"), "already"),
    (cmd.ResizeMap(0, 5), "width"),
    (cmd.ResizeMap(22, 17), "already"),
    (cmd.ResizeMap(22, 10), "would be off"),
])
def test_bad_map_edits_change_nothing(demo, command, needle):
    before = demo.state
    with pytest.raises(IllegalCommand) as caught:
        demo.apply(command)
    assert needle in str(caught.value) and demo.state is before


def test_resize_grows_with_open_ground_and_shrinks_when_free(demo):
    original = demo.state.grid
    demo.apply(cmd.ResizeMap(30, 20))
    grid = demo.state.grid
    assert (grid.width, grid.height) == (30, 20)
    assert grid.terrain((29, 19)).id == "ground" and grid.terrain((0, 0)).id == "wall"
    demo.apply(cmd.ResizeMap(22, 17))
    assert demo.state.grid.count()["wall"] == 74
    assert demo.state.grid.rows == original.rows


def test_ground_height_is_set_in_the_grid_eq_map_3(demo):
    before = demo.state.grid
    [event] = demo.apply(cmd.SetGround(((2, 2), (3, 2), [3, 2]), 3))
    assert event == ev.GroundSet(3, 2)
    grid = demo.state.grid
    assert grid.elevation_at((2, 2)) == 3 and grid.elevation_at((3, 2)) == 3 and grid.elevation_at((4, 2)) == 0
    assert grid.edges == before.edges and grid.rows == before.rows
    demo.apply(cmd.SetGround(((2, 2), (3, 2)), 0))
    assert demo.state.grid.elevation == ()  # back to flat: no layer kept


def test_a_ceiling_under_3_grounds_fliers_eq_mov_3(demo):
    [event] = demo.apply(cmd.SetCeiling(2))
    assert event == ev.CeilingSet(2, None) and demo.state.grid.ceiling == 2
    demo.apply(cmd.SetCeiling(None))
    assert demo.state.grid.ceiling is None


@pytest.mark.parametrize("command, needle", [
    (cmd.SetGround(((1, 1),), 301), "ground height"),
    (cmd.SetGround(((1, 1),), True), "ground height"),
    (cmd.SetGround(((99, 1),), 3), "off the"),
    (cmd.SetGround(((1, 1),), 0), "already"),
    (cmd.SetGround((), 3), "no cells"),
    (cmd.SetCeiling(0), "ceiling"),
    (cmd.SetCeiling(None), "open sky"),
])
def test_bad_ground_and_ceiling_are_refused_and_change_nothing(demo, command, needle):
    before = demo.state
    with pytest.raises(IllegalCommand) as caught:
        demo.apply(command)
    assert needle in str(caught.value) and demo.state is before
