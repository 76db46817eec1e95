"""Falling damage per ruleset: EQ-MOV-8, PR-FALL-1..3.

Heights are in cells. ``equestria`` rolls 1d6 per full 2 height and falls 12
a turn (EQ-MOV-8); ``power_roll`` deals a fixed 2 per cell from 2 cells,
capped at 50, reduced by Agility and by landing in liquid (PR-FALL-1).
The seeds of ``srd35`` and ``tactical_d10`` give no numbers: they use the
``equestria`` dice (DEFAULT; the d20 SRD's own 1d6 per 10 ft is the same),
``srd35`` capped at 20 dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import IllegalCommand


@dataclass(frozen=True)
class FallSettings:
    """Falling data; DEFAULT marks a gap in the seeds."""

    dice_height_per_die: int = 2  # EQ-MOV-8
    dice_sides: int = 6  # EQ-MOV-8
    dice_cap: int = 0  # 0 = no cap; srd35 DEFAULT 20
    fall_per_round: int = 12  # EQ-MOV-8
    min_cells: int = 2  # PR-FALL-1
    damage_per_cell: int = 2  # PR-FALL-1
    damage_cap: int = 50  # PR-FALL-1
    liquid_reduction: int = 4  # PR-FALL-1
    liquid_min_depth: int = 1  # PR-FALL-1
    by_actual_fall: bool = True  # PR-FALL-1 reading (a) DEFAULT: on the ground a fall of 2+ cells hurts and lands prone whatever Agility took off; False = (b) the effective height decides
    long_fall_first_round: int = 100  # PR-FALL-3
    long_fall_per_round: int = 100  # PR-FALL-3


@dataclass(frozen=True)
class Fall:
    """What a fall does. ``dice`` is a dice expression to roll (``""`` for
    none) or ``damage`` a fixed amount; ``effective_height`` after
    reductions (cells); ``prone`` on landing; ``rounds`` it takes."""

    height: int
    effective_height: int
    dice: str = ""
    damage: int = 0
    prone: bool = False
    rounds: int = 1
    rule: str = ""


def equestria_fall(height: int, settings: FallSettings | None = None) -> Fall:
    """Rule EQ-MOV-8: 1d6 per full 2 height (6 -> 3d6, 5 -> 2d6, 1 -> none),
    12 height per turn (rounds = ceil(height / 12))."""
    s = settings or FallSettings()
    _check(height)
    count = height // s.dice_height_per_die
    if s.dice_cap:
        count = min(count, s.dice_cap)
    dice = f"{count}d{s.dice_sides}" if count else ""
    rounds = max(1, -(-height // s.fall_per_round))
    return Fall(height, height, dice=dice, rounds=rounds, rule="EQ-MOV-8")


def power_roll_fall(height: int, agility: int = 0, liquid_depth: int = 0, settings: FallSettings | None = None) -> Fall:
    """Rule PR-FALL-1: the effective height is the height minus Agility
    (min 0), minus 4 more when landing in liquid >= 1 deep (min 0); damage
    is 2 per effective cell (max 50). Landing on the ground, a fall of 2+
    cells deals it and lands prone (DEFAULT reading (a): the actual fall
    decides, so 3 cells with Agility 2 -> 2 damage, prone). Landing in
    liquid is not landing on the ground: there the effective height must
    reach 2 cells, for the damage and for prone (5 cells into water -> 0,
    acceptance A7).
    Rounds per PR-FALL-3."""
    s = settings or FallSettings()
    _check(height)
    effective = max(0, height - max(0, agility))
    in_liquid = liquid_depth >= s.liquid_min_depth
    if in_liquid:
        effective = max(0, effective - s.liquid_reduction)
    deciding = height if s.by_actual_fall and not in_liquid else effective
    hurt = deciding >= s.min_cells
    damage = min(s.damage_cap, s.damage_per_cell * effective) if hurt else 0
    return Fall(height, effective, damage=damage, prone=hurt, rounds=long_fall_rounds(height, s), rule="PR-FALL-1")


def land_on_creature(fall: Fall, faller_size: int, target_might: int) -> tuple[int, bool]:
    """Rule PR-FALL-2: ``(damage to the creature landed on, knocked prone)``:
    the same damage; prone if the faller's size exceeds its Might. The
    faller lands prone in the nearest free space."""
    return fall.damage, faller_size > target_might


def long_fall_rounds(height: int, settings: FallSettings | None = None) -> int:
    """Rule PR-FALL-3: rounds a fall of ``height`` cells lasts: 100 cells in
    the first round, 100 more at the end of each further round."""
    s = settings or FallSettings()
    if height <= s.long_fall_first_round:
        return 1
    rest = height - s.long_fall_first_round
    return 1 + -(-rest // s.long_fall_per_round)


def long_fall_distance(rounds: int, settings: FallSettings | None = None) -> int:
    """Rule PR-FALL-3: cells fallen after ``rounds`` rounds (100, 200, ...)."""
    s = settings or FallSettings()
    if rounds <= 0:
        return 0
    return s.long_fall_first_round + (rounds - 1) * s.long_fall_per_round


def fall(ruleset: Any, height: int, agility: int = 0, liquid_depth: int = 0) -> Fall:
    """Falling for ``ruleset`` (a ruleset or its id); see the functions above.

    ``agility`` and ``liquid_depth`` matter in ``power_roll`` only.
    """
    rid = ruleset if isinstance(ruleset, str) else getattr(ruleset, "id", "")
    if rid == "power_roll":
        return power_roll_fall(height, agility, liquid_depth)
    if rid == "srd35":
        return equestria_fall(height, FallSettings(dice_cap=20))
    if rid in ("equestria", "tactical_d10"):
        return equestria_fall(height)
    raise IllegalCommand(f"no falling rule for ruleset {rid!r}")


def _check(height: int) -> None:
    if height < 0:
        raise IllegalCommand(f"a fall height cannot be negative ({height})")
