"""Rules behaviour a GM noticed in play: default AC, ranged stats, mounting."""

from __future__ import annotations

import random

from dataclasses import replace

import pytest

from core.combat import commands as cmd
from core.combat.attacks import Weapon, WeaponDamage, plan_attack
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.values.mobility import Size
from core.dice.modifiers import Reach
from core.rulesets import get


def _two(ruleset_id: str, apart: int = 1, side_b: Side = Side.FOE):
    a = Combatant("a", "Aria", Side.PARTY, {"STR": 1, "DEX": 3}, 10, 10, position=(1, 1))
    b = Combatant("b", "Bandit", side_b, {}, 10, 10, position=(1 + apart, 1))
    return Encounter(EncounterState("t", Grid.filled(12, 4), (a, b)), get(ruleset_id), random.Random(1)), a, b


def test_srd35_creature_without_ac_defends_with_10_srd_stat_1():
    _, a, b = _two("srd35")
    assert plan_attack(get("srd35"), a, b).difficulty == 10


def test_tactical_d10_default_ac_is_a_setting_tac_atk_1():
    _, a, b = _two("tactical_d10")
    assert plan_attack(get("tactical_d10"), a, b).difficulty == 6
    house = get("tactical_d10", {"default_ac": 8})
    assert plan_attack(house, a, b).difficulty == 8


@pytest.mark.parametrize("ruleset_id", ["srd35", "equestria"])
def test_ranged_attacks_use_dex(ruleset_id):
    _, a, b = _two(ruleset_id)
    bow = Weapon("bow", (WeaponDamage("1d6"),), reach=Reach.RANGED)
    assert plan_attack(get(ruleset_id), a, b, bow).stat == "DEX"
    assert plan_attack(get(ruleset_id), a, b).stat == "STR"


def test_eq_mnt_1_mounting_needs_an_adjacent_willing_creature():
    encounter, a, b = _two("equestria", apart=5, side_b=Side.PARTY)
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.Mount("a", "b"))
    assert "next to" in str(caught.value)
    encounter, a, b = _two("equestria", apart=1, side_b=Side.FOE)
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.Mount("a", "b"))
    assert "side" in str(caught.value)
    encounter, a, b = _two("equestria", apart=1, side_b=Side.PARTY)
    encounter.state = encounter.state.replace_combatant(replace(b, size=Size.HUGE))  # EQ-MNT-1: 2 sizes larger
    encounter.apply(cmd.Mount("a", "b"))
    assert encounter.state.combatant("a").mounted_on == "b"


def test_eq_chk_4_what_was_spent_on_a_failed_check_stays_spent():
    """EQ-CHK-4: resources spent on an ability are spent even if its check fails."""
    from core.dice.checks import Tier

    encounter, a, _ = _two("equestria")
    encounter.apply(cmd.StartCombat(starter="a"))
    encounter.apply(cmd.SpendAction("a", "full"))
    for seed in range(200):
        encounter.rng = random.Random(seed)
        [event] = encounter.apply(cmd.RollCheck("a", "STR", difficulty=20))
        if not event.result.tier.succeeded:
            break
    assert event.result.tier in (Tier.FAILURE, Tier.CRITICAL_FAILURE)
    assert encounter.state.combatant("a").budget.left("full") == 0


@pytest.mark.parametrize(("rider", "mount", "allowed"), [
    (Size.MEDIUM, Size.HUGE, True), (Size.MEDIUM, Size.LARGE, False), (Size.MEDIUM, Size.MEDIUM, False),
    (Size.TINY, Size.LARGE, True), (Size.TINY, Size.MEDIUM, False), (Size.SMALL, Size.LARGE, False),
])
def test_eq_mnt_1_a15_the_mount_is_two_size_categories_larger(rider, mount, allowed):
    """EQ-MNT-1, A15: a medium rider can mount a huge creature, not a large
    one (equestria's four sizes, EQ-SIZE-1; small counts as medium)."""
    encounter, a, b = _two("equestria", apart=1, side_b=Side.PARTY)
    state = encounter.state.replace_combatant(replace(a, size=rider))
    encounter.state = state.replace_combatant(replace(b, size=mount, position=(2, 1)))
    if allowed:
        encounter.apply(cmd.Mount("a", "b"))
        assert encounter.state.combatant("a").mounted_on == "b"
    else:
        with pytest.raises(IllegalCommand) as refused:
            encounter.apply(cmd.Mount("a", "b"))
        assert refused.value.rule == "EQ-MNT-1" and "size" in str(refused.value)


def test_eq_mnt_1_size_steps_are_a_house_rule():
    """EQ-MNT-1 with a house rule of one size category: a large horse carries a medium rider."""
    encounter, a, b = _two("equestria", apart=1, side_b=Side.PARTY)
    encounter.ruleset = get("equestria", {"mount_size_steps": 1})
    encounter.state = encounter.state.replace_combatant(replace(b, size=Size.LARGE))
    encounter.apply(cmd.Mount("a", "b"))
    assert encounter.state.combatant("a").mounted_on == "b"
