"""Riding together (EQ-MNT-3): moving a rider moves its mount at the
mount's ДВИЖ (its movement budget, sparing the rider's), the riders keep
their seats (EQ-MNT-9), and the path ridden feeds the charge (EQ-MNT-1).
Also the mounted charge's damage and the mounted dodge (EQ-MNT-4).

Cells are map cells; a rider's move names the cell the rider ends on (its
seat), the mount's move the mount's top-left cell, as for any creature.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.combat.mounted.riding import charge_bonus, rider_of, riders_of, seat_cell, seat_offset, seat_riders
from core.board.grid import as_cell
from core.board.movement import find_path
from core.combat.move_options import move_options
from core.board.movement import reach as search
from core.errors import RulesError
from core.combat.attacks import WeaponDamage
from core.dice.modifiers import Reach

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def moves_mount(state: EncounterState, mover: Combatant) -> bool:
    """Whether moving ``mover`` moves a mount: it rides, or it is ridden."""
    return mover.mounted_on is not None or mover.id in state.ridden()


def _body(state: EncounterState, mover: Combatant, rounding: str = "rearward") -> tuple[Combatant, tuple[int, int]]:
    """The mount that moves for ``mover`` and the offset from the cell the GM
    names to the mount's top-left cell (the seat, ``rounding`` the ruleset's
    ``seat_rounding``, EQ-MNT-9). Raises :class:`IllegalCommand` for a passenger."""
    if mover.mounted_on is None:
        return mover, (0, 0)
    if mover.passenger:
        raise IllegalCommand(f"{mover.name} rides behind: move the rider or the mount", "EQ-MNT-8")
    mount = state.combatant(mover.mounted_on)
    return mount, seat_offset(mount, rounding=rounding)


def _others(state: EncounterState, mount: Combatant) -> tuple[Combatant, ...]:
    aboard = {r.id for r in riders_of(state, mount.id)}
    return tuple(c for c in state.combatants if c.id not in aboard)


def _refusal(state: EncounterState, riding: Any, mover: Combatant, mount: Combatant) -> None:
    rider = rider_of(state, mount.id)
    if riding is not None and rider is not None and rider.control_lost:
        raise IllegalCommand(f"{rider.name} has lost control of {mount.name}: regain it first (EQ-MNT-6)", "EQ-MNT-6")
    if mount.bolted:
        raise IllegalCommand(f"{mount.name} has bolted: call it back first (EQ-MNT-7)", "EQ-MNT-7")


def mount_budget(state: EncounterState, mover: Combatant) -> int | None:
    """Movement the ride has now: the mount's (EQ-MNT-3), ``None`` before combat."""
    mount, _ = _body(state, mover)
    return mount.budget.movement if state.round > 0 else None


def move(enc: Table, state: EncounterState, command: Any) -> Result:
    """Handler of :class:`core.combat.commands.Move` for a rider or a ridden mount
    (EQ-MNT-3): the mount takes the cheapest path within its own movement;
    the riders keep their seats; the rider's cells ridden this turn are kept
    for the charge (EQ-MNT-1). Raises :class:`IllegalCommand` or
    :class:`~core.errors.MoveRefused` (nothing changes)."""
    mover = state.combatant(command.combatant)
    mount, (dx, dy) = _body(state, mover, enc.ruleset.settings.seat_rounding)
    _refusal(state, enc.ruleset.riding, mover, mount)
    goal = (command.to[0] - dx, command.to[1] - dy)
    in_combat = state.round > 0
    budget_left = mount.budget.movement if in_combat else None
    path = find_path(state.grid, enc.ruleset, mount, _others(state, mount), goal, options=move_options(state, mount, enc.ruleset), budget=budget_left)
    budget = mount.budget
    if in_combat:
        budget = replace(budget, movement=budget.movement - path.cost, diagonal_parity=path.parity)
    start = mount.position
    assert start is not None  # find_path refuses a creature off the map
    state = seat_riders(state.replace_combatant(replace(mount, position=path.cells[-1], budget=budget)), mount.id, enc.ruleset.settings.seat_rounding)
    events: list[ev.Event] = [ev.Moved(mount.id, mount.name, start, path.cells, path.cost, budget.movement)]
    rider = rider_of(state, mount.id)
    if rider is not None and in_combat:
        ridden = [seat for cell in (start, *path.cells) if (seat := seat_cell(replace(mount, position=cell), rounding=enc.ruleset.settings.seat_rounding)) is not None]  # a placed mount has its seat
        before = rider.charge_path if rider.charge_round == state.round and rider.charge_path and rider.charge_path[-1] == ridden[0] else ridden[:1]
        state = state.replace_combatant(replace(state.combatant(rider.id), charge_path=tuple(before) + tuple(ridden[1:]), charge_round=state.round))
        events.append(ev.Maneuvered(rider.id, rider.name, "EQ-MNT-3", f"rides {mount.name} {path.cost} cell(s) at its ДВИЖ",
                                    f"{budget.movement} left to {mount.name}", None, mount.id, mount.name))
    return state, tuple(events)


class SeatReach:
    """A mount's :class:`core.board.movement.Reach` seen from the rider's seat:
    ``costs`` and :meth:`path` name the rider's cells (EQ-MNT-9)."""

    def __init__(self, inner: Any, offset: tuple[int, int]) -> None:
        self._inner = inner
        self._dx, self._dy = offset
        self.costs = {(x + self._dx, y + self._dy): cost for (x, y), cost in inner.costs.items()}

    def path(self, goal: tuple[int, int]) -> Any:
        found = self._inner.path((goal[0] - self._dx, goal[1] - self._dy))
        return replace(found, cells=tuple((x + self._dx, y + self._dy) for x, y in found.cells))


class Refused:
    """A reach with no cell: the ride will not go (lost control, bolted, a
    passenger); :meth:`path` raises the reason as :class:`IllegalCommand`."""

    def __init__(self, problem: IllegalCommand) -> None:
        self.problem = problem
        self.costs: dict = {}

    def path(self, goal: tuple[int, int]) -> Any:
        raise self.problem


def reach(state: EncounterState, ruleset: Any, mover: Combatant) -> Any:
    """Where ``mover`` (a rider or a ridden mount) can go now: the mount's
    reach within its movement, shifted to the rider's seat for a rider; a
    :class:`Refused` reach when the mount will not go (EQ-MNT-6/7, EQ-MNT-8)."""
    try:
        mount, offset = _body(state, mover, ruleset.settings.seat_rounding)
        _refusal(state, ruleset.riding, mover, mount)
    except IllegalCommand as problem:
        return Refused(problem)
    budget = mount.budget.movement if state.round > 0 else None
    found = search(state.grid, ruleset, mount, _others(state, mount), budget, options=move_options(state, mount, ruleset))
    return SeatReach(found, offset) if offset != (0, 0) else found


def move_details(state: EncounterState, ruleset: Any, command: Any) -> dict[str, Any]:
    """Preview fields of a mounted :class:`core.combat.commands.Move` (path, cost, refusal)."""
    mover = state.combatant(command.combatant)
    try:
        found = reach(state, ruleset, mover)
        path = found.path(as_cell(command.to))
    except RulesError as problem:
        return {"refusal": str(problem)}
    budget = mount_budget(state, mover)
    left = "free before combat" if budget is None else f"{budget - path.cost} left to the mount after"
    return {"path": path.cells, "cost": path.cost, "unit": ruleset.movement.unit, "notes": (left, "the mount moves at its own ДВИЖ (EQ-MNT-3)")}


def bystanders(state: EncounterState, attacker: Combatant, target: Combatant) -> tuple[Combatant, ...]:
    """Creatures that may give cover or flank in an attack of ``attacker`` on
    ``target``: all but the mounts and riders of the two (rider and mount
    fight and defend together, EQ-MNT-3, EQ-MNT-4)."""
    together: set[str] = set()
    for who in (attacker, target):
        mount_id = who.mounted_on or (who.id if who.id in state.ridden() else None)
        if mount_id is not None:
            together.add(mount_id)
            together.update(r.id for r in riders_of(state, mount_id))
    together -= {attacker.id, target.id}
    return tuple(c for c in state.combatants if c.id not in together)


# -- the charge and the mounted dodge ------------------------------------------------------------
def charge_weapon(state: EncounterState, ruleset: Any, attacker: Combatant, target: Combatant, weapon: Any) -> tuple[Any, str]:
    """``weapon`` with the mounted charge's damage added to its first damage
    die (EQ-MNT-1; melee only), and the reason for the preview ("" if none)."""
    if weapon.reach is not Reach.MELEE:
        return weapon, ""
    bonus, toward = charge_bonus(state, ruleset.riding, attacker, target)
    if bonus <= 0:
        return weapon, ""
    parts = weapon.damage or (WeaponDamage(ruleset.unarmed_damage(attacker.stat(weapon.stat or ruleset.attack_stat))),)
    first = replace(parts[0], expression=f"{parts[0].expression}+{bonus}")
    why = f"mounted charge: +{bonus} damage, {toward} cell(s) ridden toward {target.name} (EQ-MNT-1)"
    return replace(weapon, damage=(first, *parts[1:])), why


def charge_note(state: EncounterState, ruleset: Any, attacker_id: str, target_id: str, reach: Any) -> tuple[str, ...]:
    """The preview's note of the charge bonus an attack gets now, or ()."""
    attacker, target = state.combatant(attacker_id), state.combatant(target_id)
    if reach is not Reach.MELEE:
        return ()
    bonus, toward = charge_bonus(state, ruleset.riding, attacker, target)
    return (f"mounted charge: +{bonus} damage, {toward} cell(s) ridden toward {target.name} (EQ-MNT-1)",) if bonus else ()


def dodge(state: EncounterState, ruleset: Any, defender: Combatant) -> tuple[Combatant, int, str] | None:
    """EQ-MNT-4: a mounted defender's dodge comes from its mount: (the mount,
    whose reaction it spends; floor(Riding / 2) + 5; the label), or ``None``
    when ``defender`` does not ride (DEFAULT 1d20 + floor(Riding/2) + 5)."""
    s = ruleset.riding
    if s is None or defender.mounted_on is None or not state.has(defender.mounted_on):
        return None
    mount = state.combatant(defender.mounted_on)
    value = defender.stat(s.riding_skill) // s.mounted_dodge_divisor + s.mounted_dodge_base
    return mount, value, f"{s.riding_skill}/{s.mounted_dodge_divisor}+{s.mounted_dodge_base} on {mount.name}"
