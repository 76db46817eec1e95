"""Areas on the map: radius, zone, cone, line, weapon patterns, explosions.

Every function returns an :class:`Area` of ``(x, y)`` cells; pass a grid
to :meth:`Area.clip` (or ``grid=`` to the builders) to drop cells off the
map (EQ-MAP-1: an area cut by the map edge counts only cells on the map).
Distances are in cells: Chebyshev for ``equestria``, ``tactical_d10`` and
``power_roll`` (every step 1, EQ-MOV-2), 1-2-1-2 for ``srd35`` (SRD-MOV-2).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
import math
from typing import Any

from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.board.grid import Cell, Grid, distance
from core.board.geometry.sight import crossed_cells

#: The eight facings, clockwise from north; ``(dx, dy)`` with y growing down.
DIRECTIONS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@dataclass(frozen=True)
class ConeSettings:
    """EQ-GEN-3 DEFAULT: one 90-degree angle; small length 3, large length 6."""

    angle: int = 90
    small_length: int = 3
    large_length: int = 6

    @classmethod
    def of(cls, settings: Any) -> ConeSettings:
        """The cones of a ruleset's settings (``cone_angle``, ``small_cone_length``,
        ``large_cone_length`` of :class:`core.rulesets.common.CommonSettings`: house rules)."""
        return cls(int(settings.cone_angle), int(settings.small_cone_length), int(settings.large_cone_length))


@dataclass(frozen=True)
class Area:
    """A set of cells (sorted, row by row) and where it came from."""

    cells: tuple[Cell, ...]
    kind: str = ""

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in set(self.cells)

    def clip(self, grid: Grid) -> Area:
        """Only the cells on ``grid`` (EQ-MAP-1)."""
        return Area(tuple(c for c in self.cells if grid.contains(c)), self.kind)

    def hits(self, combatants: Iterable[Combatant]) -> tuple[Combatant, ...]:
        """Combatants with any cell of their footprint inside the area."""
        inside = set(self.cells)
        return tuple(c for c in combatants if any(cell in inside for cell in c.cells))


def _area(cells: Iterable[Cell], kind: str, grid: Grid | None) -> Area:
    unique = sorted(set(cells), key=lambda c: (c[1], c[0]))
    area = Area(tuple(unique), kind)
    return area.clip(grid) if grid is not None else area


def sheltered(origin: Cell, cells: Iterable[Cell], grid: Grid | None) -> list[Cell]:
    """``cells`` less those an area spreading from ``origin`` cannot reach
    past the map's thin walls, shut doors and windows (:mod:`core.board.edges`:
    an explosion does not pass a closed door): the cells joined to
    ``origin`` by steps inside the area that cross no such edge (a diagonal
    step needs one way round the corner open). Unchanged on a map without
    edges."""
    cells = list(cells)
    if grid is None or not grid.edges:
        return cells
    inside = {c for c in cells if grid.contains(c)} | {origin}
    edges = grid.edge_map
    seen = {origin}
    todo = [origin]
    while todo:
        x, y = todo.pop()
        for dx, dy in DIRECTIONS:
            n = (x + dx, y + dy)
            if n in inside and n not in seen and not edges.step_blocked((x, y), n, "effect"):
                seen.add(n)
                todo.append(n)
    return [c for c in cells if c in seen]


def radius(center: Cell, n: int, grid: Grid | None = None) -> Area:
    """Rule EQ-MAP-1: radius N is the (2N+1) x (2N+1) square centred on
    ``center``: radius 0 -> 1 cell, 1 -> 9, 2 -> 25."""
    if n < 0:
        raise IllegalCommand(f"a radius cannot be negative ({n})", "EQ-MAP-1")
    x, y = center
    cells = sheltered(center, ((x + dx, y + dy) for dy in range(-n, n + 1) for dx in range(-n, n + 1)), grid)
    return _area(cells, f"radius {n}", grid)


def zone(corner: Cell, width: int, height: int, rotated: bool = False, grid: Grid | None = None) -> Area:
    """Rule EQ-MAP-2: zone W*H, a rectangle with top-left ``corner``;
    ``rotated`` swaps the sides (3*6 covers what 6*3 covers, turned)."""
    if width < 1 or height < 1:
        raise IllegalCommand(f"a zone needs sides of at least 1 cell, not {width}*{height}", "EQ-MAP-2")
    if rotated:
        width, height = height, width
    x, y = corner
    return _area(((x + dx, y + dy) for dy in range(height) for dx in range(width)), f"zone {width}*{height}", grid)


def cone(origin: Cell, facing: Cell, length: int, grid: Grid | None = None, settings: ConeSettings | None = None) -> Area:
    """Rule EQ-GEN-3 (DEFAULT 90 degrees): cells up to ``length`` cells
    (Chebyshev) from ``origin`` within 45 degrees either side of ``facing``
    (one of :data:`DIRECTIONS`); the origin is not in the cone. Length 3
    covers 15 cells either way: facing east 3 + 5 + 7, facing south-east
    the 4 x 4 quadrant square without the origin."""
    s = settings or ConeSettings()
    if facing not in DIRECTIONS:
        raise IllegalCommand(f"a cone faces one of the 8 directions, not {facing}", "EQ-GEN-3")
    half = s.angle / 2
    fx, fy = facing
    cells = []
    x0, y0 = origin
    for dy in range(-length, length + 1):
        for dx in range(-length, length + 1):
            if (dx, dy) == (0, 0):
                continue
            if _angle_between((dx, dy), (fx, fy)) <= half + 1e-9:
                cells.append((x0 + dx, y0 + dy))
    return _area(sheltered(origin, cells, grid), f"cone {length}", grid)


def small_cone(origin: Cell, facing: Cell, grid: Grid | None = None, settings: ConeSettings | None = None) -> Area:
    """EQ-GEN-3: the small cone (DEFAULT length 3)."""
    s = settings or ConeSettings()
    return cone(origin, facing, s.small_length, grid, s)


def large_cone(origin: Cell, facing: Cell, grid: Grid | None = None, settings: ConeSettings | None = None) -> Area:
    """EQ-GEN-3: the large cone (DEFAULT length 6)."""
    s = settings or ConeSettings()
    return cone(origin, facing, s.large_length, grid, s)


def _angle_between(v: Cell, w: Cell) -> float:
    a = math.atan2(v[1], v[0]) - math.atan2(w[1], w[0])
    a = abs((a + math.pi) % (2 * math.pi) - math.pi)
    return math.degrees(a)


def line(origin: Cell, target: Cell, length: int | None = None, grid: Grid | None = None) -> Area:
    """A line from ``origin`` (excluded) towards ``target``: the cells the
    straight segment between their centres passes through, continued to
    ``length`` cells (Chebyshev) when given, else ending at ``target``."""
    if origin == target:
        raise IllegalCommand("a line needs a target other than its origin")
    if length is None:
        cells = crossed_cells(origin, target)[1:]
    else:
        d = distance(origin, target)
        scale = -(-length // d)
        far = (origin[0] + (target[0] - origin[0]) * scale, origin[1] + (target[1] - origin[1]) * scale)
        cells = [c for c in crossed_cells(origin, far)[1:] if distance(origin, c) <= length]
    if grid is not None and grid.edges:  # a line stops at the first wall, shut door or window it meets
        edges, kept, here = grid.edge_map, [], origin
        for c in cells:
            if edges.step_blocked(here, c, "effect"):
                break
            kept.append(c)
            here = c
        cells = kept
    return _area(cells, "line", grid)


class Weapon(Enum):
    """Weapon area patterns of TAC-ATK-2."""

    BLUDGEONING = "bludgeoning"
    SLASHING = "slashing"
    CHOPPING = "chopping"
    PIERCING = "piercing"


def weapon_pattern(kind: Weapon, origin: Cell, facing: Cell, side: int = 1, grid: Grid | None = None) -> Area:
    """Rule TAC-ATK-2, cells an attack with this damage type hits, facing
    ``facing`` (one of :data:`DIRECTIONS`): bludgeoning the 5 cells in front
    and around (front three and both sides), slashing the 3 in front,
    chopping 2 in front (straight ahead and the front cell on ``side``
    +1 clockwise / -1 counter-clockwise, DEFAULT), piercing 2 in a straight
    line. Extra targets share the damage and each needs its own check."""
    if facing not in DIRECTIONS:
        raise IllegalCommand(f"an attack faces one of the 8 directions, not {facing}", "TAC-ATK-2")
    k = DIRECTIONS.index(facing)
    x, y = origin

    def at(turn: int, reach: int = 1) -> Cell:
        dx, dy = DIRECTIONS[(k + turn) % 8]
        return (x + dx * reach, y + dy * reach)

    if kind is Weapon.BLUDGEONING:
        cells = [at(-2), at(-1), at(0), at(1), at(2)]
    elif kind is Weapon.SLASHING:
        cells = [at(-1), at(0), at(1)]
    elif kind is Weapon.CHOPPING:
        cells = [at(0), at(1 if side >= 0 else -1)]
    else:
        cells = [at(0, 1), at(0, 2)]
    return _area(cells, kind.value, grid)


def explosion(epicentre: Cell, n: int, grid: Grid | None = None) -> dict[Cell, int]:
    """TAC-DMG-2 explosive damage has an epicentre: the radius-``n`` area
    (EQ-MAP-1) around ``epicentre`` with each cell's ring (0 = epicentre,
    Chebyshev distance), so a caller can scale damage by distance."""
    area = radius(epicentre, n, grid)
    return {c: distance(epicentre, c) for c in area.cells}
