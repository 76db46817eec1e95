"""One damage, healing or condition for several creatures at once:
everyone in an area, or the creatures the GM marked in the tracker.

Dice are rolled once for all of them and logged once; then each target
takes the result through its own armour, resistances, weaknesses,
immunities and temporary hit points (rules TAC-DMG-1, EQ-GEN-4), or gains
the condition with its own interactions (TAC-EFF-1..3). One command is one
undo step; the log opens with a :class:`ManyTargeted` line naming them all.
Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from dataclasses import replace

from core.combat import events as ev
from core.values import limits as lim
from core.combat.attacks import WeaponDamage
from core.combat.command_base import Command
from core.values.conditions import Condition
from core.combat.damage import DamagePart, resolve
from core.dice.rolls import roll
from core.errors import IllegalCommand
from core.combat.event_base import Event

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


@dataclass(frozen=True)
class DamageMany(Command):
    """Typed damage without an attack roll to every one of ``targets``
    (ids): ``parts`` as they are, ``dice`` (``2d6 fire``) rolled once for
    all; each target through its own armour and resistances (TAC-DMG-1).
    The dead are passed over (named in the log)."""

    targets: tuple[str, ...]
    parts: tuple[DamagePart, ...] = ()
    dice: tuple[WeaponDamage, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class HealMany(Command):
    """``amount`` HP of healing (a whole number, or dice rolled once for all)
    to each of ``targets``, never above its maximum; the dead are passed
    over (they need reviving first, TAC-HP-1)."""

    targets: tuple[str, ...]
    amount: int | str


@dataclass(frozen=True)
class ConditionMany(Command):
    """Put ``condition`` on each of ``targets`` (each with its own
    interactions, TAC-EFF-1..3); the dead are passed over."""

    targets: tuple[str, ...]
    condition: Condition


@dataclass(frozen=True)
class ManyTargeted(Event):
    """The first line of one action on several creatures: ``what`` was done
    (``"2d6 fire"``, ``"healing 5"``, ``"prone 1"``) to ``combatants``
    (ids, with ``names``); ``passed_over``: names of the dead left out."""

    what: str
    combatants: tuple[str, ...]
    names: tuple[str, ...]
    passed_over: tuple[str, ...] = ()


def _targets(state: EncounterState, targets: tuple[str, ...]) -> tuple[list, list]:
    """(living targets, dead ones) in the given order; refuses an empty,
    repeated or unknown id, or more than ``MAX_COMBATANTS``."""
    if not targets:
        raise IllegalCommand("mark at least one creature")
    if len(targets) > lim.MAX_COMBATANTS or len(set(targets)) != len(targets):
        raise IllegalCommand("each creature once, at most one per combatant")
    found = [state.combatant(t) for t in targets]
    living = [c for c in found if not c.dead]
    if not living:
        raise IllegalCommand("every marked creature is dead: revive first", "TAC-HP-1")
    return living, [c for c in found if c.dead]


def _names(living: list, shown: int = 4) -> str:
    """``Wolf 1, Wolf 2 and 3 more``: what a roll was for, kept short."""
    names = ", ".join(c.name for c in living[:shown])
    return names + (f" and {len(living) - shown} more" if len(living) > shown else "")


def _header(what: str, living: list, dead: list) -> ManyTargeted:
    return ManyTargeted(what, tuple(c.id for c in living), tuple(c.name for c in living), tuple(c.name for c in dead))


def damage_many(enc: Table, state: EncounterState, command: DamageMany) -> Result:
    """See :class:`DamageMany`."""
    from core.combat.resolution import apply_outcome

    if not command.parts and not command.dice:
        raise IllegalCommand("name at least one damage part")
    living, dead = _targets(state, command.targets)
    events: list[ev.Event] = [_header(command.source or "damage", living, dead)]
    parts = list(command.parts)
    names = _names(living)
    for part in command.dice:
        result = roll(part.expression, enc.rng)
        events.append(ev.DiceRolled(result, None, "", f"{part.damage_type.value} damage to {names}", state.round, state.current))
        parts.append(DamagePart(max(0, result.total), part.damage_type))
    for target in living:
        target = state.combatant(target.id)
        outcome = resolve(
            enc.ruleset.settings, tuple(parts), armour=target.armour, resistances=target.resistances,
            weaknesses=target.weaknesses, immunities=target.immunities, alignment=target.alignment,
        )
        state, dealt = apply_outcome(enc, state, target.id, outcome, (), command.source)
        events.extend(dealt)
    return state, tuple(events)


def heal_many(enc: Table, state: EncounterState, command: HealMany) -> Result:
    """See :class:`HealMany`."""
    from core.combat.resolution import check_amount, roll_amount

    living, dead = _targets(state, command.targets)
    events: list[ev.Event] = []
    if isinstance(command.amount, str):
        result = roll_amount(enc, command.amount)
        amount = max(0, result.total)
        events.append(ev.DiceRolled(result, None, "", "healing for " + _names(living), state.round, state.current))
    else:
        amount = check_amount(command.amount, "healing")
    events.insert(0, _header(f"healing {command.amount}", living, dead))
    for target in living:
        target = state.combatant(target.id)
        hp = min(target.hp_max, target.hp + amount)
        events.append(ev.HitPointsChanged(target.id, target.name, amount, hp - target.hp, hp, target.hp_max))
        state = state.replace_combatant(replace(target, hp=hp))
    return state, tuple(events)


def condition_many(enc: Table, state: EncounterState, command: ConditionMany) -> Result:
    """See :class:`ConditionMany`."""
    from core.combat.resolution import add_condition

    living, dead = _targets(state, command.targets)
    events: list[ev.Event] = [_header(f"{command.condition.name} {command.condition.level}", living, dead)]
    for target in living:
        state, added = add_condition(enc, state, target.id, command.condition)
        events.extend(added)
    return state, tuple(events)


HANDLERS = {DamageMany: damage_many, HealMany: heal_many, ConditionMany: condition_many}
