"""Handlers for the phases of a scene (EQ-SIT-1..3), everyday checks
(EQ-DAY-2, EQ-DAY-3) and free rolls for the dice log.

Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.dice.checks import Advantage, Modifier
from core.dice.rolls import roll
from core.errors import IllegalCommand
from core.values.phases import Phase
from core.campaign.timekeeping import fold_fight
from core.campaign.training import TrainingSettings
from core.combat.trackers.uses import end_of_fight
from core.combat.turn_times import close_turn

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


def begin_preparation(enc: Table, state: EncounterState, command: cmd.BeginPreparation) -> Result:
    """EQ-SIT-2: from everyday play, ``side`` (the ambushers) prepares."""
    if state.phase is not Phase.EVERYDAY or state.round > 0:
        raise IllegalCommand("preparation comes before initiative, from everyday play", "EQ-SIT-2")
    state = replace(state, phase=Phase.PREPARATION, preparing=command.side)
    return state, (ev.PhaseChanged(Phase.PREPARATION, command.side),)


def prepare_action(enc: Table, state: EncounterState, command: cmd.PrepareAction) -> Result:
    """EQ-SIT-2: an action before initiative that costs no turn, for the preparing side only."""
    if state.phase is not Phase.PREPARATION:
        raise IllegalCommand("no preparation phase now", "EQ-SIT-2")
    combatant = state.combatant(command.combatant)
    if combatant.side is not state.preparing:
        side = state.preparing.value if state.preparing else "none"
        raise IllegalCommand(f"only the {side} side prepares; {combatant.name} is {combatant.side.value}", "EQ-SIT-2")
    if not command.description.strip():
        raise IllegalCommand("describe the preparation action")
    bonus = command.bonus or enc.ruleset.settings.preparation_bonus
    return state, (ev.PreparationTaken(combatant.id, combatant.name, command.description.strip(), bonus),)


def end_combat(enc: Table, state: EncounterState, command: cmd.EndCombat) -> Result:
    """EQ-SIT-3: all sides agreed; back to everyday play, initiatives cleared."""
    if state.phase is Phase.EVERYDAY and state.round == 0:
        raise IllegalCommand("there is no fight to end", "EQ-SIT-3")

    state, timed = close_turn(state, command.at, command.since)  # the last turn ends with the fight
    state = replace(state, turn_at=None)
    state, passed = fold_fight(state, enc.ruleset.settings_for(TrainingSettings))  # the fight's rounds go onto the in-game clock
    combatants = tuple(replace(c, initiative=None) for c in state.combatants)
    state = replace(
        state, combatants=combatants, phase=Phase.EVERYDAY, preparing=None, round=0, current=None,
        cursor=None, acted=(), resuming=(),
    )

    state, refilled = end_of_fight(state)  # per-encounter uses come back (DEFAULT)
    return state, (*timed, ev.PhaseChanged(Phase.EVERYDAY, at=command.at), *passed, *refilled)


def roll_dice(enc: Table, state: EncounterState, command: cmd.RollDice) -> Result:
    """A free roll; free text after the expression is a comment and the default purpose."""
    name = state.combatant(command.combatant).name if command.combatant is not None else ""
    result = roll(command.expression, enc.rng)
    purpose = command.purpose or result.comment
    return state, (ev.DiceRolled(result, command.combatant, name, purpose, state.round, state.current),)


def roll_check(enc: Table, state: EncounterState, command: cmd.RollCheck) -> Result:
    """A check (EQ-CHK-1, EQ-CHK-2, TAC-ATK-1, PR-ROLL-1). ``purpose`` ``theft``
    needs DEX >= +2 and rolls with disadvantage (EQ-DAY-2)."""
    ruleset = enc.ruleset
    combatant = state.combatant(command.combatant)
    if command.stat not in ruleset.stat_names:
        raise IllegalCommand(f"unknown stat {command.stat!r}; use one of {', '.join(ruleset.stat_names)}")
    difficulty = command.difficulty
    if difficulty is not None and not 1 <= difficulty <= 100:
        raise IllegalCommand(f"difficulty must be between 1 and 100, not {difficulty}")
    advantage = command.advantage
    s = ruleset.settings
    if command.purpose.strip().lower() == "theft" and s.theft_stat in ruleset.stat_names:
        dex = combatant.stat(s.theft_stat)
        if dex < s.theft_min_dex:
            raise IllegalCommand(f"theft needs {s.theft_stat} {s.theft_min_dex:+d}; {combatant.name} has {dex:+d}", "EQ-DAY-2")
        advantage = advantage.with_(Advantage.DISADVANTAGE)
    value = combatant.stat(command.stat)
    result = ruleset.roll_check(enc.rng, value, difficulty, advantage, modifiers=command.modifiers, purpose=command.purpose)
    result = replace(result, modifiers=(Modifier(value, command.stat),) + result.modifiers)
    return state, (ev.CheckRolled(combatant.id, combatant.name, command.stat, result, state.round, state.current),)


HANDLERS = {
    cmd.RollDice: roll_dice,
    cmd.RollCheck: roll_check,
    cmd.BeginPreparation: begin_preparation,
    cmd.PrepareAction: prepare_action,
    cmd.EndCombat: end_combat,
}
