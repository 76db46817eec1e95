"""Checks, tiers, odds and modifiers per ruleset (part 1-2)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from core.dice.checks import Advantage, Tier
from core.errors import IllegalCommand
from core.board.grid import Cover
from core.dice.modifiers import Awareness, Posture, Reach, Situation, assemble
from core.rulesets import get


class Rigged(random.Random):
    """Dice come up as ``faces`` in order (d20 calls ``randrange(size)``)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):  # noqa: D401
        return self.faces.pop(0) - 1


EQ = get("equestria")
TAC = get("tactical_d10")
PR = get("power_roll")
SRD = get("srd35")


@pytest.mark.parametrize(
    ("natural", "total", "tier"),
    [(1, 3, Tier.CRITICAL_FAILURE), (4, 6, Tier.FAILURE), (10, 12, Tier.SUCCESS), (15, 17, Tier.SUCCESS),
     (19, 21, Tier.SUCCESS), (20, 22, Tier.CRITICAL_SUCCESS)],
)
def test_a2_eq_chk_2_eq_chk_3_door_check_str_plus_2(natural, total, tier):
    """A2, EQ-CHK-2/3: kick the door with STR +2 against the default 12."""
    result = EQ.roll_check(Rigged(natural), 2)
    assert (result.natural, result.total, result.tier, result.difficulty) == (natural, total, tier, 12)


def test_eq_chk_5_advantage_keeps_higher_disadvantage_lower_and_both_cancel():
    assert EQ.roll_check(Rigged(3, 17), 0, advantage=Advantage.ADVANTAGE).natural == 17
    assert EQ.roll_check(Rigged(3, 17), 0, advantage=Advantage.DISADVANTAGE).natural == 3
    assert Advantage.combine(True, True) is Advantage.NONE
    assert Advantage.ADVANTAGE.with_(Advantage.DISADVANTAGE) is Advantage.NONE
    kept = [d.kept for d in EQ.roll_check(Rigged(3, 17), 0, advantage=Advantage.ADVANTAGE).roll.dice]
    assert kept == [False, True]


def test_eq_chk_2_odds_str_plus_2_default_difficulty():
    """Before rolling: natural 1 -> 1/20, 2..9 fail 8/20, 10..19 success 10/20, 20 -> 1/20."""
    odds = EQ.check_odds(2)
    assert odds == {Tier.CRITICAL_FAILURE: Fraction(1, 20), Tier.FAILURE: Fraction(8, 20),
                    Tier.SUCCESS: Fraction(10, 20), Tier.CRITICAL_SUCCESS: Fraction(1, 20)}
    with_adv = EQ.check_odds(2, advantage=Advantage.ADVANTAGE)
    assert with_adv[Tier.CRITICAL_FAILURE] == Fraction(1, 400)
    assert sum(with_adv.values()) == 1


@pytest.mark.parametrize(("natural", "ac", "tier"), [(4, 6, Tier.SUCCESS), (4, 7, Tier.HALF), (4, 8, Tier.FAILURE),
                                                      (10, 30, Tier.CRITICAL_SUCCESS), (1, 0, Tier.CRITICAL_FAILURE)])
def test_a9_tac_atk_1_muscles_3_natural_4_total_7(natural, ac, tier):
    """A9, TAC-ATK-1: total 7 vs AC 6 hit, 7 half, 8 miss; DEFAULT crits on 10 and 1."""
    result = TAC.roll_check(Rigged(natural), 3, ac, attack=True)
    assert result.tier is tier
    assert result.roll.dice[0].sides == 10


def test_tac_atk_1_odds_include_half_and_sum_to_one():
    odds = TAC.check_odds(3, 7, attack=True)
    assert odds[Tier.HALF] == Fraction(1, 10)  # natural 4 only
    assert odds[Tier.SUCCESS] == Fraction(5, 10)  # naturals 5..9
    assert odds[Tier.CRITICAL_SUCCESS] == odds[Tier.CRITICAL_FAILURE] == Fraction(1, 10)
    assert sum(odds.values()) == 1


@pytest.mark.parametrize(("faces", "mod", "tier"), [((5, 6), 0, Tier.TIER_1), ((5, 6), 1, Tier.TIER_2),
                                                     ((8, 8), 0, Tier.TIER_2), ((8, 8), 1, Tier.TIER_3)])
def test_pr_roll_1_tiers_11_12_16_17(faces, mod, tier):
    """PR-ROLL-1: <= 11 tier 1, 12-16 tier 2, >= 17 tier 3 (DEFAULT 2d10)."""
    result = PR.roll_check(Rigged(*faces), mod)
    assert result.tier is tier and result.natural == sum(faces)
    assert len(result.roll.dice) == 2


def test_pr_roll_1_odds_2d10_exact():
    odds = PR.check_odds(0)
    assert odds == {Tier.TIER_1: Fraction(55, 100), Tier.TIER_2: Fraction(35, 100), Tier.TIER_3: Fraction(10, 100)}
    adv = PR.check_odds(0, advantage=Advantage.ADVANTAGE)
    assert adv[Tier.TIER_1] == Fraction(55, 100) ** 2 and sum(adv.values()) == 1


def test_pr_roll_advantage_keeps_better_group_with_marks():
    result = PR.roll_check(Rigged(2, 3, 9, 9), 0, advantage=Advantage.ADVANTAGE)
    assert result.natural == 18 and result.tier is Tier.TIER_3
    assert [d.kept for d in result.roll.dice] == [False, False, True, True]


def test_srd35_d20_against_difficulty_and_attack_naturals():
    assert SRD.roll_check(Rigged(10), 5, 15).tier is Tier.SUCCESS
    assert SRD.roll_check(Rigged(9), 5, 15).tier is Tier.FAILURE
    assert SRD.roll_check(Rigged(20), -5, 30, attack=True).tier is Tier.CRITICAL_SUCCESS
    assert set(SRD.check_odds(0, 15)) == {Tier.FAILURE, Tier.SUCCESS}


def test_a5_eq_act_5_unarmed_damage_by_stat():
    """A5: stat -1 -> 1d2; 0 -> 1d2; +1 -> 1d4; +3 -> 1d4; +4 -> 1d6."""
    assert [EQ.unarmed_damage(v) for v in (-1, 0, 1, 3, 4)] == ["1d2", "1d2", "1d4", "1d4", "1d6"]


def test_a5_eq_act_6_three_one_handed_weapons_0_minus2_minus4():
    values = [assemble(EQ.settings, Situation(weapon_index=i)).total for i in range(3)]
    assert values == [0, -2, -4]
    assert assemble(EQ.settings, Situation(weapon_index=2)).modifiers[0].rule == "EQ-ACT-6"


def test_eq_cov_2_half_minus_1_three_quarters_minus_4_full_refused():
    assert assemble(EQ.settings, Situation(cover=Cover.HALF)).modifiers[0].value == -1
    assert assemble(EQ.settings, Situation(cover=Cover.THREE_QUARTERS)).modifiers[0].value == -4
    with pytest.raises(IllegalCommand) as refused:
        assemble(EQ.settings, Situation(cover=Cover.FULL))
    assert refused.value.rule == "EQ-COV-2"


def test_eq_gen_2_off_hand_minus_4_and_eq_vis_1_poor_sight_minus_3():
    a = assemble(EQ.settings, Situation(off_hand=True, poor_visibility=True))
    assert {(m.value, m.rule) for m in a.modifiers} == {(-4, "EQ-GEN-2"), (-3, "EQ-VIS-1")}


def test_tac_pos_1_crouched_and_prone():
    """Crouched: melee +2, half cover becomes full; prone: melee +4, ranged -2, quarter cover full."""
    assert assemble(TAC.settings, Situation(target_posture=Posture.CROUCHED)).total == 2
    assert assemble(TAC.settings, Situation(), target_conditions={"prone": 1}).total == 4
    assert assemble(TAC.settings, Situation(reach=Reach.RANGED), target_conditions={"prone": 1}).total == -2
    with pytest.raises(IllegalCommand):
        assemble(TAC.settings, Situation(cover=Cover.HALF), target_conditions={"crouched": 1})
    with pytest.raises(IllegalCommand):
        assemble(TAC.settings, Situation(cover=Cover.QUARTER, target_posture=Posture.PRONE))


def test_tac_pos_2_flanking_advantage_cancelled_by_dodge():
    a = assemble(TAC.settings, Situation(flanked=True))
    assert a.advantage is Advantage.ADVANTAGE and "TAC-POS-2" in a.advantage_reasons[0]
    b = assemble(TAC.settings, Situation(flanked=True), target_conditions={"dodging": 1})
    assert b.advantage is Advantage.NONE  # TAC-ACT-2 dodge cancels (EQ-CHK-5)


def test_tac_pos_3_a15_slowed_target_ranged_plus_1_per_mp_the_cell_costs_melee_plus_1():
    """TAC-POS-3, A15: ranged +2 in a 2-MP cell, +3 in a 3-MP cell; melee +1."""
    assert assemble(TAC.settings, Situation(target_cell_cost=2, reach=Reach.RANGED)).total == 2
    assert assemble(TAC.settings, Situation(target_cell_cost=3, reach=Reach.RANGED)).total == 3
    assert assemble(TAC.settings, Situation(target_cell_cost=3)).total == 1
    assert assemble(TAC.settings, Situation(target_cell_cost=1, reach=Reach.RANGED)).total == 0


@pytest.mark.parametrize(("cell", "terrain", "ranged", "melee"), [((15, 2), "boulder", 2, 1), ((1, 2), "rock", 3, 1), ((14, 2), "ground", 0, 0)])
def test_tac_pos_3_a15_the_cost_of_the_targets_cell_is_read_from_the_seed_map(cell, terrain, ranged, melee):
    """TAC-POS-3 on seed 003's map (TAC-MOV-1 boulder 2 MP, TAC-MAP-1 rock climbed at 3 MP)."""
    from core.board.battlefield import attack_situation
    from core.values.combatant import Combatant, Side
    from core.combat.demo import seed_map_text
    from core.board.grid import from_text

    grid = from_text(seed_map_text()).grid
    assert grid.terrain(cell).id == terrain
    target = Combatant("t", "Boar", Side.FOE, {}, 10, 10, position=cell)
    archer = Combatant("a", "Archer", Side.PARTY, {}, 10, 10, position=(cell[0] + 1, cell[1]))
    for reach, bonus in ((Reach.RANGED, ranged), (Reach.MELEE, melee)):
        situation = attack_situation(grid, archer, target, (archer, target), reach, ruleset=TAC)
        found = [m for m in assemble(TAC.settings, situation).modifiers if m.rule == "TAC-POS-3"]
        assert sum(m.value for m in found) == bonus


def test_tac_pos_4_unnoticed_auto_critical_invisible_detected_advantage():
    assert assemble(TAC.settings, Situation(awareness=Awareness.UNNOTICED)).automatic_critical
    assert assemble(TAC.settings, Situation(awareness=Awareness.INVISIBLE_DETECTED)).advantage is Advantage.ADVANTAGE


def test_tac_pos_5_moving_ac_plus_2_plus_4_mounted():
    assert assemble(TAC.settings, Situation(), target_conditions={"moving": 1}).defence[0].value == 2
    assert assemble(TAC.settings, Situation(mounted_dash=True), target_conditions={"moving": 1}).defence[0].value == 4


def test_TAC_POS_5_a_rider_that_dashed_has_ac_plus_4_in_play():
    """TAC-POS-5: after a dash (condition ``moving``) AC +2 on foot, +4 mounted."""
    from core.combat.attacks import plan_attack
    from core.values.combatant import Combatant, Side
    from core.values.conditions import Condition

    moving = (Condition("moving"),)
    archer = Combatant("a", "Archer", Side.PARTY, {}, 10, 10, position=(0, 0))
    on_foot = Combatant("b", "Rider", Side.FOE, {}, 10, 10, position=(1, 0), conditions=moving)
    mounted = Combatant("b", "Rider", Side.FOE, {}, 10, 10, position=(1, 0), conditions=moving, mounted_on="horse")
    base = plan_attack(TAC, archer, Combatant("b", "Rider", Side.FOE, {}, 10, 10, position=(1, 0))).difficulty
    assert plan_attack(TAC, archer, on_foot).difficulty == base + 2
    assert plan_attack(TAC, archer, mounted).difficulty == base + 4


#: Attacks that meet each of seed 003's position modifiers (TAC-POS-1, -3, -5) alone:
#: (situation, target conditions); tactical_d10's numbers are tested with the rules.
SEED_003_POSITIONS = (
    (Situation(), {"crouched": 1}),  # TAC-POS-1: melee against a crouched target (+2)
    (Situation(), {"prone": 1}),  # TAC-POS-1: melee against a prone target (+4)
    (Situation(reach=Reach.RANGED), {"prone": 1}),  # TAC-POS-1: ranged against a prone target (-2)
    (Situation(target_cell_cost=2), {}),  # TAC-POS-3: melee against a slowed target (+1)
    (Situation(target_cell_cost=2, reach=Reach.RANGED), {}),  # TAC-POS-3: ranged, a 2-MP cell (+2)
    (Situation(), {"moving": 1}),  # TAC-POS-5: AC after a dash (+2)
    (Situation(mounted_dash=True), {"moving": 1}),  # TAC-POS-5: AC after a mounted dash (+4)
)


@pytest.mark.parametrize("ruleset", [EQ, SRD, PR])
def test_seed_003_position_modifiers_belong_to_tactical_d10_only(ruleset):
    """RULES.md Revision 3: TAC-POS-1..5 are seed 003's; elsewhere a house rule, off
    by default: none of the attacks of :data:`SEED_003_POSITIONS` gets a modifier."""
    seen = {"TAC-POS-1", "TAC-POS-2", "TAC-POS-3", "TAC-POS-5"}
    for situation, conditions in SEED_003_POSITIONS:
        found = assemble(ruleset.settings, situation, target_conditions=conditions)
        assert not {m.rule for m in found.modifiers + found.defence} & seen, (situation, conditions)
        assert (found.total, sum(m.value for m in found.defence)) == (0, 0), (situation, conditions)
        in_tactical = assemble(TAC.settings, situation, target_conditions=conditions)
        assert (in_tactical.total, sum(m.value for m in in_tactical.defence)) != (0, 0), (situation, conditions)
    flanked = assemble(ruleset.settings, Situation(flanked=True))
    assert flanked.advantage is Advantage.NONE
    assert not assemble(ruleset.settings, Situation(awareness=Awareness.UNNOTICED)).automatic_critical
    house = get(ruleset.id, {"melee_vs_prone": 4})
    assert assemble(house.settings, Situation(), target_conditions={"prone": 1}).total == 4


def test_TAC_POS_4_a_creature_marked_hidden_makes_an_automatic_critical_and_is_revealed():
    """TAC-POS-4 (Revision 3): the GM marks an attacker unnoticed (condition ``hidden``);
    its attack is an automatic critical (natural 3 + Muscles 1 = 4 against AC 6) and reveals it."""
    from core.combat import commands as cmd
    from core.combat import events as ev
    from core.combat.attacks import Weapon, WeaponDamage
    from core.combat.damage import DamageType
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.values.combatant import Combatant, Side
    from core.values.conditions import Condition
    from core.board.grid import Grid

    stalker = Combatant("a", "Stalker", Side.FOE, {"MUSCLES": 1}, 10, 10, position=(0, 0), conditions=(Condition("hidden"),))
    hero = Combatant("b", "Hero", Side.PARTY, {}, 10, 10, position=(1, 0), ac=6)
    knife = Weapon("knife", (WeaponDamage("2", DamageType.PIERCING),))
    for ruleset, tier in ((TAC, Tier.CRITICAL_SUCCESS), (EQ, Tier.CRITICAL_FAILURE)):
        enc = Encounter(EncounterState("t", Grid.filled(4, 4), (stalker, hero)), ruleset, Rigged(3 if ruleset is TAC else 1))
        events = enc.apply(cmd.Attack("a", "b", knife, spend_action=False))
        rolled = next(e for e in events if isinstance(e, ev.AttackRolled))
        assert rolled.result.tier is tier
        assert "hidden" not in {c.name for c in enc.state.combatant("a").conditions}
        assert any(isinstance(e, ev.ConditionRemoved) and e.condition == "hidden" for e in events)


def test_house_rule_overrides_a_default():
    assert get("tactical_d10", {"half_on_equal": False}).roll_check(Rigged(4), 3, 7, attack=True).tier is Tier.FAILURE
