"""Attacks from the sheet: a creature's saved attacks (core.values.attacks.
:class:`~core.values.attacks.SavedAttack`) as commands, with their odds
against one target, their expected damage and the reason for every
modifier, so the GM picks one with a key (``t 1``).

- :func:`saved_attack_command` -> the :class:`~core.combat.commands.Attack`
  of one saved attack (cover and flanking from the map as a typed attack;
  its limited use spent inside apply, so one undo gives it back);
- :func:`attack_choices` -> every saved attack of the attacker, in the
  order of its sheet, as an :class:`AttackChoice`;
- :func:`best_attack` -> the choice with the highest expected damage;
- :func:`pick_saved_attack` -> which saved attack the GM's text names
  (``""`` the first, ``2``, ``bow``);
- :func:`saved_odds_map` -> the odds map of the best saved attack per cell;
- :func:`sheet_attacks` -> the saved attacks, or the unarmed strike of a
  creature that has none (EQ-ACT-5).

Queries only, never on the apply path. Rules: EQ-ACT-4 (the attack and its
stat), EQ-ACT-5 (unarmed), EQ-COV-2, TAC-POS-2 (cover, flanking),
TAC-ATK-1 (half damage on a tie), PR-ROLL-1 (tier damage).
"""

from __future__ import annotations

import random
from functools import lru_cache
from dataclasses import dataclass, replace
from fractions import Fraction
from collections.abc import Iterable
from typing import TYPE_CHECKING

from core.combat import commands as cmd
from core.combat.attacks import Weapon, damage_expressions, plan_attack
from core.combat.damage import DamagePart, DamageType, resolve
from core.dice.checks import Modifier, Tier
from core.dice.modifiers import Reach
from core.dice.notation import AttackRequest, parse_attack
from core.dice.rolls import roll
from core.errors import DiceError, NotationError, RulesError
from core.offers.attacks import attack_details, request_command
from core.offers.offer import dry_run
from core.offers.odds_map import CellOdds, odds_map
from core.board.grid import Cell
from core.rulesets.common import AcAttackSettings
from core.values.attacks import SavedAttack

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset
    from core.values.combatant import Combatant

UNARMED_ATTACK = SavedAttack("Unarmed strike", "unarmed")
"""The attack of a creature with none on its sheet (EQ-ACT-5: the unarmed table by the stat)."""


@dataclass(frozen=True)
class AttackChoice:
    """One saved attack against one target, before any die is rolled.

    ``number``: 1-based, as ``t`` lists it (the sheet's order);
    ``command`` to submit (``None`` when the notation cannot be read);
    ``refusal``: why it cannot be made now (``None``: it can);
    ``odds``: (tier label, exact probability) pairs; ``hit``: the chance
    of a tier that deals damage; ``expected_damage``: hit points, the mean
    over the tiers of the average roll through the target's armour and
    resistances; ``modifiers`` (each with its reason and rule),
    ``expression`` of the roll, ``difficulty`` (None where the roll is not
    against a number), ``notes`` (the stat, advantage and its reasons)."""

    number: int
    attack: SavedAttack
    command: cmd.Attack | None
    refusal: str | None = None
    odds: tuple[tuple[str, Fraction], ...] = ()
    hit: Fraction = Fraction(0)
    expected_damage: Fraction = Fraction(0)
    modifiers: tuple[Modifier, ...] = ()
    expression: str = ""
    difficulty: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def allowed(self) -> bool:
        return self.refusal is None


def sheet_attacks(combatant: Combatant) -> tuple[SavedAttack, ...]:
    """``combatant``'s saved attacks, or ``(UNARMED_ATTACK,)`` when its sheet has none (EQ-ACT-5)."""
    return combatant.attacks or (UNARMED_ATTACK,)


def saved_request(attack: SavedAttack, stat_names: tuple[str, ...] = ()) -> AttackRequest:
    """The weapon of ``attack`` read from its notation and named as on the
    sheet (the log says "Boar: Tusks"); raises :class:`~core.errors.NotationError`."""
    request = parse_attack(attack.weapon, stat_names)
    return replace(request, weapon=replace(request.weapon, name=attack.name)) if attack.name.strip() else request


def saved_attack_command(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str, attack: SavedAttack) -> cmd.Attack:
    """The :class:`~core.combat.commands.Attack` of ``attack``, with cover and
    flanking read from the map (as :func:`core.offers.attacks.attack_command`)
    and its limited use (``attack.uses``) spent when applied. Raises
    :class:`~core.errors.NotationError` for notation it cannot read and
    :class:`~core.errors.IllegalCommand` for a creature off the map."""
    request = saved_request(attack, ruleset.stat_names)
    return replace(request_command(state, ruleset, attacker_id, target_id, request), uses=attack.uses.strip())


def attack_choices(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str) -> tuple[AttackChoice, ...]:
    """Every saved attack of ``attacker_id`` (or its unarmed strike) against
    ``target_id``, in the sheet's order, each with its odds, expected damage,
    modifiers and reasons, or the refusal it would meet now. No side effects."""
    attacker = state.combatant(attacker_id)
    found: list[AttackChoice] = []
    for number, attack in enumerate(sheet_attacks(attacker), start=1):
        try:
            command = saved_attack_command(state, ruleset, attacker_id, target_id, attack)
        except RulesError as problem:
            found.append(AttackChoice(number, attack, None, str(problem)))
            continue
        refusal = dry_run(state, ruleset, command)
        try:
            shown = attack_details(state, ruleset, command)
            damage = expected_damage(state, ruleset, command)
        except RulesError as refused:
            found.append(AttackChoice(number, attack, command, str(refusal or refused)))
            continue
        chances = dict(shown["odds"])
        hit = sum((p for label, p in chances.items() if Tier(label) in ruleset.hit_tiers), Fraction(0))
        found.append(AttackChoice(
            number, attack, command, None if refusal is None else str(refusal), shown["odds"], hit, damage,
            shown["modifiers"], shown["expression"], shown["difficulty"], shown["notes"],
        ))
    return tuple(found)


def pick_saved_attack(text: str, attacks: tuple[SavedAttack, ...]) -> int | None:
    """Which of ``attacks`` the GM's ``text`` in the attack dialog names, as
    an index: empty is the first, ``2`` the second, ``bow`` the one whose
    name starts with (or holds) it when only one does; ``None`` when the
    text is something else (a weapon typed out, ``1d6 slashing``). Raises
    :class:`~core.errors.NotationError` for a word that starts two names."""
    typed = " ".join(text.split()).casefold()
    if not attacks:
        return None
    if not typed:
        return 0
    if typed.isdigit() and len(typed) <= 2:
        number = int(typed)
        return number - 1 if 1 <= number <= len(attacks) else None
    names = [a.name.casefold() for a in attacks]
    for test in (lambda n: n == typed, lambda n: n.startswith(typed), lambda n: typed in n):
        hits = [i for i, n in enumerate(names) if test(n)]
        if len(hits) == 1:
            return hits[0]
        if hits and typed.isalpha():
            raise NotationError(f"{text.strip()!r} could be {' or '.join(attacks[i].name for i in hits)}: type more letters")
        if hits:
            return None
    return None


def first_allowed(choices: tuple[AttackChoice, ...]) -> int:
    """The index Enter takes in the attack dialog: the first choice that can
    be made now (the sword when adjacent, the bow when not), else the first."""
    return next((i for i, c in enumerate(choices) if c.allowed), 0)


def saved_odds_map(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str, cells: Iterable[Cell],
                   attacks: tuple[SavedAttack, ...] | None = None) -> dict[Cell, CellOdds]:
    """The odds map (:func:`core.offers.odds_map.odds_map`) of the best of
    ``attacks`` (default: the attacker's saved attacks, or its unarmed
    strike) in each cell: the one with the highest expected damage from
    there (then the highest chance to hit), its name in
    :attr:`CellOdds.attack` (the bow where the sword cannot reach). Raises :class:`~core.errors.IllegalCommand` as ``odds_map``."""
    attacker, target = state.combatant(attacker_id), state.combatant(target_id)
    chosen = sheet_attacks(attacker) if attacks is None else attacks
    wanted: tuple[Cell, ...] = tuple((c[0], c[1]) for c in cells)  # a cell may come as a list [x, y]
    best: dict[Cell, CellOdds] = {}
    for attack in chosen:
        try:
            weapon = saved_request(attack, ruleset.stat_names).weapon
            stat = weapon.stat or (weapon.reach is Reach.RANGED and ruleset.ranged_attack_stat) or ruleset.attack_stat
            damage = {t.value: d for t, d in tier_damage(ruleset, attacker, target, weapon, attacker.stat(stat)).items()}
        except RulesError:
            continue  # notation no longer read (a stat renamed by a house rule): the sheet shows it
        for cell, found in odds_map(state, ruleset, attacker_id, target_id, weapon, wanted).items():
            found = replace(found, attack=attack.name, expected_damage=sum((p * damage.get(t, Fraction(0)) for t, p in found.tiers), Fraction(0)))
            old = best.get(cell)
            if old is None or (old.refusal is not None and found.refusal is None) or (
                found.refusal is None and (found.expected_damage, found.hit) > (old.expected_damage, old.hit)
            ):
                best[cell] = found
    return best


def best_attack(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str, *, allowed_only: bool = True) -> AttackChoice | None:
    """The choice of :func:`attack_choices` with the highest expected damage
    (the first on the sheet of equal ones) among those allowed now, or,
    with ``allowed_only=False`` (a forecast of later turns), among all whose
    odds could be computed; ``None`` when there is none."""
    found = [c for c in attack_choices(state, ruleset, attacker_id, target_id) if c.allowed or not allowed_only and c.odds]
    return max(found, key=lambda c: (c.expected_damage, -c.number), default=None)


# -- expected damage ------------------------------------------------------------------
@lru_cache(maxsize=1024)
def roll_bounds(expression: str) -> tuple[int, int]:
    """The lowest and highest result of ``expression`` (``2d6+1`` -> (3, 13));
    for an exploding die the highest is its lowest. Raises :class:`DiceError`.
    Pure in ``expression``: remembered (a forecast asks for the same few thousands of times)."""
    low = roll(expression, _Extreme(False)).total
    try:
        return low, roll(expression, _Extreme(True)).total
    except DiceError:
        return low, low


class _Extreme(random.Random):
    """Dice that always land lowest (or highest): the bounds of a roll, never shown as a roll."""

    def __init__(self, highest: bool) -> None:
        super().__init__(0)
        self.highest = highest

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        return stop - step if self.highest else start


def expected_damage(state: EncounterState, ruleset: Ruleset, command: cmd.Attack) -> Fraction:
    """Hit points ``command`` takes on average: each tier's exact
    probability times its damage (:func:`tier_damage`). Raises what
    :func:`core.combat.attacks.plan_attack` raises."""
    attacker, target = state.combatant(command.attacker), state.combatant(command.target)
    plan = plan_attack(ruleset, attacker, target, command.weapon, command.situation, command.advantage, stat=command.stat)
    chances = ruleset.check_odds(plan.total_modifier, plan.difficulty, plan.advantage, attack=True)
    damage = tier_damage(ruleset, attacker, target, command.weapon, plan.stat_value)
    return sum((Fraction(p) * damage.get(tier, Fraction(0)) for tier, p in chances.items()), Fraction(0))


def tier_damage(ruleset: Ruleset, attacker: Combatant, target: Combatant, weapon: Weapon, stat_value: int) -> dict[Tier, Fraction]:
    """Tier -> the hit points ``weapon`` takes from ``target`` on it: the
    midpoint of the damage of the lowest and the highest roll (halved on a
    tie, TAC-ATK-1, or on tier 1 of a weapon without tier damage,
    PR-ROLL-1; the critical percentage on a critical), each through the
    target's armour, resistances and weaknesses: exact for dice against a
    target without armour. Tiers that deal nothing are left out."""
    s = ruleset.settings
    bonus = ruleset.damage_bonus(attacker)
    found: dict[Tier, Fraction] = {}
    for tier in Tier:
        if not (tier.succeeded or tier is Tier.TIER_1):
            continue
        components = damage_expressions(ruleset, weapon, stat_value, tier)
        half = tier is Tier.HALF or (tier is Tier.TIER_1 and not weapon.tier_damage)
        dealt = []
        for end in (0, 1):
            parts = []
            for component in components:
                amount = max(0, roll_bounds(component.expression)[end])
                if tier is Tier.CRITICAL_SUCCESS and isinstance(s, AcAttackSettings) and s.critical_damage_percent != 100:
                    amount = amount * s.critical_damage_percent // 100
                parts.append(DamagePart(amount, component.damage_type))
            if bonus:
                parts.append(DamagePart(bonus, parts[0].damage_type if parts else DamageType.BLUDGEONING))
            dealt.append(resolve(
                s, tuple(parts), armour=target.armour, resistances=target.resistances, weaknesses=target.weaknesses,
                immunities=target.immunities, alignment=target.alignment, half=half,
            ).total)
        found[tier] = Fraction(dealt[0] + dealt[1], 2)
    return found
