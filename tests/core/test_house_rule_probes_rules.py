"""The settings that were literals in code (issue 26) change play when a GM
types them in House rules: each probe of house_rule_probes_rules, default
against changed, through the form's path (Ruleset.read_house_rule); and the
seed's numbers where a rule has them (EQ-INIT-2, EQ-MNT-9, TAC-MAP-1, EQ-MOV-7, PR-FALL)."""

from __future__ import annotations

import pytest

from core.combat.initiative import assign_unique
from core.rulesets import get
from tests.core import house_rule_probes_rules as probes


@pytest.mark.parametrize("key", list(probes.PROBES))
def test_each_new_setting_typed_in_house_rules_is_seen_in_play(key: str) -> None:
    rid, name = key.split(".")
    text, probe = probes.PROBES[key]
    base = get(rid)
    ruled = get(rid, base.read_house_rule(name, text))
    assert probe(ruled) != probe(base)


def _ordered(order: list[str]):
    return lambda keys: {k: len(order) - order.index(k) for k in keys}


def test_EQ_INIT_2_12_12_11_the_loser_gets_10_after_the_11_by_default_reading_a() -> None:
    values, _ = assign_unique({"w": 12, "l": 12, "e": 11}, _ordered(["w", "l", "e"]))
    assert values == {"w": 12, "l": 10, "e": 11}


def test_EQ_INIT_2_reading_b_slots_the_loser_right_after_the_winner_ahead_of_the_11() -> None:
    values, _ = assign_unique({"w": 12, "l": 12, "e": 11}, _ordered(["w", "l", "e"]), reading="after_winner")
    assert values == {"w": 12, "l": 11, "e": 10}


def test_EQ_INIT_2_reading_b_never_moves_a_fixed_value() -> None:
    values, _ = assign_unique({"w": 12, "l": 12}, _ordered(["w", "l"]), fixed=(11,), reading="after_winner")
    assert values == {"w": 12, "l": 10}


def test_EQ_INIT_2_the_default_reading_is_a_in_every_ruleset() -> None:
    assert {get(r).settings.initiative_tie_reading for r in ("equestria", "srd35", "tactical_d10", "power_roll")} == {"step_down"}


def test_EQ_MNT_9_a_2x2_mount_seats_at_the_centre_rounding_rearward_a_1x2_at_its_rear() -> None:
    from core.combat.mounted.seats import seat_offset
    from core.values.combatant import Combatant, Side
    from core.values.mobility import Size

    large = Combatant("h", "Horse", Side.PARTY, {}, 10, 10, size=Size.LARGE)
    assert large.space == (2, 2)
    assert seat_offset(large) == (1, 1)
    assert seat_offset(large, rounding="forward") == (0, 0)
    long = Combatant("p", "Pony", Side.PARTY, {}, 10, 10, size=Size.LARGE, footprint=(2, 1))
    assert seat_offset(long) == seat_offset(long, rounding="forward") == (1, 0)  # the seed: the rear of a 2-cell mount


def test_TAC_MAP_1_a_tree_blocks_by_default_and_costs_what_the_house_rule_says() -> None:
    ruleset = get("tactical_d10")
    assert "no way" in str(probes.walk_through_a_tree(ruleset))
    assert probes.walk_through_a_tree(get("tactical_d10", {"obstacle_crossing": (("tree", 3),)})) == 3 + 1


def test_EQ_MOV_7_a_dive_of_3_in_deep_water_4_deep_is_refused_below_4() -> None:
    assert "only 4 deep" in str(probes.dive_in_deep_water(get("equestria")))
    assert probes.dive_in_deep_water(get("equestria", {"deep_water_depth": 6})) == -6


def test_PR_FALL_water_1_deep_lands_a_fall_4_lower() -> None:
    ruleset = get("power_roll")
    assert ruleset.fall(6, 0, 1).damage == ruleset.fall(2, 0, 0).damage
    assert probes.fall_into_water(ruleset) == ruleset.fall(2, 0, 0).damage


from hypothesis import given, strategies as st  # noqa: E402


@given(st.dictionaries(st.sampled_from("abcdefgh"), st.integers(-3, 6), min_size=1),
       st.frozensets(st.integers(-3, 6), max_size=3), st.sampled_from(["step_down", "after_winner"]))
def test_EQ_INIT_2_either_reading_keeps_initiatives_unique_and_fixed_values_unmoved(rolled, fixed, reading):
    order = sorted(rolled)
    values, _ = assign_unique(rolled, _ordered(order), fixed=fixed, reading=reading)
    assert len(set(values.values())) == len(values)
    assert not set(values.values()) & fixed
    assert all(values[k] <= rolled[k] for k in rolled)  # nobody rises above its roll
