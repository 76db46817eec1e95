"""The queries: where a creature can go, and the cheapest path there.

Cells are ``(x, y)``; a creature bigger than one cell is placed by its
top-left cell (its ``position``). Costs are in the ruleset's movement unit
(:attr:`MovementModel.unit`: cells, squares or MP). Queries never change
anything; a move that cannot be made raises :class:`MoveRefused` naming the
rule that forbids it. The parts: :mod:`~core.board.movement.setup` (what a
query works on), :mod:`~core.board.movement.reach_result`,
:mod:`~core.board.movement.paths`, :mod:`~core.board.movement.steps`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core.values.combatant import Combatant
from core.board.grid import Cell, Grid
from core.values.mobility import MoveType
from core.board.movement.model import MoveOptions, MovementModel
from core.board.movement.paths import door_in_the_way, find_path
from core.board.movement.reach_result import Reach, reach_search, teleport_reach
from core.board.movement.setup import NO_OPTIONS, Path, setup_query
from core.board.movement.steps import check_step, last_legal_stop, minimum_move

__all__ = ["MovementModel", "Path", "Reach", "check_step", "find_path", "last_legal_stop", "minimum_move", "reach", "reachable"]


def reachable(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], budget: int,
              move: MoveType | None = None, options: MoveOptions = NO_OPTIONS) -> Mapping[Cell, int]:
    """Cells ``mover`` can end its move in with ``budget`` movement, mapped to
    their cost (unit of the ruleset). The start cell is included at 0;
    cells it may only pass through (allies) are left out. ``move`` defaults
    to the movement of its layer (walk, fly, swim, burrow)."""
    return reach(grid, ruleset, mover, combatants, budget, move, options).costs


def reach(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], budget: int | None,
          move: MoveType | None = None, options: MoveOptions = NO_OPTIONS) -> Reach:
    """Like :func:`reachable` but keeps the search, so :meth:`Reach.path`
    previews the path to any reached cell without searching again (for the
    TUI: compute once per turn, then follow the cursor)."""
    combatants = tuple(combatants)
    s = setup_query(grid, ruleset, mover, combatants, move, options)
    if s.rules.teleport:
        return teleport_reach(grid, s, mover, budget)
    if s.lay.walls:
        result = reach_search(s, options, budget)
        result.door_in_the_way = lambda target: door_in_the_way(grid, ruleset, mover, combatants, target, move, options)
        return result
    return reach_search(s, options, budget)

