"""The field of view in one sweep (core/board/geometry/field_of_view.py) sees
exactly the cells that line of sight sees asked cell by cell (EQ-MAP-4
sight blockers, thin walls, doors and windows of core/board/edges.py, the
corner rule: a line through a corner point passes unless both ways round
are shut; EQ-MAP-3 heights through the slow way)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from core.board.edges import Edge, Feature, Side
from core.board.geometry.field_of_view import seen_from
from core.board.geometry.sight import SightSettings, line_of_sight
from core.board.grid import Grid

TERRAIN_IDS = ("ground", "ground", "ground", "wall", "tree", "bush", "glass", "boulder", "water")


def _cell_by_cell(grid: Grid, eye, reach: int, eye_height: int, window_blocks_sight: bool) -> frozenset:
    s = SightSettings(eye_height=eye_height, window_blocks_sight=window_blocks_sight)
    return frozenset((x, y) for y in range(grid.height) for x in range(grid.width)
                     if max(abs(x - eye[0]), abs(y - eye[1])) <= reach and line_of_sight(grid, eye, (x, y), settings=s))


@st.composite
def maps(draw):
    w, h = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    rows = tuple(tuple(draw(st.sampled_from(TERRAIN_IDS)) for _ in range(w)) for _ in range(h))
    sides = draw(st.lists(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1), st.sampled_from(Side), st.sampled_from(Feature)), max_size=w * h))
    edges = {((x, y), side): f for x, y, side, f in sides if not (side is Side.EAST and x == w - 1 or side is Side.SOUTH and y == h - 1)}
    hilly = draw(st.booleans()) and draw(st.booleans())
    elevation = tuple(tuple(draw(st.integers(0, 2)) for _ in range(w)) for _ in range(h)) if hilly else ()
    return Grid(rows, elevation, edges=tuple(Edge(c, s, f) for (c, s), f in edges.items()))


@settings(max_examples=150, deadline=None)
@given(maps(), st.data(), st.sampled_from((0, 1, 2)), st.booleans())
def test_one_sweep_sees_what_line_of_sight_sees_cell_by_cell_rule_eq_map_4(grid, data, eye_height, window_blocks_sight):
    eye = (data.draw(st.integers(0, grid.width - 1)), data.draw(st.integers(0, grid.height - 1)))
    reach = data.draw(st.integers(0, 12))
    assert seen_from(grid, eye, reach, eye_height, window_blocks_sight) == _cell_by_cell(grid, eye, reach, eye_height, window_blocks_sight)


def test_a_line_through_the_corner_between_two_walls_passes_rule_eq_map_4():
    grid = Grid((("ground", "wall", "ground"), ("wall", "ground", "ground"), ("ground", "ground", "ground")))
    seen = seen_from(grid, (0, 0), 5)
    assert (1, 1) in seen and (2, 2) in seen  # the diagonal grazes both walls' corners
    assert (2, 0) not in seen and (0, 2) not in seen  # straight behind a wall


def test_a_room_of_thin_walls_hides_everything_outside_it_and_an_open_door_lets_sight_out():
    def room(door: Feature) -> Grid:
        walls = [Edge((1, y), Side.EAST, Feature.WALL) for y in range(5)] + [Edge((2, y), Side.EAST, Feature.WALL) for y in range(5)]
        walls += [Edge((x, 0), Side.SOUTH, Feature.WALL) for x in (2,)] + [Edge((2, 3), Side.SOUTH, door)]
        return Grid(tuple(tuple("ground" for _ in range(6)) for _ in range(6)), edges=tuple(walls))

    shut = seen_from(room(Feature.DOOR_CLOSED), (2, 2), 6)
    assert shut == {(2, 1), (2, 2), (2, 3)}
    opened = seen_from(room(Feature.DOOR_OPEN), (2, 2), 6)
    assert {(2, 4), (2, 5)} <= opened


@example(width=5)
@settings(max_examples=5, deadline=None)
@given(st.integers(3, 8))
def test_on_an_open_map_every_cell_within_reach_is_seen(width):
    grid = Grid.filled(width, width)
    assert seen_from(grid, (1, 1), 2) == {(x, y) for x in range(width) for y in range(width) if max(abs(x - 1), abs(y - 1)) <= 2}
