"""Initiative: acceptance A3 (rules EQ-INIT-1, EQ-INIT-2)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.values.combatant import Combatant, Side
from core.combat.initiative import assign_unique, next_free_below, roll_initiatives
from core.rulesets import get


def test_a3_dex_plus_2_rolls_13_gives_15_eq_init_1():
    for seed in range(1000):
        if random.Random(seed).randrange(20) + 1 == 13:
            break
    [result] = roll_initiatives({"a": 2}, random.Random(seed))
    assert result.roll.natural == 13
    assert result.value == 15


def test_eq_init_1_modifier_is_current_dex():
    creature = Combatant("c1", "Scout", Side.PARTY, {"DEX": 3}, 5, 5)
    assert get("equestria").initiative_modifier(creature) == 3


def test_a3_tie_rolloff_eq_init_2():
    values, rolloffs = assign_unique({"A": 15, "B": 15}, lambda keys: {"A": 7, "B": 12})
    assert values == {"B": 15, "A": 14}
    assert rolloffs == {"A": (7,), "B": (12,)}


def test_a3_tie_loser_steps_past_a_taken_value_eq_init_2():
    values, _ = assign_unique({"A": 15, "B": 15, "C": 14}, lambda keys: {"A": 7, "B": 12})
    assert values == {"B": 15, "C": 14, "A": 13}


def test_eq_init_2_tied_rolloffs_are_rolled_again():
    calls = iter([{"A": 5, "B": 5}, {"A": 9, "B": 2}])
    values, rolloffs = assign_unique({"A": 10, "B": 10}, lambda keys: next(calls))
    assert values == {"A": 10, "B": 9}
    assert rolloffs["A"] == (5, 9)


def test_eq_init_2_fixed_values_never_move():
    values, _ = assign_unique({"new": 12}, lambda keys: {}, fixed=[12, 11])
    assert values == {"new": 10}


def test_next_free_below():
    assert next_free_below(15, {14, 13}) == 12
    assert next_free_below(1, set()) == 0


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=3), st.integers(-5, 25), max_size=12), st.integers(0, 10_000))
def test_rolled_initiatives_are_always_unique_eq_init_2(modifiers, seed):
    results = roll_initiatives(modifiers, random.Random(seed))
    values = [r.value for r in results]
    assert len(values) == len(set(values))
    assert sorted(values, reverse=True) == values
    for result in results:
        assert result.value <= result.roll.total
