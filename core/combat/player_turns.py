"""What players do from their own terminals, as commands of the encounter.

A player's request reaches the encounter through the GM's process as the
same commands the GM's keys make (an attack, a move, a check, the end of a
turn), committed as one step after a :class:`PlayerActs`, which changes
nothing and logs who acted (the player, the character, approved by the GM
or trusted), so that every line of the step is said to be that player's
and the GM undoes it as one. :class:`RollOwnInitiative` rolls one
creature's initiative when its player is asked to (EQ-INIT-1; unique among
those held, EQ-INIT-2). Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.combat.commands import Command
from core.combat.event_base import Event
from core.combat.initiative import roll_initiatives
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[Event, ...]]


@dataclass(frozen=True)
class PlayerActs(Command):
    """``player`` (the name the GM invited) acts as ``character`` (a
    combatant id): ``what`` it asked, in words; ``approved``: the GM said
    yes (``False``: the table trusts its players). Changes nothing."""

    player: str
    character: str
    what: str
    approved: bool = True


@dataclass(frozen=True)
class PlayerActed(Event):
    """The log line before a player's action: who asked, for whom, how it was let through."""

    player: str
    combatant: str
    name: str
    what: str
    approved: bool


@dataclass(frozen=True)
class RollOwnInitiative(Command):
    """Roll ``combatant``'s initiative (1d``initiative_sides`` + the ruleset's
    modifier, EQ-INIT-1), made unique among the values held (EQ-INIT-2);
    refused when it has one."""

    combatant: str


def player_acts(enc: Table, state: EncounterState, command: PlayerActs) -> Result:
    who = state.combatant(command.character)
    return state, (PlayerActed(command.player, who.id, who.name, command.what, command.approved),)


def roll_own_initiative(enc: Table, state: EncounterState, command: RollOwnInitiative) -> Result:
    who = state.combatant(command.combatant)
    if who.initiative is not None:
        raise IllegalCommand(f"{who.name} already has initiative {who.initiative}", "EQ-INIT-1")
    held = [c.initiative for c in state.combatants if c.initiative is not None]
    (result,) = roll_initiatives({who.id: enc.ruleset.initiative_modifier(who)}, enc.rng, enc.ruleset.initiative_sides, held,
                                 enc.ruleset.settings.rolloff_die, enc.ruleset.settings.initiative_tie_reading)  # EQ-INIT-2 DEFAULTs, house rules
    state = state.replace_combatant(replace(who, initiative=result.value))
    return state, (ev.InitiativeRolled(who.id, who.name, result.roll, result.value, result.rolloff),)


HANDLERS = {PlayerActs: player_acts, RollOwnInitiative: roll_own_initiative}
