"""What the map says about an attack: cover, line of sight and flanking.

Joins geometry (:mod:`core.board.geometry`) to the attack modifiers
(:class:`core.dice.modifiers.Situation`) so the GM does not have to judge them:
rules EQ-COV-1..2 (cover from the far side, best one only), EQ-MAP-5
(sight needed), TAC-POS-2 (flanking) and melee reach with altitude
(EQ-MOV-4). Pure queries.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.board.geometry import flankers, sight
from core.board.geometry.sight import Sight, SightSettings
from core.board.grid import Cover, Grid
from core.values.mobility import Size
from core.dice.modifiers import Reach, Situation
from core.board.grid import MoveKind
from core.values.mobility import Layer, MoveType
from core.board.movement import MoveOptions, model_for
from core.board.movement.layout import TERRAIN_INDEX
from core.board.vision import Sighting, VisionSettings, sees

if TYPE_CHECKING:
    from core.board.vision import Conditions
    from core.rulesets.base import Ruleset

#: Body height in cells by size step (FINE .. COLOSSAL), rules EQ-MAP-3 (a
#: medium creature is 2 tall) and EQ-MOV-4 (a large one reaches height 3, a
#: huge one the altitudes up to its height, DEFAULT 4); the others DEFAULT.
#: Rulesets may carry their own as the setting ``body_heights``.
BODY_HEIGHTS: tuple[int, ...] = (1, 1, 1, 1, 2, 3, 4, 6, 8)


def cells_apart(a: Combatant, b: Combatant) -> int | None:
    """Cells between two creatures' nearest cells (Chebyshev; 1 = adjacent,
    rule EQ-MOV-2 counts diagonals as 1), or ``None`` when either is off the map."""
    cells_a, cells_b = a.cells, b.cells  # each footprint worked out once
    if not cells_a or not cells_b:
        return None
    if len(cells_a) == 1 and len(cells_b) == 1:  # most creatures: one cell each
        (ax, ay), (bx, by) = cells_a[0], cells_b[0]
        return max(abs(ax - bx), abs(ay - by))
    return min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in cells_a for q in cells_b)


def body_height(combatant: Combatant, settings: Any = None) -> int:
    """How tall ``combatant`` is, in cells: its ``HEIGHT`` stat if the GM set
    one, else the ruleset's ``body_heights`` by size (EQ-MAP-3, EQ-MOV-4)."""
    explicit = combatant.stats.get("HEIGHT")
    if explicit is not None:
        return int(explicit)
    heights = BODY_HEIGHTS if settings is None else settings.body_heights  # a ruleset's settings (CommonSettings) or None
    return int(heights[min(combatant.size.step, len(heights) - 1)])


def size_category(settings: Any, size: Size) -> int:
    """Index of ``size`` on the ruleset's ``size_categories`` (EQ-SIZE-1 in
    equestria: tiny 0, medium 1, large 2, huge 3; the d20 ladder elsewhere).
    A size the ladder does not list counts as the next listed one up
    (equestria: small as medium), or one past the top (gargantuan)."""
    names = (tuple(settings.size_categories) if settings is not None else ()) or tuple(s.value for s in Size)
    steps = sorted(Size(name).step for name in names)
    return next((index for index, step in enumerate(steps) if step >= size.step), len(steps))


def vertical_gap(a: Combatant, b: Combatant, settings: object = None) -> int:
    """Cells by which the higher of two creatures is above the reach of the
    lower one (0 = they can reach each other vertically). Rule EQ-MOV-4: the
    lower creature reaches up to its own height above its altitude (a medium
    creature on the ground, 2 tall, cannot reach a flier at altitude 3; a
    large one can); the flier cannot reach down past that either."""
    low, high = (a, b) if a.altitude <= b.altitude else (b, a)
    return max(0, high.altitude - low.altitude - body_height(low, settings))


def melee_reach(settings: Any, attacker: Combatant) -> int:
    """How far ``attacker`` reaches in melee, in cells: the ruleset's
    ``melee_reach`` (DEFAULT 1, adjacent), or its size's natural reach
    where the ruleset lists one (``size_reach``: srd35's tall Large 2,
    Huge 3 ... DEFAULT d20 SRD)."""
    reach = 1 if settings is None else int(settings.melee_reach)
    by_size = dict(settings.size_reach) if settings is not None else {}
    return max(reach, int(by_size.get(attacker.size.value, reach)))


def melee_refusal(settings: object, attacker: Combatant, target: Combatant, weapon_reach: int = 0) -> IllegalCommand | None:
    """Why ``attacker`` cannot reach ``target`` in melee now (an error to
    raise, naming the rule), or ``None``.

    Horizontal: at most :func:`melee_reach` cells apart (DEFAULT 1, adjacent),
    or the ``weapon_reach`` in cells of a reach weapon when that is longer;
    vertical: :func:`vertical_gap` is 0 (EQ-MOV-4). Creatures off the map
    are the GM's to judge (``None``)."""
    reach = max(melee_reach(settings, attacker), weapon_reach)
    apart = cells_apart(attacker, target)
    if apart is None:
        return None
    if apart > reach:
        return IllegalCommand(f"{target.name} is {apart} cells from {attacker.name}, out of melee reach ({reach})")
    if vertical_gap(attacker, target, settings):
        low, high = (attacker, target) if attacker.altitude <= target.altitude else (target, attacker)
        top = low.altitude + body_height(low, settings)
        return IllegalCommand(f"{high.name} at altitude {high.altitude} is out of melee reach of {low.name} (up to altitude {top})", "EQ-MOV-4")
    return None


@dataclass(frozen=True)
class Readout:
    """Sight from one creature to another (or to a cell): ``sight`` (line
    of sight and cover grade), ``distance`` in cells (Chebyshev) and, for a
    creature target, whether the viewer ``flanks`` it with an ally;
    ``altitude``: the target's altitude minus the viewer's (cells);
    ``melee``: why it is out of melee reach, ``None`` when in reach (EQ-MOV-4)."""

    sight: Sight
    distance: int
    flanks: bool = False
    altitude: int = 0
    melee: IllegalCommand | None = None


def readout(grid: Grid, viewer: Combatant, target: Combatant, combatants: Iterable[Combatant], settings: object = None) -> Readout:
    """Line of sight, cover, flanking and melee reach from ``viewer`` to
    ``target``; ``settings``: the ruleset's (reach, body heights)."""
    others = tuple(combatants)
    eyes = SightSettings.of(settings)  # eye height, cover by creatures, flanking's middle: house rules
    seen = sight(grid, viewer, target, others, settings=eyes)
    distance = cells_apart(viewer, target)
    if distance is None:
        return Readout(seen, 0)
    pairs = flankers(target, others, settings=eyes)
    flanks = any(viewer.id in (a.id, b.id) for a, b in pairs)
    return Readout(seen, distance, flanks, target.altitude - viewer.altitude, melee_refusal(settings, viewer, target))


def cell_cost(ruleset: Ruleset | None, grid: Grid, combatant: Combatant) -> int:
    """Movement a creature pays to cross its own cell standing (the worst
    cell of its footprint; 1 for a creature in the air, under water or off
    the map): what slows a target under rule TAC-POS-3."""
    if combatant.layer is not Layer.GROUND or not combatant.cells or ruleset is None:
        return 1
    try:
        rules = model_for(ruleset).rules(combatant, MoveType.WALK, grid.ceiling, MoveOptions())
    except IllegalCommand:
        return 1
    worst = 1
    for spot in combatant.cells:
        if not grid.contains(spot):
            continue
        terrain = grid.terrain(spot)
        cost = rules.costs[TERRAIN_INDEX[terrain.id]]
        if cost is not None and terrain.move is not MoveKind.BLOCKED:
            worst = max(worst, int(cost))
    return worst


def attack_situation(
    grid: Grid,
    attacker: Combatant,
    target: Combatant,
    combatants: Iterable[Combatant],
    reach: Reach = Reach.MELEE,
    base: Situation = Situation(),
    ruleset: Ruleset | None = None,
    vision: Conditions | None = None,
) -> Situation:
    """``base`` with cover, flanking and (given the ``ruleset``) the cost of
    the target's cell read from the map, and (given ``vision``, the
    encounter's :class:`core.board.vision.Conditions`) poor or lost sight (EQ-VIS-1).

    No line of sight counts as full cover: the target cannot be attacked
    directly (EQ-COV-2, EQ-MAP-5). A target standing in a cell that costs
    more than 1 to cross is slowed (TAC-POS-3). Raises
    :class:`IllegalCommand` when the attacker or the target is not on the
    map (nothing to measure cover, reach or flanking from).
    """
    for who, role in ((attacker, "the attacker"), (target, "the target")):
        if who.position is None:
            raise IllegalCommand(f"{who.name} ({role}) is not on the map: place it first")
    found = readout(grid, attacker, target, combatants, ruleset.settings if ruleset is not None else None)
    cover = found.sight.cover if found.sight.visible else Cover.FULL
    if cover.rank < base.cover.rank:
        cover = base.cover
    cost = max(base.target_cell_cost, cell_cost(ruleset, grid, target))
    situation = replace(base, reach=reach, cover=cover, flanked=base.flanked or found.flanks, target_cell_cost=cost)
    if ruleset is not None:  # TAC-POS-4 invisible attacker, TAC-OPT-1 shield wall
        from core.board.senses import situation_on_map

        situation = situation_on_map(ruleset, attacker, target, combatants, situation)
    if vision is not None:  # EQ-VIS-1..2: light and weather of the encounter (core.board.vision.Conditions)
        settings = ruleset.settings_for(VisionSettings) if ruleset is not None else VisionSettings()
        seen = sees(attacker, target, vision, combatants, settings)
        if seen is not None and seen.sighting is not Sighting.CLEAR:
            situation = replace(situation, poor_visibility=seen.sighting is Sighting.POOR, unseen=seen.sighting is Sighting.UNSEEN, sight_reason=seen.reason)
    return situation
