"""What a command would do now, without doing it.

The dialogs show it under the field as the GM types (the HP a damage
leaves, who joins where): the rules' own handlers run on the current
state and the result is thrown away, so a preview can never disagree with
what Enter does. Only for commands that roll no dice: a preview never
rolls (a roll shown before it is made would be a fake one).
"""

from __future__ import annotations

from core.combat import commands as cmd
from core.combat.encounter import Encounter, handlers
from core.errors import IllegalCommand

DICE_FREE = (cmd.Damage, cmd.Heal, cmd.Revive, cmd.SetInitiative, cmd.GrantTemporaryHitPoints)


def would_do(encounter: Encounter, command: cmd.Command) -> tuple:
    """The events ``command`` would cause on ``encounter`` now; nothing
    changes. Raises what :meth:`Encounter.apply` raises (``RulesError``),
    and ``IllegalCommand`` for a command type that may roll dice."""
    from core.combat.several_targets import DamageMany, HealMany

    rolls = (isinstance(command, DamageMany) and command.dice) or (isinstance(command, HealMany) and isinstance(command.amount, str))
    if not isinstance(command, DICE_FREE + (DamageMany, HealMany)) or rolls:
        raise IllegalCommand(f"no preview for {type(command).__name__}")
    _state, events = handlers()[type(command)](encounter, encounter.state, command)
    return tuple(events)
