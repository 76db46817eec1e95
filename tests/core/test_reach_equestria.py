"""equestria: jumps (EQ-MOV-6, acceptance A6), falls
(EQ-MOV-8 A7, EQ-FALL-2, EQ-MNT-6), flight speed (EQ-MOV-1) and the
reactions of EQ-ACT-4, each through a command an offer builds."""

from __future__ import annotations

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.errors import IllegalCommand
from core.values.mobility import Layer, MoveType, Size
from core.offers.base import find, offers
from tests.core.reach_helpers import creature, damage_to, encounter, of


@pytest.mark.parametrize(("dex", "run_up", "farthest"), [(3, 0, 2), (3, 3, 3), (3, 2, 2)])
def test_eq_mov_6_jump_lengths_of_acceptance_a6(dex, run_up, farthest):
    """DEX +3 -> 2 cells; after a straight run-up of 3 cells -> 3; of 2 cells -> 2."""
    enc = encounter("equestria", creature("a", {"DEX": dex}))
    before = enc.state
    events = enc.apply(cmd.Jump("a", (2 + farthest, 2), run_up=run_up))
    assert of(events, ev.Jumped)[0].distance == farthest and enc.state.combatant("a").position == (2 + farthest, 2)
    enc.state = before  # as before the command
    with pytest.raises(IllegalCommand, match=f"at most {farthest}") as refused:
        enc.apply(cmd.Jump("a", (3 + farthest, 2), run_up=run_up))
    assert refused.value.rule == "EQ-MOV-6"


@pytest.mark.parametrize("dex", [1, 0, -1])
def test_eq_mov_6_dex_plus_1_or_less_cannot_leave_its_cell(dex):
    enc = encounter("equestria", creature("a", {"DEX": dex}))
    with pytest.raises(IllegalCommand, match="cannot jump") as refused:
        enc.apply(cmd.Jump("a", (3, 2)))
    assert refused.value.rule == "EQ-MOV-6"


def test_eq_mov_6_a_jump_replaces_the_movement_or_costs_the_full_action():
    enc = encounter("equestria", creature("a", {"DEX": 3}, initiative=15), fight=True)
    before = enc.state
    enc.apply(cmd.Jump("a", (4, 2)))
    assert enc.state.combatant("a").budget.movement == 0 and enc.state.combatant("a").budget.left("full") == 1
    enc.state = before  # as before the command
    enc.apply(cmd.Move("a", (3, 2)))
    with pytest.raises(IllegalCommand, match="already moved"):
        enc.apply(cmd.Jump("a", (5, 2)))
    enc.apply(cmd.Jump("a", (5, 2), with_action=True))  # the full action instead
    assert enc.state.combatant("a").budget.left("full") == 0 and enc.state.combatant("a").position == (5, 2)


def test_eq_mov_6_the_jump_offers_build_jumps():
    enc = encounter("equestria", creature("a", {"DEX": 3}))
    found = offers(enc.state, enc.ruleset, "a")
    assert {"jump", "jump.action", "jump.run-up"} <= {o.id for o in found}
    run_up = find(found, "jump.run-up").command((5, 2))
    assert run_up == cmd.Jump("a", (5, 2), run_up=3, with_action=True)
    before = enc.state
    enc.apply(run_up)
    enc.state = before  # as before the command
    assert enc.state.combatant("a").position == (2, 2)


@pytest.mark.parametrize(("height", "dice"), [(6, "3d6"), (5, "2d6"), (1, None)])
def test_eq_mov_8_fall_damage_of_acceptance_a7(height, dice):
    """Height 6 -> 3d6; height 5 -> 2d6; height 1 -> none; typed bludgeoning (EQ-FALL-1 DEFAULT)."""
    enc = encounter("equestria", creature("a", {"DEX": 0}))
    events = enc.apply(cmd.Fall("a", height))
    fell = of(events, ev.Fell)[0]
    assert fell.rule == "EQ-MOV-8"
    if dice is None:
        assert fell.dice is None and damage_to(events, "a") == 0
    else:
        assert fell.dice.expression == dice and damage_to(events, "a") == fell.dice.total == fell.damage
        assert of(events, ev.DamageTaken)[0].outcome.parts[0].damage_type.value == "bludgeoning"


def test_eq_mov_8_a_flier_falls_from_its_altitude_and_lands_on_the_ground():
    enc = encounter("equestria", creature("a", {"DEX": 0}, speeds={"fly": 8}, layer=Layer.AIR, altitude=6))
    fell = of(enc.apply(cmd.Fall("a")), ev.Fell)[0]
    assert fell.height == 6 and fell.dice.expression == "3d6"
    after = enc.state.combatant("a")
    assert (after.layer, after.altitude) == (Layer.GROUND, 0)


def test_eq_mov_8_a_fall_longer_than_12_takes_another_round():
    enc = encounter("equestria", creature("a", {"DEX": 0}))
    first = of(enc.apply(cmd.Fall("a", 20)), ev.Fell)[0]
    assert first.rounds_left == 1 and first.damage == 0 and enc.state.combatant("a").altitude == 8
    second = of(enc.apply(cmd.Fall("a")), ev.Fell)[0]
    assert second.height == 20 and second.dice.expression == "10d6"  # the whole fall counts


def test_eq_fall_2_controlled_fall_a_success_falls_4_less():
    """Acrobatics (1d20 + skill, 0 untrained) at default difficulty 12; success: height 6 counts as 2 -> 1d6."""
    seen = set()
    for seed in range(30):
        enc = encounter("equestria", creature("a", {"DEX": 0, "ACROBATICS": 3}), seed=seed)
        fell = of(enc.apply(cmd.Fall("a", 6, controlled=True)), ev.Fell)[0]
        succeeded = fell.controlled.tier.succeeded
        seen.add(succeeded)
        assert fell.controlled.modifier == 3
        assert fell.height == (2 if succeeded else 6)
        assert (fell.dice.expression if fell.dice else None) == ("1d6" if succeeded else "3d6")
    assert seen == {True, False}


def test_eq_mnt_6_thrown_from_the_mount_falls_as_from_5():
    mount = creature("m", {"DEX": 0}, position=(5, 5), size=Size.HUGE)
    rider = creature("r", {"DEX": 0}, position=(5, 5), mounted_on="m")
    enc = encounter("equestria", rider, mount)
    offer = find(offers(enc.state, enc.ruleset, "r"), "fall.thrown")
    assert offer.rule == "EQ-MNT-6"
    events = enc.apply(offer.command())
    assert of(events, ev.Fell)[0].dice.expression == "2d6"
    after = enc.state.combatant("r")
    assert after.mounted_on is None and after.position not in enc.state.combatant("m").cells  # within 1 cell, off the mount


def test_eq_mov_1_a_creature_in_the_air_without_a_listed_speed_flies_8():
    enc = encounter("equestria", creature("a", {"DEX": 0}, layer=Layer.AIR, altitude=3))
    assert enc.ruleset.movement.speed(enc.state.combatant("a"), MoveType.FLY) == 8
    house = encounter("equestria", creature("a", {"DEX": 0}, layer=Layer.AIR, altitude=3), house={"fly_speed": 10})
    assert house.ruleset.movement.speed(house.state.combatant("a"), MoveType.FLY) == 10


# -- EQ-ACT-4 reactions ---------------------------------------------------------------------
def _duel(defender_stats, seed=1, inventory=None):
    from core.values.combatant import Inventory, Side

    a = creature("a", {"STR": 5, "DEX": 0}, initiative=15)
    b = creature("b", defender_stats, position=(3, 2), side=Side.FOE, initiative=5, inventory=inventory or Inventory())
    enc = encounter("equestria", a, b, seed=seed, fight=True)
    enc.apply(cmd.NextTurn())  # b's turn gives it its actions (EQ-ACT-1), then a's turn again
    enc.apply(cmd.NextTurn())
    return enc


def test_eq_act_4_dodge_after_a_hit_a_dex_check_avoids_the_damage_and_spends_the_reaction():
    outcomes = set()
    for seed in range(40):
        enc = _duel({"DEX": 2, "STR": 0}, seed)
        offer = find(offers(enc.state, enc.ruleset, "a", "b"), "attack.dodge")
        events = enc.apply(offer.command("1d6 slashing"))
        attack = of(events, ev.AttackRolled)[0]
        reacted = of(events, ev.Maneuvered)
        if not attack.hit:
            assert not reacted and enc.state.combatant("b").budget.left("reaction") == 1
            continue
        check = reacted[0].check
        assert reacted[0].rule == "EQ-ACT-4" and check.modifier == 2 and check.difficulty == 12
        assert enc.state.combatant("b").budget.left("reaction") == 0
        assert (damage_to(events, "b") == 0) == check.tier.succeeded
        outcomes.add(check.tier.succeeded)
    assert outcomes == {True, False}


def test_eq_act_4_block_needs_a_shield_and_str_plus_1():
    from core.values.combatant import Inventory

    no_shield = _duel({"DEX": 1, "STR": 2})
    with pytest.raises(IllegalCommand, match="no shield"):
        no_shield.apply(cmd.DefendedAttack(cmd.Attack("a", "b"), "block"))
    weak = _duel({"DEX": 1, "STR": 0}, inventory=Inventory(quick=("small shield",)))
    with pytest.raises(IllegalCommand, match=r"STR \+1"):
        weak.apply(cmd.DefendedAttack(cmd.Attack("a", "b"), "block"))
    ok = _duel({"DEX": 1, "STR": 1}, inventory=Inventory(quick=("small shield",)))
    ok.apply(cmd.DefendedAttack(cmd.Attack("a", "b"), "block"))


def test_eq_act_4_dex_0_has_no_reaction_to_dodge_with():
    enc = _duel({"DEX": 0})
    with pytest.raises(IllegalCommand, match="no reaction"):
        enc.apply(cmd.DefendedAttack(cmd.Attack("a", "b"), "dodge"))
    assert find(offers(enc.state, enc.ruleset, "a", "b"), "attack.dodge").refusal is not None


def test_eq_act_4_throw_and_catch_each_a_dex_check_the_catch_spends_the_reaction():
    from core.values.combatant import Inventory

    seen = set()
    for seed in range(40):
        a = creature("a", {"DEX": 2}, initiative=15, inventory=Inventory(quick=("rope",)))
        b = creature("b", {"DEX": 1}, position=(4, 2), initiative=5)
        enc = encounter("equestria", a, b, seed=seed, fight=True)
        enc.apply(cmd.NextTurn())
        enc.apply(cmd.NextTurn())
        events = enc.apply(find(offers(enc.state, enc.ruleset, "a", "b"), "throw").command("rope"))
        checks = of(events, ev.CheckRolled)
        assert checks[0].combatant == "a" and checks[0].result.modifier == 2
        assert enc.state.combatant("a").budget.left("quick") == 0 and "rope" not in enc.state.combatant("a").inventory.quick
        caught = len(checks) == 2 and checks[1].result.tier.succeeded
        assert ("rope" in enc.state.combatant("b").inventory.quick) == caught
        if len(checks) == 2:
            assert enc.state.combatant("b").budget.left("reaction") == 0
        seen.add((len(checks), caught))
    assert {(1, False), (2, True), (2, False)} <= seen


def test_EQ_ACT_6_each_one_handed_weapon_attacks_the_2nd_at_minus_2_the_3rd_at_minus_4():
    """EQ-ACT-6: after the full action's sword, the dagger attacks too at -2 and,
    with a third fore-limb (EQ-ACT-7), the club at -4; the sword again is refused."""
    from core.offers.attacks import attack_command
    from core.values.combatant import Side

    enc = encounter("equestria", creature("a", {"STR": 1}, position=(2, 2), initiative=20, fore_limbs=3),
                    creature("b", {}, position=(3, 2), side=Side.FOE, initiative=1), fight=True)
    penalties = []
    for text in ("1d6 slashing", "1d4 piercing", "1d4 bludgeoning"):
        events = enc.apply(attack_command(enc.state, enc.ruleset, "a", "b", text))
        rolled = of(events, ev.AttackRolled)[0]
        penalties.append(sum(m.value for m in rolled.result.modifiers if m.rule == "EQ-ACT-6"))
    assert penalties == [0, -2, -4]
    with pytest.raises(IllegalCommand):
        enc.apply(attack_command(enc.state, enc.ruleset, "a", "b", "1d6 slashing"))
    srd = encounter("srd35", creature("a", {}, position=(2, 2), initiative=20), creature("b", {}, position=(3, 2), side=Side.FOE), fight=True)
    srd.apply(attack_command(srd.state, srd.ruleset, "a", "b", "1d6 slashing"))
    with pytest.raises(IllegalCommand):  # a house rule outside equestria
        srd.apply(attack_command(srd.state, srd.ruleset, "a", "b", "1d4 piercing"))
