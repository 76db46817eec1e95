"""Setting a creature's tactics for the forecast (see :mod:`core.values.tactics`).

One command, :class:`SetTactics`, through ``apply`` like every change (logged,
undoable, saved); the forecast (``core.forecast``) reads the tactics. The
handler is ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat.command_base import Command
from core.combat.event_base import Event
from core.errors import IllegalCommand, NotationError
from core.values.tactics import Plan, Tactics, from_text, to_text

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


@dataclass(frozen=True)
class SetTactics(Command):
    """``combatant`` fights by ``tactics`` text (``hold``, ``flee below 5``,
    ``focus Aria``, ``gm``, ``approach``) when the forecast plays it."""

    combatant: str
    tactics: str


@dataclass(frozen=True)
class TacticsSet(Event):
    """``name``'s tactics became ``tactics`` (they were ``before``)."""

    combatant: str
    name: str
    tactics: Tactics
    before: Tactics


def set_tactics(enc: Table, state: EncounterState, command: SetTactics) -> tuple[Any, tuple[Event, ...]]:
    creature = state.combatant(command.combatant)
    try:
        tactics = from_text(command.tactics)
    except NotationError as problem:
        raise IllegalCommand(str(problem)) from None
    if tactics.plan is Plan.FOCUS:
        wanted = tactics.target.casefold()
        focus = next((c for c in state.combatants if wanted in (c.id.casefold(), c.name.casefold())), None)
        if focus is None:
            raise IllegalCommand(f"no creature named {tactics.target!r} here to focus on")
        if focus.id == creature.id or focus.side is creature.side:
            raise IllegalCommand(f"{creature.name} focuses on a foe, not on {focus.name}")
    if tactics == creature.tactics:
        raise IllegalCommand(f"{creature.name} already fights by '{to_text(tactics)}'")
    changed = state.replace_combatant(replace(creature, tactics=tactics))
    return changed, (TacticsSet(creature.id, creature.name, tactics, creature.tactics),)


HANDLERS = {SetTactics: set_tactics}
