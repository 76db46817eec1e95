"""An attack from what the GM types, and what it would do: the offers'
attack command (:func:`attack_command`) and its preview details
(:func:`attack_details`), used by the generic offers, the maneuvers'
reactions and a ruleset's own attacks (srd35's attacks of opportunity).

Rules: EQ-COV-2, TAC-POS-2 (cover and flanking read from the map), EQ-MNT-1
(the mounted charge), EQ-ACT-4 (advantage and disadvantage said before the roll).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.board.battlefield import attack_situation
from core.dice.checks import check_expression
from core.dice.notation import AttackRequest, parse_attack
from core.combat.mounted.moves import bystanders, charge_weapon  # EQ-MNT-1: the mounted charge adds damage
from core.combat.attacks import another_weapon_index, plan_attack
from core.combat.mounted.moves import charge_note  # EQ-MNT-1
from core.rulesets.campaign_tools import lighting  # EQ-VIS-1..2 only where the house rule light_and_weather is on

if TYPE_CHECKING:
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset


def attack_command(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str, text: str) -> cmd.Attack:
    """An :class:`~core.combat.commands.Attack` from typed weapon text, with cover
    and flanking read from the map (EQ-COV-2, TAC-POS-2)."""
    return request_command(state, ruleset, attacker_id, target_id, parse_attack(text, ruleset.stat_names))


def request_command(state: EncounterState, ruleset: Ruleset, attacker_id: str, target_id: str, request: AttackRequest) -> cmd.Attack:
    """The :class:`~core.combat.commands.Attack` of a weapon already read
    (typed, or saved on the sheet: :mod:`core.offers.saved_attacks`), with
    cover and flanking read from the map (EQ-COV-2, TAC-POS-2)."""
    attacker, target = state.combatant(attacker_id), state.combatant(target_id)

    situation = attack_situation(state.grid, attacker, target, bystanders(state, attacker, target), request.weapon.reach, ruleset=ruleset, vision=lighting(ruleset, state.vision))
    situation = replace(situation, off_hand=request.off_hand)

    weapon, _ = charge_weapon(state, ruleset, attacker, target, request.weapon)
    situation = replace(situation, weapon_index=another_weapon_index(state, ruleset, attacker, weapon))  # EQ-ACT-6 in the preview
    return cmd.Attack(attacker_id, target_id, weapon, situation, request.advantage, override=request.override)


def odds(chances: dict) -> tuple[tuple[str, Fraction], ...]:
    return tuple((tier.value, Fraction(p)) for tier, p in chances.items())


def attack_details(state: EncounterState, ruleset: Ruleset, command: cmd.Attack) -> dict[str, Any]:
    attacker, target = state.combatant(command.attacker), state.combatant(command.target)
    plan = plan_attack(ruleset, attacker, target, command.weapon, command.situation, command.advantage, stat=command.stat)
    chances = ruleset.check_odds(plan.total_modifier, plan.difficulty, plan.advantage, attack=True)
    expression = check_expression(ruleset.check_sides, plan.total_modifier, plan.advantage, ruleset.check_count)
    return {
        "odds": odds(chances), "modifiers": plan.modifiers, "expression": expression,
        "difficulty": plan.difficulty if ruleset.attacks_beat_a_number else None,
        "notes": (f"{plan.stat} {plan.stat_value:+d}", *_charge_note(state, ruleset, command), *_advantage_notes(plan)),
    }


def _advantage_notes(plan) -> tuple[str, ...]:
    """Why the attack rolls twice (``2d20kh1`` / ``kl1``), said before the roll
    as the log says it after: ``[disadvantage: target counts as invisible: ...]``."""
    reasons = [f"advantage: {r}" for r in plan.assembly.advantage_reasons]
    reasons += [f"disadvantage: {r}" for r in plan.assembly.disadvantage_reasons]
    return (f"[{'; '.join(reasons)}]",) if reasons else ()


def _charge_note(state: EncounterState, ruleset: Ruleset, command: cmd.Attack) -> tuple[str, ...]:
    return charge_note(state, ruleset, command.attacker, command.target, command.weapon.reach)
