"""power_roll: falls (PR-FALL-1..4, PR-MOV-5, PR-CLB-2;
acceptance A7, A15), jumps (PR-MOV-4), burrowing (PR-BUR-1..4), climbing a
creature (PR-CLB-1) and teleport (PR-TEL-1, PR-TEL-2), through commands."""

from __future__ import annotations

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.conditions import Condition
from core.errors import IllegalCommand
from core.board.grid import Grid, ROCK, WALL, WATER
from core.values.mobility import Layer
from core.offers.base import find, offers
from tests.core.reach_helpers import creature, damage_to, encounter, of


def _faller(agility=0, **extra):
    return creature("a", {"MIGHT": 0, "AGILITY": agility}, **extra)


@pytest.mark.parametrize(("height", "agility", "water", "damage", "prone"), [
    (1, 0, False, 0, False), (2, 0, False, 4, True), (30, 0, False, 50, True), (5, 2, False, 6, True),
    (5, 0, True, 0, False), (8, 1, True, 6, True), (3, 2, False, 2, True),
])
def test_pr_fall_1_falls_of_acceptance_a7_and_a15(height, agility, water, damage, prone):
    grid = Grid.filled(12, 12).with_terrain((2, 2), WATER) if water else None
    enc = encounter("power_roll", _faller(agility), grid=grid)
    events = enc.apply(cmd.Fall("a", height))
    assert of(events, ev.Fell)[0].damage == damage and damage_to(events, "a") == damage
    assert ("prone" in {c.name for c in enc.state.combatant("a").conditions}) == prone


def test_pr_fall_2_landing_on_a_creature_same_damage_prone_if_size_beats_might():
    for might, knocked in ((0, True), (1, False)):
        enc = encounter("power_roll", _faller(), creature("b", {"MIGHT": might}, position=(6, 6)))
        events = enc.apply(find(offers(enc.state, enc.ruleset, "a", "b"), "fall.onto").command("4"))
        assert damage_to(events, "a") == damage_to(events, "b") == 8
        a, b = enc.state.combatant("a"), enc.state.combatant("b")
        assert a.position != b.position and max(abs(a.position[0] - 6), abs(a.position[1] - 6)) == 1  # the nearest free space
        assert "prone" in {c.name for c in a.conditions}
        assert ("prone" in {c.name for c in b.conditions}) == knocked  # size 1 > Might 0


def test_pr_fall_3_a_long_fall_100_cells_the_first_round_100_more_each_round():
    enc = encounter("power_roll", _faller())
    first = of(enc.apply(cmd.Fall("a", 250)), ev.Fell)[0]
    assert first.rounds_left == 2 and enc.state.combatant("a").altitude == 150 and damage_to([first], "a") == 0
    second = of(enc.apply(cmd.Fall("a")), ev.Fell)[0]
    assert second.rounds_left == 1 and enc.state.combatant("a").altitude == 50
    events = enc.apply(cmd.Fall("a"))
    assert of(events, ev.Fell)[0].height == 250 and damage_to(events, "a") == 50


def test_pr_mov_5_a_flier_knocked_prone_falls_unless_it_hovers():
    enc = encounter("power_roll", _faller(speeds={"fly": 5}, layer=Layer.AIR, altitude=4))
    events = enc.apply(cmd.AddCondition("a", Condition("prone")))
    assert of(events, ev.Fell)[0].damage == 8 and enc.state.combatant("a").layer is Layer.GROUND
    hover = encounter("power_roll", _faller(speeds={"fly": 5}, layer=Layer.AIR, altitude=4, hover=True))
    assert not of(hover.apply(cmd.AddCondition("a", Condition("prone"))), ev.Fell)


def test_pr_mov_5_a_flier_at_speed_0_falls():
    enc = encounter("power_roll", _faller(speeds={"fly": 5}, layer=Layer.AIR, altitude=3))
    assert of(enc.apply(cmd.AddCondition("a", Condition("grappled"))), ev.Fell)[0].damage == 6


def test_pr_clb_2_a_climber_knocked_prone_falls_to_an_adjacent_space():
    from core.values.mobility import Size

    big = creature("g", {"MIGHT": 3, "HEIGHT": 3}, position=(5, 5), size=Size.LARGE)
    enc = encounter("power_roll", _faller(position=(4, 5)), big)
    enc.apply(cmd.ClimbCreature("a", "g", willing=True))
    events = enc.apply(cmd.AddCondition("a", Condition("prone")))
    fell = of(events, ev.Fell)[0]
    assert fell.height == 3 and fell.damage == 6 and "climbing" not in {c.name for c in enc.state.combatant("a").conditions}


@pytest.mark.parametrize(("might", "agility", "reach"), [(2, 1, 2), (0, 0, 1), (1, 3, 3)])
def test_pr_mov_4_jump_up_to_the_better_of_might_and_agility_minimum_1(might, agility, reach):
    enc = encounter("power_roll", creature("a", {"MIGHT": might, "AGILITY": agility}))
    before = enc.state
    enc.apply(cmd.Jump("a", (2 + reach, 2)))
    enc.state = before  # as before the command
    with pytest.raises(IllegalCommand, match="without a test") as refused:
        enc.apply(cmd.Jump("a", (3 + reach, 2)))
    assert refused.value.rule == "PR-MOV-4"


def test_pr_mov_4_the_test_adds_0_1_2_cells_by_tier_and_spends_the_move():
    seen = set()
    for seed in range(40):
        enc = encounter("power_roll", creature("a", {"MIGHT": 2, "AGILITY": 0}, initiative=9), seed=seed, fight=True)
        jumped = of(enc.apply(cmd.Jump("a", (6, 2), test=True)), ev.Jumped)[0]
        tier = jumped.check.tier.value
        extra = {"tier 1": 0, "tier 2": 1, "tier 3": 2}[tier]
        assert jumped.distance == 2 + extra and enc.state.combatant("a").budget.movement == 5 - jumped.distance
        seen.add(tier)
    assert seen == {"tier 1", "tier 2", "tier 3"}


def test_pr_mov_4_no_jumping_out_of_difficult_terrain():
    from core.board.grid import SWAMP

    enc = encounter("power_roll", creature("a", {"MIGHT": 2}), grid=Grid.filled(8, 8).with_terrain((2, 2), SWAMP))
    with pytest.raises(IllegalCommand, match="difficult terrain"):
        enc.apply(cmd.Jump("a", (3, 2)))


# -- burrowing --------------------------------------------------------------------------------
def _burrower(**extra):
    return creature("a", {"MIGHT": 1}, speeds={"burrow": 3}, **extra)


def test_pr_bur_1_dig_down_its_size_then_burrow_through_earth_not_stone():
    enc = encounter("power_roll", _burrower(initiative=9), fight=True)
    events = enc.apply(find(offers(enc.state, enc.ruleset, "a"), "dig.down").command())
    assert of(events, ev.Maneuvered)[0].rule == "PR-BUR-1" and enc.state.combatant("a").budget.left("maneuver") == 0
    assert (enc.state.combatant("a").layer, enc.state.combatant("a").altitude) == (Layer.BURROWED, 0)
    enc.apply(cmd.Move("a", (4, 2)))  # burrowing: the move of its layer
    stone = encounter("power_roll", _burrower(), grid=Grid.filled(6, 6, ROCK).with_terrain((2, 2), ROCK))
    with pytest.raises(IllegalCommand, match="not stone"):
        stone.apply(cmd.Dig("a"))


def test_pr_bur_1_digging_needs_a_burrow_speed_of_at_least_its_size():
    enc = encounter("power_roll", creature("a", {"SIZE": 2}, speeds={"burrow": 1}, position=(2, 2)))
    with pytest.raises(IllegalCommand, match="at least 2") as refused:
        enc.apply(cmd.Dig("a"))
    assert refused.value.rule == "PR-BUR-1"


def test_pr_bur_2_pushed_sideways_underground_no_movement_1_damage_per_cell():
    enc = encounter("power_roll", _burrower(layer=Layer.BURROWED, altitude=-1), creature("b", {}, position=(3, 2)))
    events = enc.apply(find(offers(enc.state, enc.ruleset, "b", "a"), "forced").command("3"))
    assert damage_to(events, "a") == 3 and enc.state.combatant("a").position == (2, 2)


def test_seed_004_forced_movement_push_pull_slide_in_a_straight_line_and_1_damage_per_cell_at_a_wall():
    """Seed 004 forced movement (RULES.md Revision 3, DEFAULT as PR-BUR-2): the
    ogre B at (3, 2) pushes A at (4, 2) 3 cells east to (7, 2); with a wall at
    (6, 2) A stops at (5, 2) and takes 1 for each of the 2 cells it could not
    move; a pull stops next to B; a slide goes any way; bad words are refused."""
    def fight(grid=None):
        return encounter("power_roll", creature("a", {}, position=(4, 2)), creature("b", {}, position=(3, 2)), grid=grid)

    def forced(enc, text):
        return enc.apply(find(offers(enc.state, enc.ruleset, "b", "a"), "forced").command(text))

    enc = fight()
    events = forced(enc, "push 3")
    assert enc.state.combatant("a").position == (7, 2) and damage_to(events, "a") == 0
    walled = fight(Grid.filled(12, 12).with_terrain((6, 2), WALL))
    events = forced(walled, "push 3")
    assert walled.state.combatant("a").position == (5, 2) and damage_to(events, "a") == 2
    assert "PR-BUR-2" == of(events, ev.Maneuvered)[0].rule
    enc = encounter("power_roll", creature("a", {}, position=(8, 2)), creature("b", {}, position=(3, 2)))
    events = forced(enc, "pull 9")
    assert enc.state.combatant("a").position == (4, 2) and damage_to(events, "a") == 0
    enc = fight()
    forced(enc, "slide 2 se")
    assert enc.state.combatant("a").position == (6, 4)
    with pytest.raises(IllegalCommand, match="which way"):
        forced(enc, "slide 2")
    crooked = encounter("power_roll", creature("a", {}, position=(5, 3)), creature("b", {}, position=(3, 2)))
    with pytest.raises(IllegalCommand, match="straight line"):
        forced(crooked, "push 2")
    assert crooked.state.combatant("a").position == (5, 3)


def test_pr_bur_3_dig_earth_tiers():
    seen = set()
    for seed in range(40):
        enc = encounter("power_roll", creature("a", {"MIGHT": 2}, initiative=9), seed=seed, fight=True)
        events = enc.apply(cmd.DigEarth("a"))
        tier = of(events, ev.Maneuvered)[0].check.tier.value
        a = enc.state.combatant("a")
        names = {c.name for c in a.conditions}
        assert (a.layer, a.altitude) == (Layer.BURROWED, 0)
        assert names == {"tier 1": {"slowed", "weakened"}, "tier 2": {"slowed"}, "tier 3": set()}[tier]
        assert a.budget.left("main") == (0 if tier == "tier 2" else 1)
        seen.add(tier)
    assert seen == {"tier 1", "tier 2", "tier 3"}


def test_pr_bur_3_dig_earth_needs_speed_2():
    enc = encounter("power_roll", creature("a", {"MIGHT": 2}, speeds={"walk": 1}))
    with pytest.raises(IllegalCommand, match="speed 2"):
        enc.apply(cmd.DigEarth("a"))


def test_pr_bur_4_pull_a_willing_burrower_1_cell_up():
    enc = encounter("power_roll", creature("p", {}), _burrower(position=(3, 2), layer=Layer.BURROWED, altitude=-1))
    enc.apply(find(offers(enc.state, enc.ruleset, "p", "a"), "pull-out").command())
    assert enc.state.combatant("a").altitude == 0
    with pytest.raises(IllegalCommand, match="not fully underground"):
        enc.apply(cmd.PullOut("p", "a"))


# -- climbing a creature -------------------------------------------------------------------------
def test_pr_clb_1_climbing_an_unwilling_creature_by_tier_and_advantage_on_it():
    from core.values.mobility import Size

    seen = set()
    for seed in range(40):
        enc = encounter("power_roll", creature("a", {"MIGHT": 1, "AGILITY": 2}, position=(4, 5)),
                        creature("g", {"MIGHT": 3}, position=(5, 5), size=Size.LARGE), seed=seed)
        event = of(enc.apply(cmd.ClimbCreature("a", "g")), ev.Maneuvered)[0]
        tier = event.check.tier.value
        assert event.check.modifier == 2  # the better of Might and Agility
        climbing = "climbing" in {c.name for c in enc.state.combatant("a").conditions}
        assert climbing == (tier == "tier 3") and ("free strike" in event.outcome) == (tier == "tier 1")
        seen.add(tier)
        if climbing:
            from core.combat.attacks import plan_attack

            plan = plan_attack(enc.ruleset, enc.state.combatant("a"), enc.state.combatant("g"))
            assert plan.advantage.value == 1
    assert seen == {"tier 1", "tier 2", "tier 3"}


def test_pr_clb_1_only_a_larger_creature_can_be_climbed():
    enc = encounter("power_roll", creature("a", {}), creature("b", {}, position=(3, 2)))
    with pytest.raises(IllegalCommand, match="larger"):
        enc.apply(cmd.ClimbCreature("a", "b", willing=True))


def test_pr_clb_1_shaking_off_by_the_climbers_tier():
    from core.values.mobility import Size

    seen = set()
    for seed in range(40):
        enc = encounter("power_roll", creature("a", {"MIGHT": 0, "AGILITY": 1}, position=(4, 5)),
                        creature("g", {"MIGHT": 3, "HEIGHT": 3}, position=(5, 5), size=Size.LARGE), seed=seed)
        enc.apply(cmd.ClimbCreature("a", "g", willing=True))
        events = enc.apply(find(offers(enc.state, enc.ruleset, "g", "a"), "shake-off").command())
        tier = of(events, ev.Maneuvered)[0].check.tier.value
        a = enc.state.combatant("a")
        names = {c.name for c in a.conditions}
        assert ("climbing" in names) == (tier == "tier 3")
        assert ("prone" in names) == (tier == "tier 1") and (damage_to(events, "a") == 4) == (tier == "tier 1")  # 3 tall, Agility 1: 2 cells
        seen.add(tier)
    assert seen == {"tier 1", "tier 2", "tier 3"}


# -- teleport -------------------------------------------------------------------------------------
def test_pr_tel_1_teleport_within_its_speed_ends_grabbed_and_may_stand():
    who = creature("a", {}, speeds={"teleport": 4}, conditions=(Condition("grappled"), Condition("prone")))
    enc = encounter("power_roll", who)
    offer = find(offers(enc.state, enc.ruleset, "a"), "teleport")
    assert offer.rule == "PR-TEL-1"
    before = enc.state
    enc.apply(offer.command((6, 2)))
    assert enc.state.combatant("a").position == (6, 2) and {c.name for c in enc.state.combatant("a").conditions} == {"prone"}
    enc.state = before  # as before the command
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.Teleport("a", (7, 2)))  # 5 cells: more than its speed 4
    enc.apply(cmd.Teleport("a", (5, 5), stand=True))
    assert enc.state.combatant("a").conditions == ()


def test_pr_tel_2_teleporting_another_needs_line_of_effect_and_the_effects_distance():
    from core.board.grid import WALL

    grid = Grid.filled(12, 12).with_terrain((4, 2), WALL).with_terrain((4, 1), WALL).with_terrain((4, 3), WALL)
    enc = encounter("power_roll", creature("a", {}), creature("b", {}, position=(3, 2)), grid=grid)
    offer = find(offers(enc.state, enc.ruleset, "a", "b"), "teleport.other")
    with pytest.raises(IllegalCommand, match="line of effect"):
        enc.apply(offer.command("6 2 3"))
    with pytest.raises(IllegalCommand, match="teleports 2"):
        enc.apply(offer.command("3 5 2"))
    enc.apply(offer.command("3 5 3"))
    assert enc.state.combatant("b").position == (3, 5)
