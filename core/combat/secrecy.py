"""Handlers for what the GM keeps from the players: hidden creatures, secret
conditions and notes (read by :func:`core.combat.visibility.visible_to`).
Handlers are ``handler(encounter, state, command) -> (state, events)``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.errors import IllegalCommand

from core.combat.map_commands import SetHidden, SetSecret

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def set_hidden(enc: Table, state: EncounterState, command: SetHidden) -> Result:
    """Hide or reveal a combatant; refused when it already is."""
    who = state.combatant(command.combatant)
    if who.hidden == command.hidden:
        raise IllegalCommand(f"{who.name} is already {'hidden' if who.hidden else 'shown to the players'}")
    changed = replace(who, hidden=command.hidden)
    return state.replace_combatant(changed), (ev.HiddenChanged(who.id, who.name, command.hidden),)


def set_secret(enc: Table, state: EncounterState, command: SetSecret) -> Result:
    """Mark a condition (by name) or the notes secret or not."""
    who = state.combatant(command.combatant)
    if not command.condition:
        if who.notes_secret == command.secret:
            raise IllegalCommand(f"{who.name}'s notes are already {'secret' if command.secret else 'shown'}")
        changed = replace(who, notes_secret=command.secret)
        what = "notes"
    else:
        if not any(c.name == command.condition for c in who.conditions):
            raise IllegalCommand(f"{who.name} has no condition {command.condition!r}")
        conditions = tuple(replace(c, secret=command.secret) if c.name == command.condition else c for c in who.conditions)
        changed = replace(who, conditions=conditions)
        what = command.condition
    return state.replace_combatant(changed), (ev.SecretChanged(who.id, who.name, what, command.secret),)


HANDLERS = {SetHidden: set_hidden, SetSecret: set_secret}
