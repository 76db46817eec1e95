"""Where a combatant can go: cheapest paths and reachable cells.

Dijkstra over the eight neighbours of a cell, each step priced by the
ruleset (``equestria``: rule EQ-MOV-2, every step 1, terrain may cost more).
Cells held by allies can be passed but not ended in; cells held by enemies
block (DEFAULT for ``equestria``). Queries never change the encounter.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass

from core.combatant import Combatant, Side
from core.errors import IllegalCommand, MoveRefused
from core.grid import Cell, Grid
from core.rulesets.base import Ruleset

NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@dataclass(frozen=True)
class Path:
    """A legal path: ``cells`` from the start (excluded) to the goal
    (included), and its ``cost`` in movement (cells of walk)."""

    cells: tuple[Cell, ...]
    cost: int


def _occupants(combatants: tuple[Combatant, ...], mover: Combatant) -> dict[Cell, Combatant]:
    return {c.position: c for c in combatants if c.position is not None and c.id != mover.id and not c.defeated}


def _blocks(mover: Combatant, other: Combatant) -> bool:
    """Allies let a mover through; anyone else blocks."""
    return not (mover.side is other.side and mover.side is not Side.NEUTRAL)


def _search(
    grid: Grid,
    ruleset: Ruleset,
    mover: Combatant,
    combatants: tuple[Combatant, ...],
    budget: int | None,
    goal: Cell | None = None,
) -> tuple[dict[Cell, int], dict[Cell, Cell]]:
    start = mover.position
    assert start is not None
    occupants = _occupants(combatants, mover)
    best: dict[Cell, int] = {start: 0}
    came_from: dict[Cell, Cell] = {}
    cost_cache: dict[str, int | None] = {}
    queue: list[tuple[int, Cell]] = [(0, start)]
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > best.get(cell, cost):
            continue
        if cell == goal:
            break
        x, y = cell
        for dx, dy in NEIGHBOURS:
            nxt = (x + dx, y + dy)
            if not grid.contains(nxt):
                continue
            terrain_id = grid.rows[nxt[1]][nxt[0]]
            if terrain_id not in cost_cache:
                try:
                    cost_cache[terrain_id] = ruleset.step_cost(mover, grid.terrain(nxt))
                except IllegalCommand:
                    cost_cache[terrain_id] = None
            step = cost_cache[terrain_id]
            if step is None:
                continue
            other = occupants.get(nxt)
            if other is not None and _blocks(mover, other):
                continue
            new_cost = cost + step
            if budget is not None and new_cost > budget:
                continue
            if new_cost < best.get(nxt, new_cost + 1):
                best[nxt] = new_cost
                came_from[nxt] = cell
                heapq.heappush(queue, (new_cost, nxt))
    return best, came_from


def reachable(
    grid: Grid, ruleset: Ruleset, mover: Combatant, combatants: tuple[Combatant, ...], budget: int
) -> Mapping[Cell, int]:
    """Cells ``mover`` can end its move in with ``budget`` movement, with
    their cost. Occupied cells are left out; the start cell costs 0."""
    best, _ = _search(grid, ruleset, mover, combatants, budget)
    occupied = _occupants(combatants, mover)
    return {cell: cost for cell, cost in best.items() if cell not in occupied}


def find_path(
    grid: Grid, ruleset: Ruleset, mover: Combatant, combatants: tuple[Combatant, ...], goal: Cell
) -> Path:
    """The cheapest legal path for ``mover`` to ``goal`` (any length).

    Raises :class:`MoveRefused` with the reason when the goal is off the
    map, cannot be entered, is occupied or cannot be reached.
    """
    if mover.position is None:
        raise MoveRefused(f"{mover.name} is not on the map", goal)
    if not grid.contains(goal):
        raise MoveRefused(f"({goal[0]}, {goal[1]}) is off the {grid.width}x{grid.height} map", goal)
    if goal == mover.position:
        raise MoveRefused(f"{mover.name} is already there", goal)
    try:
        ruleset.step_cost(mover, grid.terrain(goal))
    except IllegalCommand as refusal:
        raise MoveRefused(f"cannot move there: {refusal}", goal) from None
    other = _occupants(combatants, mover).get(goal)
    if other is not None:
        raise MoveRefused(f"that cell is occupied by {other.name}", goal)
    best, came_from = _search(grid, ruleset, mover, combatants, None, goal)
    if goal not in best:
        raise MoveRefused(f"no way for {mover.name} to get there", goal)
    cells = [goal]
    while cells[-1] in came_from and came_from[cells[-1]] != mover.position:
        cells.append(came_from[cells[-1]])
    return Path(tuple(reversed(cells)), best[goal])
