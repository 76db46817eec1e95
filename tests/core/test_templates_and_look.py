"""Area templates the GM places (core/board/geometry/templates.py: EQ-MAP-1,
EQ-MAP-2, EQ-GEN-3) and the look readout of an empty cell
(core/board/look.py: EQ-MAP-4, EQ-COV-1, EQ-COV-2)."""

from __future__ import annotations

from core.board.geometry import large_cone, small_cone
from core.board.geometry.templates import SHAPES, Template
from core.board.grid import Cover, Grid, from_text
from core.board.look import look_at_cell
from core.values.combatant import Combatant, Side

OPEN = Grid.filled(20, 20)


def _c(cid: str, cell, side: Side = Side.FOE) -> Combatant:
    return Combatant(cid, cid, side, {}, 9, 9, position=cell)


def test_the_shapes_offered_are_the_five_areas():
    assert [shape for shape, _ in SHAPES] == ["radius", "zone", "small_cone", "large_cone", "line"]


def test_EQ_MAP_1_radius_1_is_a_3_by_3_square_cut_by_the_map_edge():
    template = Template.start("radius", (5, 5))
    assert template.size == 1 and template.label() == "radius 1"
    assert len(template.cells((5, 5), OPEN)) == 9
    assert len(template.cells((0, 0), OPEN)) == 4  # only the cells on the map count
    assert len(template.changed(grow=-1).cells((5, 5), OPEN)) == 1  # radius 0 = one cell
    assert template.changed(grow=-5).size == 0


def test_EQ_MAP_2_a_zone_3_by_6_either_way_round():
    zone = Template("zone", 6, height=3)
    assert len(zone.cells((2, 2), OPEN)) == 18 and zone.label() == "zone 6*3"
    turned = zone.changed(turn=1)
    assert len(turned.cells((2, 2), OPEN)) == 18 and turned.label() == "zone 3*6"
    assert Template("zone", 1).changed(grow=-3).size == 1


def test_EQ_GEN_3_a_cone_grows_into_the_large_one_and_shrinks_into_the_small():
    small = Template.start("small_cone", (5, 5))
    assert small.label() == "small cone facing E"
    assert small.cells((5, 5), OPEN) == frozenset(small_cone((5, 5), (1, 0), OPEN).cells)
    large = small.changed(grow=1)
    assert large.shape == "large_cone" and large.cells((5, 5), OPEN) == frozenset(large_cone((5, 5), (1, 0), OPEN).cells)
    assert large.changed(grow=-1).shape == "small_cone"
    assert small.changed(turn=2).label() == "small cone facing S"


def test_a_line_of_6_and_who_it_hits():
    line = Template.start("line", (0, 0))
    assert line.size == 6 and line.label() == "line of 6 facing E"
    fighters = (_c("near", (3, 5)), _c("off", None), _c("far", (9, 5)), _c("aside", (3, 6)))
    assert [c.id for c in line.hits((1, 5), OPEN, fighters)] == ["near"]
    assert line.changed(grow=-9).size == 1


def test_look_at_an_empty_cell_distance_sight_and_cover():
    grid = from_text(".....\n..#..\n.....").grid
    viewer, other = _c("v", (0, 0), Side.PARTY), _c("o", (2, 0))
    clear = look_at_cell(grid, viewer, (4, 0), (viewer,))
    assert (clear.distance, clear.visible, clear.cover) == (4, True, Cover.NONE)
    assert clear.terrain.name == "open ground"
    behind_a_creature = look_at_cell(grid, viewer, (4, 0), (viewer, other))
    assert behind_a_creature.visible and behind_a_creature.cover is Cover.HALF  # EQ-COV-2: any creature gives half
    walled = look_at_cell(grid, _c("w", (0, 1)), (4, 1), ())
    assert (walled.distance, walled.visible, walled.cover) == (4, False, None)  # EQ-MAP-4: a wall blocks sight
    assert look_at_cell(grid, _c("off", None), (1, 1), ()) is None
