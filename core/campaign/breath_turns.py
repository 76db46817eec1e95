"""Held breath counted turn by turn, who needs to breathe, and ЭНЕР lost to
an interrupted journey (rules EQ-BRE-1, EQ-TRV-2).

At the start of each of its turns a creature holding its breath has been
without air for 10 s per round since the round it began
(:func:`core.campaign.energy.elapsed_seconds` of the round before). When the air
runs out before its next turn the tracker warns (:class:`BreathRunningOut`);
once past, 2 ЭНЕР per full 10 s are taken right there, at the turn
boundary, so ``p`` (hand the turn back) returns them like any other turn
effect (:mod:`core.combat.boundary`). ``Breathe`` then takes only what is left.
Water-breathers and non-breathers are exempt (``Combatant.breathing``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from core.campaign.breath import BreathSettings, body_of, breath_seconds, energy_lost
from core.values.clock import ROUND_SECONDS
from core.combat.commands import Command
from core.campaign.energy import change_energy
from core.campaign.energy_events import EnergyChanged
from core.errors import IllegalCommand, RulesError
from core.combat.event_base import Event
from core.campaign.time_events import BreathingSet, BreathRunningOut, TravelInterrupted

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

BREATHING = ("air", "water", "none")  # EQ-BRE-1: only "air" holds its breath


@dataclass(frozen=True)
class SetBreathing(Command):
    """``target`` breathes ``breathing``: ``air``, ``water`` or ``none`` (the last two exempt, EQ-BRE-1)."""

    target: str
    breathing: str


@dataclass(frozen=True)
class InterruptTravel(Command):
    """EQ-TRV-2: the journey stops (a fight, exploring): each of ``targets``
    that tracks ЭНЕР loses ``amount`` (the GM's figure)."""

    targets: tuple[str, ...]
    amount: int
    reason: str = ""


def breath_at_turn_start(state: EncounterState, creature_id: str, round_: int,
                         settings: BreathSettings = BreathSettings()) -> tuple[EncounterState, tuple[Event, ...]]:
    """EQ-BRE-1 at the start of ``creature_id``'s turn in ``round_``: the
    warning the turn before the air runs out, and the ЭНЕР due since the
    last turn (2 per full 10 s past the breath). A creature without a
    BODY (ТЕЛ) stat, exempt or breathing freely is left alone."""
    creature = state.combatant(creature_id)
    held = creature.breath
    if held is None or creature.breathing != "air":
        return state, ()
    try:
        body = body_of(dict(creature.stats), settings, creature.name)
    except RulesError:
        return state, ()
    elapsed = max(0, round_ - held.round) * ROUND_SECONDS
    left = breath_seconds(body, held.activity, settings) - elapsed
    if 0 < left <= ROUND_SECONDS:
        return state, (BreathRunningOut(creature.id, creature.name, left),)
    due = energy_lost(body, held.activity, elapsed, settings) - held.energy_taken
    if due <= 0:
        return state, ()
    creature = replace(creature, breath=replace(held, energy_taken=held.energy_taken + due))
    state = state.replace_combatant(creature)
    if creature.energy_max <= 0:
        return state, (BreathRunningOut(creature.id, creature.name, left),)
    state, event = change_energy(state, creature, -due, f"no air for {-left} s (EQ-BRE-1)")
    return state, (event,)


def set_breathing(enc: Table, state: EncounterState, command: SetBreathing):
    """Refused for anything but air, water or none."""
    creature = state.combatant(command.target)
    breathing = command.breathing.strip().lower()
    if breathing not in BREATHING:
        raise IllegalCommand(f"a creature breathes {', '.join(BREATHING)}; not {command.breathing!r}", "EQ-BRE-1")
    if breathing != "air" and creature.breath is not None:
        raise IllegalCommand(f"{creature.name} is holding its breath: let it breathe first", "EQ-BRE-1")
    state = state.replace_combatant(replace(creature, breathing=breathing))
    return state, (BreathingSet(creature.id, creature.name, breathing),)


def interrupt_travel(enc: Table, state: EncounterState, command: InterruptTravel):
    """EQ-TRV-2: refused for an amount below 1 or above 100, no traveller,
    or none of them tracking ЭНЕР; the others are named as skipped."""
    if not 1 <= command.amount <= 100:
        raise IllegalCommand(f"an interruption costs 1 to 100 energy, not {command.amount}", "EQ-TRV-2")
    if not command.targets:
        raise IllegalCommand("nobody travels: the group is empty", "EQ-TRV-2")
    creatures = [state.combatant(t) for t in dict.fromkeys(command.targets)]
    if not any(c.energy_max > 0 for c in creatures):
        raise IllegalCommand("none of the travellers tracks energy: give them a maximum first (N: set 10)", "EQ-TRV-2")
    events: list[Event] = []
    names, skipped = [], []
    for target in dict.fromkeys(command.targets):
        creature = state.combatant(target)
        if creature.energy_max <= 0:
            skipped.append(creature.name)
            continue
        state, event = change_energy(state, creature, -command.amount, f"travel interrupted (EQ-TRV-2){': ' + command.reason.strip() if command.reason.strip() else ''}")
        names.append(creature.name)
        events.append(event)
    return state, (TravelInterrupted(command.amount, tuple(names), tuple(skipped), command.reason.strip()), *events)


HANDLERS = {SetBreathing: set_breathing, InterruptTravel: interrupt_travel}

__all__ = ["EnergyChanged", "BreathRunningOut", "SetBreathing", "InterruptTravel", "breath_at_turn_start"]
