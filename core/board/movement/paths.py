"""The cheapest legal path to a cell through waypoints (:func:`find_path`),
and which closed door shuts a cell off."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from core.values.combatant import Combatant
from core.errors import MoveRefused
from core.board.edges import Feature
from core.board.grid import Cell, Grid
from core.values.mobility import MoveType
from core.board.movement.model import MoveOptions
from core.board.movement.reach_result import teleport_reach
from core.board.movement.setup import NO_OPTIONS, Path, Setup, build_path, chain, check_target, run_search, setup_query
from core.board.movement.steps import side_words, steps_crossed


def find_path(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], goal: Cell,
              waypoints: Sequence[Cell] = (), move: MoveType | None = None,
              options: MoveOptions = NO_OPTIONS, budget: int | None = None) -> Path:
    """The cheapest legal path for ``mover`` to ``goal`` through ``waypoints``
    in order (the SRD-MOV-2 diagonal count carries through them).

    Raises :class:`MoveRefused` naming the rule when a target is off the
    map, cannot be entered, the goal is occupied, nothing leads there, or
    the cost exceeds ``budget`` (when given).
    """
    combatants = tuple(combatants)
    s = setup_query(grid, ruleset, mover, combatants, move, options)
    model = s.model
    # a caller may give the cells as lists [x, y]: tuple() makes them cells
    targets = [cast(Cell, tuple(w)) for w in waypoints] + [cast(Cell, tuple(goal))]
    for target in targets:
        check_target(grid, s, mover, target, target == targets[-1])
    if not waypoints and targets[-1] == mover.position:
        raise MoveRefused(f"{mover.name} is already there", targets[-1], model.budget_rule)
    if s.rules.teleport:
        result = teleport_reach(grid, s, mover, budget)
        return result.path(targets[-1])
    alternate = s.rules.diagonal == "alternate"
    key = (s.rules, s.footprint, frozenset(s.costs.overrides.items()), s.start, options.start_parity & 1 if alternate else 0, tuple(targets))
    path = s.lay.paths.get(key)
    if path is None:
        path = _search(grid, ruleset, mover, combatants, s, targets, move, options)
        s.lay.remember_path(key, path)
    if budget is not None and path.cost > budget:
        raise MoveRefused(
            f"{mover.name} needs {path.cost} {model.unit} to get there and has {budget} left", targets[-1], model.budget_rule
        )
    return path


def _search(grid: Grid, ruleset: Any, mover: Combatant, combatants: tuple[Combatant, ...], s: Setup, targets: list[Cell],
            move: MoveType | None, options: MoveOptions) -> Path:
    """The cheapest path of :func:`find_path` through ``targets`` (the last
    is the goal), with no budget: the search and its rebuilt path."""
    model = s.model
    alternate = s.rules.diagonal == "alternate"
    sources = {s.start * 2 + (options.start_parity & 1): 0} if alternate else {s.start: 0}
    legs: list[tuple[dict[int, int], int]] = []
    total = 0
    for n, target in enumerate(targets):
        index = s.lay.index(target)
        last = n == len(targets) - 1
        best, came = run_search(s, sources, None, index, settle=1 if last else 2)
        ends = [st for st in ((index * 2, index * 2 + 1) if alternate else (index,)) if st in best]
        if not ends:
            door = door_in_the_way(grid, ruleset, mover, combatants, target, move, options) if s.lay.walls else ""
            raise MoveRefused(f"no way for {mover.name} to get to ({target[0]}, {target[1]}){': ' + door if door else ''}", target, model.blocked_rule)
        if last:
            end = min(ends, key=best.__getitem__)
            total = best[end]
            legs.append((came, end))
        else:
            legs.append((came, -1))
            sources = {st: best[st] for st in ends}
    # rebuild backwards: each leg's chain starts at a source state of that leg
    stitched: list[tuple[dict[int, int], int]] = []
    end = legs[-1][1]
    for came, _ in reversed(legs):
        stitched.append((came, end))
        end = chain(came, end)[0]
    return build_path(s, stitched, total)


def door_in_the_way(grid: Grid, ruleset: Any, mover: Combatant, combatants: tuple[Combatant, ...], target: Cell,
                     move: MoveType | None, options: MoveOptions) -> str:
    """``"the closed door east of (5, 2) is in the way"`` when ``target`` could be
    reached with every door open (the first shut door on that way), else ``""``."""
    shut = {e.key: Feature.DOOR_OPEN for e in grid.edges if e.feature.is_door and e.feature.blocks_movement}
    if not shut:
        return ""
    try:
        path = find_path(grid.with_edges(shut), ruleset, mover, combatants, target, (), move, options)
    except MoveRefused:
        return ""
    here = mover.position
    for cell in path.cells:
        for a, b in steps_crossed(here, cell):  # type: ignore[arg-type]
            feature = grid.edge_feature(a, b)
            if feature is not None and feature.is_door and feature.blocks_movement:
                return f"the {feature.label} {side_words(a, b)} is in the way"
        here = cell
    return ""

