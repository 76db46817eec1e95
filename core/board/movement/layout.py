"""The battle map flattened for the search: terrain indices in a padded list.

:func:`layout` builds it once per :class:`~core.board.grid.Grid` (cached); the
search in :mod:`core.board.movement.engine` and the bitboard in
:mod:`core.board.movement.bitboard` work on its flat indices.
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


@dataclass
class Layout:
    """A grid flattened with a one-cell border: index ``(y + 1) * stride + x + 1``."""

    width: int
    height: int
    stride: int
    terrain: list[int]
    cache: dict = field(default_factory=dict)
    #: Cell pairs (west or north first) with an edge between them that
    #: blocks movement (:mod:`core.board.edges`); empty on most maps.
    walls: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()

    def index(self, cell: tuple[int, int]) -> int:
        return (cell[1] + 1) * self.stride + cell[0] + 1

    def cell(self, index: int) -> tuple[int, int]:
        y, x = divmod(index, self.stride)
        return (x - 1, y - 1)

    def costs(self, table: tuple[int | None, ...], footprint: tuple[int, int] = (1, 1)) -> list[int | None]:
        """Entry cost per flat index for a cost ``table`` (per terrain index).

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
            for anchor in self._straddling(footprint):
                base[anchor] = None  # no thin wall through a creature's space
        if len(self.cache) > 32:
            self.cache.clear()
        self.cache[key] = base
        return base

    def _straddling(self, footprint: tuple[int, int]) -> set[int]:
        """Anchors where a creature of ``footprint`` would have a blocking
        edge inside its space."""
        w, h = footprint
        out: set[int] = set()
        for (ax, ay), (bx, by) in self.walls:
            # anchors (x, y) whose footprint holds both cells
            for y in range(max(ay, by) - h + 1, min(ay, by) + 1):
                for x in range(max(ax, bx) - w + 1, min(ax, bx) + 1):
                    if -1 <= x <= self.width and -1 <= y <= self.height:
                        out.add(self.index((x, y)))
        return out

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
        flags = bytearray(len(self.terrain))
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
        """1 where a wall-like cell stands (for the corner rule, SRD-MOV-3)."""
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


def layout(grid: Grid) -> Layout:
    """The flattened form of ``grid``, built once and kept on the (immutable) grid."""
    cached = grid.__dict__.get("_layout")
    if cached is not None:
        return cached
    stride = grid.width + 2
    terrain = [OFF_MAP] * (stride * (grid.height + 2))
    for y, row in enumerate(grid.rows):
        base = (y + 1) * stride + 1
        terrain[base : base + len(row)] = [TERRAIN_INDEX[t] for t in row]
    walls = tuple(e.cells for e in grid.edges if e.feature.blocks_movement)
    result = Layout(grid.width, grid.height, stride, terrain, walls=walls)
    object.__setattr__(grid, "_layout", result)
    return result
