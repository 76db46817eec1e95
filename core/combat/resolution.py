"""Handlers for hit points, attacks, damage and conditions.

Each handler is ``handler(encounter, state, command) -> (state, events)``;
it reads ``encounter.ruleset`` and ``encounter.rng`` and never mutates.
Rules: TAC-ATK-1, TAC-DMG-1/2, TAC-HP-1, EQ-GEN-4, TAC-EFF-1..4, EQ-DAY-3.
"""

from __future__ import annotations

from core.values.frozen import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.board.battlefield import cells_apart, melee_refusal
from core.combat.trackers.uses import SpendUse, spend as spend_use
from core.dice.modifiers import Reach
from core.values import conditions as cond
from core.combat import events as ev
from core.combat.attacks import HIDDEN, WEAPON_MARK, another_weapon_index, resolve_attack
from core.values.combatant import Combatant
from core.combat.damage import DamageOutcome, DamagePart, absorb, resolve
from core.dice.rolls import DiceRoll, parse, roll
from core.errors import IllegalCommand
from core.combat.durations import lasting_in
from core.combat.economy import spend_kind

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState

Result = tuple[Any, tuple[ev.Event, ...]]


def check_amount(amount: object, word: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalCommand(f"{word} must be a whole number, not {amount!r}")
    if amount < 0:
        raise IllegalCommand(f"{word} cannot be negative")
    return amount


def take_hp(enc: Table, state: EncounterState, target: Combatant, amount: int, *, floor: int = 0) -> tuple[EncounterState, Combatant, list[ev.Event], int]:
    """Take ``amount`` from temporary HP then HP; death (TAC-HP-1) or defeat at 0.
    Returns (state, changed combatant, events, HP taken from temporary HP)."""
    hp = absorb(target.hp, target.hp_temp, amount, floor=floor)
    changed = replace(target, hp=hp.hp, hp_temp=hp.temp)
    events: list[ev.Event] = [ev.HitPointsChanged(target.id, target.name, -amount, hp.hp - target.hp, hp.hp, target.hp_max)]
    if amount > 0 and target.id in state.ridden():  # EQ-MNT-1: a hurt mount -> its rider's Riding check
        state, due = enc.after_hurt(state, target.id)
        events.extend(due)
    if hp.hp == 0 and target.hp > 0:
        if enc.ruleset.settings.zero_hp_dead:
            changed = replace(changed, dead=True)
            events.append(ev.Died(target.id, target.name))
        else:
            events.append(ev.Defeated(target.id, target.name))
    return state.replace_combatant(changed), changed, events, hp.from_temp


def apply_outcome(
    enc: Table, state: EncounterState, target_id: str, outcome: DamageOutcome, rolls: tuple[DiceRoll, ...], source: str
) -> Result:
    """Apply resolved damage to ``target_id``: temporary HP first; blunt
    trauma (EQ-GEN-4) never takes HP below 1."""
    target = state.combatant(target_id)
    state, changed, events, from_temp = take_hp(enc, state, target, outcome.total, floor=1 if outcome.blunt_trauma else 0)
    detail = ev.DamageTaken(
        target.id, target.name, rolls, outcome, from_temp, changed.hp, changed.hp_temp, changed.hp_max, source,
        state.round, state.current,
    )
    return state, (detail, *events)


def add_condition(enc: Table, state: EncounterState, target_id: str, condition: cond.Condition) -> Result:
    target = state.combatant(target_id)
    new, notes = cond.add(target.conditions, condition, enc.ruleset.conditions)
    state = state.replace_combatant(replace(target, conditions=new))
    added = new[-1]

    events: tuple[ev.Event, ...] = (ev.ConditionAdded(target.id, target.name, added, notes, lasting_in(added, state, enc.ruleset)),)
    state, fell = enc.after_condition(state, target.id, condition.name)  # falls (PR-MOV-5, PR-CLB-2), a rider's seat (EQ-MNT-5)
    return state, events + fell


def roll_amount(enc: Table, expression: str) -> DiceRoll:
    """Roll a dice amount (``2d6+1``); text after it is refused. Raises
    :class:`~core.errors.DiceError` (a :class:`RulesError`) on bad dice and
    :class:`IllegalCommand` for text without a die (``"-3"``)."""
    if not any(ch.isdigit() for ch in expression) or "d" not in expression.lower():
        raise IllegalCommand(f"{expression!r} is neither a whole number nor dice such as 2d6+1")
    parse(expression, allow_comments=False)
    return roll(expression, enc.rng)


def _amount(enc: Table, state: EncounterState, amount: int | str, word: str, target: Combatant) -> tuple[int, tuple[ev.Event, ...]]:
    """A whole number as it is, or dice rolled now (logged, never below 0)."""
    if isinstance(amount, str):
        result = roll_amount(enc, amount)
        event = ev.DiceRolled(result, None, "", f"{word} {target.name}", state.round, state.current)
        return max(0, result.total), (event,)
    return check_amount(amount, word), ()


def damage(enc: Table, state: EncounterState, command: cmd.Damage) -> Result:
    """Untyped damage (a GM number or dice): temporary HP first, then HP,
    never below 0. Dice that come to 0 or less change nothing."""
    target = state.combatant(command.target)
    amount, rolled = _amount(enc, state, command.amount, "damage to", target)
    if rolled and amount == 0:
        return state, rolled
    state, _, events, _ = take_hp(enc, state, target, amount)
    return state, rolled + tuple(events)


def heal(enc: Table, state: EncounterState, command: cmd.Heal) -> Result:
    """Healing (a number or dice) never exceeds the maximum; a dead creature
    needs :class:`Revive` first."""
    target = state.combatant(command.target)
    if target.dead:
        raise IllegalCommand(f"{target.name} is dead: revive first", "TAC-HP-1")
    amount, rolled = _amount(enc, state, command.amount, "healing for", target)
    if rolled and amount == 0:
        return state, rolled
    hp = min(target.hp_max, target.hp + amount)
    event = ev.HitPointsChanged(target.id, target.name, amount, hp - target.hp, hp, target.hp_max)
    return state.replace_combatant(replace(target, hp=hp)), (*rolled, event)


def revive(enc: Table, state: EncounterState, command: cmd.Revive) -> Result:
    target = state.combatant(command.target)
    if not 1 <= command.hp <= target.hp_max:
        raise IllegalCommand(f"revive with 1..{target.hp_max} HP, not {command.hp}")
    if not target.dead and target.hp > 0:
        raise IllegalCommand(f"{target.name} is neither dead nor defeated")
    state = state.replace_combatant(replace(target, dead=False, hp=command.hp))
    return state, (ev.Revived(target.id, target.name, command.hp),)


def temporary_hp(enc: Table, state: EncounterState, command: cmd.GrantTemporaryHitPoints) -> Result:
    amount = check_amount(command.amount, "temporary hit points")
    target = state.combatant(command.target)
    value = max(target.hp_temp, amount)
    return state.replace_combatant(replace(target, hp_temp=value)), (ev.TemporaryHitPoints(target.id, target.name, value),)


def deal_damage(enc: Table, state: EncounterState, command: cmd.DealDamage) -> Result:
    """Typed damage through the pipeline of ``core.combat.damage`` (no attack roll);
    ``command.dice`` are rolled first, each roll logged (a roll below 0 deals 0)."""
    if not command.parts and not command.dice:
        raise IllegalCommand("name at least one damage part")
    target = state.combatant(command.target)
    parts = list(command.parts)
    rolled: list[ev.Event] = []
    for part in command.dice:
        result = roll(part.expression, enc.rng)
        rolled.append(ev.DiceRolled(result, None, "", f"{part.damage_type.value} damage to {target.name}", state.round, state.current))
        parts.append(DamagePart(max(0, result.total), part.damage_type))
    outcome = resolve(
        enc.ruleset.settings, tuple(parts), armour=target.armour, resistances=target.resistances,
        weaknesses=target.weaknesses, immunities=target.immunities, alignment=target.alignment,
    )
    state, events = apply_outcome(enc, state, target.id, outcome, (), command.source)
    return state, tuple(rolled) + tuple(events)


def attack(enc: Table, state: EncounterState, command: cmd.Attack, before_damage: Any = None) -> Result:
    """Attack roll -> hit / half / miss -> typed damage -> HP -> effects (TAC-ATK-1, TAC-DMG-1/2).
    ``before_damage(state) -> (state, events, avoided)`` runs after a hit,
    before damage (a reaction, EQ-ACT-4): ``avoided`` cancels damage and effects."""
    attacker = state.combatant(command.attacker)
    target = state.combatant(command.target)
    if target.dead:
        raise IllegalCommand(f"{target.name} is dead")
    events: list[ev.Event] = []
    weapon = command.weapon
    refusal = melee_refusal(enc.ruleset.settings, attacker, target, weapon.reach_cells) if weapon.reach is Reach.MELEE else None
    if refusal is not None:
        if not command.override:
            reason = str(refusal).removesuffix(f" ({refusal.rule})")
            raise IllegalCommand(f"{reason}; a ranged or reach weapon, or the GM's override", refusal.rule)
        events.append(ev.OverrideUsed(attacker.id, attacker.name, f"melee attack: {refusal}"))
    apart = cells_apart(attacker, target)
    if weapon.reach is Reach.RANGED and weapon.range_cells and apart is not None and apart > weapon.range_cells:
        beyond = f"{target.name} is {apart} cells from {attacker.name}, beyond the range of {weapon.name} ({weapon.range_cells})"
        if not command.override:
            raise IllegalCommand(f"{beyond}; move closer, or the GM's override")
        events.append(ev.OverrideUsed(attacker.id, attacker.name, f"ranged attack: {beyond}"))
    if command.uses:  # a saved attack that spends a limited use (core.values.attacks.SavedAttack.uses)
        state, spent = spend_use(enc, state, SpendUse(attacker.id, command.uses))
        events.extend(spent)
        attacker = state.combatant(attacker.id)
    situation = command.situation
    if command.spend_action and state.round > 0 and enc.ruleset.attack_kind:
        index = another_weapon_index(state, enc.ruleset, attacker, command.weapon)
        if index:
            if index >= attacker.fore_limbs:  # EQ-ACT-6, EQ-ACT-7: one weapon a fore-limb
                raise IllegalCommand(f"{attacker.name} has attacked with {index} weapons, one a fore-limb, this turn", "EQ-ACT-6")
            situation = replace(situation, weapon_index=index)  # EQ-ACT-6: 2nd weapon -2, 3rd -4, no further action
        else:
            state, spent = spend_kind(enc, state, attacker.id, enc.ruleset.attack_kind, command.override)
            events.extend(spent)
        attacker = state.combatant(attacker.id)
        marks = attacker.budget.marks + (WEAPON_MARK + command.weapon.name,)
        state = state.replace_combatant(replace(attacker, budget=replace(attacker.budget, marks=marks)))
        attacker = state.combatant(attacker.id)
    outcome = resolve_attack(
        enc.ruleset, enc.rng, attacker, target, command.weapon, situation, command.advantage,
        stat=command.stat, ears_blocked=command.ears_blocked, eyes_covered=command.eyes_covered,
    )
    a = outcome.assembly
    events.append(ev.AttackRolled(
        attacker.id, attacker.name, target.id, target.name, command.weapon, outcome.check, outcome.hit,
        a.advantage_reasons, a.disadvantage_reasons, a.defence, state.round, state.current, enc.ruleset.attacks_beat_a_number,
    ))
    if HIDDEN in cond.levels(attacker.conditions):  # TAC-POS-4: attacking reveals the unnoticed attacker
        attacker = state.combatant(attacker.id)
        state = state.replace_combatant(replace(attacker, conditions=cond.remove(attacker.conditions, HIDDEN)))
        events.append(ev.ConditionRemoved(attacker.id, attacker.name, HIDDEN, "its attack reveals it (TAC-POS-4)"))
    if outcome.damage is not None and before_damage is not None:
        state, reacted, avoided = before_damage(state)
        events.extend(reacted)
        if avoided:
            outcome = replace(outcome, damage=None, effects=(), rolls=(), coating_used=False)
    if outcome.damage is not None:
        state, dealt = apply_outcome(enc, state, target.id, outcome.damage, outcome.rolls, f"{attacker.name}: {command.weapon.name}")
        events.extend(dealt)
        state, through = enc.ruleset.after_hit(enc, state, attacker, target, command.weapon, outcome.damage)
        events.extend(through)
    if outcome.coating_used:
        attacker = state.combatant(attacker.id)
        state = state.replace_combatant(replace(attacker, coatings=tuple(c for c in attacker.coatings if c.weapon != command.weapon.name)))
        events.append(ev.CoatingEnded(attacker.id, attacker.name, command.weapon.name, "used on a hit (EQ-DAY-3)"))
    for effect in outcome.effects:
        if state.combatant(target.id).dead or effect.name not in enc.ruleset.conditions:
            continue
        state, added = add_condition(enc, state, target.id, effect)
        events.extend(added)
    return state, tuple(events)


def add_condition_command(enc: Table, state: EncounterState, command: cmd.AddCondition) -> Result:
    return add_condition(enc, state, command.target, command.condition)


def remove_condition(enc: Table, state: EncounterState, command: cmd.RemoveCondition) -> Result:
    target = state.combatant(command.target)
    state = state.replace_combatant(replace(target, conditions=cond.remove(target.conditions, command.condition)))
    return state, (ev.ConditionRemoved(target.id, target.name, command.condition, command.reason),)


def extinguish(enc: Table, state: EncounterState, command: cmd.Extinguish) -> Result:
    """TAC-EFF-1: Body check against 4 + N; success removes burning."""
    s = enc.ruleset.settings
    target = state.combatant(command.combatant)
    level = cond.levels(target.conditions).get("burning")
    if level is None:
        raise IllegalCommand(f"{target.name} is not burning")
    difficulty = s.extinguish_base + level
    result = enc.ruleset.roll_check(enc.rng, target.stat(s.extinguish_stat), difficulty, purpose=f"put out burning {level} (TAC-EFF-1)")
    events: list[ev.Event] = [ev.CheckRolled(target.id, target.name, s.extinguish_stat, result, state.round, state.current)]
    if result.tier.succeeded:
        state = state.replace_combatant(replace(target, conditions=cond.remove(target.conditions, "burning")))
        events.append(ev.ConditionRemoved(target.id, target.name, "burning", "put out (TAC-EFF-1)"))
    return state, tuple(events)


def apply_poison(enc: Table, state: EncounterState, command: cmd.ApplyPoison) -> Result:
    """EQ-DAY-3: poison on a weapon works on one hit and dries after 10 minutes."""
    target = state.combatant(command.combatant)
    if command.level < 1:
        raise IllegalCommand(f"a poison level must be at least 1, not {command.level}")
    rounds = enc.ruleset.settings.weapon_poison_rounds
    coating = cond.Coating(command.weapon, command.level, rounds)
    others = tuple(c for c in target.coatings if c.weapon != command.weapon)
    state = state.replace_combatant(replace(target, coatings=others + (coating,)))
    return state, (ev.CoatingApplied(target.id, target.name, command.weapon, command.level, rounds),)


def trigger(enc: Table, state: EncounterState, bearer_id: str, boundary: cond.Boundary) -> Result:
    """Start/end-of-turn damage of ``bearer_id``'s conditions, then escalation
    (TAC-EFF-1 burning at the start, TAC-EFF-4 poisoned at the end)."""
    s = enc.ruleset.settings
    catalogue = enc.ruleset.conditions
    events: list[ev.Event] = []
    for condition in cond.triggered(state.combatant(bearer_id).conditions, boundary, catalogue):
        bearer = state.combatant(bearer_id)
        if bearer.dead:
            break
        spec = catalogue[condition.name]
        assert spec.damage_type is not None  # a condition that triggers names its damage type
        outcome = resolve(
            s, (DamagePart(condition.level, spec.damage_type),), resistances=bearer.resistances,
            weaknesses=bearer.weaknesses, immunities=bearer.immunities, ignore_armour=True,
        )
        state, dealt = apply_outcome(enc, state, bearer_id, outcome, (), f"{condition.name} {condition.level} ({spec.rule})")
        bearer = state.combatant(bearer_id)
        step = enc.ruleset.condition_step(spec)
        new_conditions, new_level = cond.escalate(bearer.conditions, condition.name, step)
        state = state.replace_combatant(replace(bearer, conditions=new_conditions))
        events.append(ev.ConditionTriggered(bearer.id, bearer.name, condition.name, condition.level, outcome.total, new_level))
        events.extend(dealt)
    return state, tuple(events)


def tick_durations(state: EncounterState, anchor: str, boundary: cond.Boundary) -> Result:
    """Count one boundary of ``anchor``'s turn on every combatant's conditions; log expiries.
    Only the creatures with conditions are looked at (``state.conditioned()``, an index kept across states)."""
    events: list[ev.Event] = []
    changed: dict[str, Combatant] = {}
    for cid in state.conditioned():
        combatant = state.combatant(cid)
        kept, expired = cond.tick(combatant.conditions, anchor, boundary)
        if expired or kept != combatant.conditions:
            combatant = changed[cid] = replace(combatant, conditions=kept)
        events.extend(ev.ConditionExpired(combatant.id, combatant.name, c) for c in expired)
    if len(changed) == 1:
        state = state.replace_combatant(*changed.values())  # the indexes carried
    elif changed:
        state = replace(state, combatants=tuple(changed.get(c.id, c) for c in state.combatants))
    return state, tuple(events)


HANDLERS = {
    cmd.Damage: damage,
    cmd.Heal: heal,
    cmd.Revive: revive,
    cmd.GrantTemporaryHitPoints: temporary_hp,
    cmd.DealDamage: deal_damage,
    cmd.Attack: attack,
    cmd.AddCondition: add_condition_command,
    cmd.RemoveCondition: remove_condition,
    cmd.Extinguish: extinguish,
    cmd.ApplyPoison: apply_poison,
}
