"""Universal VTT maps (``.dd2vtt``, ``.uvtt``, ``.df2vtt``: Dungeondraft,
DungeonFog, Arkenforge and others) read into a battle map.

The file is JSON; every position in it is in grid cells (not pixels):

- ``resolution``: ``map_origin`` (x, y), ``map_size`` (x, y) and
  ``pixels_per_grid``; the map is ``map_size`` cells (rounded), its cell
  (0, 0) the square at ``map_origin``.
- ``line_of_sight`` and ``objects_line_of_sight``: wall polylines (lists of
  points). Each segment becomes walls on cell sides
  (:mod:`core.board.edges`): a segment on a grid line gives the sides it
  runs along; any other (diagonal, curved, off the grid) is approximated
  by a staircase of cell sides between the grid corners nearest its ends,
  so a wall stays closed. Walls on the map's border are dropped (the
  border stops everything already).
- ``portals``: doors, ``closed`` or open as saved, on the cell sides
  between the grid corners nearest the two ``bounds`` points. The format
  has no window flag: a portal is a window when it says so (a true
  ``window`` key, or ``window`` in its ``type``, ``kind`` or ``name``);
  every other portal is a door. A door replaces the wall it stands in.
- ``lights``: light sources placed on the cell under their ``position``
  (:class:`core.board.vision.LightSource`): a torch, or a lantern when
  their ``range`` is over :data:`TORCH_RANGE` cells; a map with lights is
  dark between them (``darkness``, EQ-VIS-1).

What cannot be kept (the picture, walls approximated, lights' colours) is
said once in :attr:`UvttMap.notes`. A file that is not JSON, too large,
of the wrong shape, or with walls, doors or lights off the map raises
:class:`~core.errors.MapFormatError`; nothing is read from a bad file.
Pure: the text is given, no file is opened here (see :mod:`saves.map_files`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from core.board.edges import MAX_EDGES, Edge, Feature, Side
from core.board.grid import Grid
from core.board.vision import Conditions, LightSource
from core.errors import MapFormatError
from core.values import limits as lim

#: File names read as Universal VTT.
SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
#: Largest file read, in characters (the picture is stored in it, base64).
MAX_UVTT_TEXT = 120_000_000
#: Most points in all wall lines and portals together.
MAX_POINTS = 400_000
#: How far (cells) a point may lie outside the map before the file is refused.
SLACK = 0.5
#: A light reaching farther than this (cells) is a lantern, else a torch (EQ-VIS-2 DEFAULT ranges 6 and 9).
TORCH_RANGE = 7.5


@dataclass(frozen=True)
class UvttMap:
    """A read Universal VTT file: the ``grid`` with its walls, doors and
    windows, the ``vision`` (light sources; darkness when it has lights),
    ``notes``: one sentence per thing not kept, and the counts read."""

    grid: Grid
    vision: Conditions
    notes: tuple[str, ...]
    walls: int = 0
    doors: int = 0
    windows: int = 0


def is_uvtt_name(name: str) -> bool:
    """Whether a file name ends in one of :data:`SUFFIXES`."""
    return name.lower().endswith(SUFFIXES)


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise MapFormatError(f"{where} must be a number, not {str(value)[:30]!r}")
    return float(value)


def _point(value: object, where: str) -> tuple[float, float]:
    if not isinstance(value, dict):
        raise MapFormatError(f"{where} must be a point {{\"x\": ..., \"y\": ...}}, not {type(value).__name__}")
    return (_number(value.get("x"), f"{where}.x"), _number(value.get("y"), f"{where}.y"))


def _list(value: object, where: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise MapFormatError(f"{where} must be a list, not {type(value).__name__}")
    return value


class _Reader:
    def __init__(self, width: int, height: int, origin: tuple[float, float]) -> None:
        self.width, self.height, self.origin = width, height, origin
        self.points = 0
        self.approximated = 0

    def corner(self, point: tuple[float, float], where: str) -> tuple[int, int]:
        """The grid corner nearest ``point`` (map coordinates: cell (0, 0)'s top-left is (0, 0))."""
        self.points += 1
        if self.points > MAX_POINTS:
            raise MapFormatError(f"more than {MAX_POINTS:,} points in the walls and doors")
        x, y = point[0] - self.origin[0], point[1] - self.origin[1]
        if not (-SLACK <= x <= self.width + SLACK and -SLACK <= y <= self.height + SLACK):
            raise MapFormatError(f"{where} at ({point[0]:g}, {point[1]:g}) is outside the {self.width}x{self.height} map")
        cx, cy = round(x), round(y)
        if abs(x - cx) > 1e-6 or abs(y - cy) > 1e-6:
            self.approximated += 1
        return (min(max(cx, 0), self.width), min(max(cy, 0), self.height))

    def sides(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[tuple[int, int], Side]]:
        """Cell sides along a staircase of grid lines from corner ``a`` to
        corner ``b`` (one side per unit step), without the map's border."""
        (x, y), (bx, by) = a, b
        dx, dy = bx - x, by - y
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        nx, ny = abs(dx), abs(dy)
        if nx and ny:
            self.approximated += 1
        out = []
        ix = iy = 0
        while ix < nx or iy < ny:
            # step along x when that keeps nearer the straight line (ties: x first)
            if iy >= ny or (ix < nx and (2 * ix + 1) * ny <= (2 * iy + 1) * nx):
                nxt = x + sx
                column = min(x, nxt)  # a horizontal side between rows y - 1 and y
                if 0 < y < self.height:
                    out.append(((column, y - 1), Side.SOUTH))
                x = nxt
                ix += 1
            else:
                nxt = y + sy
                row = min(y, nxt)  # a vertical side between columns x - 1 and x
                if 0 < x < self.width:
                    out.append(((x - 1, row), Side.EAST))
                y = nxt
                iy += 1
        return out


def read_uvtt(text: str) -> UvttMap:
    """The battle map of a Universal VTT file's ``text`` (see the module);
    raises :class:`MapFormatError` saying what is wrong."""
    if len(text) > MAX_UVTT_TEXT:
        raise MapFormatError(f"the file has {len(text):,} characters; a Universal VTT file may have {MAX_UVTT_TEXT:,}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as problem:
        raise MapFormatError(f"not a Universal VTT file: not JSON ({str(problem)[:80]})") from None
    if not isinstance(data, dict):
        raise MapFormatError("not a Universal VTT file: the JSON is not an object")
    resolution = data.get("resolution")
    if not isinstance(resolution, dict):
        raise MapFormatError("not a Universal VTT file: no \"resolution\" (map_origin, map_size, pixels_per_grid)")
    origin = _point(resolution.get("map_origin", {"x": 0, "y": 0}), "resolution.map_origin")
    size = _point(resolution.get("map_size"), "resolution.map_size")
    width, height = round(size[0]), round(size[1])
    if not (1 <= width <= lim.MAX_MAP_WIDTH and 1 <= height <= lim.MAX_MAP_HEIGHT) or width * height > lim.MAX_MAP_CELLS:
        raise MapFormatError(f"the map is {size[0]:g}x{size[1]:g} cells; at most {lim.MAX_MAP_WIDTH}x{lim.MAX_MAP_HEIGHT} and {lim.MAX_MAP_CELLS:,} cells")
    notes: list[str] = []
    if abs(size[0] - width) > 1e-6 or abs(size[1] - height) > 1e-6:
        notes.append(f"the map's size {size[0]:g}x{size[1]:g} was rounded to {width}x{height} cells")
    reader = _Reader(width, height, origin)
    features: dict[tuple[tuple[int, int], Side], Feature] = {}
    for field in ("line_of_sight", "objects_line_of_sight"):
        for n, line in enumerate(_list(data.get(field), field)):
            points = [reader.corner(_point(p, f"{field}[{n}][{k}]"), f"a wall point of {field}[{n}]") for k, p in enumerate(_list(line, f"{field}[{n}]"))]
            for a, b in zip(points, points[1:]):
                for key in reader.sides(a, b):
                    features[key] = Feature.WALL
            if len(features) > MAX_EDGES:
                raise MapFormatError(f"more than {MAX_EDGES:,} wall sides")
    walls_approximated = reader.approximated
    doors = windows = 0
    for n, portal in enumerate(_list(data.get("portals"), "portals")):
        if not isinstance(portal, dict):
            raise MapFormatError(f"portals[{n}] must be an object, not {type(portal).__name__}")
        bounds = _list(portal.get("bounds"), f"portals[{n}].bounds")
        if len(bounds) < 2:
            raise MapFormatError(f"portals[{n}].bounds needs two points")
        closed = portal.get("closed", True)
        if not isinstance(closed, bool):
            raise MapFormatError(f"portals[{n}].closed must be true or false, not {str(closed)[:20]!r}")
        window = _is_window(portal)
        locked = portal.get("locked") is True and closed  # not in the format; kept when an exporter writes it
        feature = Feature.WINDOW if window else (Feature.DOOR_LOCKED if locked else Feature.DOOR_CLOSED if closed else Feature.DOOR_OPEN)
        a = reader.corner(_point(bounds[0], f"portals[{n}].bounds[0]"), f"portal {n}")
        b = reader.corner(_point(bounds[-1], f"portals[{n}].bounds[1]"), f"portal {n}")
        sides = reader.sides(a, b)
        if not sides:
            notes.append(f"portal {n} is narrower than a cell side or lies on the map's border: left out")
            continue
        for key in sides:
            features[key] = feature
        windows += window
        doors += not window
    sources: list[LightSource] = []
    ranges: set[str] = set()
    for n, light in enumerate(_list(data.get("lights"), "lights")):
        if not isinstance(light, dict):
            raise MapFormatError(f"lights[{n}] must be an object, not {type(light).__name__}")
        x, y = _point(light.get("position"), f"lights[{n}].position")
        x, y = x - origin[0], y - origin[1]
        if not (-SLACK <= x <= width + SLACK and -SLACK <= y <= height + SLACK):
            raise MapFormatError(f"light {n} at ({x:g}, {y:g}) is outside the {width}x{height} map")
        reach = _number(light.get("range", 6), f"lights[{n}].range")
        kind = "lantern" if reach > TORCH_RANGE else "torch"
        ranges.add(kind)
        cell = (min(max(int(math.floor(x)), 0), width - 1), min(max(int(math.floor(y)), 0), height - 1))
        sources.append(LightSource(kind, cell=cell))
    edges = tuple(Edge(cell, side, f) for (cell, side), f in features.items())
    grid = Grid.filled(width, height)
    grid = Grid(grid.rows, edges=edges)
    if data.get("image"):
        notes.append("the map's picture is not shown (a text map draws walls, doors and windows only)")
    if walls_approximated:
        notes.append(f"{walls_approximated} wall point(s) or segment(s) off the grid lines (curved or diagonal walls) were approximated by the nearest cell sides")
    if sources:
        kinds = " and ".join({"lantern": "lanterns", "torch": "torches"}[k] for k in sorted(ranges))
        notes.append(f"{len(sources)} light(s) placed as {kinds} by their range (colours and intensity are not kept); the map is dark between them")
    vision = Conditions("darkness", "clear", tuple(sources)) if sources else Conditions()
    wall_count = sum(1 for f in features.values() if f is Feature.WALL)
    return UvttMap(grid, vision, tuple(notes), wall_count, doors, windows)


def _is_window(portal: dict) -> bool:
    if portal.get("window") is True:
        return True
    return any(isinstance(portal.get(k), str) and "window" in portal[k].lower() for k in ("type", "kind", "name"))
