"""The forecast's control variates (core.forecast.dice_watch, core.forecast.controls).

The watched dice must be the plain dice (same faces, same fights), every
control feature must have mean exactly 0 (else the corrected estimate is
biased), and the corrected interval must still cover the exact answer of
the duels of ``test_skirmish_forecast`` about 95% of the time, while being
narrower than Wilson's on the same fights.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from core.forecast.controls import Moments
from core.forecast.dice_watch import WatchedDice
from core.forecast.odds import Tally, play_many, wilson
from core.forecast.skirmish import play_out
from core.rulesets import get
from core.values.combatant import Side
from tests.core.test_skirmish_forecast import RULESETS, duel, exact_duel_rounds, exact_first_wins, fixed


@given(st.integers(0, 2**32), st.lists(st.integers(2, 100), min_size=1, max_size=30))
def test_watched_dice_show_the_faces_of_plain_ones(seed, sides):
    plain, watched = random.Random(seed), WatchedDice(seed)
    watched.watch("a>b")
    assert [plain.randrange(n) for n in sides] == [watched.randrange(n) for n in sides]
    assert [plain.randint(1, n) for n in sides] == [watched.randint(1, n) for n in sides]
    assert plain.choice(sides) == watched.choice(sides) and plain.random() == watched.random()


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 10, 12, 20, 100])
def test_every_feature_has_mean_exactly_zero(sides):
    """Summed over every face of a fair die, each feature a face adds is 0."""
    totals: dict[str, int] = {}
    for face in range(sides):
        dice = WatchedDice(0)
        dice.watch("a>b")
        dice._note(face, sides)
        for name, value in dice.features.items():
            totals[name] = totals.get(name, 0) + value
    assert totals and set(totals.values()) == {0}, totals


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_watched_fight_is_the_same_fight(ruleset_id):
    state, ruleset = duel(ruleset_id), get(ruleset_id)
    for seed in range(5):
        watched = play_out(state, ruleset, WatchedDice(seed), fixed)
        plain = play_out(state, ruleset, random.Random(seed), fixed)
        assert (watched.winner, watched.down, watched.rounds) == (plain.winner, plain.down, plain.rounds)
        assert plain.controls is None and watched.controls and any(name.startswith("a>b#0") for name, _ in watched.controls)


def test_moments_add_up_in_any_order():
    rows = [((("x", 3), ("y", -1)), (("win:party", 1), ("rounds", 4))), ((("x", -2),), (("rounds", 2),)), ((("y", 5),), (("win:party", 1),))]
    whole = Moments.of(rows)
    assert Moments.of(rows[2:]) + Moments.of(rows[:2]) == whole
    assert whole.fights == 3 and whole.cc[("x", "y")] == -3 and whole.cy[("y", "win:party")] == 4


@pytest.mark.parametrize("ruleset_id", ["equestria", "power_roll"])  # a d20 and 2d10: the other two roll a d20 too (one forecast each in test_skirmish_forecast)
def test_the_corrected_interval_covers_the_exact_duel(ruleset_id):
    """16 forecasts of 200 fights each: the control-variate interval of the
    first duelist's chance to win, and of the rounds, holds the exact answer
    in 13 or more (95% expected: 15.2), and is narrower than Wilson's interval
    of the same fights (else the correction is not at work)."""
    state, ruleset = duel(ruleset_id), get(ruleset_id)
    exact, rounds = float(exact_first_wins(ruleset_id, 6, 6)), float(exact_duel_rounds(ruleset_id, 6, 6))
    covered = rounds_covered = narrower = 0
    for seed in range(16):
        tally = play_many(state, ruleset, seed=500 + seed, runs=200, choose=fixed)
        estimate, spread = tally.chance(Side.PARTY), tally.expected_rounds()
        covered += estimate.low <= exact <= estimate.high
        rounds_covered += spread.low <= rounds <= spread.high
        narrower += estimate.half_width < wilson(tally.wins[Side.PARTY], tally.runs).half_width
    assert covered >= 13 and rounds_covered >= 13, (covered, rounds_covered)
    assert narrower == 16


def test_plain_tallies_and_few_fights_keep_wilson():
    """Fights without watched dice, or too few for the fit, are summed up as before."""
    state, ruleset = duel("equestria"), get("equestria")
    few = play_many(state, ruleset, seed=1, runs=60, choose=fixed)
    assert few.chance(Side.PARTY) == wilson(few.wins[Side.PARTY], 60)
    plain = Tally(few.runs, few.wins, few.down, few.rounds, few.rounds_squared)
    assert plain.chance(Side.PARTY) == few.chance(Side.PARTY) and plain.moments.fights == 0
