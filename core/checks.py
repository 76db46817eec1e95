"""Checks: a die plus a modifier against a difficulty, read as a tier.

The tier rule itself belongs to a ruleset (``equestria`` uses rule
EQ-CHK-2); this module holds the shared value types, the dice expression of
a check with advantage or disadvantage (rule EQ-CHK-5) and the exact odds of
each tier before anything is rolled.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, IntEnum
from fractions import Fraction

from core.dice import DiceRoll, roll


class Tier(Enum):
    """The outcome grade of a check (rule EQ-CHK-2)."""

    CRITICAL_FAILURE = "critical failure"
    FAILURE = "failure"
    SUCCESS = "success"
    CRITICAL_SUCCESS = "critical success"

    @property
    def succeeded(self) -> bool:
        return self in (Tier.SUCCESS, Tier.CRITICAL_SUCCESS)


class Advantage(IntEnum):
    """Roll the die twice and keep the higher (ADVANTAGE) or lower (rule EQ-CHK-5)."""

    DISADVANTAGE = -1
    NONE = 0
    ADVANTAGE = 1

    @classmethod
    def combine(cls, advantage: bool, disadvantage: bool) -> Advantage:
        """Both at once cancel out."""
        if advantage and not disadvantage:
            return cls.ADVANTAGE
        if disadvantage and not advantage:
            return cls.DISADVANTAGE
        return cls.NONE


TierRule = Callable[[int, int, int], Tier]
"""(natural, total, difficulty) -> Tier."""


@dataclass(frozen=True)
class CheckResult:
    """A rolled check: the kept ``natural`` face, ``modifier``, ``total``,
    the ``difficulty`` it was against, its ``tier`` and the dice behind it."""

    natural: int
    modifier: int
    total: int
    difficulty: int
    tier: Tier
    advantage: Advantage
    roll: DiceRoll


def check_expression(sides: int, modifier: int, advantage: Advantage = Advantage.NONE) -> str:
    """Dice notation of a check: ``1d20+2``, ``2d20kh1-1``, ``2d20kl1``."""
    dice = {Advantage.NONE: f"1d{sides}", Advantage.ADVANTAGE: f"2d{sides}kh1", Advantage.DISADVANTAGE: f"2d{sides}kl1"}[advantage]
    if modifier:
        return f"{dice}{modifier:+d}"
    return dice


def roll_check(
    rng: random.Random,
    sides: int,
    modifier: int,
    difficulty: int,
    tier_rule: TierRule,
    advantage: Advantage = Advantage.NONE,
) -> CheckResult:
    """Roll one check with ``rng`` and grade it with ``tier_rule``."""
    dice_roll = roll(check_expression(sides, modifier, advantage), rng)
    natural = dice_roll.natural
    assert natural is not None  # a check expression keeps exactly one die
    return CheckResult(
        natural=natural,
        modifier=modifier,
        total=dice_roll.total,
        difficulty=difficulty,
        tier=tier_rule(natural, dice_roll.total, difficulty),
        advantage=advantage,
        roll=dice_roll,
    )


def tier_odds(
    sides: int,
    modifier: int,
    difficulty: int,
    tier_rule: TierRule,
    advantage: Advantage = Advantage.NONE,
) -> dict[Tier, Fraction]:
    """Exact probability of each tier before rolling, by enumerating the die."""
    weights: dict[int, int] = {}
    for first in range(1, sides + 1):
        if advantage is Advantage.NONE:
            weights[first] = weights.get(first, 0) + sides
            continue
        for second in range(1, sides + 1):
            kept = max(first, second) if advantage is Advantage.ADVANTAGE else min(first, second)
            weights[kept] = weights.get(kept, 0) + 1
    total_weight = sides * sides
    odds = {tier: Fraction(0) for tier in Tier}
    for natural, weight in weights.items():
        tier = tier_rule(natural, natural + modifier, difficulty)
        odds[tier] += Fraction(weight, total_weight)
    return odds
