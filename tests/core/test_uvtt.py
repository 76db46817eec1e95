"""Universal VTT import (core.board.uvtt): hand-built files; every wall,
door, window and light lands where it should."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from core.board.edges import Feature, Side
from core.board.uvtt import read_uvtt
from core.errors import MapFormatError


def _p(x, y):
    return {"x": x, "y": y}


def _file(**parts) -> str:
    doc = {"format": 0.3, "resolution": {"map_origin": _p(0, 0), "map_size": _p(4, 3), "pixels_per_grid": 50}}
    doc.update(parts)
    return json.dumps(doc)


def test_walls_on_grid_lines_land_on_the_cell_sides_they_run_along():
    text = _file(line_of_sight=[[_p(2, 0), _p(2, 3)], [_p(0, 1), _p(4, 1)], [_p(0, 0), _p(4, 0)]])
    found = read_uvtt(text)
    sides = {e.key: e.feature for e in found.grid.edges}
    vertical = {((1, y), Side.EAST) for y in range(3)}
    horizontal = {((x, 0), Side.SOUTH) for x in range(4)}
    assert set(sides) == vertical | horizontal  # the border line (y = 0) is dropped
    assert set(sides.values()) == {Feature.WALL}
    assert (found.grid.width, found.grid.height) == (4, 3)
    assert found.notes == ()


def test_portals_become_doors_as_saved_and_windows_when_marked():
    text = _file(
        line_of_sight=[[_p(2, 0), _p(2, 3)]],
        portals=[
            {"position": _p(2, 0.5), "bounds": [_p(2, 0), _p(2, 1)], "rotation": 1.57, "closed": True, "freestanding": False},
            {"position": _p(2, 1.5), "bounds": [_p(2, 1), _p(2, 2)], "closed": False},
            {"position": _p(2, 2.5), "bounds": [_p(2, 2), _p(2, 3)], "closed": True, "window": True},
            {"position": _p(0.5, 2), "bounds": [_p(0, 2), _p(1, 2)], "closed": True, "locked": True},
        ],
    )
    found = read_uvtt(text)
    sides = {e.key: e.feature for e in found.grid.edges}
    assert sides == {
        ((1, 0), Side.EAST): Feature.DOOR_CLOSED,
        ((1, 1), Side.EAST): Feature.DOOR_OPEN,
        ((1, 2), Side.EAST): Feature.WINDOW,
        ((0, 1), Side.SOUTH): Feature.DOOR_LOCKED,
    }
    assert (found.doors, found.windows) == (3, 1)


def test_a_diagonal_wall_becomes_a_closed_staircase_and_is_reported_once():
    found = read_uvtt(_file(line_of_sight=[[_p(1, 0.1), _p(3, 2)]]))  # (1, 0.1) snaps to the corner (1, 0)
    sides = {e.key for e in found.grid.edges}
    assert sides == {((1, 0), Side.EAST), ((2, 0), Side.SOUTH), ((2, 1), Side.EAST)}  # its first step runs on the border
    assert len(found.notes) == 1 and "approximated" in found.notes[0]


def test_an_origin_offset_shifts_everything():
    doc = {"resolution": {"map_origin": _p(-2, 5), "map_size": _p(4, 3), "pixels_per_grid": 50},
           "line_of_sight": [[_p(-1, 5), _p(-1, 8)]],
           "lights": [{"position": _p(1.5, 6.5), "range": 9}]}
    found = read_uvtt(json.dumps(doc))
    assert {e.key for e in found.grid.edges} == {((0, y), Side.EAST) for y in range(3)}
    assert found.vision.light == "darkness"
    assert [(s.kind, s.cell) for s in found.vision.sources] == [("lantern", (3, 1))]


@pytest.mark.parametrize(("text", "says"), [
    ("not json {", "not JSON"),
    ("[1, 2]", "not an object"),
    ('{"line_of_sight": []}', "no \"resolution\""),
    (_file(line_of_sight=[[_p(0, 0), _p(9, 0)]]), "outside the 4x3 map"),
    (_file(line_of_sight="walls"), "must be a list"),
    (_file(line_of_sight=[[{"x": "1", "y": 0}]]), "must be a number"),
    (_file(portals=[{"bounds": [_p(1, 0)]}]), "needs two points"),
    (_file(portals=[{"bounds": [_p(1, 0), _p(1, 1)], "closed": "yes"}]), "true or false"),
    (json.dumps({"resolution": {"map_size": _p(5000, 5000)}}), "at most"),
    (_file(lights=[{"position": _p(40, 1)}]), "outside"),
])
def test_a_bad_file_is_refused_saying_what_is_wrong(text, says):
    with pytest.raises(MapFormatError, match=says):
        read_uvtt(text)


def test_the_example_crypt_reads():
    text = resources.files("core.board.maps").joinpath("crypt.dd2vtt").read_text()
    found = read_uvtt(text)
    grid = found.grid
    assert (grid.width, grid.height) == (16, 10)
    assert grid.edge_feature((5, 2), (6, 2)) is Feature.DOOR_CLOSED
    assert grid.edge_feature((5, 4), (6, 4)) is Feature.DOOR_OPEN
    assert grid.edge_feature((10, 3), (10, 4)) is Feature.DOOR_LOCKED
    assert grid.edge_feature((5, 7), (6, 7)) is Feature.WINDOW
    assert (found.doors, found.windows, len(found.vision.sources)) == (4, 1, 3)
