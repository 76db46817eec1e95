"""Energy (ЭНЕР) of equestria creatures and holding one's breath in a fight
(rules EQ-STAT-1, EQ-BRE-1, EQ-TRV-2).

ЭНЕР is a resource beside hit points: ``Combatant.energy`` out of
``energy_max`` (a maximum of 0 means the creature does not track it). It is
spent and regained by commands, kept within ``0..energy_max`` (DEFAULT: the
seeds give no effects below 0). Holding breath is a countdown on the
creature from the round it began: ТЕЛ x 20 / 5 / 2 seconds, counted in
rounds of 10 s; once past, 2 ЭНЕР per 10 s, taken when the creature
breathes again (``Breathe``) or when the GM settles it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from core.campaign.breath import Activity, BreathSettings, HeldBreath, body_of, breath_seconds, energy_lost
from core.values.clock import ROUND_SECONDS
from core.combat.commands import Command
from core.combat.event_base import Event
from core.campaign.energy_events import BreathHeld, BreathTaken, EnergyChanged  # noqa: I001
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.values.combatant import Combatant
    from core.combat.state import EncounterState


@dataclass(frozen=True)
class SpendEnergy(Command):
    """``target`` loses ``amount`` ЭНЕР (``reason`` for the log: an
    interrupted journey EQ-TRV-2, a spell...)."""

    target: str
    amount: int
    reason: str = ""


@dataclass(frozen=True)
class RegainEnergy(Command):
    """``target`` regains ``amount`` ЭНЕР, never above its maximum."""

    target: str
    amount: int
    reason: str = ""


@dataclass(frozen=True)
class SetEnergy(Command):
    """Give ``target`` a ЭНЕР maximum of ``energy_max`` (0: stop tracking)
    and ``energy`` now (``None``: full)."""

    target: str
    energy_max: int
    energy: int | None = None


@dataclass(frozen=True)
class HoldBreath(Command):
    """``target`` starts holding its breath this round (EQ-BRE-1); refused
    without a BODY (ТЕЛ) stat or when already holding it."""

    target: str
    activity: Activity = Activity.HEAVY


@dataclass(frozen=True)
class Breathe(Command):
    """``target`` breathes again; the ЭНЕР lost past its breath is taken (EQ-BRE-1)."""

    target: str


def elapsed_seconds(held: HeldBreath, round_now: int) -> int:
    """Seconds of a held breath: whole rounds since it began (the round it
    began counts once over, DEFAULT), 10 s each."""
    return max(0, round_now - held.round + 1) * ROUND_SECONDS


def breath_left(creature: Combatant, round_now: int, settings: BreathSettings = BreathSettings()) -> int | None:
    """Seconds of air left at the end of round ``round_now`` (negative once
    past), or ``None`` when the creature breathes freely. Shown as a badge."""
    held = creature.breath
    if held is None:
        return None
    body = body_of(dict(creature.stats), settings, creature.name)
    return breath_seconds(body, held.activity, settings) - elapsed_seconds(held, round_now)


def change_energy(state: EncounterState, creature: Combatant, delta: int, reason: str) -> tuple[Any, EnergyChanged]:
    if creature.energy_max <= 0:
        raise IllegalCommand(f"{creature.name} has no energy (ЭНЕР) to track; set its maximum on the sheet", "EQ-STAT-1")
    energy = min(creature.energy_max, max(0, creature.energy + delta))
    changed = replace(creature, energy=energy)
    return state.replace_combatant(changed), EnergyChanged(creature.id, creature.name, energy - creature.energy, energy, creature.energy_max, reason)


def spend(enc: Table, state: EncounterState, command: SpendEnergy):
    if command.amount <= 0:
        raise IllegalCommand(f"spend at least 1 energy, not {command.amount}")
    state, event = change_energy(state, state.combatant(command.target), -command.amount, command.reason)
    return state, (event,)


def regain(enc: Table, state: EncounterState, command: RegainEnergy):
    if command.amount <= 0:
        raise IllegalCommand(f"regain at least 1 energy, not {command.amount}")
    state, event = change_energy(state, state.combatant(command.target), command.amount, command.reason)
    return state, (event,)


def set_energy(enc: Table, state: EncounterState, command: SetEnergy):
    creature = state.combatant(command.target)
    if not 0 <= command.energy_max <= 10_000:
        raise IllegalCommand(f"an energy maximum must be between 0 and 10000, not {command.energy_max}")
    energy = command.energy_max if command.energy is None else command.energy
    if not 0 <= energy <= command.energy_max:
        raise IllegalCommand(f"energy must be between 0 and the maximum {command.energy_max}, not {energy}")
    state = state.replace_combatant(replace(creature, energy=energy, energy_max=command.energy_max))
    return state, (EnergyChanged(creature.id, creature.name, energy - creature.energy, energy, command.energy_max, "set by the GM"),)


def hold_breath(enc: Table, state: EncounterState, command: HoldBreath):
    creature = state.combatant(command.target)
    settings = enc.ruleset.settings_for(BreathSettings)
    if creature.breathing != "air":
        raise IllegalCommand(f"{creature.name} breathes {creature.breathing}: exempt from holding its breath", "EQ-BRE-1")
    body = body_of(dict(creature.stats), settings, creature.name)
    if creature.breath is not None:
        raise IllegalCommand(f"{creature.name} is already holding its breath", "EQ-BRE-1")
    seconds = breath_seconds(body, command.activity, settings)
    state = state.replace_combatant(replace(creature, breath=HeldBreath(state.round, command.activity)))
    return state, (BreathHeld(creature.id, creature.name, command.activity, seconds, -(-seconds // ROUND_SECONDS)),)


def breathe(enc: Table, state: EncounterState, command: Breathe):
    creature = state.combatant(command.target)
    held = creature.breath
    if held is None:
        raise IllegalCommand(f"{creature.name} is not holding its breath", "EQ-BRE-1")
    settings = enc.ruleset.settings_for(BreathSettings)
    body = body_of(dict(creature.stats), settings, creature.name)
    seconds = elapsed_seconds(held, state.round)
    lost = max(0, energy_lost(body, held.activity, seconds, settings) - held.energy_taken)  # the rest was taken at turn starts
    creature = replace(creature, breath=None)
    state = state.replace_combatant(creature)
    events: list[Event] = [BreathTaken(creature.id, creature.name, seconds, lost)]
    if lost and creature.energy_max > 0:
        state, event = change_energy(state, creature, -lost, "held breath (EQ-BRE-1)")
        events.append(event)
    return state, tuple(events)


HANDLERS = {SetEnergy: set_energy, SpendEnergy: spend, RegainEnergy: regain, HoldBreath: hold_breath, Breathe: breathe}
