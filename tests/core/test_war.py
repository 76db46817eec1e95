"""Mass combat, rules EQ-WAR-1..4 (seed 001), with the seed's own numbers."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from core.campaign.war import commands as cmd
from core.combat.demo import demo_encounter
from core.errors import IllegalCommand, RulesError
from core.campaign.war.battle import Army, EndKind, Ending, Hero, WarSettings, battle_points, new_battle, soldier_losses
from core.campaign.war.rounds import fight_round, order_retreat, roll_aftermath
from tests.core.war_helpers import ScriptDice


def _battle(**kw) -> object:
    return new_battle(("North", "South"), (10_000, 7_000), **kw)


def test_eq_war_1_10000_against_7000_gives_10_and_7_battle_points():
    assert battle_points((10_000, 7_000)) == (10, 7)
    assert battle_points((7_000, 10_000)) == (7, 10)
    assert _battle().points == (10, 7)


def test_eq_war_1_proportional_rounds_down_and_keeps_one_point():
    assert battle_points((10_000, 7_999)) == (10, 7)  # EQ-GEN-1
    assert battle_points((10_000, 5)) == (10, 1)  # DEFAULT min_points
    assert battle_points((10_000, 5), WarSettings(min_points=0)) == (10, 0)


@pytest.mark.parametrize("soldiers", [(0, 7000), (10000, -5), (0, 0)])
def test_eq_war_1_an_army_of_no_soldiers_is_refused(soldiers):
    with pytest.raises(IllegalCommand, match="at least 1 soldier"):
        battle_points(soldiers)


def test_eq_war_4_battle_points_by_hand_are_bounded():
    assert new_battle(("A", "B"), (10, 10), points=(12, 3)).points == (12, 3)
    with pytest.raises(IllegalCommand, match="at most 30"):
        new_battle(("A", "B"), (10, 10), points=(1000, 3))
    with pytest.raises(IllegalCommand, match="at least 1 battle point"):
        new_battle(("A", "B"), (10, 10), points=(0, 3))


def test_eq_war_2_a_hero_without_a_side_is_refused():
    with pytest.raises(IllegalCommand, match="no side"):
        _battle(heroes=(Hero("Ayla", 2),))


def test_eq_war_3_losses_smaller_side_8_to_2_is_75_percent_larger_side_3_bp_is_30_percent():
    small = Army("South", 8000, 2, 8)
    assert soldier_losses(small, 2, False, WarSettings()) == (Fraction(3, 4), 6000)
    large = Army("North", 10_000, 7, 10)
    assert soldier_losses(large, 7, True, WarSettings()) == (Fraction(3, 10), 3000)


@pytest.mark.parametrize(
    "natural, bonus, damage_dice",
    [(1, 0, "4d6"), (5, 1, "3d6"), (15, 2, "2d6"), (20, 2, None)],
    ids=["crit-fail", "fail", "success", "crit-success"],
)
def test_eq_war_2_hero_check_results(natural, bonus, damage_dice):
    """EQ-WAR-2: crit fail 4d6 true damage, side +0; fail +1 and 3d6;
    success +2 and 2d6; crit success +2, no damage."""
    battle = _battle(heroes=(Hero("Ayla", 1, 0),))
    # hero, then the two Strategy checks (South wins 10+bonus+.. vs 3), then North's morale (success)
    dice = ScriptDice([natural, 3, 10, 15], faces=[6] * 4)
    battle, events = fight_round(battle, dice)
    hero_event = events[0]
    assert hero_event.bonus == bonus
    assert dice.rolled == ([damage_dice] if damage_dice else [])
    count = int(damage_dice[0]) if damage_dice else 0
    assert battle.heroes[0].damage == 6 * count
    south = dice.checks[2]
    assert sum(m.value for m in south.modifiers if m.reason == "heroes") == bonus


def test_eq_war_2_hero_gets_own_bp_minus_enemy_bp():
    """The seed: enemy 8 BP, own side 5 -> -3 on the hero's actions."""
    battle = new_battle(("A", "B"), (8000, 5000), points=(8, 5), heroes=(Hero("Ayla", 1, 2),))
    dice = ScriptDice([10, 10, 11, 15], faces=[1] * 3)
    fight_round(battle, dice)
    hero = dice.checks[0]
    assert [m.value for m in hero.modifiers] == [2, -3] and hero.total == 10 + 2 - 3


def test_eq_war_1_strategy_and_morale_checks_are_against_12():
    """EQ-WAR-1: Strategy/Tactics and morale are checks of medium difficulty, 12 (EQ-CHK-2)."""
    dice = ScriptDice([5, 12, 15])
    fight_round(_battle(), dice)
    assert [c.difficulty for c in dice.checks] == [12, 12, 12]


def test_eq_war_1_loser_loses_one_bp_and_checks_morale_with_bp_difference():
    dice = ScriptDice([5, 12, 15])  # North 5 vs South 12: North loses; morale natural 15
    battle, events = fight_round(_battle(charisma=(1, 0)), dice)
    assert battle.points == (9, 7)
    morale = dice.checks[2]
    assert morale.purpose == "North: morale" and morale.total == 15 + 1 + 2
    assert events[-1].outcome == "fights on" and not battle.over


def test_eq_war_1_failed_morale_retreats_after_one_more_round():
    battle, events = fight_round(_battle(), ScriptDice([5, 12, 3]))  # morale 3+2 = 5: failure
    assert events[-1].outcome == "retreats" and not battle.over
    battle, events = fight_round(battle, ScriptDice([15, 2, 15]))  # one more battle check: South loses, holds
    assert battle.over and battle.ending == Ending(EndKind.RETREAT, 0)
    assert battle.points == (9, 6) and battle.ending.winner == 1


def test_eq_war_1_critical_morale_failure_routs_at_once():
    battle, events = fight_round(_battle(), ScriptDice([5, 12, 1]))
    assert battle.ending == Ending(EndKind.ROUT, 0) and events[-1].kind is EndKind.ROUT


def test_eq_war_1_no_battle_points_left_ends_the_battle_without_morale():
    battle = new_battle(("A", "B"), (10, 1), points=(2, 1))
    dice = ScriptDice([15, 3])
    battle, _ = fight_round(battle, dice)
    assert battle.ending == Ending(EndKind.DESTROYED, 1) and len(dice.checks) == 2


def test_eq_war_1_tie_is_rerolled_by_default_or_costs_nothing():
    battle, events = fight_round(_battle(), ScriptDice([10, 10, 4, 9, 15]))
    assert len(events[0].checks) == 4 and battle.points == (9, 7)
    none_rule = _battle(settings=WarSettings(opposed_tie="none"))
    battle, events = fight_round(none_rule, ScriptDice([10, 10]))
    assert events[0].loser is None and battle.points == (10, 7) and battle.round == 1


def test_eq_war_4_voluntary_retreat_after_one_more_round():
    battle, events = order_retreat(_battle(), 1)
    assert battle.armies[1].retreat == 1 and not battle.over
    battle, _ = fight_round(battle, ScriptDice([15, 2, 15]))
    assert battle.ending == Ending(EndKind.RETREAT, 1)
    with pytest.raises(IllegalCommand, match="over"):
        order_retreat(battle, 0)
    with pytest.raises(IllegalCommand, match="no army"):
        order_retreat(_battle(), 2)


def test_eq_war_3_recovery_rolls_winner_1_to_4_loser_1_to_2_routed_1():
    battle = replace(_battle(), ending=Ending(EndKind.ROUT, 1))
    battle = replace(battle, armies=(replace(battle.armies[0], points=7), replace(battle.armies[1], points=2)))
    dice = ScriptDice([], faces=[1, 4, 5] + [1, 2, 2, 3, 6])
    after, events = roll_aftermath(battle, dice)
    assert dice.rolled == ["3d6", "5d6"]
    north, south = after.aftermath
    assert (north.regained, north.points, north.soldiers_lost) == (2, 9, 1000)  # 10% per lost BP
    assert (south.regained, south.points) == (1, 3)  # routed: only 1s
    assert south.loss == Fraction(4, 7) and south.soldiers_lost == 4000
    with pytest.raises(IllegalCommand, match="already"):
        roll_aftermath(after, dice)


def test_eq_war_3_a_loser_that_retreats_regains_a_bp_on_1_or_2_only():
    """Seed 001: the loser (not routed) rolls 1d6 per lost BP and regains one on 1-2; 3 is no longer enough."""
    battle = replace(_battle(), ending=Ending(EndKind.RETREAT, 1))
    battle = replace(battle, armies=(replace(battle.armies[0], points=10), replace(battle.armies[1], points=3)))
    dice = ScriptDice([], faces=[1, 2, 3, 3])
    after, _ = roll_aftermath(battle, dice)
    assert dice.rolled == ["4d6"]  # the winner lost nothing: no roll
    assert after.aftermath[1].regained == 2 and after.aftermath[1].points == 5  # the 1 and the 2, not the 3s


def test_eq_war_3_aftermath_needs_the_end():
    with pytest.raises(IllegalCommand, match="not over"):
        roll_aftermath(_battle(), ScriptDice([]))


# -- through the encounter (saved and undone: tests/saves/test_war_save.py) --------------
def test_eq_war_commands_apply_and_log_every_die():
    encounter, _ = demo_encounter(random.Random(3))
    encounter.apply(cmd.SetUpBattle(("North", "South"), (10_000, 7_000), heroes=(Hero("Ayla", 1, 3), Hero("Brom", 0, 2))))
    assert encounter.state.battle.points == (10, 7)
    events = encounter.apply(cmd.FightBattleRound())
    assert [type(e).__name__ for e in events][:3] == ["HeroFought", "HeroFought", "BattleCheckRolled"]
    assert all(e.check.roll.dice for e in events if type(e).__name__ == "HeroFought")
    while not encounter.state.battle.over:
        encounter.apply(cmd.FightBattleRound())
    with pytest.raises(IllegalCommand, match="over"):
        encounter.apply(cmd.FightBattleRound())
    encounter.apply(cmd.RollBattleAftermath())
    assert len(encounter.state.battle.aftermath) == 2


@pytest.mark.parametrize(
    "command, message",
    [
        (cmd.SetUpBattle(("A", "B"), (0, 10)), "at least 1 soldier"),
        (cmd.SetUpBattle(("A", "B"), (10, -1)), "at least 1 soldier"),
        (cmd.SetUpBattle(("A", "B"), (10, 10), heroes=(Hero("X", 5),)), "no side"),
        (cmd.SetUpBattle(("A", " "), (10, 10)), "name"),
        (cmd.FightBattleRound(), "no battle"),
        (cmd.OrderRetreat(0), "no battle"),
    ],
)
def test_eq_war_bad_input_is_refused_and_changes_nothing(command, message):
    encounter, _ = demo_encounter(random.Random(3))
    before = encounter.state
    with pytest.raises(RulesError, match=message):
        encounter.apply(command)
    assert encounter.state is before


def test_eq_war_a_second_battle_waits_for_the_first():
    encounter, _ = demo_encounter(random.Random(3))
    encounter.apply(cmd.SetUpBattle(("A", "B"), (10, 10)))
    with pytest.raises(IllegalCommand, match="still being fought"):
        encounter.apply(cmd.SetUpBattle(("C", "D"), (10, 10)))
    encounter.apply(cmd.ClearBattle())
    assert encounter.state.battle is None
