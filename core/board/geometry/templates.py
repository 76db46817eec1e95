"""Area templates the GM places on the map (EQ-MAP-1, EQ-MAP-2, EQ-GEN-3).

A :class:`Template` is a frozen value: a shape, its size and facing. It
answers what the map shows while it is placed: the cells it covers at the
cursor (:meth:`Template.cells`), who it hits (:meth:`Template.hits`), and the
template after a rotate or resize key (:meth:`Template.changed`). The areas
themselves are :mod:`core.board.geometry.areas`'.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from core.board.geometry.areas import DIRECTIONS, ConeSettings, large_cone, line, radius, small_cone, zone
from core.board.grid import Cell, Grid
from core.values.combatant import Combatant

#: (shape, what it is) in the order the GM chooses them.
SHAPES: tuple[tuple[str, str], ...] = (
    ("radius", "Radius N: a (2N+1) square (EQ-MAP-1)"),
    ("zone", "Zone W*H, either way round (EQ-MAP-2)"),
    ("small_cone", "Small cone (EQ-GEN-3)"),  # its angle and length: shapes(settings), house rules
    ("large_cone", "Large cone (EQ-GEN-3)"),
    ("line", "Line from the origin (N cells)"),
)

def shapes(settings: Any = None) -> tuple[tuple[str, str], ...]:
    """:data:`SHAPES` with the cones as a ruleset's ``settings`` play them
    (house rules ``cone_angle``, ``small_cone_length``, ``large_cone_length``)."""
    cones = ConeSettings() if settings is None else ConeSettings.of(settings)
    return tuple(
        (shape, f"{shape.replace('_', ' ').capitalize()}, {cones.angle} degrees, length {cones.small_length if shape == 'small_cone' else cones.large_length} (EQ-GEN-3)")
        if shape in _CONES else (shape, text)
        for shape, text in SHAPES
    )


#: A new template's size by shape (cells): radius 1, a 3*3 zone, a line of 6; cones have none.
START_SIZES = {"radius": 1, "zone": 3, "line": 6}

_FACINGS = "N NE E SE S SW W NW".split()
_CONES = ("small_cone", "large_cone")


@dataclass(frozen=True)
class Template:
    """An area being placed: ``shape`` (one of :data:`SHAPES`), ``size`` in
    cells (radius N, a line's length, or W of a W*H zone with ``height``),
    ``facing`` an index into :data:`~core.board.geometry.areas.DIRECTIONS`
    (0 north, clockwise; 2 east), ``origin`` the cell it was started from, ``cones`` their angle and lengths."""

    shape: str
    size: int
    facing: int = 2
    height: int = 3
    origin: Cell = (0, 0)
    cones: ConeSettings = ConeSettings()

    @classmethod
    def start(cls, shape: str, origin: Cell, settings: Any = None) -> Template:
        """A new ``shape`` template at ``origin``, at its :data:`START_SIZES`;
        its cones as a ruleset's ``settings`` play them (:meth:`ConeSettings.of`)."""
        cones = ConeSettings() if settings is None else ConeSettings.of(settings)
        return cls(shape, START_SIZES.get(shape, 0), origin=origin, cones=cones)

    def cells(self, cursor: Cell, grid: Grid) -> frozenset[Cell]:
        """The cells covered with the template at ``cursor`` (the radius'
        centre, the zone's corner, the cone's or line's origin), cut by the
        map edge (EQ-MAP-1). A zone facing a diagonal lies turned: H*W (EQ-MAP-2)."""
        direction = DIRECTIONS[self.facing % 8]
        if self.shape == "radius":
            area = radius(cursor, self.size, grid)
        elif self.shape == "zone":
            area = zone(cursor, self.size, self.height, rotated=self.facing % 2 == 1, grid=grid)
        elif self.shape == "small_cone":
            area = small_cone(cursor, direction, grid, self.cones)
        elif self.shape == "large_cone":
            area = large_cone(cursor, direction, grid, self.cones)
        else:
            far = (cursor[0] + direction[0] * self.size, cursor[1] + direction[1] * self.size)
            area = line(cursor, far, self.size, grid)
        return frozenset(area.cells)

    def hits(self, cursor: Cell, grid: Grid, combatants: Iterable[Combatant]) -> tuple[Combatant, ...]:
        """The combatants on the map with any cell of their footprint
        covered at ``cursor``, in ``combatants``' order."""
        covered = self.cells(cursor, grid)
        return tuple(c for c in combatants if c.position is not None and any(p in covered for p in c.cells))

    def changed(self, grow: int = 0, turn: int = 0) -> Template:
        """The template after ``grow`` (+1 bigger, -1 smaller) and ``turn``
        (eighths clockwise). A cone grows into the large cone and shrinks
        into the small one (EQ-GEN-3); a radius is at least 0, a zone or a
        line at least 1 cell."""
        facing = (self.facing + turn) % 8
        if self.shape in _CONES and grow:
            return replace(self, shape="large_cone" if grow > 0 else "small_cone", facing=facing)
        size = self.size + grow
        if self.shape == "radius":
            size = max(0, size)
        elif self.shape in ("zone", "line"):
            size = max(1, size)
        return replace(self, size=size, facing=facing)

    def label(self) -> str:
        """``radius 1``, ``zone 3*3``, ``small cone facing E``, ``line of 6 facing E``."""
        facing = _FACINGS[self.facing % 8]
        return {
            "radius": f"radius {self.size}",
            "zone": f"zone {self.size}*{self.height}" if self.facing % 2 == 0 else f"zone {self.height}*{self.size}",
            "small_cone": f"small cone facing {facing}",
            "large_cone": f"large cone facing {facing}",
            "line": f"line of {self.size} facing {facing}",
        }[self.shape]
