"""Falling damage per ruleset: EQ-MOV-8, PR-FALL-1..3.

Heights are in cells. Dice falling (:func:`dice_fall`, EQ-MOV-8) rolls 1d6
per full 2 height and falls 12 a turn; ``power_roll_fall`` deals a fixed 2
per cell from 2 cells, capped at 50, reduced by Agility and by landing in
liquid (PR-FALL-1). Which one a ruleset uses is its :meth:`Ruleset.fall`;
the numbers are fields of its settings (the two ``*FallSettings`` here).
The seeds of ``srd35`` and ``tactical_d10`` give no numbers: they use the
dice (DEFAULT; the d20 SRD's own 1d6 per 10 ft is the same), ``srd35``
capped at 20 dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from core.board.grid import Cell
from core.errors import IllegalCommand
from core.values.combatant import Combatant
from core.values.mobility import Layer
from core.rulesets import get
from core.board.movement.fall_settings import DiceFallSettings, PowerRollFallSettings


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


def dice_fall(height: int, settings: Any = None) -> Fall:
    """Rule EQ-MOV-8: 1d6 per full 2 height (6 -> 3d6, 5 -> 2d6, 1 -> none),
    12 height per turn (rounds = ceil(height / 12)). ``settings``: any
    object with the :class:`DiceFallSettings` fields (a ruleset's)."""
    s = settings or DiceFallSettings()
    _check(height)
    count = height // s.fall_cells_per_die
    if s.fall_dice_cap:
        count = min(count, s.fall_dice_cap)
    dice = f"{count}d{s.fall_die}" if count else ""
    rounds = max(1, -(-height // s.fall_per_round))
    return Fall(height, height, dice=dice, rounds=rounds, rule="EQ-MOV-8")


def power_roll_fall(height: int, agility: int = 0, liquid_depth: int = 0, settings: Any = None) -> Fall:
    """Rule PR-FALL-1: the effective height is the height minus Agility
    (min 0), minus 4 more when landing in liquid >= 1 deep (min 0); damage
    is 2 per effective cell (max 50). Landing on the ground, a fall of 2+
    cells deals it and lands prone (DEFAULT reading (a): the actual fall
    decides, so 3 cells with Agility 2 -> 2 damage, prone). Landing in
    liquid is not landing on the ground: there the effective height must
    reach 2 cells, for the damage and for prone (5 cells into water -> 0,
    acceptance A7).
    Rounds per PR-FALL-3."""
    s = settings or PowerRollFallSettings()
    _check(height)
    effective = max(0, height - max(0, agility))
    in_liquid = liquid_depth >= s.fall_liquid_min_depth
    if in_liquid:
        effective = max(0, effective - s.fall_liquid_reduction)
    deciding = height if s.fall_by_actual_height and not in_liquid else effective
    hurt = deciding >= s.fall_min_cells
    damage = min(s.fall_damage_cap, s.fall_damage_per_cell * effective) if hurt else 0
    return Fall(height, effective, damage=damage, prone=hurt, rounds=long_fall_rounds(height, s), rule="PR-FALL-1")


def land_on_creature(fall: Fall, faller_size: int, target_might: int) -> tuple[int, bool]:
    """Rule PR-FALL-2: ``(damage to the creature landed on, knocked prone)``:
    the same damage; prone if the faller's size exceeds its Might. The
    faller lands prone in the nearest free space."""
    return fall.damage, faller_size > target_might


def long_fall_rounds(height: int, settings: Any = None) -> int:
    """Rule PR-FALL-3: rounds a fall of ``height`` cells lasts: 100 cells in
    the first round, 100 more at the end of each further round."""
    s = settings or PowerRollFallSettings()
    if height <= s.long_fall_first_round:
        return 1
    rest = height - s.long_fall_first_round
    return 1 + -(-rest // s.long_fall_per_round)


def long_fall_distance(rounds: int, settings: Any = None) -> int:
    """Rule PR-FALL-3: cells fallen after ``rounds`` rounds (100, 200, ...)."""
    s = settings or PowerRollFallSettings()
    if rounds <= 0:
        return 0
    return s.long_fall_first_round + (rounds - 1) * s.long_fall_per_round


def fall(ruleset: Any, height: int, agility: int = 0, liquid_depth: int = 0) -> Fall:
    """Falling for ``ruleset`` (a ruleset, or its id): :meth:`Ruleset.fall`.

    ``agility`` and ``liquid_depth`` matter where the ruleset says so (power_roll).
    """
    if isinstance(ruleset, str):
        ruleset = get(ruleset)
    return ruleset.fall(height, agility, liquid_depth)


def _check(height: int) -> None:
    if height < 0:
        raise IllegalCommand(f"a fall height cannot be negative ({height})")


@dataclass(frozen=True)
class FallingRules:
    """The capability :attr:`Ruleset.falling`: what a fall does beyond its
    damage (:meth:`Ruleset.fall`), filled by the ruleset from its settings.

    ``rule`` cited by a fall (EQ-MOV-8, PR-FALL-1); ``long_fall_rule`` by a
    fall longer than a round (EQ-MOV-8, PR-FALL-3); ``first_round`` /
    ``per_round``: cells fallen in the first and in each further round;
    ``rounds_by_dice``: the rounds left come from :meth:`Ruleset.fall` of
    the rest (EQ-MOV-8), else from ``per_round``. ``agility_stat`` softens
    a fall (PR-FALL-1; ``""`` none). ``controlled_skill`` /
    ``controlled_reduction``: a controlled fall (EQ-FALL-2; ``""`` none).
    ``lands_prone_on_creature``: a faller landing on a creature ends prone
    (PR-FALL-2); ``knockdown_stat`` with ``size_of``: the creature landed
    on is knocked prone when the faller's size exceeds that stat (PR-FALL-2;
    ``""`` never)."""

    rule: str
    long_fall_rule: str
    first_round: int
    per_round: int
    rounds_by_dice: bool = True
    agility_stat: str = ""
    controlled_skill: str = ""
    controlled_reduction: int = 0
    lands_prone_on_creature: bool = False
    knockdown_stat: str = ""
    size_of: Callable[[Combatant], int] | None = None

    @property
    def controlled(self) -> bool:
        """Whether a controlled fall exists (EQ-FALL-2)."""
        return bool(self.controlled_skill)


def dice_falling(settings: Any) -> FallingRules:
    """The falling of the dice rule EQ-MOV-8 (settings ``fall_*`` of :class:`DiceFallSettings`)."""
    return FallingRules("EQ-MOV-8", "EQ-MOV-8", settings.fall_per_round, settings.fall_per_round)


def nearest(origin: Cell, cells: Sequence[Cell], rng: random.Random) -> Cell:
    """Rule SRD-MOV-11: the nearest of ``cells`` to ``origin`` (SRD distance,
    see :func:`core.board.geometry.distance`); ties are broken at random."""
    from core.board.geometry.areas import distance

    if not cells:
        raise IllegalCommand("no cell to choose from", "SRD-MOV-11")
    scored = [(distance(origin, c, "alternate"), c) for c in cells]
    low = min(d for d, _ in scored)
    tied = sorted(c for d, c in scored if d == low)
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def falls_from_flight(mover: Combatant, prone: bool, speed: int) -> bool:
    """Rule PR-MOV-5: a flier knocked prone or at speed 0 falls unless it can hover."""
    return mover.layer is Layer.AIR and (prone or speed <= 0) and not mover.hover
