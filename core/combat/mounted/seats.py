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
    if mount_id not in state.ridden():  # the state's index of mounts: no scan of a crowd nobody rides
        return ()
    found = [c for c in state.combatants if c.mounted_on == mount_id]
    return tuple(sorted(found, key=lambda c: c.passenger))


def rider_of(state: EncounterState, mount_id: str) -> Combatant | None:
    """The rider (not the passenger) of ``mount_id``, or ``None``."""
    return next((c for c in riders_of(state, mount_id) if not c.passenger), None)


def seat_offset(mount: Combatant, passenger: bool = False, rounding: str = "rearward") -> tuple[int, int]:
    """EQ-MNT-9: the rider's cell within the mount's footprint, from its
    top-left cell: the centre of a 3-cell mount, the rear of a 2-cell one,
    else the centre rounding rearward (DEFAULT, setting ``seat_rounding``;
    ``forward`` rounds the other way; the map has no facing, so the rear is
    the right or lower end): a 2x2 mount seats its rider at (1, 1), or
    (0, 0) rounding forward. A passenger sits one cell further back when
    the footprint has one, else on the rider's cell."""
    width, height = mount.space
    if rounding == "forward" and width * height != 2:  # a 2-cell mount: the rear, as the seed says
        x, y = (width - 1) // 2, (height - 1) // 2
    else:
        x, y = width // 2, height // 2
    if passenger:
        if y + 1 < height:
            return x, y + 1
        if x + 1 < width:
            return x + 1, y
    return x, y


def seat_cell(mount: Combatant, passenger: bool = False, rounding: str = "rearward") -> Cell | None:
    """The map cell of :func:`seat_offset`, ``None`` for a mount off the map."""
    if mount.position is None:
        return None
    dx, dy = seat_offset(mount, passenger, rounding)
    return mount.position[0] + dx, mount.position[1] + dy


def seat_riders(state: EncounterState, mount_id: str, rounding: str = "rearward") -> Any:
    """Put each creature on ``mount_id`` on its seat (EQ-MNT-9, ``rounding``
    the ruleset's ``seat_rounding``), at the mount's layer and altitude."""
    mount = state.combatant(mount_id)
    for rider in riders_of(state, mount_id):
        state = state.replace_combatant(replace(rider, position=seat_cell(mount, rider.passenger, rounding), layer=mount.layer, altitude=mount.altitude))
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
