"""Senses and the attack situation (rules TAC-POS-4, TAC-POS-6) and the
shield wall of TAC-OPT-1, read where an attack's situation is assembled.

- TAC-POS-4: an attacker that is invisible (but not hidden, so the target
  detects it by other senses) attacks with advantage, where the ruleset's
  capability :attr:`Ruleset.senses` says so (``tactical_d10``).
- TAC-POS-6: not against a creature whose main sense (sheet field
  ``main_sense``) is not sight (:attr:`SenseRules.sight_sense`).
- TAC-OPT-1: a target in a row of three shield bearers has its shield bonus
  raised (the ruleset's :meth:`Ruleset.shield_wall`, modifiers whose reason
  starts with :data:`SHIELD_WALL`); chopping ignores shield cover
  (TAC-DMG-2), so it ignores the wall too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable

from core.values.combatant import Combatant
from core.values.conditions import levels
from core.dice.modifiers import Awareness, Situation
from core.combat.damage import DamageType


SHIELD_WALL = "shield wall"
"""How the reason of a shield-wall modifier starts (TAC-OPT-1)."""


@dataclass(frozen=True)
class SenseRules:
    """The capability :attr:`Ruleset.senses`: the sense a creature's
    ``main_sense`` names when it relies on sight (TAC-POS-6), and whether an
    invisible but detected attacker has advantage (TAC-POS-4). The DEFAULTs
    are a ruleset without these rules."""

    sight_sense: str = "sight"
    invisible_attacker_advantage: bool = False


NO_SENSE_RULES = SenseRules()


def _senses(ruleset: Any) -> SenseRules:
    return ruleset.senses or NO_SENSE_RULES


def relies_on_sight(ruleset: Any, target: Combatant) -> bool:
    """TAC-POS-6: whether ``target``'s main sense is sight."""
    return target.main_sense == _senses(ruleset).sight_sense


def situation_on_map(ruleset: Any, attacker: Combatant, target: Combatant, combatants: Iterable[Combatant], situation: Situation) -> Situation:
    """``situation`` with the invisible attacker's awareness (TAC-POS-4) and the shield wall (TAC-OPT-1)."""
    held = levels(attacker.conditions)
    if _senses(ruleset).invisible_attacker_advantage and "invisible" in held and "hidden" not in held:
        if situation.awareness is Awareness.NOTICED:
            situation = replace(situation, awareness=Awareness.INVISIBLE_DETECTED)
    wall = ruleset.shield_wall(target, combatants)
    if wall:
        situation = replace(situation, extra=situation.extra + wall)
    return situation


def situation_for(ruleset: Any, target: Combatant, weapon: Any, situation: Situation) -> Situation:
    """``situation`` against this target and weapon: no invisible-but-detected
    advantage against a target that does not rely on sight (TAC-POS-6); no
    shield wall against chopping (TAC-DMG-2)."""
    if situation.awareness is Awareness.INVISIBLE_DETECTED and not relies_on_sight(ruleset, target):
        situation = replace(situation, awareness=Awareness.NOTICED)
    if any(d.damage_type is DamageType.CHOPPING for d in weapon.damage):
        kept = tuple(m for m in situation.extra if not m.reason.startswith(SHIELD_WALL))
        if kept != situation.extra:
            situation = replace(situation, extra=kept)
    return situation
