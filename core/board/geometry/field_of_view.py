"""Field of view: every cell one eye sees, in one sweep, the same cells as
:func:`core.board.geometry.sight.line_of_sight` asked cell by cell.

:func:`seen_from` answers what a player's view needs (EQ-MAP-4 sight
blockers, thin walls and doors of :mod:`core.board.edges`) on a flat map
in time about the number of cells looked at, where asking
``line_of_sight`` for each cell walks a line per cell (a 200x200 map took
10 s of one core, a 500x500 map minutes). On a map with ground heights
(EQ-MAP-3) it asks ``line_of_sight`` per cell, as before.

How: a sight line runs between cell centres and is cut by a blocking cell
whose inside it crosses, by a shut side it crosses, or at the corner point
of four cells when both ways round that corner are shut (the rules of
:mod:`core.board.geometry.sight` and :mod:`core.board.edges`). Seen from the
eye, a blocking cell hides the open wedge of directions between its outer
corners, beyond it; a shut side the open wedge between its two ends; a
shut corner the one direction through it. Cells are taken ring by ring
(Chebyshev distance from the eye); everything on rings nearer than a
cell's own is behind or beside it no farther than half a cell short of
it, and nothing on its own ring can stand between (the part of a sight
line within half a ring of its end lies inside the end cell). So a cell is
hidden exactly when its direction lies in a wedge, or on a shut corner's
direction, of what the nearer rings hold. Directions are compared exactly:
a direction's pseudo-angle is a ratio of small integers, and equal
directions give the same float (division is correctly rounded), distinct
ones floats far apart.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from functools import lru_cache

from core.board.geometry.sight import SightSettings, line_of_sight
from core.board.edges import EdgeMap
from core.board.grid import TERRAINS, Cell, Grid

FULL_TURN = 4.0  # pseudo-angles run over [0, 4): a quarter turn each


def _angle(x: int, y: int) -> float:
    """Pseudo-angle of the direction (x, y) != (0, 0) in [0, 4): monotone
    in the true angle, exact for equal directions, and the opposite
    direction is 2 more (mod 4)."""
    if y >= 0:
        if x > 0:
            return y / (x + y)
        return 1.0 + (-x) / (y - x)
    if x < 0:
        return 2.0 + (-y) / (-x - y)
    return 3.0 + x / (x - y)


class _Wedges:
    """Disjoint open intervals of pseudo-angles, sorted; touching ends stay
    apart (the direction between two wedges that only touch is open)."""

    def __init__(self) -> None:
        self.los: list[float] = []
        self.his: list[float] = []

    def add_points(self, points: list[tuple[int, int]]) -> None:
        """The open wedge a convex obstacle with these corners (doubled
        coordinates from the eye) hides: from its smallest to its largest
        direction, across direction 0 when it spans it."""
        keys = [_angle(x, y) for x, y in points]
        lo, hi = min(keys), max(keys)
        if hi - lo < 2.0:
            self._add(lo, hi)
            return
        self._add(min(k for k in keys if k >= 2.0), FULL_TURN)  # the wedge spans direction 0
        self._add(-1.0, max(k for k in keys if k < 2.0))

    def _add(self, lo: float, hi: float) -> None:
        first = bisect_right(self.his, lo)
        last = bisect_left(self.los, hi) - 1
        if first <= last:
            lo = min(lo, self.los[first])
            hi = max(hi, self.his[last])
        self.los[first:last + 1] = [lo]
        self.his[first:last + 1] = [hi]

    def hides(self, key: float) -> bool:
        i = bisect_right(self.los, key) - 1
        return i >= 0 and self.los[i] < key < self.his[i]

    def open_runs(self, keys: list[float]) -> list[tuple[int, int]]:
        """Index ranges [start, stop) of ``keys`` (increasing) that no wedge hides."""
        runs: list[tuple[int, int]] = []
        start = 0
        for lo, hi in zip(self.los, self.his):
            first, after = bisect_right(keys, lo, start), bisect_left(keys, hi, start)
            if first >= after:
                continue
            if first > start:
                runs.append((start, first))
            start = after
        if start < len(keys):
            runs.append((start, len(keys)))
        return runs

    def all_but(self) -> list[float] | None:
        """The directions no wedge hides when they are single points (the
        touching ends), ``None`` when a wider opening is left."""
        los, his = self.los, self.his
        if not los or los[0] >= 0.0 or his[-1] < FULL_TURN:
            return None
        points = []
        for i in range(len(los) - 1):
            if his[i] != los[i + 1]:
                return None
            points.append(his[i])
        return points


@lru_cache(maxsize=8)
def _obstacles(grid: Grid, eye_height: int, window_blocks_sight: bool) -> tuple[frozenset[Cell], dict[Cell, tuple[Cell, ...]], frozenset[Cell]]:
    """What of ``grid`` can cut a sight line on flat ground: the blocking
    cells (a sight-blocking terrain taller than the eyes, or of no height:
    :func:`core.board.geometry.sight.sight_blockers`), each cell's
    neighbours across a shut side, and the cells around a corner point that
    a shut side ends at."""
    cutting = {tid for tid, t in TERRAINS.items() if t.blocks_sight and (t.height > eye_height or t.height == 0)}
    blocking = {(x, y) for y, row in enumerate(grid.rows) for x, tid in enumerate(row) if tid in cutting}
    across: dict[Cell, list[Cell]] = {}
    cornered: set[Cell] = set()
    for edge in grid.edges:
        if not edge.feature.blocks_sight(window_blocks_sight):
            continue
        a, b = edge.cells
        across.setdefault(a, []).append(b)
        across.setdefault(b, []).append(a)
        for end in _side_ends(a, b):
            cornered.update(_around(end))
    return frozenset(blocking), {c: tuple(n) for c, n in across.items()}, frozenset(cornered)


def _side_ends(a: Cell, b: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two ends of the side between orthogonal neighbours ``a`` and
    ``b``, in doubled coordinates (cell centres at even numbers)."""
    mx, my = a[0] + b[0], a[1] + b[1]  # doubled midpoint of the two centres
    if a[1] == b[1]:
        return (mx, my - 1), (mx, my + 1)
    return (mx - 1, my), (mx + 1, my)


def _around(corner: tuple[int, int]) -> tuple[Cell, ...]:
    """The four cells around a corner point given in doubled coordinates."""
    i, j = (corner[0] - 1) // 2, (corner[1] - 1) // 2
    return ((i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1))


def seen_from(grid: Grid, eye: Cell, reach: int, eye_height: int = 1, window_blocks_sight: bool = False) -> frozenset[Cell]:
    """Cells of ``grid`` within ``reach`` cells (Chebyshev) of ``eye`` that
    ``eye`` sees: exactly the cells ``b`` with
    ``line_of_sight(grid, eye, b, settings=SightSettings(eye_height=eye_height,
    window_blocks_sight=window_blocks_sight))`` (``eye`` itself included)."""
    if any(any(row) for row in grid.elevation):
        return _seen_line_by_line(grid, eye, reach, eye_height, window_blocks_sight)
    blocking, across, cornered = _obstacles(grid, eye_height, window_blocks_sight)
    edges = grid.edge_map
    ex, ey = eye
    width, height = grid.width, grid.height
    last = min(reach, max(ex, width - 1 - ex, ey, height - 1 - ey))
    wedges = _Wedges()
    shut: set[float] = set()  # directions through a shut corner, nearer than the ring at hand
    if not grid.contains(eye):
        return frozenset()
    seen: set[Cell] = {eye}
    for ring in range(0, last + 1):
        if ring:
            cells, keys = _ring(ex, ey, ring, width, height)
            for start, stop in wedges.open_runs(keys):
                if shut:
                    seen.update(c for c, k in zip(cells[start:stop], keys[start:stop]) if k not in shut)
                else:
                    seen.update(cells[start:stop])
        else:
            cells = [eye]
        # what this ring hides from the rings beyond it
        for x, y in blocking.intersection(cells) if ring else ():  # the eye's own cell never stands between
            dx, dy = 2 * (x - ex), 2 * (y - ey)
            wedges.add_points([(dx - 1, dy - 1), (dx + 1, dy - 1), (dx - 1, dy + 1), (dx + 1, dy + 1)])
        for cell in across.keys() & cells:
            for other in across[cell]:
                if max(abs(other[0] - ex), abs(other[1] - ey)) >= ring:  # nearer sides are in already
                    (ax, ay), (bx, by) = _side_ends(cell, other)
                    wedges.add_points([(ax - 2 * ex, ay - 2 * ey), (bx - 2 * ex, by - 2 * ey)])
        for x, y in cornered.intersection(cells):
            dx, dy = 2 * (x - ex), 2 * (y - ey)
            for cx, cy in ((dx - 1, dy - 1), (dx + 1, dy - 1), (dx - 1, dy + 1), (dx + 1, dy + 1)):
                if max(abs(cx), abs(cy)) == 2 * ring + 1 and _corner_shut(edges, ex, ey, cx, cy, window_blocks_sight):
                    shut.add(_angle(cx, cy))
        open_points = wedges.all_but()
        if open_points is not None and all(p in shut for p in open_points):
            break  # every direction is hidden from here on
    return frozenset(seen)


def _corner_shut(edges: EdgeMap, ex: int, ey: int, cx: int, cy: int, window_blocks_sight: bool) -> bool:
    """Whether the sight line from the eye through the corner point at
    doubled offset (cx, cy) is cut there: both ways round the corner shut
    (:meth:`core.board.edges.EdgeMap.step_blocked`)."""
    sx, sy = (1 if cx > 0 else -1), (1 if cy > 0 else -1)
    px, py = 2 * ex + cx, 2 * ey + cy  # the corner, doubled, on the map
    before = ((px - sx) // 2, (py - sy) // 2)
    after = ((px + sx) // 2, (py + sy) // 2)
    return bool(edges.step_blocked(before, after, "sight", window_blocks_sight))


def _ring(ex: int, ey: int, r: int, width: int, height: int) -> tuple[list[Cell], list[float]]:
    """The cells at Chebyshev distance ``r`` >= 1 from (ex, ey) on the map and
    their directions' pseudo-angles (:func:`_angle`), in increasing order: from
    direction 0 (east) round through the corners at 0.5, 1.5, 2.5 and 3.5."""
    x_lo, x_hi, y_lo, y_hi = -ex, width - 1 - ex, -ey, height - 1 - ey  # offsets on the map
    cells: list[Cell] = []
    keys: list[float] = []
    if r <= x_hi:  # east side, from straight east down to the corner (r, r)
        span = range(max(0, y_lo), min(r, y_hi) + 1)
        cells += [(ex + r, ey + dy) for dy in span]
        keys += [dy / (r + dy) for dy in span]
    if r <= y_hi:  # the side at dy = r, from dx = r - 1 down to -r
        span = range(min(r - 1, x_hi), max(-r, x_lo) - 1, -1)
        cells += [(ex + dx, ey + r) for dx in span]
        keys += [r / (dx + r) if dx > 0 else 1.0 + (-dx) / (r - dx) for dx in span]
    if r <= -x_lo:  # west side, from dy = r - 1 down to -r
        span = range(min(r - 1, y_hi), max(-r, y_lo) - 1, -1)
        cells += [(ex - r, ey + dy) for dy in span]
        keys += [1.0 + r / (dy + r) if dy >= 0 else 2.0 + (-dy) / (r - dy) for dy in span]
    if r <= -y_lo:  # the side at dy = -r, from dx = -r + 1 up to r
        span = range(max(-r + 1, x_lo), min(r, x_hi) + 1)
        cells += [(ex + dx, ey - r) for dx in span]
        keys += [2.0 + r / (r - dx) if dx < 0 else 3.0 + dx / (dx + r) for dx in span]
    if r <= x_hi:  # east side again, from dy = -r + 1 up to just short of east
        span = range(max(-r + 1, y_lo), min(-1, y_hi) + 1)
        cells += [(ex + r, ey + dy) for dy in span]
        keys += [3.0 + r / (r - dy) for dy in span]
    return cells, keys


def _seen_line_by_line(grid: Grid, eye: Cell, reach: int, eye_height: int, window_blocks_sight: bool) -> frozenset[Cell]:
    """The slow way: a sight line to each cell (a map with ground heights)."""
    settings = SightSettings(eye_height=eye_height, window_blocks_sight=window_blocks_sight)
    ex, ey = eye
    return frozenset((x, y) for y in range(max(0, ey - reach), min(grid.height, ey + reach + 1))
                     for x in range(max(0, ex - reach), min(grid.width, ex + reach + 1))
                     if line_of_sight(grid, eye, (x, y), settings=settings))
