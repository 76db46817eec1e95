"""Rules of RULES.md that the code already applied but no test cited,
each checked with the seed's numbers (every rule ID about
combat, movement and the map is cited by a test)."""

from __future__ import annotations

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, WeaponDamage, plan_attack
from core.values.combatant import Side
from core.values.conditions import Condition
from core.combat.damage import DamageType
from core.errors import IllegalCommand, MoveRefused
from core.board.grid import BUSH, Grid, WALL
from core.values.mobility import Layer, MoveType
from tests.core.reach_helpers import creature, damage_to, encounter, of


def test_eq_stat_1_a_check_adds_the_current_stat_strength_plus_2():
    enc = encounter("equestria", creature("a", {"STR": 2}))
    rolled = of(enc.apply(cmd.RollCheck("a", "STR")), ev.CheckRolled)[0].result
    assert rolled.modifier == 2 and rolled.total == rolled.natural + 2 and rolled.difficulty == 12


def test_eq_sit_3_combat_ends_when_all_agree_initiatives_cleared():
    enc = encounter("equestria", creature("a", {"DEX": 2}), creature("b", {"DEX": 0}, position=(5, 5)), fight=True)
    enc.apply(cmd.EndCombat())
    assert enc.state.round == 0 and all(c.initiative is None for c in enc.state.combatants)


def test_eq_map_6_a_medium_ally_blocks_movement_in_equestria():
    ally = creature("b", {"DEX": 0}, position=(3, 1))
    grid = Grid.filled(5, 3).with_terrain((3, 0), WALL).with_terrain((3, 2), WALL)
    enc = encounter("equestria", creature("a", {"DEX": 0}, position=(1, 1)), ally, grid=grid)
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("a", (4, 1)))  # the only way is through the ally's cell


def test_eq_mov_9_a_slowing_cell_costs_more_2_in_equestria():
    enc = encounter("equestria", creature("a", {"DEX": 0}, initiative=10), grid=Grid.filled(6, 6).with_terrain((3, 2), BUSH), fight=True)
    cost = of(enc.apply(cmd.Move("a", (4, 2))), ev.Moved)[0].cost
    assert cost in (2, 3)  # around the bush (2 diagonal steps at 1) or through it


def test_eq_mov_10_under_water_speed_is_2_whatever_the_dex():
    for dex in (-1, 0, 4):
        enc = encounter("equestria", creature("a", {"DEX": dex}, layer=Layer.UNDERWATER, altitude=-3))
        assert enc.ruleset.movement.speed(enc.state.combatant("a"), MoveType.SWIM) == 2


def test_eq_mov_11_teleporting_needs_a_teleport_ability():
    enc = encounter("equestria", creature("a", {"DEX": 0}))
    with pytest.raises(IllegalCommand, match="no teleport"):
        enc.apply(cmd.Teleport("a", (5, 5)))
    able = encounter("equestria", creature("a", {"DEX": 0}, speeds={"teleport": 6}))
    able.apply(cmd.Teleport("a", (5, 5)))
    assert able.state.combatant("a").position == (5, 5)


def test_eq_act_9_an_unarmed_attack_reaches_an_adjacent_target_only():
    a, b = creature("a", {"STR": 2}), creature("b", {"DEX": 0}, position=(4, 2), side=Side.FOE)
    enc = encounter("equestria", a, b)
    with pytest.raises(IllegalCommand, match="reach"):
        enc.apply(cmd.Attack("a", "b"))


def test_eq_map_5_no_line_of_sight_no_direct_target():
    from core.board.battlefield import attack_situation
    from core.dice.modifiers import Reach

    grid = Grid.filled(8, 5).with_terrain((3, 2), WALL)
    a, b = creature("a", {"DEX": 2}), creature("b", {"DEX": 0}, position=(4, 2), side=Side.FOE)
    enc = encounter("equestria", a, b, grid=grid)
    situation = attack_situation(grid, a, b, enc.state.combatants, Reach.RANGED, ruleset=enc.ruleset)
    with pytest.raises(IllegalCommand, match="full cover"):
        plan_attack(enc.ruleset, a, b, Weapon("bow", (WeaponDamage("1d6", DamageType.PIERCING),), reach=Reach.RANGED), situation)


def test_eq_gen_1_round_down_an_area_swing_of_10_on_3_targets_deals_3_each():
    attacker = creature("a", {"MUSCLES": 9}, position=(5, 5), initiative=9)
    foes = [creature(c, {"MUSCLES": 0}, position=p, side=Side.FOE, initiative=1) for c, p in (("b", (6, 5)), ("c", (6, 4)), ("d", (6, 6)))]
    enc = encounter("tactical_d10", attacker, *foes, fight=True)
    events = enc.apply(cmd.AreaAttack("a", Weapon("club", (WeaponDamage("10", DamageType.BLUDGEONING),)), (1, 0)))
    assert [damage_to(events, c) for c in "bcd"] == [3, 3, 3]


def test_tac_stat_1_four_attributes_and_5_mp():
    enc = encounter("tactical_d10", creature("a", {"MUSCLES": 1, "BODY": 1, "BRAIN": 0, "TONGUE": 0}, initiative=9), fight=True)
    assert enc.ruleset.stat_names == ("MUSCLES", "BODY", "BRAIN", "TONGUE")
    assert enc.state.combatant("a").budget.movement == 5


def test_tac_eff_3_corrosion_lowers_metal_armour_ac_and_metal_weapons_to_hit():
    a = creature("a", {"MUSCLES": 0}, conditions=(Condition("corrosion", 2),))
    b = creature("b", {"MUSCLES": 0}, position=(3, 2), side=Side.FOE, ac=8, armour_metal=True, conditions=(Condition("corrosion", 1),))
    enc = encounter("tactical_d10", a, b)
    sword = Weapon("sword", (WeaponDamage("1d6", DamageType.SLASHING),), metal=True)
    plan = plan_attack(enc.ruleset, a, b, sword)
    assert [m.value for m in plan.modifiers if m.rule == "TAC-EFF-3"] == [-2] and plan.difficulty == 8 - 1


def test_pr_stat_1_size_is_a_number_from_the_size_stat_or_the_footprint():
    from core.values.mobility import Size
    from core.rulesets.power_roll.movement import size_number

    assert size_number(creature("a", {})) == 1
    assert size_number(creature("a", {}, size=Size.LARGE)) == 2
    assert size_number(creature("a", {"SIZE": 3})) == 3


def test_pr_fall_4_forced_movement_downward_counts_as_falling():
    enc = encounter("power_roll", creature("a", {"AGILITY": 0}, speeds={"fly": 5}, layer=Layer.AIR, altitude=4))
    events = enc.apply(cmd.ForcedMove("a", 1, down=True))
    assert of(events, ev.Fell)[0].damage == 8 and enc.state.combatant("a").layer is Layer.GROUND
    with pytest.raises(IllegalCommand, match="not in the air"):
        enc.apply(cmd.ForcedMove("a", 1, down=True))


def test_eq_day_4_theft_difficulty_is_12_unless_the_gm_sets_one():
    """EQ-DAY-2: DEX +2 needed, disadvantage; EQ-DAY-4 DEFAULT difficulty 12."""
    enc = encounter("equestria", creature("a", {"DEX": 2}))
    result = of(enc.apply(cmd.RollCheck("a", "DEX", purpose="theft")), ev.CheckRolled)[0].result
    assert result.difficulty == 12 and result.advantage.value == -1
    result = of(enc.apply(cmd.RollCheck("a", "DEX", 15, purpose="theft")), ev.CheckRolled)[0].result
    assert result.difficulty == 15
