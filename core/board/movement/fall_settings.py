"""The numbers of falling as a ruleset's settings hold them (EQ-MOV-8,
PR-FALL-1..3): the dataclasses a ruleset's ``Settings`` derives from,
apart from the falls themselves (:mod:`core.board.movement.falling`), so
that a ruleset names its DEFAULTs without loading the rules of a fall.
Heights in cells, damage in hit points.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DiceFallSettings:
    """Falling by dice (EQ-MOV-8; the DEFAULT of srd35 and tactical_d10)."""

    fall_cells_per_die: int = 2  # EQ-MOV-8: 1d6 per full 2 cells of height
    fall_die: int = 6  # EQ-MOV-8
    fall_dice_cap: int = 0  # 0 = no cap; srd35 DEFAULT 20
    fall_per_round: int = 12  # EQ-MOV-8: cells fallen per round


@dataclass(frozen=True)
class PowerRollFallSettings:
    """Falling in power_roll (PR-FALL-1..3)."""

    fall_min_cells: int = 2  # PR-FALL-1
    fall_damage_per_cell: int = 2  # PR-FALL-1
    fall_damage_cap: int = 50  # PR-FALL-1
    fall_liquid_reduction: int = 4  # PR-FALL-1
    fall_liquid_min_depth: int = 1  # PR-FALL-1
    fall_by_actual_height: bool = True  # PR-FALL-1 reading (a) DEFAULT: on the ground a fall of 2+ cells hurts and lands prone whatever Agility took off; False = (b) the effective height decides
    long_fall_first_round: int = 100  # PR-FALL-3
    long_fall_per_round: int = 100  # PR-FALL-3
