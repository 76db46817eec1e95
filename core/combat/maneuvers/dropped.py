"""Falling objects (seed 001, rule EQ-FALL-1): a large object falling on a
creature deals ordinary fall damage for its height (equestria keeps 000's
dice, EQ-MOV-8: 1d6 per full 2 cells); a dropped item must hit by the
dropper's Dropping skill against the target's attack difficulty, then
deals the same. An unaware target cannot avoid it; an aware one may dodge
or block with its reaction (EQ-ACT-4). Damage is bludgeoning (setting
``fall_damage_type``). Heights are cells (1 cell = 1 m, the units DEFAULT).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.combat.damage import DamagePart, DamageType, resolve
from core.dice.rolls import roll
from core.errors import IllegalCommand
from core.combat.mounted.commands import DropObject
from core.combat.economy import spend_kind
from core.combat.reactions import reaction_refusal
from core.combat.resolution import apply_outcome

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


def defence_stat(settings: Any, how: str) -> str:
    return settings.dodge_stat if how == "dodge" else settings.block_stat


def drop_object(enc: Table, state: EncounterState, command: DropObject) -> Result:
    """Handler of :class:`~core.combat.mounted.commands.DropObject` (EQ-FALL-1).
    Raises :class:`IllegalCommand` (nothing rolled) for a height below 1, an
    item without a dropper, a defence by an unaware target or one it cannot make."""
    s, riding = enc.ruleset.settings, enc.ruleset.riding
    if riding is None:  # the falling-objects rule comes with the mounted rules' settings
        raise IllegalCommand(f"{enc.ruleset.id} has no rule for falling objects", "EQ-FALL-1")
    if isinstance(command.height, bool) or not isinstance(command.height, int) or command.height < 1:
        raise IllegalCommand(f"an object falls at least 1 cell, not {command.height!r}", "EQ-FALL-1")
    target = state.combatant(command.target)
    dropper = state.combatant(command.dropper) if command.dropper else None
    if not command.large and dropper is None:
        raise IllegalCommand("a dropped item needs the creature dropping it (its Dropping skill)", "EQ-FALL-1")
    how = command.defence.strip().lower()
    if how and not command.aware:
        raise IllegalCommand(f"{target.name} does not know of it: an unaware target cannot avoid a falling object", "EQ-FALL-1")
    if how:
        refusal = reaction_refusal(enc, target, how)
        if refusal is not None:  # the reason names its rule already
            raise IllegalCommand(refusal)
    what = f"a large object falls {command.height} cell(s) on {target.name}" if command.large else f"drops an item {command.height} cell(s) on {target.name}"
    actor = dropper or target
    events: list[ev.Event] = []
    if not command.large:
        assert dropper is not None  # an item has its dropper, checked above
        aim = enc.ruleset.roll_check(enc.rng, dropper.stat(riding.dropping_skill), enc.ruleset.attack_difficulty(target), purpose=f"drop an item on {target.name} (EQ-FALL-1)")
        events.append(ev.CheckRolled(dropper.id, dropper.name, riding.dropping_skill, aim, state.round, state.current))
        if not aim.tier.succeeded:
            events.append(ev.Maneuvered(dropper.id, dropper.name, "EQ-FALL-1", what, "it misses", aim, target.id, target.name))
            return state, tuple(events)
    if how:
        if state.round > 0:
            kind = enc.ruleset.off_turn_kinds[0] if enc.ruleset.off_turn_kinds else "reaction"
            state, spent = spend_kind(enc, state, target.id, kind)
            events.extend(spent)
        stat = defence_stat(s, how)
        saved = enc.ruleset.roll_check(enc.rng, target.stat(stat), purpose=f"{how} a falling object (EQ-FALL-1)")
        events.append(ev.CheckRolled(target.id, target.name, stat, saved, state.round, state.current))
        if saved.tier.succeeded:
            events.append(ev.Maneuvered(actor.id, actor.name, "EQ-FALL-1", what, f"{target.name} {how}s it: no damage", saved, target.id, target.name))
            return state, tuple(events)
    result = enc.ruleset.fall(command.height)
    dice = roll(result.dice, enc.rng) if result.dice else None
    amount = max(0, dice.total) if dice is not None else result.damage
    events.append(ev.Maneuvered(actor.id, actor.name, "EQ-FALL-1", what, f"hits: {amount} {s.fall_damage_type} (as a fall of {command.height})", None, target.id, target.name))
    if amount > 0:
        outcome = resolve(s, (DamagePart(amount, DamageType(s.fall_damage_type)),), armour=target.armour,
                          resistances=target.resistances, weaknesses=target.weaknesses, immunities=target.immunities)
        state, dealt = apply_outcome(enc, state, target.id, outcome, (dice,) if dice else (), f"falling object ({command.height} cells, EQ-FALL-1)")
        events.extend(dealt)
    return state, tuple(events)


HANDLERS = {DropObject: drop_object}
