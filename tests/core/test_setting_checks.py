"""The house-rules form checks what a row or table means (EQ-VIS-2, EQ-TRV-1,
EQ-ACT-5, SRD-MOV-13 ...): a refused value is refused with its reason and
changes nothing; every row and table setting of every ruleset has a check."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, strategies as st

from core.errors import RulesError
from core.rulesets import get
from core.rulesets.setting_checks import ROW_CHECKS, row_refusal

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")


def tuple_settings(ruleset_id: str) -> list[str]:
    ruleset = get(ruleset_id)
    return [f.name for f in dataclasses.fields(ruleset.settings) if isinstance(getattr(ruleset.settings, f.name), tuple)]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_row_and_table_setting_has_a_check_its_default_passes(ruleset_id: str) -> None:
    ruleset = get(ruleset_id)
    names = tuple_settings(ruleset_id)
    assert names
    missing = [name for name in names if name not in ROW_CHECKS]
    assert missing == []
    for name in names:
        assert row_refusal(ruleset, name, getattr(ruleset.settings, name)) is None, name


def test_a_row_setting_with_no_check_is_refused() -> None:
    assert "no check" in (row_refusal(get("equestria"), "new_row", (1, 2)) or "")


@pytest.mark.parametrize(("text", "reason"), [
    ("12, 6", "bright range 12 cannot reach farther than the dim one 6"),
    ("0, 0", "lights no cell"),
])
def test_eq_vis_2_a_torch_brighter_than_dim_or_dark_is_refused_and_changes_nothing(text: str, reason: str) -> None:
    """EQ-VIS-2 DEFAULT torch 6/12: ``12, 6`` and ``0, 0`` are refused, the house rules stay as they were."""
    ruleset = get("equestria").with_house_rules({"torch": (5, 10)})
    with pytest.raises(RulesError, match=reason):
        ruleset.read_house_rule("torch", text)
    assert ruleset.house_rules() == {"torch": (5, 10)}
    assert ruleset.read_house_rule("torch", "6, 12") == {}  # the DEFAULT 6/12 itself is fine


def test_eq_vis_1_darkness_may_be_zero_but_fog_not_clearer_than_poor() -> None:
    """EQ-VIS-1: darkness 0/0 is the DEFAULT; fog 1/30 typed as 30, 1 is refused."""
    ruleset = get("equestria")
    assert ruleset.read_house_rule("darkness", "0, 0") == {}
    with pytest.raises(RulesError, match="fog"):
        ruleset.read_house_rule("fog", "30, 1")


@given(st.integers(-3, 30), st.integers(-3, 30))
def test_eq_vis_2_a_light_is_taken_exactly_when_bright_within_dim_and_dim_lit(bright: int, dim: int) -> None:
    ruleset = get("equestria")
    good = 0 <= bright <= dim and dim >= 1
    try:
        rules = ruleset.read_house_rule("lantern", f"{bright}, {dim}")
    except RulesError:
        assert not good
    else:
        assert good and rules.get("lantern", (9, 18)) == (bright, dim)


@pytest.mark.parametrize(("ruleset_id", "name", "text", "reason"), [
    ("equestria", "terrain_divisor", "terrible 0, bad 2, normal 1", "a divisor is at least 1"),
    ("equestria", "terrain_divisor", "bad 5, bad 2", "once"),
    ("equestria", "days_per_trick", "30, 0, 5", "at least 1"),
    ("equestria", "hero_bonus", "2, 1, 0, 0", "cannot hold less"),
    ("equestria", "unarmed_thresholds", "4, 1", "higher than the one before"),
    ("equestria", "holy_bonus_alignments", "chaotic 3vil", "alignments in words"),
    ("equestria", "speed_zero_conditions", "grappled, sleepy", "names conditions"),
    ("equestria", "size_reach", "large 0", "a reach is at least 1"),
    ("srd35", "encumbered_speeds", "30 40", "would not be slowed"),
    ("srd35", "slowing_loads", "medium, enormous", "names weights"),
    ("srd35", "hampering_weathers", "clear", "names weathers"),
    ("srd35", "overrun_defence_stats", "STR, LUCK", "names stats"),
    ("srd35", "armour_ignoring_types", "penetrating, wet", "names damage types"),
    ("tactical_d10", "jump_difficulty", "8, 6, 4", "cannot hold less"),
    ("tactical_d10", "jump_mp", "0, 3, 4", "at least 1"),
    ("power_roll", "jump_tier_bonus", "2, 1, 0", "cannot hold less"),
])
def test_a_row_or_table_that_means_nothing_is_refused_and_changes_nothing(ruleset_id: str, name: str, text: str, reason: str) -> None:
    ruleset = get(ruleset_id)
    with pytest.raises(RulesError, match=reason):
        ruleset.read_house_rule(name, text)
    assert ruleset.house_rules() == {}
