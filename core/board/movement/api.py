"""The queries: where a creature can go, and the cheapest path there.

Cells are ``(x, y)``; a creature bigger than one cell is placed by its
top-left cell (its ``position``). Costs are in the ruleset's movement unit
(:attr:`MovementModel.unit`: cells, squares or MP). Queries never change
anything; a move that cannot be made raises :class:`MoveRefused` naming the
rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from core.values.combatant import Combatant
from core.errors import IllegalCommand, MoveRefused
from core.board.edges import Feature
from core.board.grid import Cell, Grid
from core.values.mobility import MoveType, footprint_offsets
from core.board.movement.bitboard import reach_bits
from core.board.movement.engine import search_alternate, search_same, search_walled, walk_back
from core.board.movement.layout import Layout, layout
from core.board.movement.model import MoveOptions, MovementModel, Passage, StepRules, model_for
from core.board.geometry.sight import line_of_effect

_NO_OPTIONS = MoveOptions()


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
class _Setup:
    model: MovementModel
    rules: StepRules
    lay: Layout
    costs: list[int | None]
    base: list[int | None]
    blocked: set[int]
    nostop: set[int]
    occupant: dict[int, Combatant]
    footprint: tuple[int, int]
    start: int
    grid: Grid


def _setup(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant],
           move: MoveType | None, options: MoveOptions) -> _Setup:
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
    base = lay.costs(rules.costs, footprint)
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
            bodies.update({a: max(bodies.get(a, 0), doublings) for a in _anchors(lay, other, offsets, len(base))})
        if passage is Passage.SHARE:
            continue
        for cx, cy in other.cells:
            for dx, dy in offsets:
                anchor = lay.index((cx - dx, cy - dy))
                if 0 <= anchor < len(base):
                    occupant.setdefault(anchor, other)
                    (blocked if passage is Passage.BLOCK else nostop).add(anchor)
    if bodies:
        base = list(base)
        for anchor, doublings in bodies.items():
            if base[anchor] is not None:
                base[anchor] = base[anchor] * 2 ** doublings
    costs = base
    if blocked:
        costs = list(base)
        for anchor in blocked:
            costs[anchor] = None
    return _Setup(model, rules, lay, costs, base, blocked, nostop, occupant, footprint, lay.index(mover.position), grid)


def _anchors(lay: Layout, other: Combatant, offsets: Iterable[tuple[int, int]], size: int) -> list[int]:
    """Anchors (flat indices) where a mover of footprint ``offsets`` overlaps ``other``."""
    found = []
    for cx, cy in other.cells:
        for dx, dy in offsets:
            anchor = lay.index((cx - dx, cy - dy))
            if 0 <= anchor < size:
                found.append(anchor)
    return found


def _run(s: _Setup, sources: dict[int, int], budget: int | None, goal: int = -1, settle: int = 1):
    solid = s.lay.solid(s.rules.solid, s.footprint) if s.rules.corner != "any" else bytearray()
    if s.lay.walls:  # thin walls, doors, windows: the search that steps round them
        return search_walled(s.costs, s.lay.stride, solid, s.rules.corner, s.lay.leave(s.footprint), s.rules.diagonal,
                             sources, budget, goal, settle)
    if s.rules.diagonal == "alternate":
        return search_alternate(s.costs, s.lay.stride, solid, s.rules.corner, sources, budget, goal, settle)
    return search_same(s.costs, s.lay.stride, solid, s.rules.corner, sources, budget, goal)


def reachable(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], budget: int,
              move: MoveType | None = None, options: MoveOptions = _NO_OPTIONS) -> Mapping[Cell, int]:
    """Cells ``mover`` can end its move in with ``budget`` movement, mapped to
    their cost (unit of the ruleset). The start cell is included at 0;
    cells it may only pass through (allies) are left out. ``move`` defaults
    to the movement of its layer (walk, fly, swim, burrow)."""
    return reach(grid, ruleset, mover, combatants, budget, move, options).costs


def reach(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], budget: int | None,
          move: MoveType | None = None, options: MoveOptions = _NO_OPTIONS) -> Reach:
    """Like :func:`reachable` but keeps the search, so :meth:`Reach.path`
    previews the path to any reached cell without searching again (for the
    TUI: compute once per turn, then follow the cursor)."""
    combatants = tuple(combatants)
    s = _setup(grid, ruleset, mover, combatants, move, options)
    if s.rules.teleport:
        return _teleport_reach(grid, s, mover, budget)
    if s.lay.walls:
        result = _reach(s, options, budget)
        result.door_in_the_way = lambda target: _door_in_the_way(grid, ruleset, mover, combatants, target, move, options)
        return result
    return _reach(s, options, budget)


def _reach(s: _Setup, options: MoveOptions, budget: int | None) -> Reach:
    if s.rules.diagonal == "alternate":
        sources = {s.start * 2 + (options.start_parity & 1): 0}
    elif budget is not None and not s.lay.walls:
        solid = s.lay.solid(s.rules.solid, s.footprint) if s.rules.corner != "any" else bytearray()
        cells: dict[Cell, int] = {}
        reach_bits(s.lay, s.base, solid, s.rules.corner, s.start, max(0, budget), s.blocked, cells)
        return Reach(s, None, None, {}, cells)
    else:
        sources = {s.start: 0}
    best, came = _run(s, sources, budget)
    return Reach(s, best, came, sources)


class Reach:
    """The result of one reach search: ``costs`` maps each cell the mover
    may end in to its cheapest cost; :meth:`path` rebuilds the path."""

    def __init__(self, setup: _Setup, best: dict[int, int] | None, came: dict[int, int] | None, sources: dict[int, int],
                 cells: dict[Cell, int] | None = None) -> None:
        self._s = setup
        self._flat = best
        self._came = came
        self._sources = sources
        self._passed: dict[int, int] = {}  # cells passed through, not ended in (with ``cells``)
        self.door_in_the_way: Callable[[Cell], str] | None = None  # on a map with doors: which one shuts a cell off
        lay, nostop = setup.lay, setup.nostop
        costs: dict[Cell, int] = {}
        if cells is not None:  # best by flat index: made from the cells when a path is asked for
            costs = cells
            for i in nostop:
                cell = lay.cell(i)
                if cell in costs:
                    self._passed[i] = costs.pop(cell)
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
        """Cheapest cost by flat index (state), every cell reached."""
        if self._flat is None:
            index = self._s.lay.index
            self._flat = {index(cell): cost for cell, cost in self.costs.items()}
            self._flat.update(self._passed)
        return self._flat

    def path(self, goal: Cell) -> Path:
        """The cheapest path to ``goal`` found by this search (no new search:
        a cursor following the reach costs the path's length). Raises
        :class:`MoveRefused` when the goal was not reached: why the cell
        cannot be entered or stopped in (off the map, the terrain, a
        creature), else that it is out of reach."""
        s = self._s
        if goal not in self.costs:
            _check_target(s.grid, s, None, goal, True)
            door = self.door_in_the_way(goal) if s.lay.walls and self.door_in_the_way is not None else ""
            if door:
                raise MoveRefused(door, goal, s.model.blocked_rule)
            raise MoveRefused("out of reach", goal, s.model.budget_rule)
        index = s.lay.index(goal)
        if s.rules.teleport:
            return Path((goal,), self.costs[goal], (self.costs[goal],), MoveType.TELEPORT)
        if s.rules.diagonal == "alternate":
            end = min((st for st in (index * 2, index * 2 + 1) if st in self._best), key=self._best.__getitem__)
        else:
            end = index
        if self._came is None:
            solid = s.lay.solid(s.rules.solid, s.footprint) if s.rules.corner != "any" else bytearray()
            chain = walk_back(self._best, s.costs, s.lay.stride, solid, s.rules.corner, end)
            came = dict(zip(chain[1:], chain))
            return _build(s, [(came, end)], self._best[end])
        return _build(s, [(self._came, end)], self._best[end])


def _chain(came: dict[int, int], end: int) -> list[int]:
    states = [end]
    while states[-1] in came:
        states.append(came[states[-1]])
    states.reverse()
    return states


def _build(s: _Setup, legs: list[tuple[dict[int, int], int]], total: int) -> Path:
    """A :class:`Path` from search legs given last leg first as ``(came_from, end state)``;
    each earlier leg ends in the state the next one started from."""
    states: list[int] = []
    for came, end in legs:
        chain = _chain(came, end)
        states = chain + states[1:] if states else chain
    alternate = s.rules.diagonal == "alternate"
    cells = tuple(s.lay.cell(st >> 1 if alternate else st) for st in states[1:])
    steps = tuple(_step_cost(s, a, b) for a, b in zip(states, states[1:]))
    parity = states[-1] & 1 if alternate else 0
    return Path(cells, total, steps, s.rules.move, parity)


def _step_cost(s: _Setup, a: int, b: int) -> int:
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


def find_path(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], goal: Cell,
              waypoints: Sequence[Cell] = (), move: MoveType | None = None,
              options: MoveOptions = _NO_OPTIONS, budget: int | None = None) -> Path:
    """The cheapest legal path for ``mover`` to ``goal`` through ``waypoints``
    in order (the SRD-MOV-2 diagonal count carries through them).

    Raises :class:`MoveRefused` naming the rule when a target is off the
    map, cannot be entered, the goal is occupied, nothing leads there, or
    the cost exceeds ``budget`` (when given).
    """
    combatants = tuple(combatants)
    s = _setup(grid, ruleset, mover, combatants, move, options)
    model = s.model
    # a caller may give the cells as lists [x, y]: tuple() makes them cells
    targets = [cast(Cell, tuple(w)) for w in waypoints] + [cast(Cell, tuple(goal))]
    for target in targets:
        _check_target(grid, s, mover, target, target == targets[-1])
    if not waypoints and targets[-1] == mover.position:
        raise MoveRefused(f"{mover.name} is already there", targets[-1], model.budget_rule)
    if s.rules.teleport:
        result = _teleport_reach(grid, s, mover, budget)
        return result.path(targets[-1])
    alternate = s.rules.diagonal == "alternate"
    sources = {s.start * 2 + (options.start_parity & 1): 0} if alternate else {s.start: 0}
    legs: list[tuple[dict[int, int], int]] = []
    total = 0
    for n, target in enumerate(targets):
        index = s.lay.index(target)
        last = n == len(targets) - 1
        best, came = _run(s, sources, None, index, settle=1 if last else 2)
        ends = [st for st in ((index * 2, index * 2 + 1) if alternate else (index,)) if st in best]
        if not ends:
            door = _door_in_the_way(grid, ruleset, mover, combatants, target, move, options) if s.lay.walls else ""
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
        end = _chain(came, end)[0]
    path = _build(s, stitched, total)
    if budget is not None and path.cost > budget:
        raise MoveRefused(
            f"{mover.name} needs {path.cost} {model.unit} to get there and has {budget} left", targets[-1], model.budget_rule
        )
    return path


def _door_in_the_way(grid: Grid, ruleset: Any, mover: Combatant, combatants: tuple[Combatant, ...], target: Cell,
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
        for a, b in _steps_crossed(here, cell):  # type: ignore[arg-type]
            feature = grid.edge_feature(a, b)
            if feature is not None and feature.is_door and feature.blocks_movement:
                return f"the {feature.label} {_side_words(a, b)} is in the way"
        here = cell
    return ""


def _side_words(a: Cell, b: Cell) -> str:
    """``"east of (5, 2)"``: the side between orthogonal neighbours, named from the west or north one."""
    (x, y), horizontal = min(a, b, key=lambda c: (c[1], c[0])), a[1] == b[1]
    return f"{'east' if horizontal else 'south'} of ({x}, {y})"


def _steps_crossed(a: Cell, b: Cell) -> list[tuple[Cell, Cell]]:
    """The orthogonal cell pairs a step from ``a`` to the neighbour ``b`` may cross."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if not (dx and dy):
        return [(a, b)]
    return [(a, (a[0] + dx, a[1])), ((a[0] + dx, a[1]), b), (a, (a[0], a[1] + dy)), ((a[0], a[1] + dy), b)]


def _crosses_wall(s: _Setup, dx: int, dy: int) -> bool:
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
    for p, q in _steps_crossed(a, b):
        feature = edges.feature(p, q)
        if feature is not None and feature.blocks_movement:
            return MoveRefused(f"the {feature.label} {_side_words(p, q)} is in the way of {mover.name}", b, rule)
    return None


def _check_target(grid: Grid, s: _Setup, mover: Combatant | None, target: Cell, is_goal: bool) -> None:
    model = s.model
    for dx, dy in footprint_offsets(s.footprint):
        cell = (target[0] + dx, target[1] + dy)
        if not grid.contains(cell):
            raise MoveRefused(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map", target, model.blocked_rule)
        t = s.lay.terrain[s.lay.index(cell)]
        if s.rules.costs[t] is None:
            reason, rule = s.rules.refusals[t]  # type: ignore[misc]
            raise MoveRefused(f"cannot move there: {reason}", target, rule)
    index = s.lay.index(target)
    other = s.occupant.get(index)
    if other is not None and (is_goal or index not in s.nostop):
        raise MoveRefused(f"that cell is occupied by {other.name}", target, model.occupied_rule)


def _teleport_reach(grid: Grid, s: _Setup, mover: Combatant, budget: int | None) -> Reach:
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


def minimum_move(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant]) -> tuple[Cell, ...]:
    """Rule SRD-MOV-10: cells one full round always reaches: any adjacent
    cell, diagonal too, whatever its cost, unless blocked outright."""
    s = _setup(grid, ruleset, mover, tuple(combatants), MoveType.WALK, _NO_OPTIONS)
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
    s = _setup(grid, ruleset, mover, tuple(combatants), path.move, _NO_OPTIONS)
    for cell in reversed(path.cells):
        i = s.lay.index(cell)
        if i not in s.nostop and i not in s.occupant:
            return cell
    return mover.position  # type: ignore[return-value]


def check_step(grid: Grid, ruleset: Any, mover: Combatant, combatants: Iterable[Combatant], to: Cell,
               move: MoveType | None = None, options: MoveOptions = _NO_OPTIONS) -> int:
    """Cost of one step from ``mover``'s cell to the adjacent ``to`` (for
    moving cell by cell); raises :class:`MoveRefused` naming the rule: the
    terrain (EQ-MAP-4, SRD-MOV-6, TAC-MAP-1, PR-MOV-1), another creature
    (SRD-MOV-4 ...), or a diagonal past a wall's corner (SRD-MOV-3)."""
    s = _setup(grid, ruleset, mover, tuple(combatants), move, options)
    x, y = mover.position  # type: ignore[misc]
    dx, dy = to[0] - x, to[1] - y
    if max(abs(dx), abs(dy)) != 1:
        raise MoveRefused(f"({to[0]}, {to[1]}) is not next to {mover.name}", to, s.model.budget_rule)
    _check_target(grid, s, mover, to, False)
    if s.lay.walls and _crosses_wall(s, dx, dy):
        rule = "SRD-MOV-3" if dx and dy and s.rules.corner == "both" else s.model.blocked_rule
        refusal = _edge_refusal(grid, mover, (x, y), to, rule) if s.footprint == (1, 1) else None
        raise refusal or MoveRefused(f"a wall is in the way of {mover.name}", to, rule)
    if dx and dy and s.rules.corner != "any":
        solid = s.lay.solid(s.rules.solid, s.footprint)
        a, b = solid[s.lay.index((x + dx, y))], solid[s.lay.index((x, y + dy))]
        if (s.rules.corner == "both" and (a or b)) or (a and b):
            rule = "SRD-MOV-3" if s.rules.corner == "both" else s.model.blocked_rule
            raise MoveRefused(f"{mover.name} cannot move diagonally past the corner of a wall", to, rule)
    a_state = s.start * 2 + (options.start_parity & 1) if s.rules.diagonal == "alternate" else s.start
    b_index = s.lay.index(to)
    b_state = b_index * 2 if s.rules.diagonal == "alternate" else b_index
    return _step_cost(s, a_state, b_state)
