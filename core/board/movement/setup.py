"""What one movement query works on, and the paths built from its search.

:func:`setup_query` turns the map, the mover and the creatures around it into
a :class:`Setup`: the mover's entry costs (a :class:`~core.board.movement.tables.CostView`,
read per cell: no whole-map table), the cells others block or let it pass,
its start. :func:`run_search` runs the Dijkstra search that fits its rules;
:func:`build_path` makes a :class:`Path` of the search's steps. Cells are
``(x, y)``; costs in the ruleset's movement unit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from core.values.combatant import Combatant
from core.errors import IllegalCommand, MoveRefused
from core.board.grid import Cell, Grid
from core.values.mobility import MoveType, footprint_offsets
from core.board.movement.engine import search_alternate, search_same, search_walled
from core.board.movement.layout import Layout, layout
from core.board.movement.model import MoveOptions, MovementModel, Passage, StepRules, model_for
from core.board.movement.tables import CostView, SolidView

NO_OPTIONS = MoveOptions()


@dataclass(frozen=True)
class Path:
    """A legal path: ``cells`` from the start (excluded) to the goal
    (included), its total ``cost`` and ``step_costs`` (one per cell) in the
    ruleset's movement unit, the movement type, and ``parity``: 1 when an
    odd number of plain diagonals was taken (SRD-MOV-2; feed it to the next
    move of the same turn as ``MoveOptions.start_parity``)."""

    cells: tuple[Cell, ...]
    cost: int
    step_costs: tuple[int, ...] = ()
    move: MoveType = MoveType.WALK
    parity: int = 0


@dataclass
class Setup:
    """One query's inputs, in flat indices of ``lay``: ``base`` the mover's
    entry costs with the bodies it may cross (SRD-MOV-15), ``costs`` the
    same with the ``blocked`` anchors shut; ``nostop`` anchors it may pass but
    not end in; ``occupant`` who stands at an anchor; ``start`` its anchor."""

    model: MovementModel
    rules: StepRules
    lay: Layout
    costs: CostView
    base: CostView
    blocked: set[int]
    nostop: set[int]
    occupant: dict[int, Combatant]
    footprint: tuple[int, int]
    start: int
    grid: Grid


def setup_query(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant],
                move: MoveType | None, options: MoveOptions) -> Setup:
    """The :class:`Setup` of ``mover`` moving by ``move`` (its layer's default
    when ``None``) among ``combatants``; raises :class:`MoveRefused` when it
    is not on the map or cannot move that way. Reads no whole-map table."""
    if mover.position is None:
        raise MoveRefused(f"{mover.name} is not on the map", (0, 0))
    model = model_for(ruleset)
    move = move or model.default_move(mover)
    try:
        rules = model.rules(mover, move, grid.ceiling, options)
    except MoveRefused:
        raise
    except IllegalCommand as refusal:
        raise MoveRefused(str(refusal.args[0]).removesuffix(f" ({refusal.rule})"), mover.position, refusal.rule) from None
    lay = layout(grid)
    footprint = (max(1, mover.space[0]), max(1, mover.space[1]))
    size = lay.size
    offsets = footprint_offsets(footprint)
    blocked: set[int] = set()
    nostop: set[int] = set()
    occupant: dict[int, Combatant] = {}
    bodies: dict[int, int] = {}  # anchor -> doublings of a body crossed (SRD-MOV-15)
    for other in combatants:
        if other.id == mover.id or other.position is None:
            continue
        passage = model.passage(mover, other, options)
        doublings = model.body_doublings(mover, other)
        if doublings and passage is not Passage.BLOCK:
            bodies.update({a: max(bodies.get(a, 0), doublings) for a in _anchors(lay, other, offsets, size)})
        if passage is Passage.SHARE:
            continue
        for cx, cy in other.cells:
            for dx, dy in offsets:
                anchor = lay.index((cx - dx, cy - dy))
                if 0 <= anchor < size:
                    occupant.setdefault(anchor, other)
                    (blocked if passage is Passage.BLOCK else nostop).add(anchor)
    base = CostView(lay, rules.costs, footprint)
    if bodies:
        crossed = {}
        for anchor, doublings in bodies.items():
            cost = base[anchor]
            if cost is not None:
                crossed[anchor] = cost * 2 ** doublings
        base = CostView(lay, rules.costs, footprint, crossed)
    costs = base.with_overrides(dict.fromkeys(blocked)) if blocked else base
    return Setup(model, rules, lay, costs, base, blocked, nostop, occupant, footprint, lay.index(mover.position), grid)


def _anchors(lay: Layout, other: Combatant, offsets: Iterable[tuple[int, int]], size: int) -> list[int]:
    """Anchors (flat indices) where a mover of footprint ``offsets`` overlaps ``other``."""
    found = []
    for cx, cy in other.cells:
        for dx, dy in offsets:
            anchor = lay.index((cx - dx, cy - dy))
            if 0 <= anchor < size:
                found.append(anchor)
    return found


def solid_view(s: Setup) -> SolidView:
    """The corner rule's solid cells for the query's mover (SRD-MOV-3)."""
    return SolidView(s.lay, s.rules.solid, s.footprint)


def run_search(s: Setup, sources: dict[int, int], budget: int | None, goal: int = -1,
               settle: int = 1) -> tuple[dict[int, int], dict[int, int]]:
    """The Dijkstra search of :mod:`core.board.movement.engine` that fits the
    query's rules (thin walls, SRD-MOV-2 diagonals or neither), from
    ``sources`` (state -> cost): ``(best, came_from)`` by state. Works on
    the whole map's lists (built on first use, then kept on the layout)."""
    solid = s.lay.solid(s.rules.solid, s.footprint) if s.rules.corner != "any" else bytearray()
    costs = s.costs.full()
    if s.lay.walls:  # thin walls, doors, windows: the search that steps round them
        return search_walled(costs, s.lay.stride, solid, s.rules.corner, s.lay.leave(s.footprint), s.rules.diagonal,
                             sources, budget, goal, settle)
    if s.rules.diagonal == "alternate":
        return search_alternate(costs, s.lay.stride, solid, s.rules.corner, sources, budget, goal, settle)
    return search_same(costs, s.lay.stride, solid, s.rules.corner, sources, budget, goal)


def check_target(grid: Grid, s: Setup, mover: Combatant | None, target: Cell, is_goal: bool) -> None:
    model = s.model
    for dx, dy in footprint_offsets(s.footprint):
        cell = (target[0] + dx, target[1] + dy)
        if not grid.contains(cell):
            raise MoveRefused(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map", target, model.blocked_rule)
        t = s.lay.terrain_at(s.lay.index(cell))
        if s.rules.costs[t] is None:
            reason, rule = s.rules.refusals[t]  # type: ignore[misc]
            raise MoveRefused(f"cannot move there: {reason}", target, rule)
    index = s.lay.index(target)
    other = s.occupant.get(index)
    if other is not None and (is_goal or index not in s.nostop):
        raise MoveRefused(f"that cell is occupied by {other.name}", target, model.occupied_rule)


def chain(came: dict[int, int], end: int) -> list[int]:
    """The states from a search's source to ``end`` along ``came`` (state -> previous state)."""
    states = [end]
    while states[-1] in came:
        states.append(came[states[-1]])
    states.reverse()
    return states


def build_path(s: Setup, legs: list[tuple[dict[int, int], int]], total: int) -> Path:
    """A :class:`Path` from search legs given last leg first as ``(came_from, end state)``;
    each earlier leg ends in the state the next one started from."""
    states: list[int] = []
    for came, end in legs:
        leg = chain(came, end)
        states = leg + states[1:] if states else leg
    alternate = s.rules.diagonal == "alternate"
    cells = tuple(s.lay.cell(st >> 1 if alternate else st) for st in states[1:])
    steps = tuple(cost_of_step(s, a, b) for a, b in zip(states, states[1:]))
    parity = states[-1] & 1 if alternate else 0
    return Path(cells, total, steps, s.rules.move, parity)


def cost_of_step(s: Setup, a: int, b: int) -> int:
    """The cost of the step from state ``a`` to the neighbouring state ``b``
    (SRD-MOV-2: a plain diagonal costs 1 or 2 by the parity of ``a``)."""
    if s.rules.diagonal != "alternate":
        return s.costs[b]  # type: ignore[return-value]
    i, p = divmod(a, 2)
    j, _ = divmod(b, 2)
    m = s.costs[j]
    dx = abs(s.lay.cell(i)[0] - s.lay.cell(j)[0])
    dy = abs(s.lay.cell(i)[1] - s.lay.cell(j)[1])
    if dx and dy:
        return 1 + p if m == 1 else m * 3 // 2  # type: ignore[operator]
    return m  # type: ignore[return-value]

