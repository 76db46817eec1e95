"""The damage types (rules TAC-DMG-1, EQ-GEN-4): a value of the sheet, the
conditions and the house rules, apart from the damage pipeline that reads
them (:mod:`core.combat.damage`), so that what names a type loads no
pipeline (the first frame names them; the first damage runs the pipeline)."""

from __future__ import annotations

from enum import Enum


class DamageType(Enum):
    """The 17 damage types of rule TAC-DMG-1, plus ``TRUE`` (чистый урон, EQ-GEN-4)."""

    SLASHING = "slashing"
    PIERCING = "piercing"
    CHOPPING = "chopping"
    BLUDGEONING = "bludgeoning"
    PENETRATING = "penetrating"
    ARCANE = "arcane"
    FIRE = "fire"
    FROST = "frost"
    ACID = "acid"
    POISON = "poison"
    SONIC = "sonic"
    HOLY = "holy"
    NECROTIC = "necrotic"
    ENERGY = "energy"
    PSYCHIC = "psychic"
    EXPLOSIVE = "explosive"
    LIGHT = "light"
    TRUE = "true"


TAC_DAMAGE_TYPES = tuple(t for t in DamageType if t is not DamageType.TRUE)
ANY_TYPE = "any"
