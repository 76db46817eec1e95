"""Damage by type, through armour, resistances and temporary hit points.

The pipeline of one hit (rules TAC-DMG-1, TAC-DMG-2, TAC-ATK-1, TAC-ACT-2,
EQ-GEN-4), per damage part then on the sum:

1. holy / necrotic +``alignment_bonus_percent`` against the listed alignments;
2. armour of that type (``armour[type]``, or ``armour["any"]``) is subtracted
   (a negative armour value *raises* the damage); penetrating and true
   damage ignore armour; a part never goes below 0;
3. immunity -> 0, resistance -> ``resistance_percent``, weakness ->
   ``weakness_percent`` (round down, EQ-GEN-1);
4. the sum is halved on a hit for half (TAC-ATK-1), reduced by a defending
   target's floor(Body/2), the reduction at least 1 (TAC-ACT-2 DEFAULT (a));
5. blunt trauma (EQ-GEN-4): when armour absorbed everything, 1 true damage
   that triggers nothing and cannot take HP below 1.

:func:`absorb` then takes temporary hit points first. All amounts are HP.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from core.dice.checks import Modifier
from core.errors import IllegalCommand
from core.values.damage_types import ANY_TYPE as ANY_TYPE, TAC_DAMAGE_TYPES as TAC_DAMAGE_TYPES, DamageType as DamageType  # the pipeline names them too


@dataclass(frozen=True)
class DamagePart:
    """``amount`` HP of one ``damage_type`` (already rolled)."""

    amount: int
    damage_type: DamageType = DamageType.TRUE


@dataclass(frozen=True)
class PartOutcome:
    """What became of one part: ``rolled`` -> ``final``, with the ``steps`` that changed it."""

    damage_type: DamageType
    rolled: int
    armour: int
    final: int
    steps: tuple[Modifier, ...] = ()


@dataclass(frozen=True)
class DamageOutcome:
    """The damage a hit deals before temporary HP: ``total`` HP.

    ``blunt_trauma`` is True when the total is the EQ-GEN-4 true damage
    (it triggers nothing and cannot take HP below 1). ``steps`` are the
    changes made to the sum, with reasons.
    """

    parts: tuple[PartOutcome, ...]
    rolled: int
    total: int
    steps: tuple[Modifier, ...] = ()
    blunt_trauma: bool = False


def _percent(amount: int, percent: int) -> int:
    return amount * percent // 100


def resolve(
    settings: Any,
    parts: tuple[DamagePart, ...],
    *,
    armour: Mapping[str, int] | None = None,
    resistances: tuple[str, ...] = (),
    weaknesses: tuple[str, ...] = (),
    immunities: tuple[str, ...] = (),
    alignment: str = "",
    half: bool = False,
    defend_reduction: int = 0,
    defend_floor: int = 0,
    ignore_armour: bool = False,
    half_why: tuple[str, str] = ("total equals AC: half damage", "TAC-ATK-1"),
) -> DamageOutcome:
    """Damage ``parts`` deal to a target with the given defences (see module doc).
    ``half`` halves the total, logged with ``half_why`` (reason, rule ID).

    Raises :class:`IllegalCommand` for a negative amount.
    """
    s = settings
    armour = armour or {}
    outcomes: list[PartOutcome] = []
    armour_absorbed_all = True
    any_damage = False
    for part in parts:
        if part.amount < 0:
            raise IllegalCommand(f"damage cannot be negative ({part.amount} {part.damage_type.value})")
        kind = part.damage_type.value
        steps: list[Modifier] = []
        amount = part.amount
        if part.damage_type is DamageType.HOLY and alignment in s.holy_bonus_alignments:
            bonus = _percent(amount, s.alignment_bonus_percent)
            steps.append(Modifier(bonus, f"holy against {alignment}", "TAC-DMG-2"))
            amount += bonus
        if part.damage_type is DamageType.NECROTIC and alignment in s.necrotic_bonus_alignments:
            bonus = _percent(amount, s.alignment_bonus_percent)
            steps.append(Modifier(bonus, f"necrotic against {alignment}", "TAC-DMG-2"))
            amount += bonus
        reduction = 0
        if not ignore_armour and kind not in s.armour_ignoring_types:
            reduction = int(armour.get(kind, armour.get(ANY_TYPE, 0)))
        elif kind in s.armour_ignoring_types and (armour.get(kind) or armour.get(ANY_TYPE)):
            steps.append(Modifier(0, f"{kind} ignores armour", "TAC-DMG-2"))
        before_armour = amount
        if reduction:
            amount = max(0, amount - reduction)
            steps.append(Modifier(amount - before_armour, f"armour against {kind}", "TAC-DMG-1"))
        if before_armour > 0:
            any_damage = True
            if amount > 0:
                armour_absorbed_all = False
        if kind in immunities and amount:
            steps.append(Modifier(-amount, f"immune to {kind}", "TAC-DMG-1"))
            amount = 0
        elif kind in resistances and amount:
            new = _percent(amount, s.resistance_percent)
            steps.append(Modifier(new - amount, f"resists {kind}", "TAC-DMG-1"))
            amount = new
        elif kind in weaknesses and amount:
            new = _percent(amount, s.weakness_percent)
            steps.append(Modifier(new - amount, f"weak to {kind}", "TAC-DMG-1"))
            amount = new
        outcomes.append(PartOutcome(part.damage_type, part.amount, reduction, amount, tuple(steps)))
    rolled = sum(p.amount for p in parts)
    total = sum(o.final for o in outcomes)
    steps = []
    if half and total:
        steps.append(Modifier(total // 2 - total, *half_why))
        total //= 2
    if defend_reduction and total:
        new = max(min(defend_floor, total), total - defend_reduction)
        steps.append(Modifier(new - total, "target is defending", "TAC-ACT-2"))
        total = new
    blunt = False
    if s.blunt_trauma and any_damage and armour_absorbed_all and total == 0:
        blunt = True
        total = s.blunt_trauma_damage
        steps.append(Modifier(total, "blunt trauma: armour absorbed the hit", "EQ-GEN-4"))
    return DamageOutcome(tuple(outcomes), rolled, total, tuple(steps), blunt)


@dataclass(frozen=True)
class HitPoints:
    """``hp`` and temporary ``temp`` after damage; ``from_temp`` absorbed by temporary HP."""

    hp: int
    temp: int
    from_temp: int


def absorb(hp: int, temp: int, amount: int, *, floor: int = 0) -> HitPoints:
    """Take ``amount`` from temporary HP first, then from ``hp``, never below
    ``floor`` (0; 1 for blunt trauma, EQ-GEN-4 — unless already lower)."""
    if amount < 0:
        raise IllegalCommand("damage cannot be negative")
    from_temp = min(temp, amount)
    rest = amount - from_temp
    new_hp = hp - rest
    lowest = min(hp, floor)
    return HitPoints(max(lowest, new_hp), temp - from_temp, from_temp)
