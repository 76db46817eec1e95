"""Doors and the map's thin walls in play: open, close, lock, unlock, break
a door in; paint walls, doors and windows on cell sides (the brush).

A door lies on an edge (:mod:`core.board.edges`). Opening, closing,
locking and unlocking spend what the ruleset's
:class:`core.board.edges.DoorSettings` say (RULES.md Revision 3 "Doors":
equestria a quick action, srd35 a move action, tactical_d10 1 MP,
power_roll a maneuver; DEFAULTs); breaking one in is a check (EQ-CHK-3: a
STR check against 12 in equestria; the ruleset's strength check against
its default difficulty + 2 elsewhere) and a critical failure hurts the
breaker (EQ-CHK-3: 1d6). Without a creature (``combatant`` ``None``) the GM
changes the door directly, spending nothing. Before combat (round 0)
nothing is spent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from core.board.edges import DoorFumbleSettings, DoorSettings, Edge, Feature, Side
from core.board.grid import Cell
from core.combat import events as ev
from core.combat.commands import Damage
from core.combat.door_commands import BreakDoor, DoorChanged, DoorForced, DoorUse, EdgesPainted, PaintEdges, UseDoor
from core.combat.economy import spend_kind
from core.combat.resolution import damage
from core.dice.checks import Modifier, Tier
from core.dice.rolls import roll
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


#: From which door states each use starts, and what it makes.
_USES: dict[DoorUse, tuple[Feature, Feature]] = {
    DoorUse.OPEN: (Feature.DOOR_CLOSED, Feature.DOOR_OPEN),
    DoorUse.CLOSE: (Feature.DOOR_OPEN, Feature.DOOR_CLOSED),
    DoorUse.LOCK: (Feature.DOOR_CLOSED, Feature.DOOR_LOCKED),
    DoorUse.UNLOCK: (Feature.DOOR_LOCKED, Feature.DOOR_CLOSED),
}


def door_settings(ruleset: Any) -> DoorSettings:
    return cast(DoorSettings, ruleset.settings_for(DoorSettings))


def _door(state: EncounterState, cell: Cell, side: Side) -> Feature:
    grid = state.grid
    key = (cast(Cell, tuple(cell)), side)
    feature = grid.edge_map.by_key.get(key) if grid.edges else None
    if feature is None or not feature.is_door:
        what = "nothing" if feature is None else f"a {feature.label}"
        raise IllegalCommand(f"there is no door on the {side.value} side of ({cell[0]}, {cell[1]}): {what}")
    return feature


def _near(state: EncounterState, who: Any, cell: Cell, side: Side, reach: int) -> None:
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map")
    door_cells = Edge(cast(Cell, tuple(cell)), side, Feature.WALL).cells
    apart = min(max(abs(p[0] - q[0]), abs(p[1] - q[1])) for p in who.cells for q in door_cells)
    if apart > reach:
        where = "in one of the two cells it lies between" if reach == 0 else f"within {reach} cell(s) of it"
        raise IllegalCommand(f"{who.name} must stand {where}: ({door_cells[0][0]}, {door_cells[0][1]}) or ({door_cells[1][0]}, {door_cells[1][1]})")


def _pay(enc: Table, state: EncounterState, who_id: str, kind: str, movement: int) -> tuple[Any, tuple[ev.Event, ...], str]:
    """Spend ``kind`` (an action kind) or ``movement`` points of ``who_id``
    (nothing before combat): (state, events, what was spent)."""
    if state.round == 0:
        return state, (), ""
    if movement:
        who = state.combatant(who_id)
        if state.current != who.id:
            raise IllegalCommand(f"it is not {who.name}'s turn")
        if who.budget.movement < movement:
            raise IllegalCommand(f"a door costs {movement} MP; {who.name} has {who.budget.movement}")
        budget = replace(who.budget, movement=who.budget.movement - movement)
        return state.replace_combatant(replace(who, budget=budget)), (), f"{movement} MP"
    if not kind:
        return state, (), ""
    state, events = spend_kind(enc, state, who_id, kind)
    return state, events, enc.ruleset.kind(kind).label.lower()


def use_door(enc: Table, state: EncounterState, command: UseDoor) -> Result:
    """Open, close, lock or unlock a door (Revision 3 "Doors"); refuses a
    use that does not fit the door's state, with the reason."""
    old = _door(state, command.cell, command.side)
    start, new = _USES[command.use]
    if old is not start:
        why = {Feature.DOOR_LOCKED: "it is locked: unlock it or break it in", Feature.DOOR_BROKEN: "it is broken"}.get(old, f"it is {old.value.split()[1]}")
        raise IllegalCommand(f"cannot {command.use.value} the door on the {command.side.value} side of ({command.cell[0]}, {command.cell[1]}): {why}")
    events: tuple[ev.Event, ...] = ()
    spent, name, who_id = "", "", ""
    if command.combatant is not None:
        settings = door_settings(enc.ruleset)
        who = state.combatant(command.combatant)
        _near(state, who, command.cell, command.side, settings.door_reach)
        state, events, spent = _pay(enc, state, who.id, settings.door_action, settings.door_movement)
        name, who_id = who.name, who.id
    grid = state.grid.with_edges({(cast(Cell, tuple(command.cell)), command.side): new})
    return replace(state, grid=grid), (*events, DoorChanged(who_id, name, cast(Cell, tuple(command.cell)), command.side, old, new, spent))


def break_door(enc: Table, state: EncounterState, command: BreakDoor) -> Result:
    """A check to break in a closed or locked door (EQ-CHK-3): on success it
    is broken (open for good); on a critical failure the breaker takes the
    fumble damage. The action is spent either way (EQ-CHK-4)."""
    old = _door(state, command.cell, command.side)
    if old not in (Feature.DOOR_CLOSED, Feature.DOOR_LOCKED):
        raise IllegalCommand(f"the door on the {command.side.value} side of ({command.cell[0]}, {command.cell[1]}) is {old.value.split()[1]}: nothing to break")
    settings = door_settings(enc.ruleset)
    ruleset = enc.ruleset
    who = state.combatant(command.combatant)
    _near(state, who, command.cell, command.side, settings.door_reach)
    stat = settings.break_stat if settings.break_stat in ruleset.stat_names else ruleset.stat_names[0]
    state, events, spent = _pay(enc, state, who.id, settings.break_action, 0)
    value = who.stat(stat)
    result = ruleset.roll_check(enc.rng, value, settings.break_difficulty, purpose="break a door")
    result = replace(result, modifiers=(Modifier(value, stat),) + result.modifiers)
    cell = cast(Cell, tuple(command.cell))
    broken = result.tier.succeeded
    hurt_events: tuple[ev.Event, ...] = ()
    hurt = 0
    fumble = ruleset.settings_for(DoorFumbleSettings).break_fumble_damage  # "" where checks never fail critically
    if result.tier is Tier.CRITICAL_FAILURE and fumble:
        before = state.combatant(who.id).hp
        hurt_roll = roll(fumble, enc.rng)
        state, hurt_events = damage(enc, state, Damage(who.id, hurt_roll.total))
        hurt = before - state.combatant(who.id).hp
    if broken:
        state = replace(state, grid=state.grid.with_edges({(cell, command.side): Feature.DOOR_BROKEN}))
    forced = DoorForced(who.id, who.name, cell, command.side, result, broken, spent, hurt)
    return state, (*events, forced, *hurt_events)


def paint_edges(enc: Table, state: EncounterState, command: PaintEdges) -> Result:
    """The brush on cell sides: refuses sides not between two cells of the
    map and a change that changes nothing."""
    grid = state.grid
    if not command.edges:
        raise IllegalCommand("no cell sides to paint")
    changes: dict[tuple[Cell, Side], Feature | None] = {}
    for cell, side in command.edges:
        cell = cast(Cell, tuple(cell))
        far = Edge(cell, side, Feature.WALL).cells[1]
        if not (grid.contains(cell) and grid.contains(far)):
            raise IllegalCommand(f"the {side.value} side of ({cell[0]}, {cell[1]}) is not between two cells of the {grid.width}x{grid.height} map")
        if grid.edge_map.by_key.get((cell, side)) is not command.feature:
            changes[(cell, side)] = command.feature
    if not changes:
        what = "bare" if command.feature is None else f"a {command.feature.label}"
        raise IllegalCommand(f"those cell sides are already {what}")
    return replace(state, grid=grid.with_edges(changes)), (EdgesPainted(command.feature, len(changes)),)


HANDLERS = {UseDoor: use_door, BreakDoor: break_door, PaintEdges: paint_edges}
