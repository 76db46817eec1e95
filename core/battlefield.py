"""What the map says about an attack: cover, line of sight and flanking.

Joins geometry (:mod:`core.geometry`) to the attack modifiers
(:class:`core.modifiers.Situation`) so the GM does not have to judge them:
rules EQ-COV-1..2 (cover from the far side, best one only), EQ-MAP-5
(sight needed) and TAC-POS-2 (flanking). Pure queries.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from core.combatant import Combatant
from core.geometry import flankers, sight
from core.geometry.sight import Sight
from core.grid import Cover, Grid
from core.modifiers import Reach, Situation


def cells_apart(a: Combatant, b: Combatant) -> int | None:
    """Cells between two creatures' nearest cells (Chebyshev; 1 = adjacent,
    rule EQ-MOV-2 counts diagonals as 1), or ``None`` when either is off the map."""
    if not a.cells or not b.cells:
        return None
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in a.cells for q in b.cells)


@dataclass(frozen=True)
class Readout:
    """Sight from one creature to another (or to a cell): ``sight`` (line
    of sight and cover grade), ``distance`` in cells (Chebyshev) and, for a
    creature target, whether the viewer ``flanks`` it with an ally."""

    sight: Sight
    distance: int
    flanks: bool = False


def readout(grid: Grid, viewer: Combatant, target: Combatant, combatants: Iterable[Combatant]) -> Readout:
    """Line of sight, cover and flanking from ``viewer`` to ``target``."""
    others = tuple(combatants)
    seen = sight(grid, viewer, target, others)
    distance = cells_apart(viewer, target)
    if distance is None:
        return Readout(seen, 0)
    pairs = flankers(target, others)
    flanks = any(viewer.id in (a.id, b.id) for a, b in pairs)
    return Readout(seen, distance, flanks)


def attack_situation(
    grid: Grid,
    attacker: Combatant,
    target: Combatant,
    combatants: Iterable[Combatant],
    reach: Reach = Reach.MELEE,
    base: Situation = Situation(),
) -> Situation:
    """``base`` with cover and flanking read from the map.

    No line of sight counts as full cover: the target cannot be attacked
    directly (EQ-COV-2, EQ-MAP-5).
    """
    found = readout(grid, attacker, target, combatants)
    cover = found.sight.cover if found.sight.visible else Cover.FULL
    if cover.rank < base.cover.rank:
        cover = base.cover
    return replace(base, reach=reach, cover=cover, flanked=base.flanked or found.flanks)
