"""The battle map flattened for the search: terrain indices by padded flat index.

:func:`layout` makes it once per :class:`~core.board.grid.Grid` (cached), in
constant time: nothing is built for the whole map up front. A flat index
``(y + 1) * stride + x + 1`` reads its terrain from the grid's rows when asked
(:meth:`Layout.terrain_at`); the reach shading (:mod:`core.board.movement.bitboard`)
reads only the window of cells its budget can reach (:mod:`core.board.movement.tables`).
The whole-map lists (:attr:`Layout.terrain`, :meth:`Layout.costs`,
:meth:`Layout.solid`, :meth:`Layout.leave`) are built on first use by the
searches that need them (paths, SRD-MOV-2 diagonals, thin walls, no budget),
then kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.board.grid import TERRAINS, Grid
from core.values.mobility import footprint_offsets

#: Terrain ids in a fixed order; a cost table is indexed by this order, with
#: one extra slot (``OFF_MAP``) for the padding around the map.
TERRAIN_ORDER: tuple[str, ...] = tuple(TERRAINS)
TERRAIN_INDEX: dict[str, int] = {tid: i for i, tid in enumerate(TERRAIN_ORDER)}
OFF_MAP = len(TERRAIN_ORDER)

PATHS_KEPT = 4096
"""Paths a layout keeps at most (:meth:`Layout.remember_path`)."""


@dataclass
class Layout:
    """A grid flattened with a one-cell border: index ``(y + 1) * stride + x + 1``;
    ``rows`` are the grid's terrain ids (``rows[y][x]``)."""

    width: int
    height: int
    stride: int
    rows: tuple[tuple[str, ...], ...]
    cache: dict = field(default_factory=dict)
    #: Cell pairs (west or north first) with an edge between them that
    #: blocks movement (:mod:`core.board.edges`); empty on most maps.
    walls: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    _terrain: list[int] | None = field(default=None, repr=False)
    #: The paths found on this map (:func:`core.board.movement.paths.find_path`),
    #: by everything their search reads: see :meth:`remember_path`.
    paths: dict = field(default_factory=dict, repr=False, compare=False)

    def remember_path(self, key: object, path: object) -> None:
        """Keep ``path`` under ``key`` (the mover's step rules and footprint,
        the cells others shut or make dearer, the start, the SRD-MOV-2 parity,
        the targets): the same search on this map gives it back. At most
        :data:`PATHS_KEPT`; past it the memory starts afresh."""
        if len(self.paths) >= PATHS_KEPT:
            self.paths.clear()
        self.paths[key] = path

    @property
    def size(self) -> int:
        """Flat indices in all: ``stride * (height + 2)``."""
        return self.stride * (self.height + 2)

    def index(self, cell: tuple[int, int]) -> int:
        return (cell[1] + 1) * self.stride + cell[0] + 1

    def cell(self, index: int) -> tuple[int, int]:
        y, x = divmod(index, self.stride)
        return (x - 1, y - 1)

    def terrain_at(self, index: int) -> int:
        """The terrain index at flat ``index`` (``OFF_MAP`` on the border or beyond)."""
        if self._terrain is not None:
            return self._terrain[index] if 0 <= index < len(self._terrain) else OFF_MAP
        y, x = divmod(index, self.stride)
        if 1 <= y <= self.height and 1 <= x <= self.width:
            return TERRAIN_INDEX[self.rows[y - 1][x - 1]]
        return OFF_MAP

    @property
    def terrain(self) -> list[int]:
        """Terrain index per flat index, the whole map (built on first use)."""
        if self._terrain is None:
            stride = self.stride
            terrain = [OFF_MAP] * self.size
            for y, row in enumerate(self.rows):
                base = (y + 1) * stride + 1
                terrain[base : base + len(row)] = [TERRAIN_INDEX[t] for t in row]
            self._terrain = terrain
        return self._terrain

    def costs(self, table: tuple[int | None, ...], footprint: tuple[int, int] = (1, 1)) -> list[int | None]:
        """Entry cost per flat index for a cost ``table`` (per terrain index),
        the whole map (cached).

        For a footprint larger than one cell the index is the creature's
        top-left cell and the cost is the worst of the cells it covers
        (SRD-MOV-5); ``None`` where any of them cannot be entered.
        """
        key = (table, footprint)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        base = [table[t] for t in self.terrain]
        if footprint[0] > 1 or footprint[1] > 1:
            offsets = [dy * self.stride + dx for dx, dy in footprint_offsets(footprint)]
            size = len(base)
            wide: list[int | None] = [None] * size
            for i in range(size):
                worst = 0
                for o in offsets:
                    j = i + o
                    c = base[j] if j < size else None
                    if c is None:
                        break  # a blocked cell under the footprint: wide[i] stays None
                    if c > worst:
                        worst = c
                else:
                    wide[i] = worst
            base = wide
            for anchor in self.straddling(footprint):
                base[anchor] = None  # no thin wall through a creature's space
        if len(self.cache) > 32:
            self.cache.clear()
        self.cache[key] = base
        return base

    def cost_at(self, table: tuple[int | None, ...], footprint: tuple[int, int], index: int) -> int | None:
        """``costs(table, footprint)[index]`` without the whole-map list."""
        if footprint == (1, 1):
            return table[self.terrain_at(index)]
        if index in self.straddling(footprint):
            return None
        worst = 0
        size, stride = self.size, self.stride
        for dx, dy in footprint_offsets(footprint):
            j = index + dy * stride + dx
            c = table[self.terrain_at(j)] if j < size else None
            if c is None:
                return None
            if c > worst:
                worst = c
        return worst

    def straddling(self, footprint: tuple[int, int]) -> frozenset[int]:
        """Anchors where a creature of ``footprint`` would have a blocking
        edge inside its space (cached per footprint)."""
        if not self.walls:
            return frozenset()
        key = ("straddling", footprint)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        w, h = footprint
        out: set[int] = set()
        for (ax, ay), (bx, by) in self.walls:
            # anchors (x, y) whose footprint holds both cells
            for y in range(max(ay, by) - h + 1, min(ay, by) + 1):
                for x in range(max(ax, bx) - w + 1, min(ax, bx) + 1):
                    if -1 <= x <= self.width and -1 <= y <= self.height:
                        out.add(self.index((x, y)))
        found = frozenset(out)
        self.cache[key] = found
        return found

    def leave(self, footprint: tuple[int, int] = (1, 1)) -> bytearray:
        """Per flat index (a creature's top-left cell), the straight steps
        out of it that cross a blocking edge on the footprint's leading side:
        bits :data:`core.board.movement.engine.LEAVE_BITS` (north 1, west 2,
        east 4, south 8)."""
        key = ("leave", footprint)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        w, h = footprint
        flags = bytearray(self.size)
        size = len(flags)

        def mark(cell: tuple[int, int], bit: int) -> None:
            i = self.index(cell)
            if 0 <= i < size:
                flags[i] |= bit

        for (ax, ay), (bx, by) in self.walls:
            if ay == by:  # a wall between (ax, ay) west and (bx, by) east
                for r in range(h):
                    mark((ax - w + 1, ay - r), 4)  # the east column of the space holds (ax, ay)
                    mark((bx, by - r), 2)
            else:  # between (ax, ay) north and (bx, by) south
                for c in range(w):
                    mark((ax - c, ay - h + 1), 8)
                    mark((bx - c, by), 1)
        self.cache[key] = flags
        return flags

    def solid(self, solid_terrain: tuple[bool, ...], footprint: tuple[int, int] = (1, 1)) -> bytearray:
        """1 where a wall-like cell stands (for the corner rule, SRD-MOV-3),
        the whole map (cached)."""
        key = ("solid", solid_terrain, footprint)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        flags = bytearray(1 if solid_terrain[t] else 0 for t in self.terrain)
        if footprint[0] > 1 or footprint[1] > 1:
            offsets = [dy * self.stride + dx for dx, dy in footprint_offsets(footprint)]
            size = len(flags)
            flags = bytearray(
                1 if any(i + o < size and flags[i + o] for o in offsets) else 0 for i in range(size)
            )
        self.cache[key] = flags
        return flags

    def solid_at(self, solid_terrain: tuple[bool, ...], footprint: tuple[int, int], index: int) -> int:
        """``solid(solid_terrain, footprint)[index]`` without the whole-map list."""
        if footprint == (1, 1):
            return 1 if solid_terrain[self.terrain_at(index)] else 0
        size, stride = self.size, self.stride
        for dx, dy in footprint_offsets(footprint):
            j = index + dy * stride + dx
            if j < size and solid_terrain[self.terrain_at(j)]:
                return 1
        return 0


def layout(grid: Grid) -> Layout:
    """The flattened form of ``grid``, made once and kept on the (immutable)
    grid; constant time (its tables are built when first read)."""
    cached = grid.__dict__.get("_layout")
    if cached is not None:
        return cached
    walls = tuple(e.cells for e in grid.edges if e.feature.blocks_movement)
    result = Layout(grid.width, grid.height, grid.width + 2, grid.rows, walls=walls)
    object.__setattr__(grid, "_layout", result)
    return result
