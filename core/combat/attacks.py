"""One attack, resolved: roll -> hit / half / miss -> damage by type -> effects.

:func:`resolve_attack` is pure given the ``rng``: it assembles modifiers
(``core.dice.modifiers``), rolls with the ruleset's dice and attack tiers
(TAC-ATK-1, EQ-CHK-2, PR-ROLL-1, srd35), rolls the weapon's damage or the
unarmed table (EQ-ACT-5), runs it through ``core.combat.damage`` and lists the
conditions the hit causes (TAC-DMG-2, EQ-DAY-3). The encounter applies the
outcome to hit points and conditions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from core.values.frozen import replace
from typing import Any

from core.dice.checks import Advantage, CheckResult, Modifier, Tier
from core.values.combatant import Combatant
from core.values.conditions import Condition, Duration, levels
from core.combat.damage import DamageOutcome, DamagePart, DamageType, resolve
from core.dice.rolls import DiceRoll, roll
from core.errors import IllegalCommand
from core.dice.modifiers import Assembly, Awareness, Reach, Situation, assemble
from core.board.grid import Cover
from core.rulesets.common import AcAttackSettings

HIDDEN = "hidden"
"""The condition a GM gives a creature no foe has noticed by any sense (TAC-POS-4);
its next attack reveals it (:func:`core.combat.resolution.attack`)."""


@dataclass(frozen=True)
class WeaponDamage:
    """One damage component of a weapon: dice ``expression`` of ``damage_type``."""

    expression: str
    damage_type: DamageType = DamageType.BLUDGEONING


@dataclass(frozen=True)
class Weapon:
    """A weapon or item used to strike.

    ``damage`` components (a dagger: 3 piercing + 2 slashing, TAC-DMG-1);
    ``bonus`` to hit; ``stat`` used (empty: the ruleset's attack stat);
    ``metal`` for corrosion (TAC-EFF-3); ``tier_damage`` for ``power_roll``
    (expressions for tiers 1, 2, 3; empty: DEFAULT tier 1 half, 2 and 3 full).
    An empty ``damage`` is an improvised item: the unarmed table (EQ-ACT-5).
    """

    name: str
    damage: tuple[WeaponDamage, ...] = ()
    bonus: int = 0
    stat: str = ""
    reach: Reach = Reach.MELEE
    metal: bool = False
    tier_damage: tuple[str, ...] = ()
    long: bool = False  # tag "long 1...3" of polearms (TAC-OPT-1)
    reach_cells: int = 0  # a melee weapon's reach in cells (0: the creature's own, core.board.battlefield.melee_reach)
    range_cells: int = 0  # a ranged weapon's range in cells (0: no limit of its own)


UNARMED = Weapon("unarmed")


@dataclass(frozen=True)
class AttackOutcome:
    """``check`` (tier HALF = hit for half), whether it ``hit``, the damage
    ``rolls``, the resolved ``damage`` (None on a miss), the ``effects`` to
    apply to the target, and the ``assembly`` of modifiers with reasons."""

    check: CheckResult
    hit: bool
    rolls: tuple[DiceRoll, ...]
    damage: DamageOutcome | None
    effects: tuple[Condition, ...]
    assembly: Assembly
    coating_used: bool = False


_ON_HIT = {
    DamageType.FIRE: "burning",
    DamageType.FROST: "frozen",
    DamageType.ACID: "corrosion",
    DamageType.POISON: "poisoned",
    DamageType.SONIC: "dazed",
    DamageType.LIGHT: "blinded",
}


def type_effects(
    settings: Any, outcome: DamageOutcome, critical: bool, target: Combatant, *, ears_blocked: bool = False, eyes_covered: bool = False
) -> tuple[Condition, ...]:
    """Rule TAC-DMG-2: conditions the damage types of a hit cause. Fire
    burning, frost frozen, acid corrosion 1, poison poisoned, sonic dazed
    (blocked hearing protects), light blinded (covered eyes protect); on a
    critical, slashing bleeding = half its damage and bludgeoning stunned 1.
    Blunt trauma triggers nothing (EQ-GEN-4)."""
    if not settings.type_effects or outcome.blunt_trauma:
        return ()
    effects: list[Condition] = []
    level = settings.effect_level
    for part in outcome.parts:
        if part.final <= 0:
            continue
        name = _ON_HIT.get(part.damage_type)
        if name == "dazed" and ears_blocked or name == "blinded" and eyes_covered:
            continue
        if name is not None:
            effects.append(Condition(name, 1 if name == "corrosion" else level, source=part.damage_type.value))
        if critical and part.damage_type is DamageType.SLASHING and part.final // 2 >= 1:
            effects.append(Condition("bleeding", part.final // 2, source="slashing critical"))
        if critical and part.damage_type is DamageType.BLUDGEONING:
            effects.append(Condition("stunned", 1, Duration.until_end_of(target.id), source="bludgeoning critical"))
    return tuple(effects)


def damage_expressions(ruleset: Any, weapon: Weapon, stat_value: int, tier: Tier) -> tuple[WeaponDamage, ...]:
    """What to roll for damage: the weapon's components, the power-roll tier
    expression, or the unarmed table by the used stat (EQ-ACT-5)."""
    if weapon.tier_damage and tier in (Tier.TIER_1, Tier.TIER_2, Tier.TIER_3):
        index = (Tier.TIER_1, Tier.TIER_2, Tier.TIER_3).index(tier)
        kind = weapon.damage[0].damage_type if weapon.damage else DamageType.BLUDGEONING
        return (WeaponDamage(weapon.tier_damage[index], kind),)
    if weapon.damage:
        return weapon.damage
    return (WeaponDamage(ruleset.unarmed_damage(stat_value), DamageType.BLUDGEONING),)


@dataclass(frozen=True)
class AttackPlan:
    """Everything about an attack that is known before the die is rolled:
    the attack ``stat`` and its value, the other ``modifiers`` with reasons,
    the ``difficulty`` to reach (AC or DEFAULT, raised by defence), the net
    ``advantage`` and the situation's ``assembly``."""

    stat: str
    stat_value: int
    modifiers: tuple[Modifier, ...]
    difficulty: int
    advantage: Advantage
    assembly: Assembly

    @property
    def total_modifier(self) -> int:
        return self.stat_value + sum(m.value for m in self.modifiers)


def shield_situation(settings: Any, target: Combatant, weapon: Weapon, situation: Situation) -> Situation:
    """TAC-DMG-2: a target carrying a shield (inventory item named with
    ``shield_word``) has the setting ``shield_cover`` against the attack,
    unless the weapon deals chopping damage, which ignores shield cover."""
    grade = Cover(settings.shield_cover)  # CommonSettings
    word = settings.shield_word.lower()
    if grade is Cover.NONE or not any(word in item.lower() for item in target.inventory.quick + target.inventory.slow):
        return situation
    if any(d.damage_type is DamageType.CHOPPING for d in weapon.damage):
        return situation
    return replace(situation, cover=grade) if grade.rank > situation.cover.rank else situation


def plan_attack(
    ruleset: Any,
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon = UNARMED,
    situation: Situation = Situation(),
    advantage: Advantage = Advantage.NONE,
    *,
    stat: str = "",
) -> AttackPlan:
    """Assemble an attack without rolling (for the odds shown before the
    roll, and for :func:`resolve_attack`). Raises
    :class:`~core.errors.IllegalCommand` when the target has full cover (EQ-COV-2)."""
    s = ruleset.settings
    refusal = ruleset.attack_refusal(attacker)
    if refusal is not None:
        raise IllegalCommand(refusal)
    situation = shield_situation(s, target, weapon, situation)
    from core.board.senses import situation_for  # TAC-POS-6, TAC-OPT-1 shield wall

    situation = situation_for(ruleset, target, weapon, situation)
    if HIDDEN in levels(attacker.conditions):  # TAC-POS-4: the GM marked it unnoticed by every foe
        situation = replace(situation, awareness=Awareness.UNNOTICED)
    if target.mounted_on is not None and not situation.mounted_dash:  # TAC-POS-5: a rider that dashed has AC +4, not +2
        situation = replace(situation, mounted_dash=True)
    ranged = weapon.reach is Reach.RANGED or situation.reach is Reach.RANGED
    stat_name = weapon.stat or stat or (ranged and ruleset.ranged_attack_stat) or ruleset.attack_stat
    stat_value = attacker.stat(stat_name)
    defend_stat = ruleset.defend_stat
    assembly = assemble(
        s, replace(situation, reach=weapon.reach) if weapon.reach is not situation.reach else situation,
        levels(attacker.conditions), levels(target.conditions),
        weapon_metal=weapon.metal, target_armour_metal=target.armour_metal,
        target_body=target.stat(defend_stat) if defend_stat else 0,
    )
    extra: list[Modifier] = []
    if weapon.bonus:
        extra.append(Modifier(weapon.bonus, f"to hit ({weapon.name})", ""))  # "+1 to hit (sword)": not a damage bonus
    weakened = ruleset.weakened_penalty
    if "weakened" in levels(attacker.conditions) and weakened is not None:
        extra.append(Modifier(weakened, "weakened", "PR-BUR-3"))
    if any(c.name == "climbing" and c.source == target.id for c in attacker.conditions) and weapon.reach is Reach.MELEE:
        assembly = replace(assembly, advantage=assembly.advantage.with_(Advantage.ADVANTAGE),
                           advantage_reasons=assembly.advantage_reasons + ("climbing on the target (PR-CLB-1)",))
    difficulty = ruleset.attack_difficulty(target) + sum(m.value for m in assembly.defence)
    return AttackPlan(stat_name, stat_value, tuple(extra) + assembly.modifiers, difficulty, advantage.with_(assembly.advantage), assembly)


def resolve_attack(
    ruleset: Any,
    rng: random.Random,
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon = UNARMED,
    situation: Situation = Situation(),
    advantage: Advantage = Advantage.NONE,
    *,
    stat: str = "",
    ears_blocked: bool = False,
    eyes_covered: bool = False,
) -> AttackOutcome:
    """Roll one attack of ``attacker`` on ``target`` and resolve its damage.

    Raises :class:`~core.errors.IllegalCommand` when the target cannot be
    targeted (full cover, EQ-COV-2) and :class:`~core.errors.DiceError` for a
    bad damage expression. Tier HALF halves the damage (TAC-ATK-1); sonic or
    light-only weapons ignore AC (TAC-DMG-2: they hit unless critically failed).
    """
    s = ruleset.settings
    plan = plan_attack(ruleset, attacker, target, weapon, situation, advantage, stat=stat)
    stat_name, stat_value, modifiers, difficulty, net, assembly = (
        plan.stat, plan.stat_value, plan.modifiers, plan.difficulty, plan.advantage, plan.assembly,
    )
    base = [Modifier(stat_value, stat_name, "")]
    target_levels = levels(target.conditions)
    check = ruleset.roll_check(rng, stat_value, difficulty, net, modifiers=modifiers, purpose=f"attack {target.name} with {weapon.name}", attack=True)
    check = replace(check, modifiers=(base[0],) + check.modifiers)
    tier = check.tier
    against_ac = s if isinstance(s, AcAttackSettings) else None  # power_roll: tiers by the total alone (PR-ROLL-1)
    ignores_ac = against_ac is not None and bool(weapon.damage) and all(d.damage_type.value in against_ac.ac_ignoring_types for d in weapon.damage)
    if assembly.automatic_critical and tier not in (Tier.TIER_1, Tier.TIER_2, Tier.TIER_3):
        tier = Tier.CRITICAL_SUCCESS
    elif assembly.automatic_critical:
        tier = Tier.TIER_3
    elif ignores_ac and tier in (Tier.FAILURE, Tier.HALF):
        tier = Tier.SUCCESS
    check = replace(check, tier=tier)
    # Power rolls always land; the tier sets the damage (DEFAULT).
    hit = tier.succeeded or tier is Tier.TIER_1
    if not hit:
        return AttackOutcome(check, False, (), None, (), assembly)
    rolls: list[DiceRoll] = []
    parts: list[DamagePart] = []
    for component in damage_expressions(ruleset, weapon, stat_value, tier):
        rolled = roll(component.expression, rng)
        rolls.append(rolled)
        amount = max(0, rolled.total)
        if tier is Tier.CRITICAL_SUCCESS and against_ac is not None and against_ac.critical_damage_percent != 100:
            amount = amount * against_ac.critical_damage_percent // 100
        parts.append(DamagePart(amount, component.damage_type))
    tier_1_half = tier is Tier.TIER_1 and not weapon.tier_damage  # DEFAULT: tier 1 of a weapon without tier damage deals half
    dash = ruleset.damage_bonus(attacker)
    if dash:
        parts.append(DamagePart(dash, parts[0].damage_type if parts else DamageType.BLUDGEONING))
    defend, defend_floor = ruleset.defence(target) if "defending" in target_levels else (0, 0)
    outcome = resolve(
        s, tuple(parts), armour=target.armour, resistances=target.resistances, weaknesses=target.weaknesses,
        immunities=target.immunities, alignment=target.alignment, half=tier is Tier.HALF or tier_1_half, defend_reduction=defend, defend_floor=defend_floor,
        half_why=("tier 1: half damage (DEFAULT)", "PR-ROLL-1") if tier_1_half else ("total equals AC: half damage", "TAC-ATK-1"),
    )
    effects = list(type_effects(s, outcome, tier is Tier.CRITICAL_SUCCESS, target, ears_blocked=ears_blocked, eyes_covered=eyes_covered))
    coating_used = False
    coating = next((c for c in attacker.coatings if c.weapon == weapon.name), None)
    if coating is not None and outcome.total > 0 and not outcome.blunt_trauma:
        effects.append(Condition("poisoned", coating.level, source=f"poisoned {weapon.name} (EQ-DAY-3)"))
        coating_used = True
    return AttackOutcome(check, True, tuple(rolls), outcome, tuple(effects), assembly, coating_used)


WEAPON_MARK = "weapon:"
"""The budget mark of a weapon a creature attacked with this turn (EQ-ACT-6)."""


def weapons_this_turn(attacker: Combatant) -> tuple[str, ...]:
    """Names of the weapons ``attacker`` attacked with this turn, in order (EQ-ACT-6)."""
    return tuple(m.removeprefix(WEAPON_MARK) for m in attacker.budget.marks if m.startswith(WEAPON_MARK))


def another_weapon_index(state: Any, ruleset: Any, attacker: Combatant, weapon: Any) -> int:
    """EQ-ACT-6 (setting ``several_weapons``): on its own turn in combat, a
    weapon ``attacker`` has not yet attacked with after others this turn
    attacks as weapon number index + 1 (1 -> the 2nd at -2, 2 -> the 3rd at -4);
    0 for a first attack, the same weapon again, or where the rule is off."""
    if state.round == 0 or state.current != attacker.id or not ruleset.settings.several_weapons:
        return 0
    used = weapons_this_turn(attacker)
    return len(used) if used and weapon.name not in used else 0
