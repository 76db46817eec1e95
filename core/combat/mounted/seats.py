"""Who rides whom, and where (seed 001, rules EQ-MNT-8, EQ-MNT-9): reading
the state only, for the rules of :mod:`core.combat.mounted.riding` and for the tracker
and sheet, which show it without loading the riding rules. Cells are map
cells; a footprint's top-left cell is its position.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.values.combatant import Combatant
from core.board.grid import Cell

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def riders_of(state: EncounterState, mount_id: str) -> tuple[Combatant, ...]:
    """Those on ``mount_id``: the rider first, then a passenger (EQ-MNT-8)."""
    found = [c for c in state.combatants if c.mounted_on == mount_id]
    return tuple(sorted(found, key=lambda c: c.passenger))


def rider_of(state: EncounterState, mount_id: str) -> Combatant | None:
    """The rider (not the passenger) of ``mount_id``, or ``None``."""
    return next((c for c in riders_of(state, mount_id) if not c.passenger), None)


def seat_offset(mount: Combatant, passenger: bool = False) -> tuple[int, int]:
    """EQ-MNT-9: the rider's cell within the mount's footprint, from its
    top-left cell: the centre of a 3-cell mount, the rear of a 2-cell one,
    else the centre rounding rearward (DEFAULT; the map has no facing, so
    the rear is the right or lower end). A passenger sits one cell further
    back when the footprint has one, else on the rider's cell."""
    width, height = mount.space
    x, y = width // 2, height // 2
    if passenger:
        if y + 1 < height:
            return x, y + 1
        if x + 1 < width:
            return x + 1, y
    return x, y


def seat_cell(mount: Combatant, passenger: bool = False) -> Cell | None:
    if mount.position is None:
        return None
    dx, dy = seat_offset(mount, passenger)
    return mount.position[0] + dx, mount.position[1] + dy


def seat_riders(state: EncounterState, mount_id: str) -> Any:
    """Put each creature on ``mount_id`` on its seat (EQ-MNT-9), at the mount's layer and altitude."""
    mount = state.combatant(mount_id)
    for rider in riders_of(state, mount_id):
        state = state.replace_combatant(replace(rider, position=seat_cell(mount, rider.passenger), layer=mount.layer, altitude=mount.altitude))
    return state


def describe(state: EncounterState, combatant: Combatant) -> str:
    """Who rides whom, in words for the tracker and sheet: ``rides Horse``,
    ``behind Knight on Horse``, ``ridden by Knight``, ``lost control``, ``bolted``."""
    words: list[str] = []
    if combatant.mounted_on is not None and state.has(combatant.mounted_on):
        mount = state.combatant(combatant.mounted_on)
        words.append(f"passenger on {mount.name}" if combatant.passenger else f"rides {mount.name}")
    riders = riders_of(state, combatant.id)
    if riders:
        words.append("ridden by " + " and ".join(r.name for r in riders))
    if combatant.control_lost:
        words.append("lost control")
    if combatant.riding_due:
        words.append("riding check due")
    if combatant.bolted:
        words.append("bolted")
    return ", ".join(words)
