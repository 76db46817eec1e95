"""Checks: dice plus modifiers against a difficulty, read as a tier.

The tier rule itself belongs to a ruleset (``equestria`` EQ-CHK-2,
``tactical_d10`` TAC-ATK-1, ``power_roll`` PR-ROLL-1, ``srd35``); this module
holds the shared value types, the dice of a check with advantage or
disadvantage (rule EQ-CHK-5; both at once cancel), the modifiers with their
reasons, and the exact odds of each tier before anything is rolled.

A check rolls ``count`` dice of ``sides`` faces as one group (1d20, 1d10,
the power roll's 2d10); its *natural* is the kept group's face sum. With
advantage the group is rolled twice and the higher sum is kept.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum, IntEnum
from fractions import Fraction

from core.dice.rolls import DiceRoll, Die, roll


class Tier(Enum):
    """The outcome grade of a check.

    Four-grade rulesets use the first four (rule EQ-CHK-2); ``HALF`` is the
    ``tactical_d10`` hit for half damage when the total equals the AC
    (rule TAC-ATK-1); ``TIER_1..3`` are the power roll's tiers (PR-ROLL-1).
    """

    CRITICAL_FAILURE = "critical failure"
    FAILURE = "failure"
    HALF = "half"
    SUCCESS = "success"
    CRITICAL_SUCCESS = "critical success"
    TIER_1 = "tier 1"
    TIER_2 = "tier 2"
    TIER_3 = "tier 3"

    @property
    def succeeded(self) -> bool:
        """True for SUCCESS, CRITICAL_SUCCESS, HALF (a hit) and TIER_2/TIER_3."""
        return self in (Tier.SUCCESS, Tier.CRITICAL_SUCCESS, Tier.HALF, Tier.TIER_2, Tier.TIER_3)

    @property
    def critical(self) -> bool:
        return self in (Tier.CRITICAL_SUCCESS, Tier.CRITICAL_FAILURE)


POWER_TIERS = {Tier.TIER_1.value: "t1", Tier.TIER_2.value: "t2", Tier.TIER_3.value: "t3"}
"""A power roll's tier labels and their short names (PR-ROLL-1)."""


def tier_chances(tiers: Iterable[tuple[str, Fraction]]) -> tuple[tuple[str, Fraction], ...]:
    """``(("t1", p1), ("t2", p2), ("t3", p3))`` when ``tiers`` ((tier label,
    probability) pairs, as an offer's odds) are a power roll's: every tier
    deals damage (PR-ROLL-1), so the odds are the tiers, not a chance to
    hit; ``()`` for a roll that hits or misses (shown as its ``hit``)."""
    pairs = tuple(tiers)
    if not pairs or any(label not in POWER_TIERS for label, _ in pairs):
        return ()
    chance = dict(pairs)
    return tuple((short, Fraction(chance.get(label, 0))) for label, short in POWER_TIERS.items())


class Advantage(IntEnum):
    """Roll the dice twice and keep the higher (ADVANTAGE) or lower (rule EQ-CHK-5)."""

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

    def with_(self, other: Advantage) -> Advantage:
        """Combine two sources: any advantage plus any disadvantage cancel."""
        has_adv = Advantage.ADVANTAGE in (self, other)
        has_dis = Advantage.DISADVANTAGE in (self, other)
        return Advantage.combine(has_adv, has_dis)


@dataclass(frozen=True)
class Modifier:
    """One signed ``value`` added to a roll, with the ``reason`` shown in the
    log and the ``rule`` it comes from (e.g. ``-1``, ``"half cover"``, ``"EQ-COV-2"``)."""

    value: int
    reason: str
    rule: str = ""


TierRule = Callable[[int, int, int], Tier]
"""(natural, total, difficulty) -> Tier."""


@dataclass(frozen=True)
class CheckResult:
    """A rolled check: the kept ``natural`` face (sum for several dice),
    ``modifier`` (sum of ``modifiers``), ``total``, the ``difficulty`` it was
    against, its ``tier`` and the dice behind it. ``purpose`` says what for."""

    natural: int
    modifier: int
    total: int
    difficulty: int
    tier: Tier
    advantage: Advantage
    roll: DiceRoll
    modifiers: tuple[Modifier, ...] = ()
    purpose: str = ""


def check_expression(sides: int, modifier: int, advantage: Advantage = Advantage.NONE, count: int = 1) -> str:
    """Dice notation of a check: ``1d20+2``, ``2d20kh1-1``, ``2d20kl1``, ``2d10+3``.

    For several dice with advantage the notation is descriptive
    (``2d10+3 (best of two)``); :func:`roll_check` rolls the groups itself.
    """
    if count == 1:
        dice = {Advantage.NONE: f"1d{sides}", Advantage.ADVANTAGE: f"2d{sides}kh1", Advantage.DISADVANTAGE: f"2d{sides}kl1"}[advantage]
    else:
        dice = f"{count}d{sides}"
    text = f"{dice}{modifier:+d}" if modifier else dice
    if count > 1 and advantage is not Advantage.NONE:
        text += " (best of two)" if advantage is Advantage.ADVANTAGE else " (worst of two)"
    return text


def _roll_group_twice(rng: random.Random, sides: int, count: int, modifier: int, advantage: Advantage) -> DiceRoll:
    """Roll ``count``d``sides`` twice, keep the better (or worse) sum."""
    first = roll(f"{count}d{sides}", rng)
    second = roll(f"{count}d{sides}", rng)
    pick_first = first.total >= second.total if advantage is Advantage.ADVANTAGE else first.total <= second.total
    kept, dropped = (first, second) if pick_first else (second, first)
    dice = tuple(Die(d.sides, d.value, pick_first) for d in first.dice) + tuple(
        Die(d.sides, d.value, not pick_first) for d in second.dice
    )
    expression = check_expression(sides, modifier, advantage, count)
    detail = f"({first.detail}) vs ({second.detail}) -> {kept.total}" + (f" {modifier:+d}" if modifier else "")
    return DiceRoll(expression=expression, total=kept.total + modifier, dice=dice, natural=kept.total, detail=detail)


def roll_check(
    rng: random.Random,
    sides: int,
    modifier: int,
    difficulty: int,
    tier_rule: TierRule,
    advantage: Advantage = Advantage.NONE,
    *,
    count: int = 1,
    modifiers: tuple[Modifier, ...] = (),
    purpose: str = "",
) -> CheckResult:
    """Roll one check with ``rng`` and grade it with ``tier_rule``.

    ``modifier`` is the base (stat) value; ``modifiers`` are situational
    additions with reasons, summed into the total.
    """
    total_modifier = modifier + sum(m.value for m in modifiers)
    if count == 1:
        dice_roll = roll(check_expression(sides, total_modifier, advantage), rng)
        natural = dice_roll.natural
        assert natural is not None  # a check expression keeps exactly one die
    elif advantage is Advantage.NONE:
        dice_roll = roll(check_expression(sides, total_modifier, advantage, count), rng)
        natural = dice_roll.total - total_modifier
        dice_roll = replace(dice_roll, natural=natural)
    else:
        dice_roll = _roll_group_twice(rng, sides, count, total_modifier, advantage)
        natural = dice_roll.natural
        assert natural is not None
    return CheckResult(
        natural=natural,
        modifier=total_modifier,
        total=dice_roll.total,
        difficulty=difficulty,
        tier=tier_rule(natural, dice_roll.total, difficulty),
        advantage=advantage,
        roll=dice_roll,
        modifiers=modifiers,
        purpose=purpose,
    )


def natural_distribution(sides: int, count: int = 1, advantage: Advantage = Advantage.NONE) -> dict[int, Fraction]:
    """Exact probability of each natural (kept group sum) of ``count``d``sides``,
    rolled once or, with (dis)advantage, twice keeping the higher (lower)."""
    sums: dict[int, int] = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, ways in sums.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + ways
        sums = step
    space = sides**count
    single = {value: Fraction(ways, space) for value, ways in sums.items()}
    if advantage is Advantage.NONE:
        return single
    result: dict[int, Fraction] = {}
    for a, pa in single.items():
        for b, pb in single.items():
            kept = max(a, b) if advantage is Advantage.ADVANTAGE else min(a, b)
            result[kept] = result.get(kept, Fraction(0)) + pa * pb
    return result


def tier_odds(
    sides: int,
    modifier: int,
    difficulty: int,
    tier_rule: TierRule,
    advantage: Advantage = Advantage.NONE,
    *,
    count: int = 1,
    tiers: tuple[Tier, ...] | None = None,
) -> dict[Tier, Fraction]:
    """Exact probability of each tier before rolling, by enumerating the dice.

    ``tiers`` lists the tiers to report (all reported tiers start at 0);
    default: the four grades plus any tier the rule produced. Sums to 1.
    """
    odds: dict[Tier, Fraction] = {tier: Fraction(0) for tier in (tiers or (Tier.CRITICAL_FAILURE, Tier.FAILURE, Tier.SUCCESS, Tier.CRITICAL_SUCCESS))}
    for natural, chance in natural_distribution(sides, count, advantage).items():
        tier = tier_rule(natural, natural + modifier, difficulty)
        odds[tier] = odds.get(tier, Fraction(0)) + chance
    return odds
