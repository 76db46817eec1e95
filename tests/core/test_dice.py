"""core.dice.rolls: d20 behind limits; one DiceError for every bad input."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.dice.rolls import DiceLimits, DiceRoll, roll, roll_with_d20
from core.errors import DiceError


def test_same_seed_same_roll():
    first = roll("4d6kh3+2", random.Random(7))
    second = roll("4d6kh3+2", random.Random(7))
    assert first == second
    assert first.total == sum(d.value for d in first.dice if d.kept) + 2


def test_keep_highest_marks_the_dropped_die():
    result = roll("4d6kh3", random.Random(3))
    assert len(result.dice) == 4
    assert [d.kept for d in result.dice].count(False) == 1
    dropped = next(d for d in result.dice if not d.kept)
    assert dropped.value == min(d.value for d in result.dice)


def test_natural_is_the_kept_d20_with_advantage():
    result = roll("2d20kh1+3", random.Random(11))
    assert result.natural == max(d.value for d in result.dice)
    assert result.total == result.natural + 3


def test_free_text_after_the_dice_is_a_comment():
    result = roll("1d20+2 kick the door", random.Random(1))
    assert result.expression == "1d20+2"
    assert result.comment == "kick the door"


@pytest.mark.parametrize(
    "expression, reason",
    [
        ("", "empty"),
        ("1d", "ends too early"),
        ("hello", "unexpected"),
        ("1000d6", "more than 100 dice"),
        ("1d100000", "larger than d1000"),
        ("1d0", "at least 1 side"),
        ("1d1e1", "never stop"),
        ("1d6/0", "divide by zero"),
        ("(" * 60 + "1" + ")" * 60, "nested deeper"),
        ("1+" * 150 + "1", "longer than"),
        ("1d6 " + "x" * 5000, "longer than"),
        ("1d6\x1b[31m", "control characters"),
        ("3d6!", "3d6e6"),  # d20 has no "!": the refusal names our spelling of an explosion
        ("2d10!+3", "2d10e10"),
    ],
)
def test_bad_expressions_raise_one_error_with_a_reason(expression, reason):
    with pytest.raises(DiceError) as caught:
        roll(expression, random.Random(1))
    assert reason.lower() in str(caught.value).lower()


def test_deep_nesting_is_refused_not_a_recursion_error():
    limits = DiceLimits(max_length=10_000, max_depth=40)
    with pytest.raises(DiceError):
        roll("(" * 2000 + "1" + ")" * 2000, random.Random(1), limits)


def test_the_global_random_is_not_used_and_is_restored():
    import d20.expression as d20_expression

    before = d20_expression.random
    roll("3d6", random.Random(1))
    assert d20_expression.random is before


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_a_roll_or_a_dice_error(text):
    try:
        result = roll(text, random.Random(0))
    except DiceError as error:
        assert str(error)
    else:
        assert isinstance(result, DiceRoll)
        assert isinstance(result.total, int)


@pytest.mark.parametrize("expression", ["1d20!!!!", "1e999", "2**1000", "1d20^2", "4d6 kh3", "1d6 e6", "1d20 2", "2d20 **3 bonus"])
def test_a_tail_that_looks_like_dice_is_refused_not_taken_as_a_comment(expression):
    with pytest.raises(DiceError):
        roll(expression, random.Random(1))


@pytest.mark.parametrize(
    "expression, comment",
    [("1d20 keep the dragon grappled", "keep the dragon grappled"), ("3d6 fire", "fire"),
     ("1d20+2 DC 15", "DC 15"), ("1d20 (adv)", "(adv)"), ("1d20 + 5 to hit", "to hit")],
)
def test_words_after_the_dice_stay_a_comment(expression, comment):
    assert roll(expression, random.Random(1)).comment == comment


@pytest.mark.parametrize(
    "expression, reason",
    [("1d1e1", "never stop"), ("1d2e>0", "never stop"), ("1d6rr<7", "never stop"), ("1d%rr<100", "never stop"),
     ("1d6rrl1", "never stops"), ("1d1000e>1", "about 1000 dice"), ("100d1000rr<1000", "the limit is 500"),
     ("1d1000ra>1e>1", "the limit is 500"), ("+".join(["100d6"] * 6), "the limit is 500")],
)
def test_explosions_and_rerolls_that_would_not_stop_are_refused_before_rolling(expression, reason):
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(DiceError) as caught:
        roll(expression, rng)
    assert reason in str(caught.value)
    assert rng.getstate() == state  # nothing was rolled


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_rerolled_dice_keep_the_face_they_showed_struck_out(seed):
    result = roll("10d6ro<3", random.Random(seed))
    assert all(1 <= die.value <= 6 for die in result.dice)
    rerolled = [die for die in result.dice if not die.kept]
    assert all(die.value < 3 for die in rerolled)
    assert len(result.dice) == 10 + len(rerolled)
    assert result.total == sum(die.value for die in result.dice if die.kept)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_rerolling_until_it_fits_shows_every_face_rolled(seed):
    result = roll("4d6rr<3", random.Random(seed))
    kept = [die.value for die in result.dice if die.kept]
    assert len(kept) == 4 and all(value >= 3 for value in kept)
    assert all(1 <= die.value < 3 for die in result.dice if not die.kept)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_exploding_dice_add_one_die_per_six_and_a_seed_gives_one_result(seed):
    result = roll("3d6e6", random.Random(seed))
    sixes = sum(1 for die in result.dice if die.value == 6)
    assert len(result.dice) == 3 + sixes
    assert result.total == sum(die.value for die in result.dice)
    assert result == roll("3d6e6", random.Random(seed))



@pytest.mark.parametrize("expression", ["0d6", "2+0d20", "0d6 fire"])
def test_zero_dice_are_refused_not_rolled_as_zero(expression):
    """A try-out rolled ``r 0d6`` and got ``= 0``: no die was rolled, so it is refused."""
    with pytest.raises(DiceError, match="at least 1 die"):
        roll(expression, random.Random(1))


@settings(max_examples=300, deadline=None)
@given(count=st.integers(1, 12), sides=st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]),
       sign=st.sampled_from(["", "+", "-"]), number=st.integers(0, 40), seed=st.integers(0, 2**32))
def test_plain_dice_are_thrown_and_written_as_d20_throws_them(count, sides, sign, number, seed):
    expression = f"{count}d{sides}" + (f"{sign}{number}" if sign else "")
    fast, slow = random.Random(seed), random.Random(seed)
    assert roll(expression, fast) == roll_with_d20(expression, slow)
    assert fast.random() == slow.random()  # the same draws taken from the generator
