"""Senses and the attack situation (rules TAC-POS-4, TAC-POS-6) and the
shield wall of TAC-OPT-1, read where an attack's situation is assembled.

- TAC-POS-4: an attacker that is invisible (but not hidden, so the target
  detects it by other senses) attacks with advantage, where the ruleset's
  setting ``invisible_attacker_advantage`` says so (``tactical_d10``).
- TAC-POS-6: not against a creature whose main sense (sheet field
  ``main_sense``) is not sight (setting ``sight_sense``).
- TAC-OPT-1: a target in a row of three shield bearers has its shield bonus
  raised by 1 (switch ``opt_shield_wall``); chopping ignores shield cover
  (TAC-DMG-2), so it ignores the wall too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from core.values.combatant import Combatant
from core.values.conditions import levels
from core.dice.modifiers import Awareness, Situation


def relies_on_sight(settings: Any, target: Combatant) -> bool:
    """TAC-POS-6: whether ``target``'s main sense is sight."""
    return target.main_sense == getattr(settings, "sight_sense", "sight")


def situation_on_map(settings: Any, attacker: Combatant, target: Combatant, combatants: Iterable[Combatant], situation: Situation) -> Situation:
    """``situation`` with the invisible attacker's awareness (TAC-POS-4) and the shield wall (TAC-OPT-1)."""
    from core.rulesets.tactical_d10.options import shield_wall_modifier

    held = levels(attacker.conditions)
    if getattr(settings, "invisible_attacker_advantage", False) and "invisible" in held and "hidden" not in held:
        if situation.awareness is Awareness.NOTICED:
            situation = replace(situation, awareness=Awareness.INVISIBLE_DETECTED)
    wall = shield_wall_modifier(settings, target, combatants)
    if wall:
        situation = replace(situation, extra=situation.extra + wall)
    return situation


def situation_for(settings: Any, target: Combatant, weapon: Any, situation: Situation) -> Situation:
    """``situation`` against this target and weapon: no invisible-but-detected
    advantage against a target that does not rely on sight (TAC-POS-6); no
    shield wall against chopping (TAC-DMG-2)."""
    from core.combat.damage import DamageType
    from core.rulesets.tactical_d10.options import SHIELD_WALL

    if situation.awareness is Awareness.INVISIBLE_DETECTED and not relies_on_sight(settings, target):
        situation = replace(situation, awareness=Awareness.NOTICED)
    if any(d.damage_type is DamageType.CHOPPING for d in weapon.damage):
        kept = tuple(m for m in situation.extra if not m.reason.startswith(SHIELD_WALL))
        if kept != situation.extra:
            situation = replace(situation, extra=kept)
    return situation
