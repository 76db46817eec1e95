"""Line of sight, line of effect, cover and flanking between cells and creatures.

A line runs between cell centres and touches the cells whose inside it
crosses (:func:`crossed_cells`; passing exactly through a corner touches
neither side cell), so sight is symmetric. Heights (EQ-MAP-3): a sight
line runs from ``ground elevation + altitude + eye height`` at each end; a
cell blocks it when its ground, plus the height of a sight-blocking
obstacle on it, stands above the line there. Cover (EQ-COV-1..2) is the
best grade among the obstacles and creatures the line crosses between the
two, never summed; burrowed creatures follow PR-BUR-1.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Iterable
from dataclasses import dataclass

from core.values.combatant import Combatant, Side
from core.board.grid import Cell, Cover, Grid, MoveKind, distance
from core.values.mobility import Layer


@dataclass(frozen=True)
class SightSettings:
    """DEFAULTs: where the eyes are and what creatures between give."""

    eye_height: int = 1  # DEFAULT: a medium creature is 2 tall (EQ-MAP-3), eyes at 1
    creature_cover: Cover = Cover.HALF  # EQ-COV-2: a creature, hostile or friendly
    burrowed_cover: Cover = Cover.HALF  # PR-BUR-1 (DEFAULT grade)
    flank_exact_middle: bool = True  # TAC-POS-2 "in the middle" (DEFAULT: equal distance)
    window_blocks_sight: bool = False  # DEFAULT: a window on a cell side lets sight through (core.board.edges)
    window_cover: Cover = Cover.FULL  # DEFAULT: as a glass wall (EQ-MAP-4): seen, not shot through
    cover_next_to_attacker: bool = False  # EQ-COV-1 DEFAULT (b): off; True is reading (a), a house rule

    @classmethod
    def of(cls, settings: Any) -> SightSettings:
        """These DEFAULTs as a ruleset's ``settings`` hold them (``eye_height``,
        ``creature_cover``, ``burrowed_cover``, ``flank_exact_middle``,
        ``window_blocks_sight``, ``window_cover``, ``cover_next_to_attacker`` of
        :class:`core.rulesets.common.CommonSettings`: house rules); ``None``: the DEFAULTs."""
        if settings is None:
            return cls()
        return cls(int(settings.eye_height), Cover(settings.creature_cover), Cover(settings.burrowed_cover), bool(settings.flank_exact_middle),
                   bool(settings.window_blocks_sight), Cover(settings.window_cover), bool(settings.cover_next_to_attacker))


@dataclass(frozen=True)
class Sight:
    """The readout between two creatures or cells: ``visible`` (line of
    sight), ``cover`` grade for the target, ``blockers`` (cells that cut
    the line), and ``reason`` / ``rule`` when it is not plain."""

    visible: bool
    cover: Cover
    blockers: tuple[Cell, ...] = ()
    reason: str = ""
    rule: str = ""


def crossed_cells(a: Cell, b: Cell) -> list[Cell]:
    """Cells the segment between the centres of ``a`` and ``b`` passes
    through, in order, both ends included (a supercover line; at an exact
    corner it steps diagonally). The set is the same either way round."""
    x, y = a
    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    out = [(x, y)]
    ix = iy = 0
    while ix < nx or iy < ny:
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:
            x += sx
            y += sy
            ix += 1
            iy += 1
        elif decision < 0:
            x += sx
            ix += 1
        else:
            y += sy
            iy += 1
        out.append((x, y))
    return out


def _between(a: Cell, b: Cell) -> list[Cell]:
    return crossed_cells(a, b)[1:-1]


def _fraction(a: Cell, b: Cell, c: Cell) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = dx * dx + dy * dy
    return ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / norm if norm else 0.0


def sight_blockers(grid: Grid, a: Cell, b: Cell, height_a: float | None = None, height_b: float | None = None,
                   settings: SightSettings | None = None) -> tuple[Cell, ...]:
    """Cells between ``a`` and ``b`` that cut the sight line. Heights are of
    the eyes/target point in cells above 0 (default: ground + eye height)."""
    s = settings or SightSettings()
    ha = grid.elevation_at(a) + s.eye_height if height_a is None else height_a
    hb = grid.elevation_at(b) + s.eye_height if height_b is None else height_b
    out: list[Cell] = []
    if grid.edges:
        out.extend(edge_blockers(grid, a, b, "sight", s.window_blocks_sight))
    for c in _between(a, b):
        t = grid.terrain(c)
        top = grid.elevation_at(c) + (t.height if t.blocks_sight else 0)
        if top <= 0 and not t.blocks_sight:
            continue
        line_height = ha + (hb - ha) * _fraction(a, b, c)
        if top > line_height or (t.blocks_sight and t.height == 0):
            out.append(c)
    return tuple(out)


def edge_blockers(grid: Grid, a: Cell, b: Cell, what: str = "sight", window_blocks_sight: bool = False) -> tuple[Cell, ...]:
    """Cells just past each thin wall, shut door (or window, for
    ``what`` ``"movement"``/``"effect"`` or with ``window_blocks_sight``)
    that the line from ``a`` to ``b`` crosses (:mod:`core.board.edges`);
    through a corner point it passes unless both ways round are shut."""
    if not grid.edges:
        return ()
    edges = grid.edge_map
    cells = crossed_cells(a, b)
    return tuple(q for p, q in zip(cells, cells[1:]) if edges.step_blocked(p, q, what, window_blocks_sight))


def _windows_crossed(grid: Grid, a: Cell, b: Cell) -> bool:
    cells = crossed_cells(a, b)
    edges = grid.edge_map
    for p, q in zip(cells, cells[1:]):
        if edges.step_blocked(p, q, "movement") and not edges.step_blocked(p, q, "sight"):
            return True
    return False


def line_of_sight(grid: Grid, a: Cell, b: Cell, height_a: float | None = None, height_b: float | None = None,
                  settings: SightSettings | None = None) -> bool:
    """Whether ``a`` sees ``b`` across the map (EQ-MAP-4 sight blockers,
    EQ-MAP-3 heights); symmetric on flat ground."""
    return not sight_blockers(grid, a, b, height_a, height_b, settings)


def line_of_effect(grid: Grid, a: Cell, b: Cell) -> bool:
    """Whether nothing solid (terrain that blocks movement: wall, tree,
    glass) stands between ``a`` and ``b`` (PR-TEL-1)."""
    if grid.edges and edge_blockers(grid, a, b, "effect"):
        return False
    return not any(grid.terrain(c).move is MoveKind.BLOCKED for c in _between(a, b))


def cover_between(grid: Grid, a: Cell, b: Cell, combatants: Iterable[Combatant] = (),
                  exclude: Iterable[str] = (), settings: SightSettings | None = None) -> Cover:
    """Rules EQ-COV-1, EQ-COV-2: the best cover a target at ``b`` has against
    an attacker at ``a``: the highest grade among terrain and creatures on
    the cells between them (only obstacles between count, never summed);
    FULL when the line of sight is cut. ``exclude``: combatant ids to
    ignore (attacker and target). EQ-COV-1 DEFAULT (b): an obstacle next
    to the attacker and farther from the target than from the attacker
    gives no cover (the attacker looks past it); ``cover_next_to_attacker``
    counts it (reading (a))."""
    s = settings or SightSettings()
    if sight_blockers(grid, a, b, settings=s):
        return Cover.FULL
    skip = set(exclude)
    held = {cell for c in combatants if c.id not in skip and not c.defeated and c.layer is Layer.GROUND for cell in c.cells}
    best = Cover.NONE
    if grid.edges and _windows_crossed(grid, a, b):
        best = s.window_cover
    for c in _between(a, b):
        if not s.cover_next_to_attacker and distance(c, a) == 1 and distance(c, b) > 1:
            continue  # EQ-COV-1 (b): the attacker at the obstacle looks past it
        grade = grid.terrain(c).cover
        if c in held and s.creature_cover.rank > grade.rank:
            grade = s.creature_cover
        if grade.rank > best.rank:
            best = grade
    return best


def _eye(grid: Grid, c: Combatant, cell: Cell, s: SightSettings) -> float:
    return grid.elevation_at(cell) + c.altitude + s.eye_height


def _underground(c: Combatant) -> bool:
    return c.layer is Layer.BURROWED and c.altitude < 0


def sight(grid: Grid, viewer: Combatant, target: Combatant, combatants: Iterable[Combatant] = (),
          settings: SightSettings | None = None) -> Sight:
    """Line of sight and cover from ``viewer`` to ``target`` (EQ-COV-1..2,
    PR-BUR-1). For creatures over several cells the clearest pair of cells
    counts. A creature fully underground sees and is seen only by adjacent
    burrowers, with cover; one burrowed at the surface (altitude 0) can be
    seen but has cover."""
    s = settings or SightSettings()
    if viewer.position is None or target.position is None:
        return Sight(False, Cover.FULL, reason="not on the map")
    if _underground(viewer) or _underground(target):
        adjacent = min(distance(p, q) for p in viewer.cells for q in target.cells) <= 1
        if viewer.layer is Layer.BURROWED and target.layer is Layer.BURROWED and adjacent:
            return Sight(True, s.burrowed_cover, reason="adjacent burrowers", rule="PR-BUR-1")
        return Sight(False, Cover.FULL, reason="fully underground: no line of effect", rule="PR-BUR-1")
    others = tuple(combatants)
    passed = _passed_friends(target, others)
    best: Sight | None = None
    for p in viewer.cells:
        for q in target.cells:
            blockers = sight_blockers(grid, p, q, _eye(grid, viewer, p, s), _eye(grid, target, q, s), s)
            if blockers:
                candidate = Sight(False, Cover.FULL, blockers, "line of sight blocked", "EQ-MAP-4")
            else:
                grade = cover_between(grid, p, q, others, (viewer.id, target.id, *passed), s)
                candidate = Sight(True, grade)
            if best is None or (candidate.visible, -candidate.cover.rank) > (best.visible, -best.cover.rank):
                best = candidate
    assert best is not None
    if best.visible and target.layer is Layer.BURROWED and s.burrowed_cover.rank > best.cover.rank:
        return Sight(True, s.burrowed_cover, reason="burrowed at the surface", rule="PR-BUR-1")
    return best


def _passed_friends(target: Combatant, others: tuple[Combatant, ...]) -> tuple[str, ...]:
    """Rule SRD-MOV-14: friends whose squares ``target`` is in (passing
    through them) give it no cover."""
    mine = set(target.cells)
    return tuple(
        c.id for c in others
        if c.id != target.id and c.side is target.side and c.side.value != "neutral" and mine & set(c.cells)
    )


def flanked(target: Cell, a: Cell, b: Cell, exact_middle: bool = True) -> bool:
    """Rule TAC-POS-2: ``target`` stands in the middle of a straight line
    (row, column or diagonal) between ``a`` and ``b``, on opposite sides;
    with ``exact_middle`` (DEFAULT) at equal distance from both."""
    ax, ay = a[0] - target[0], a[1] - target[1]
    bx, by = b[0] - target[0], b[1] - target[1]
    if (ax, ay) == (0, 0) or (bx, by) == (0, 0):
        return False
    if not (ax == 0 or ay == 0 or abs(ax) == abs(ay)) or not (bx == 0 or by == 0 or abs(bx) == abs(by)):
        return False
    ka, kb = max(abs(ax), abs(ay)), max(abs(bx), abs(by))
    if (ax // ka, ay // ka) != (-(bx // kb), -(by // kb)):
        return False
    return ka == kb or not exact_middle


def flankers(target: Combatant, combatants: Iterable[Combatant],
             settings: SightSettings | None = None) -> tuple[tuple[Combatant, Combatant], ...]:
    """Rule TAC-POS-2: pairs of the target's enemies that flank it (they
    attack it with advantage)."""
    s = settings or SightSettings()
    if target.position is None:
        return ()
    enemies = [
        c for c in combatants
        if c.id != target.id and c.position is not None and not c.defeated
        and c.side is not target.side and Side.NEUTRAL not in (c.side, target.side)
    ]
    pairs = []
    for i, a in enumerate(enemies):
        for b in enemies[i + 1:]:
            if a.side is b.side and flanked(target.position, a.position, b.position, s.flank_exact_middle):  # type: ignore[arg-type]
                pairs.append((a, b))
    return tuple(pairs)
