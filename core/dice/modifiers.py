"""Situational modifiers of an attack, assembled with their reasons.

The geometry (cover between two cells, whether a target stands between two
enemies, the MP cost of the target's cell) is computed elsewhere
(``core/board/geometry``, ``core/board/movement``) and comes in as plain values in a
:class:`Situation`; this module turns them, plus the conditions of attacker
and target, into signed :class:`~core.dice.checks.Modifier` values, advantage
sources and defence (AC) changes. Numbers come from the ruleset settings
(see ``core/rulesets/common.py``), never literals here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from core.dice.checks import Advantage, Modifier
from core.errors import IllegalCommand
from core.board.grid import Cover


class Posture(Enum):
    """Body position of a target (rule TAC-POS-1)."""

    STANDING = "standing"
    CROUCHED = "crouched"
    PRONE = "prone"


class Reach(Enum):
    MELEE = "melee"
    RANGED = "ranged"


class Awareness(Enum):
    """Whether the target perceives the attacker (rule TAC-POS-4)."""

    NOTICED = "noticed"
    UNNOTICED = "unnoticed"
    INVISIBLE_DETECTED = "invisible but detected"


@dataclass(frozen=True)
class Situation:
    """Inputs of an attack that the map or the GM supplies.

    ``cover``: best cover of the target against this attacker (EQ-COV-2);
    ``flanked``: target in the middle of a straight line between the
    attacker and another enemy (TAC-POS-2); ``off_hand``: struck with a
    non-leading limb (EQ-GEN-2); ``weapon_index``: 0 for the first weapon
    this turn, 1 for the second, ... (EQ-ACT-6); ``poor_visibility``: target in
    the poor-sight range (EQ-VIS-1); ``target_cell_cost``: MP to enter the
    target's cell (TAC-POS-3, 1 = normal); ``target_posture`` adds to the
    posture the target's conditions give (TAC-POS-1); ``awareness``
    (TAC-POS-4); ``mounted_dash``: the target dashed mounted or on fast
    transport (TAC-POS-5); ``extra``: GM modifiers with reasons.
    """

    reach: Reach = Reach.MELEE
    cover: Cover = Cover.NONE
    flanked: bool = False
    off_hand: bool = False
    weapon_index: int = 0
    poor_visibility: bool = False
    target_cell_cost: int = 1
    target_posture: Posture = Posture.STANDING
    awareness: Awareness = Awareness.NOTICED
    mounted_dash: bool = False
    extra: tuple[Modifier, ...] = ()
    unseen: bool = False  # EQ-VIS-1: beyond the poor-sight range, the target counts as Invisible
    sight_reason: str = ""  # EQ-VIS-1: why sight is poor or lost (light, weather, ranges)


@dataclass(frozen=True)
class Assembly:
    """The assembled effect of a situation on one attack roll.

    ``modifiers`` add to the roll; ``advantage`` is the net result of
    ``advantage_reasons`` and ``disadvantage_reasons`` (both cancel,
    EQ-CHK-5); ``defence`` changes the target's AC or difficulty;
    ``automatic_critical``: the attack is a critical success (TAC-POS-4).
    """

    modifiers: tuple[Modifier, ...] = ()
    advantage: Advantage = Advantage.NONE
    advantage_reasons: tuple[str, ...] = ()
    disadvantage_reasons: tuple[str, ...] = ()
    defence: tuple[Modifier, ...] = ()
    automatic_critical: bool = False

    @property
    def total(self) -> int:
        return sum(m.value for m in self.modifiers)


def _posture(situation: Situation, target_conditions: Mapping[str, int]) -> Posture:
    if situation.target_posture is Posture.PRONE or "prone" in target_conditions:
        return Posture.PRONE
    if situation.target_posture is Posture.CROUCHED or "crouched" in target_conditions:
        return Posture.CROUCHED
    return Posture.STANDING


def effective_cover(cover: Cover, posture: Posture) -> Cover:
    """Rule TAC-POS-1: crouched turns half cover into full; prone turns quarter cover into full."""
    if posture is Posture.CROUCHED and cover is Cover.HALF:
        return Cover.FULL
    if posture is Posture.PRONE and cover is Cover.QUARTER:
        return Cover.FULL
    return cover


def assemble(
    settings: Any,
    situation: Situation,
    attacker_conditions: Mapping[str, int] | None = None,
    target_conditions: Mapping[str, int] | None = None,
    *,
    weapon_metal: bool = False,
    target_armour_metal: bool = False,
    target_body: int = 0,
) -> Assembly:
    """Modifiers, advantage and defence changes of one attack, each with its reason.

    ``settings`` is a ruleset's settings (fields of ``CommonSettings``);
    ``*_conditions`` map condition name -> level. Raises
    :class:`IllegalCommand` (rule EQ-COV-2) when the target has full cover.
    """
    s = settings
    attacker_conditions = attacker_conditions or {}
    target_conditions = target_conditions or {}
    mods: list[Modifier] = []
    defence: list[Modifier] = []
    adv: list[str] = []
    dis: list[str] = []
    posture = _posture(situation, target_conditions)
    cover = effective_cover(situation.cover, posture) if s.posture_cover else situation.cover
    if cover is Cover.FULL:
        why = " (crouched/prone behind cover, TAC-POS-1)" if situation.cover is not Cover.FULL else ""
        raise IllegalCommand(f"the target has full cover{why} and cannot be targeted directly", "EQ-COV-2")
    cover_value = {Cover.QUARTER: s.cover_quarter, Cover.HALF: s.cover_half, Cover.THREE_QUARTERS: s.cover_three_quarters}.get(cover, 0)
    if cover_value:
        mods.append(Modifier(cover_value, f"{cover.value} cover", "EQ-COV-2"))
    melee = situation.reach is Reach.MELEE
    if posture is Posture.CROUCHED and melee and s.melee_vs_crouched:
        mods.append(Modifier(s.melee_vs_crouched, "melee against a crouched target", "TAC-POS-1"))
    if posture is Posture.PRONE:
        value = s.melee_vs_prone if melee else s.ranged_vs_prone
        if value:
            mods.append(Modifier(value, f"{situation.reach.value} against a prone target", "TAC-POS-1"))
    if situation.flanked and s.flanking_advantage:
        adv.append("flanking (TAC-POS-2)")
    if situation.off_hand and s.off_hand_penalty:
        mods.append(Modifier(s.off_hand_penalty, "off hand", "EQ-GEN-2"))
    if situation.weapon_index > 0 and s.extra_weapon_step:
        mods.append(Modifier(s.extra_weapon_step * situation.weapon_index, f"weapon #{situation.weapon_index + 1} this turn", "EQ-ACT-6"))
    if situation.poor_visibility and s.poor_visibility_penalty:
        mods.append(Modifier(s.poor_visibility_penalty, situation.sight_reason or "poor visibility", "EQ-VIS-1"))
    if situation.target_cell_cost > 1:  # TAC-POS-3: ranged +1 per MP the cell costs (2-MP cell +2), melee +1
        value = s.slowed_melee if melee else s.slowed_ranged_per_mp * situation.target_cell_cost
        if value:
            mods.append(Modifier(value, f"target slowed ({situation.target_cell_cost} MP cell)", "TAC-POS-3"))
    automatic_critical = False
    if situation.awareness is Awareness.UNNOTICED and s.unnoticed_auto_critical:
        automatic_critical = True
    elif situation.awareness is Awareness.INVISIBLE_DETECTED:
        adv.append("invisible but detected attacker (TAC-POS-4)")
    if "dodging" in target_conditions:
        dis.append("target is dodging (TAC-ACT-2)")
    if "blinded" in attacker_conditions:
        dis.append("attacker is blinded")
    if "invisible" in target_conditions:
        dis.append("target is invisible (EQ-VIS-1)")
    elif situation.unseen:
        dis.append(f"target counts as invisible: {situation.sight_reason or 'beyond sight'}")
    corroded = attacker_conditions.get("corrosion", 0)
    if corroded and weapon_metal:
        mods.append(Modifier(-corroded, f"corroded metal weapon {corroded}", "TAC-EFF-3"))
    target_corroded = target_conditions.get("corrosion", 0)
    if target_corroded and target_armour_metal:
        defence.append(Modifier(-target_corroded, f"corroded metal armour {target_corroded}", "TAC-EFF-3"))
    if "moving" in target_conditions:
        value = s.moving_ac_mounted if situation.mounted_dash else s.moving_ac
        if value:
            defence.append(Modifier(value, "target moved fast last turn", "TAC-POS-5"))
    if "defending" in target_conditions and target_body:
        defence.append(Modifier(target_body, "target is defending (Body)", "TAC-ACT-2"))
    squeeze = s.squeeze_penalty  # CommonSettings
    if "squeezing" in attacker_conditions and squeeze:
        mods.append(Modifier(squeeze, "attacker is squeezing", "SRD-MOV-8"))
    if "squeezing" in target_conditions and squeeze:
        defence.append(Modifier(squeeze, "target is squeezing: AC", "SRD-MOV-8"))
    mods.extend(situation.extra)
    advantage = Advantage.combine(bool(adv), bool(dis))
    return Assembly(tuple(mods), advantage, tuple(adv), tuple(dis), tuple(defence), automatic_critical)
