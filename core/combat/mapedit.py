"""Editing the battle map during play: paint terrain, set ground heights,
water depths and the ceiling, resize the map.

Handlers of :class:`core.combat.commands.PaintTerrain`,
:class:`core.combat.commands.SetGround`, :class:`core.combat.commands.SetWaterDepth`,
:class:`core.combat.commands.SetCeiling` and :class:`core.combat.commands.ResizeMap`. A change that would put a creature inside
a wall or off the map is refused with its name; nothing changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from core.combat import events as ev
from core.values import limits as lim
from core.errors import IllegalCommand
from core.board.grid import GROUND, TERRAINS, Grid
from core.board.water import water_depth

from core.combat.map_commands import PaintTerrain, ResizeMap, SetCeiling, SetGround, SetWaterDepth

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def paint(enc: Table, state: EncounterState, command: PaintTerrain) -> Result:
    """Set ``terrain`` on ``cells``; refuses unknown terrain, cells off the
    map, and movement-blocking terrain under a creature (EQ-MAP-4)."""
    terrain = TERRAINS.get(command.terrain)
    if terrain is None:
        raise IllegalCommand(f"unknown terrain {command.terrain!r}; use one of {', '.join(TERRAINS)}")
    if not command.cells:
        raise IllegalCommand("no cells to paint")
    grid: Grid = state.grid
    occupied = {cell: c for c in state.combatants for cell in c.cells}
    rows = [list(r) for r in grid.rows]
    changed = 0
    # a caller may give the cells as lists [x, y]: tuple() makes them cells
    for cell in dict.fromkeys(cast(tuple[int, int], tuple(c)) for c in command.cells):
        if not grid.contains(cell):
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map")
        if terrain.blocks_movement and cell in occupied:
            raise IllegalCommand(f"{occupied[cell].name} stands at ({cell[0]}, {cell[1]}); a {terrain.name} there would trap it", "EQ-MAP-4")
        if rows[cell[1]][cell[0]] != terrain.id:
            rows[cell[1]][cell[0]] = terrain.id
            changed += 1
    if not changed:
        raise IllegalCommand(f"those cells are already {terrain.name}")
    depths = tuple(e for e in grid.depths if TERRAINS[rows[e[0][1]][e[0][0]]].depth)  # dry land keeps no depth
    new_grid = Grid(tuple(tuple(r) for r in rows), grid.elevation, grid.ceiling, grid.edges, depths)
    return replace(state, grid=new_grid), (ev.TerrainPainted(terrain.id, changed),)


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalCommand(f"the {name} must be a whole number of cells from {low} to {high}, not {value!r}")
    return value


def set_ground(enc: Table, state: EncounterState, command: SetGround) -> Result:
    """Set the ground height of ``cells`` (EQ-MAP-3); refuses cells off the
    map, a height past :data:`core.values.limits.MAX_GROUND_HEIGHT` either
    way, and cells already at that height. A flat map gets its elevation
    layer here (0 everywhere else)."""
    height = _whole(command.height, "ground height", -lim.MAX_GROUND_HEIGHT, lim.MAX_GROUND_HEIGHT)
    if not command.cells:
        raise IllegalCommand("no cells to raise or lower")
    grid: Grid = state.grid
    layer = [list(r) for r in grid.elevation] if grid.elevation else [[0] * grid.width for _ in range(grid.height)]
    changed = 0
    for cell in dict.fromkeys(cast(tuple[int, int], tuple(c)) for c in command.cells):
        if not grid.contains(cell):
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map")
        if layer[cell[1]][cell[0]] != height:
            layer[cell[1]][cell[0]] = height
            changed += 1
    if not changed:
        raise IllegalCommand(f"those cells already stand {height} high")
    flat = all(h == 0 for row in layer for h in row)
    new_grid = replace(grid, elevation=() if flat else tuple(tuple(r) for r in layer))
    return replace(state, grid=new_grid), (ev.GroundSet(height, changed),)


def set_water_depth(enc: Table, state: EncounterState, command: SetWaterDepth) -> Result:
    """Paint the depth of water ``cells`` in cells (1 to
    :data:`core.values.limits.MAX_GROUND_HEIGHT`), or ``None``: back to the
    ruleset's depth for their terrain (:func:`core.board.water.water_depth`).
    Refuses cells off the map or not water, a creature under the water
    deeper than the new depth (bring it up first), and cells as deep already."""
    depth = None if command.depth is None else _whole(command.depth, "water depth", 1, lim.MAX_GROUND_HEIGHT)
    if not command.cells:
        raise IllegalCommand("no cells to deepen or make shallower")
    grid: Grid = state.grid
    painted = dict(grid.depths)
    changed = 0
    for cell in dict.fromkeys(cast(tuple[int, int], tuple(c)) for c in command.cells):
        if not grid.contains(cell):
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map")
        terrain = grid.terrain(cell)
        if not terrain.depth:
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is {terrain.name}, not water: paint water there first")
        if depth is not None:
            for c in state.combatants:
                if cell in c.cells and -c.altitude > depth:
                    raise IllegalCommand(f"{c.name} swims {-c.altitude} down at ({cell[0]}, {cell[1]}), below {depth}; bring it up first", "EQ-MOV-7")
        if painted.get(cell) != depth:
            if depth is None:
                del painted[cell]
            else:
                painted[cell] = depth
            changed += 1
    if not changed:
        raise IllegalCommand("that water is as deep already" if depth is not None else "that water has the ruleset's depth already")
    new_grid = replace(grid, depths=tuple(painted.items()))
    now = water_depth(new_grid, cast(tuple[int, int], tuple(command.cells[0])), enc.ruleset.settings)
    return replace(state, grid=new_grid), (ev.WaterDepthSet(depth, changed, now),)


def set_ceiling(enc: Table, state: EncounterState, command: SetCeiling) -> Result:
    """Set the map's ceiling in cells above the ground, or ``None`` for open
    sky (EQ-MOV-3: below 3 nobody flies); refuses 0 or less, more than
    :data:`core.values.limits.MAX_CEILING`, and the ceiling it already has,
    and one lower than a flier's altitude (land it first)."""
    ceiling = command.ceiling
    if ceiling is not None:
        ceiling = _whole(ceiling, "ceiling", 1, lim.MAX_CEILING)
    grid: Grid = state.grid
    if ceiling == grid.ceiling:
        raise IllegalCommand("the map is already under open sky" if ceiling is None else f"the ceiling is already {ceiling} high")
    if ceiling is not None:
        for combatant in state.combatants:
            if combatant.position is not None and combatant.altitude > ceiling:
                raise IllegalCommand(f"{combatant.name} flies at {combatant.altitude}, above a ceiling of {ceiling}; land it first")
    return replace(state, grid=replace(grid, ceiling=ceiling)), (ev.CeilingSet(ceiling, grid.ceiling),)


def resize(enc: Table, state: EncounterState, command: ResizeMap) -> Result:
    """Make the map ``width`` x ``height`` cells: new cells are open ground,
    cut cells are dropped; refuses a size over the limits of
    :mod:`core.values.limits` and one that would leave a creature off the map."""
    width, height = command.width, command.height
    for value, name, most in ((width, "width", lim.MAX_MAP_WIDTH), (height, "height", lim.MAX_MAP_HEIGHT)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            raise IllegalCommand(f"the map's {name} must be 1 to {most} cells, not {value!r}")
    if width * height > lim.MAX_MAP_CELLS:
        raise IllegalCommand(f"a {width}x{height} map has {width * height:,} cells; at most {lim.MAX_MAP_CELLS:,}")
    grid: Grid = state.grid
    if (width, height) == (grid.width, grid.height):
        raise IllegalCommand(f"the map is already {width}x{height}")
    for combatant in state.combatants:
        for x, y in combatant.cells:
            if x >= width or y >= height:
                raise IllegalCommand(f"{combatant.name} at ({x}, {y}) would be off a {width}x{height} map; move it first")
    rows = []
    for y in range(height):
        old = grid.rows[y] if y < grid.height else ()
        rows.append(tuple(old[x] if x < len(old) else GROUND.id for x in range(width)))
    elevation: tuple = ()
    if grid.elevation:
        elevation = tuple(
            tuple(grid.elevation[y][x] if y < grid.height and x < grid.width else 0 for x in range(width)) for y in range(height)
        )
    kept = tuple(e for e in grid.edges if all(c[0] < width and c[1] < height for c in e.cells))
    depths = tuple(e for e in grid.depths if e[0][0] < width and e[0][1] < height)
    new_grid = Grid(tuple(rows), elevation, grid.ceiling, kept, depths)
    return replace(state, grid=new_grid), (ev.MapResized(grid.width, grid.height, width, height),)


HANDLERS = {PaintTerrain: paint, ResizeMap: resize, SetGround: set_ground, SetWaterDepth: set_water_depth, SetCeiling: set_ceiling}
