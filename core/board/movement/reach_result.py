"""The result of one reach search (:class:`Reach`): where the mover may end,
and the path to any of those cells without a new search."""

from __future__ import annotations

from collections.abc import Callable

from core.errors import MoveRefused
from core.board.grid import Cell, Grid
from core.values.combatant import Combatant
from core.values.mobility import MoveType
from core.board.movement.bitboard import BitReach, reach_window
from core.board.movement.model import MoveOptions
from core.board.movement.setup import Path, Setup, build_path, check_target, run_search, solid_view
from core.board.geometry.sight import line_of_effect


def reach_search(s: Setup, options: MoveOptions, budget: int | None) -> Reach:
    """Where the query's mover may go with ``budget`` (``None``: no limit):
    on bitboards over the budget's window when it can (no SRD-MOV-2
    diagonals, no thin walls), else by the Dijkstra search."""
    if s.rules.diagonal == "alternate":
        sources = {s.start * 2 + (options.start_parity & 1): 0}
    elif budget is not None and not s.lay.walls:
        found = reach_window(s.lay, s.base, solid_view(s), s.rules.corner, s.start, max(0, budget), s.blocked)
        return Reach(s, None, None, {}, found)
    else:
        sources = {s.start: 0}
    best, came = run_search(s, sources, budget)
    return Reach(s, best, came, sources)


class Reach:
    """The result of one reach search: ``costs`` maps each cell the mover
    may end in to its cheapest cost; :meth:`path` rebuilds the path."""

    def __init__(self, setup: Setup, best: dict[int, int] | None, came: dict[int, int] | None, sources: dict[int, int],
                 window: BitReach | None = None) -> None:
        self._s = setup
        self._flat = best
        self._came = came
        self._sources = sources
        self._window = window  # a bitboard reach: paths are walked back inside its window
        self.door_in_the_way: Callable[[Cell], str] | None = None  # on a map with doors: which one shuts a cell off
        lay, nostop = setup.lay, setup.nostop
        costs: dict[Cell, int] = {}
        if window is not None:
            costs = window.cells()
            for i in nostop:  # passed through, not ended in
                costs.pop(lay.cell(i), None)
        elif setup.rules.diagonal == "alternate":
            for state, cost in best.items():  # type: ignore[union-attr]
                i = state >> 1
                if i in nostop:
                    continue
                cell = lay.cell(i)
                if cost < costs.get(cell, cost + 1):
                    costs[cell] = cost
        else:
            stride = lay.stride
            costs = {(i % stride - 1, i // stride - 1): cost for i, cost in best.items() if i not in nostop}  # type: ignore[union-attr]
        self.costs: dict[Cell, int] = costs

    @property
    def _best(self) -> dict[int, int]:
        """Cheapest cost by flat index (state), every cell reached (a search's reach)."""
        return self._flat or {}

    def path(self, goal: Cell) -> Path:
        """The cheapest path to ``goal`` found by this search (no new search:
        a cursor following the reach costs the path's length). Raises
        :class:`MoveRefused` when the goal was not reached: why the cell
        cannot be entered or stopped in (off the map, the terrain, a
        creature), else that it is out of reach."""
        s = self._s
        if goal not in self.costs:
            check_target(s.grid, s, None, goal, True)
            door = self.door_in_the_way(goal) if s.lay.walls and self.door_in_the_way is not None else ""
            if door:
                raise MoveRefused(door, goal, s.model.blocked_rule)
            raise MoveRefused("out of reach", goal, s.model.budget_rule)
        window = self._window
        if window is not None:  # bitboards (no SRD-MOV-2 parity): each step costs the entry cost of the cell it enters
            end = window.bit(goal)
            entered = window.walk_back(end)[1:]
            steps = tuple(map(window.entry_costs().__getitem__, entered))
            return Path(window.cells_of(entered), window.by_bit[end], steps, s.rules.move)
        index = s.lay.index(goal)
        if s.rules.teleport:
            return Path((goal,), self.costs[goal], (self.costs[goal],), MoveType.TELEPORT)
        if s.rules.diagonal == "alternate":
            end = min((st for st in (index * 2, index * 2 + 1) if st in self._best), key=self._best.__getitem__)
        else:
            end = index
        return build_path(s, [(self._came or {}, end)], self._best[end])


def teleport_reach(grid: Grid, s: Setup, mover: Combatant, budget: int | None) -> Reach:
    """PR-TEL-1: free cells in line of effect within ``budget`` (Chebyshev
    cells), not the start; each costs its distance."""
    limit = budget if budget is not None else s.model.speed(mover, MoveType.TELEPORT)
    x0, y0 = mover.position  # type: ignore[misc]
    best: dict[int, int] = {}
    for y in range(max(0, y0 - limit), min(grid.height, y0 + limit + 1)):
        for x in range(max(0, x0 - limit), min(grid.width, x0 + limit + 1)):
            i = s.lay.index((x, y))
            if (x, y) == (x0, y0) or s.costs[i] is None or i in s.nostop or i in s.occupant:
                continue
            if line_of_effect(grid, (x0, y0), (x, y)):
                best[i] = max(abs(x - x0), abs(y - y0))
    return Reach(s, best, {}, {})

