"""Equestria checks: acceptance A2 (rules EQ-CHK-1, EQ-CHK-2, EQ-CHK-3, EQ-CHK-5)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from core.dice.checks import Advantage, Tier
from core.rulesets import get

EQ = get("equestria")


@pytest.mark.parametrize(
    "natural, total, tier",
    [
        (1, 3, Tier.CRITICAL_FAILURE),
        (4, 6, Tier.FAILURE),
        (10, 12, Tier.SUCCESS),
        (15, 17, Tier.SUCCESS),
        (19, 21, Tier.SUCCESS),
        (20, 22, Tier.CRITICAL_SUCCESS),
    ],
)
def test_a2_door_check_str_plus_2_eq_chk_3(natural, total, tier):
    """EQ-CHK-3: STR +2 against the default difficulty 12."""
    assert natural + 2 == total
    assert EQ.tier(natural, total, EQ.default_difficulty) is tier


def test_eq_chk_2_default_difficulty_is_12():
    assert EQ.default_difficulty == 12


def test_eq_chk_2_natural_1_fails_critically_whatever_the_modifier():
    assert EQ.tier(1, 1 + 15, 12) is Tier.CRITICAL_FAILURE


def test_eq_chk_2_gm_difficulty_moves_the_threshold():
    assert EQ.tier(10, 12, 15) is Tier.FAILURE
    assert EQ.tier(13, 15, 15) is Tier.SUCCESS


def test_house_rule_changes_the_default_difficulty():
    house = get("equestria", {"default_difficulty": 10})
    assert house.default_difficulty == 10
    assert house.tier(8, 10, house.default_difficulty) is Tier.SUCCESS


def _rng_for_natural(wanted: int) -> random.Random:
    for seed in range(10_000):
        if random.Random(seed).randrange(20) + 1 == wanted:
            return random.Random(seed)
    raise AssertionError("no seed")


@pytest.mark.parametrize("natural, tier", [(1, Tier.CRITICAL_FAILURE), (4, Tier.FAILURE), (10, Tier.SUCCESS), (19, Tier.SUCCESS), (20, Tier.CRITICAL_SUCCESS)])
def test_a2_rolled_check_eq_chk_1(natural, tier):
    """EQ-CHK-1: a rolled check is 1d20 + the current stat."""
    result = EQ.roll_check(_rng_for_natural(natural), modifier=2)
    assert (result.natural, result.total, result.tier) == (natural, natural + 2, tier)
    assert result.roll.expression == "1d20+2"


def test_eq_chk_5_advantage_keeps_the_higher_die():
    result = EQ.roll_check(random.Random(5), modifier=0, advantage=Advantage.ADVANTAGE)
    assert result.roll.expression == "2d20kh1"
    assert result.natural == max(d.value for d in result.roll.dice)


def test_eq_chk_5_both_cancel():
    assert Advantage.combine(True, True) is Advantage.NONE


def test_odds_are_exact_and_sum_to_one():
    odds = EQ.check_odds(2)
    assert sum(odds.values()) == 1
    assert odds[Tier.CRITICAL_FAILURE] == Fraction(1, 20)
    assert odds[Tier.CRITICAL_SUCCESS] == Fraction(1, 20)
    # naturals 10..19 reach 12 with +2
    assert odds[Tier.SUCCESS] == Fraction(10, 20)


def test_odds_with_advantage():
    odds = EQ.check_odds(0, advantage=Advantage.ADVANTAGE)
    assert odds[Tier.CRITICAL_SUCCESS] == Fraction(39, 400)
    assert sum(odds.values()) == 1
