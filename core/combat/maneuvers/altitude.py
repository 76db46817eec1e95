"""Taking off, landing and diving (rules EQ-MOV-3, EQ-MOV-7).

Handler of :class:`core.combat.commands.ChangeAltitude`. The ruleset's movement
model says what each change costs and when it is refused (no fly speed, a
ceiling below 3, too deep); in combat the action it costs is spent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.errors import IllegalCommand
from core.values.kinds import AltitudeMove
from core.values.mobility import Layer
from core.board.movement import model_for
from core.board.water import water_depth
from core.combat.economy import spend_kind

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def change_altitude(enc: Table, state: EncounterState, command: cmd.ChangeAltitude) -> Result:
    """Take off (to height 3), land, or dive 3 deeper in water."""
    mover = state.combatant(command.combatant)
    model = model_for(enc.ruleset)
    rule = getattr(model, command.how.value, None)  # how: an AltitudeMove, checked when the command was built
    if rule is None:
        raise IllegalCommand(f"{enc.ruleset.id} has no rule to {command.how.replace('_', ' ')} here; set the creature's altitude on its sheet")
    if mover.position is None:
        raise IllegalCommand(f"{mover.name} is not on the map")
    if command.how is AltitudeMove.TAKE_OFF:
        kind, altitude = rule(mover, state.grid)
    elif command.how is AltitudeMove.DIVE:
        depth = water_depth(state.grid, mover.position, enc.ruleset.settings)  # house rules water_depth, deep_water_depth
        if not depth:
            raise IllegalCommand(f"{mover.name} is not in water", "EQ-MOV-7")
        kind, altitude = rule(mover, depth)
    else:
        kind, altitude = rule(mover)
    events: list[ev.Event] = []
    if state.round > 0 and kind:
        state, spent = spend_kind(enc, state, mover.id, kind)
        events.extend(spent)
        mover = state.combatant(mover.id)
    layer = Layer.AIR if altitude > 0 else Layer.UNDERWATER if altitude < 0 else Layer.GROUND
    state = state.replace_combatant(replace(mover, layer=layer, altitude=altitude))
    events.append(ev.AltitudeChanged(mover.id, mover.name, command.how, altitude))
    return state, tuple(events)


HANDLERS = {cmd.ChangeAltitude: change_altitude}
