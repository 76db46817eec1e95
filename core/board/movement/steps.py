"""One step at a time: the cost of a step, the cells a round always
reaches (SRD-MOV-10), where a move that cannot end in its last cell stops
(SRD-MOV-12), and the edges a step crosses."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.values.combatant import Combatant
from core.errors import MoveRefused
from core.board.grid import Cell, Grid
from core.values.mobility import MoveType
from core.board.movement.model import MoveOptions
from core.board.movement.setup import NO_OPTIONS, Path, Setup, check_target, setup_query, solid_view, cost_of_step


def side_words(a: Cell, b: Cell) -> str:
    """``"east of (5, 2)"``: the side between orthogonal neighbours, named from the west or north one."""
    (x, y), horizontal = min(a, b, key=lambda c: (c[1], c[0])), a[1] == b[1]
    return f"{'east' if horizontal else 'south'} of ({x}, {y})"


def steps_crossed(a: Cell, b: Cell) -> list[tuple[Cell, Cell]]:
    """The orthogonal cell pairs a step from ``a`` to the neighbour ``b`` may cross."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if not (dx and dy):
        return [(a, b)]
    return [(a, (a[0] + dx, a[1])), ((a[0] + dx, a[1]), b), (a, (a[0], a[1] + dy)), ((a[0], a[1] + dy), b)]


def _crosses_wall(s: Setup, dx: int, dy: int) -> bool:
    """Whether the step (``dx``, ``dy``) out of the mover's cell crosses a
    blocking edge, by the corner rule of :func:`core.board.movement.engine.search_walled`
    (``"both"``: either way round a corner shut by an edge refuses the diagonal)."""
    leave, i, stride = s.lay.leave(s.footprint), s.start, s.lay.stride
    vbit = 1 if dy < 0 else 8
    hbit = 2 if dx < 0 else 4
    if not dx:
        return bool(leave[i] & vbit)
    if not dy:
        return bool(leave[i] & hbit)
    shut_v = bool(leave[i] & vbit or leave[i + dy * stride] & hbit)
    shut_h = bool(leave[i] & hbit or leave[i + dx] & vbit)
    return (shut_v or shut_h) if s.rules.corner == "both" else (shut_v and shut_h)


def _edge_refusal(grid: Grid, mover: Combatant, a: Cell, b: Cell, rule: str) -> MoveRefused | None:
    """Why a one-cell mover cannot step from ``a`` to the neighbour ``b``
    across the map's edges (:mod:`core.board.edges`), or ``None``."""
    edges = grid.edge_map
    for p, q in steps_crossed(a, b):
        feature = edges.feature(p, q)
        if feature is not None and feature.blocks_movement:
            return MoveRefused(f"the {feature.label} {side_words(p, q)} is in the way of {mover.name}", b, rule)
    return None


def minimum_move(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant]) -> tuple[Cell, ...]:
    """Rule SRD-MOV-10: cells one full round always reaches: any adjacent
    cell, diagonal too, whatever its cost, unless blocked outright."""
    s = setup_query(grid, ruleset, mover, tuple(combatants), MoveType.WALK, NO_OPTIONS)
    x, y = mover.position  # type: ignore[misc]
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            i = s.lay.index((x + dx, y + dy))
            if (dx or dy) and s.costs[i] is not None and i not in s.nostop \
                    and not (s.lay.walls and grid.edge_map.step_blocked((x, y), (x + dx, y + dy))):
                out.append((x + dx, y + dy))
    return tuple(out)


def last_legal_stop(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], path: Path) -> Cell:
    """Rule SRD-MOV-12: where a creature ends when its path ends somewhere it
    cannot stop: the last cell of the path where stopping is legal (or its
    start)."""
    s = setup_query(grid, ruleset, mover, tuple(combatants), path.move, NO_OPTIONS)
    for cell in reversed(path.cells):
        i = s.lay.index(cell)
        if i not in s.nostop and i not in s.occupant:
            return cell
    return mover.position  # type: ignore[return-value]


def check_step(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], to: Cell,
               move: MoveType | None = None, options: MoveOptions = NO_OPTIONS) -> int:
    """Cost of one step from ``mover``'s cell to the adjacent ``to`` (for
    moving cell by cell); raises :class:`MoveRefused` naming the rule: the
    terrain (EQ-MAP-4, SRD-MOV-6, TAC-MAP-1, PR-MOV-1), another creature
    (SRD-MOV-4 ...), or a diagonal past a wall's corner (SRD-MOV-3)."""
    s = setup_query(grid, ruleset, mover, tuple(combatants), move, options)
    x, y = mover.position  # type: ignore[misc]
    dx, dy = to[0] - x, to[1] - y
    if max(abs(dx), abs(dy)) != 1:
        raise MoveRefused(f"({to[0]}, {to[1]}) is not next to {mover.name}", to, s.model.budget_rule)
    check_target(grid, s, mover, to, False)
    if s.lay.walls and _crosses_wall(s, dx, dy):
        rule = "SRD-MOV-3" if dx and dy and s.rules.corner == "both" else s.model.blocked_rule
        refusal = _edge_refusal(grid, mover, (x, y), to, rule) if s.footprint == (1, 1) else None
        raise refusal or MoveRefused(f"a wall is in the way of {mover.name}", to, rule)
    if dx and dy and s.rules.corner != "any":
        solid = solid_view(s)
        a, b = solid[s.lay.index((x + dx, y))], solid[s.lay.index((x, y + dy))]
        if (s.rules.corner == "both" and (a or b)) or (a and b):
            rule = "SRD-MOV-3" if s.rules.corner == "both" else s.model.blocked_rule
            raise MoveRefused(f"{mover.name} cannot move diagonally past the corner of a wall", to, rule)
    a_state = s.start * 2 + (options.start_parity & 1) if s.rules.diagonal == "alternate" else s.start
    b_index = s.lay.index(to)
    b_state = b_index * 2 if s.rules.diagonal == "alternate" else b_index
    return cost_of_step(s, a_state, b_state)
