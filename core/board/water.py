"""How deep the water of a map cell is, in cells (1 cell = 1 m, the units DEFAULT).

The map draws water and deep water (EQ-MAP-4's lake, TAC-MAP-1); the seeds
never give their depth, so it is a ruleset setting (``water_depth`` 1,
``deep_water_depth`` 4, DEFAULTs of :class:`core.rulesets.common.CommonSettings`):
a dive goes down to it (EQ-MOV-7) and a fall into it lands softer (PR-FALL).
Other terrain keeps its own depth (:attr:`core.board.grid.Terrain.depth`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.board.grid import Cell, Grid

if TYPE_CHECKING:
    from core.rulesets.common import CommonSettings


def water_depth(grid: Grid, cell: Cell | None, settings: CommonSettings | None = None) -> int:
    """Cells of water at ``cell`` (0 off the map, on dry ground or with no
    cell): the terrain's depth, or for water and deep water the ruleset
    ``settings``' (``None``: the terrain's own DEFAULT, 1 and 4)."""
    if cell is None or not grid.contains(cell):
        return 0
    terrain = grid.terrain(cell)
    if settings is not None and terrain.id == "water":
        return settings.water_depth
    if settings is not None and terrain.id == "deep_water":
        return settings.deep_water_depth
    return terrain.depth
