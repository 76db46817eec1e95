"""How deep the water of a map cell is, in cells (1 cell = 1 m, the units DEFAULT).

The map draws water and deep water (EQ-MAP-4's lake, TAC-MAP-1); the seeds
never give their depth. A GM paints a water cell's own depth with the map
brush (:attr:`core.board.grid.Grid.depths`); an unpainted one is as deep as
the ruleset's :class:`WaterSettings` say (``water_depth`` 1,
``deep_water_depth`` 4, DEFAULTs). Only the rulesets whose rules read a
depth hold those settings: equestria (a dive goes down to it, EQ-MOV-7) and
power_roll (a fall into liquid lands softer, PR-FALL-1); elsewhere the
terrain's own DEFAULT depth stands (:attr:`core.board.grid.Terrain.depth`).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.grid import Cell, Grid


@dataclass(frozen=True)
class WaterSettings:
    """The depth of an unpainted water cell, in cells, by its terrain."""

    # -- water (EQ-MOV-7, PR-FALL) --------------------------------------------
    water_depth: int = 1  # DEFAULT: cells deep of a water cell (EQ-MOV-7; PR-FALL: landing in liquid >= 1 deep)
    deep_water_depth: int = 4  # DEFAULT: cells deep of a deep-water cell (EQ-MOV-7: a dive goes down to it)


WATER_SETTINGS = ("water_depth", "deep_water_depth")
"""The fields of :class:`WaterSettings`: the house rules an older campaign of
a ruleset without them may still carry (they changed nothing there)."""


def water_depth(grid: Grid, cell: Cell | None, settings: object = None) -> int:
    """Cells of water at ``cell`` (0 off the map, on dry ground or with no
    cell): the depth the GM painted there, else for water and deep water the
    ruleset ``settings``' when they are :class:`WaterSettings` (else the
    terrain's DEFAULT, 1 and 4), else the terrain's depth."""
    if cell is None or not grid.contains(cell):
        return 0
    terrain = grid.terrain(cell)
    painted = grid.depth_at(cell) if terrain.depth else None
    if painted is not None:
        return painted
    if isinstance(settings, WaterSettings) and terrain.id == "water":
        return settings.water_depth
    if isinstance(settings, WaterSettings) and terrain.id == "deep_water":
        return settings.deep_water_depth
    return terrain.depth
