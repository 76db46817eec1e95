"""srd35's movement details of seed 002: SRD-MOV-13..17, -19,
reached through the offers and logged with their rule IDs."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.rulesets.srd35 import commands as sc
from core.values.combatant import Side
from core.errors import IllegalCommand, MoveRefused
from core.board.geometry.sight import sight
from core.board.grid import BOULDER, WALL, Grid
from core.values.mobility import Size
from core.board.movement import find_path, reachable
from core.offers.base import find, offers, preview
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session
from tests.core.reach_helpers import creature, encounter, of


def _offer(enc, actor, offer_id, target=None):
    found = find(offers(enc.state, enc.ruleset, actor, target), offer_id)
    assert found is not None, offer_id
    return found


# -- SRD-MOV-13 -------------------------------------------------------------------------------------
def test_srd_mov_13_bonuses_apply_before_the_armour_reduction():
    """Seed: a barbarian gets +10 ft unless in heavy armour; bonuses count before
    armour or load slows (DEFAULT d20 SRD: 30 ft -> 20 ft, 20 ft -> 15 ft)."""
    model = get("srd35").movement
    dwarf = creature("d", {"SPEED": 20}, speed_bonuses={"barbarian": 10})
    assert model.land_speed(dwarf)[0] == 30
    assert model.land_speed(creature("d", {"SPEED": 20}, speed_bonuses={"barbarian": 10}, armour_weight="medium"))[0] == 20  # (20+10) -> 20, not 15+10
    assert model.land_speed(creature("d", {"SPEED": 20}, speed_bonuses={"barbarian": 10}, armour_weight="heavy"))[0] == 15  # the bonus is lost
    assert model.land_speed(creature("h", {"SPEED": 30}, load="heavy"))[0] == 20
    assert model.land_speed(creature("h", {"SPEED": 30}, armour_weight="light"))[0] == 30


def test_srd_mov_13_offer_sets_armour_and_same_type_bonuses_do_not_stack():
    enc = encounter("srd35", creature("a", {"DEX": 0, "SPEED": 30}, initiative=15))
    events = enc.apply(_offer(enc, "a", "burden").command("enhancement+10 enhancement+30"))
    assert enc.state.combatant("a").speed_bonuses == {"enhancement": 30}
    assert of(events, ev.Maneuvered)[0].rule == "SRD-MOV-13"
    with pytest.raises(IllegalCommand):
        enc.apply(_offer(enc, "a", "burden").command("enhancement+10"))  # a smaller bonus of the same type adds nothing
    assert enc.ruleset.movement.land_speed(enc.state.combatant("a"))[0] == 60
    enc.apply(_offer(enc, "a", "burden").command("enhancement+0 armour heavy"))
    a = enc.state.combatant("a")
    assert (a.armour_weight, a.speed_bonuses, enc.ruleset.speed_cells(a)) == ("heavy", {}, 4)  # 20 ft
    with pytest.raises(IllegalCommand):
        enc.apply(sc.SetBurden("a", armour="mithral"))


def test_srd_mov_13_heavy_armour_slows_the_round_and_runs_x3():
    """Seed: run at x4 speed, x3 in heavy armour; 30 ft in heavy armour is 20 ft (4 squares)."""
    enc = encounter("srd35", creature("a", {"DEX": 0, "SPEED": 30}, initiative=15, armour_weight="heavy"), fight=True)
    a = enc.state.combatant("a")
    assert a.budget.movement == 4
    enc.apply(cmd.SpendAction("a", "run"))
    assert enc.state.combatant("a").budget.movement == 12


def test_srd_mov_13_is_undone_in_one_step(tmp_path):
    enc = encounter("srd35", creature("a", {"DEX": 0, "SPEED": 30}, initiative=15))
    campaign = Campaign.create(tmp_path / "c.json", "t", enc.ruleset, enc.state)
    session = Session(campaign, random.Random(1))
    before = session.encounter.state
    session.commit(sc.SetBurden("a", load="medium"))
    assert session.encounter.state.combatant("a").load == "medium"
    session.undo()
    assert session.encounter.state == before
    session.close()


# -- SRD-MOV-14 -------------------------------------------------------------------------------------
def test_srd_mov_14_a_friend_whose_square_you_pass_gives_no_cover():
    grid = Grid.filled(8, 4)
    ogre = creature("o", {}, position=(2, 0), size=Size.LARGE)  # squares (2..3, 0..1)
    hero = creature("h", {}, position=(2, 1))  # passing through the ogre friend's squares
    archer = creature("x", {}, position=(6, 1), side=Side.FOE)
    assert sight(grid, archer, hero, (ogre, hero, archer)).cover.rank == 0
    beside = creature("h", {}, position=(1, 1))  # behind its friend, not in its squares: cover as usual (EQ-COV-2)
    assert sight(grid, archer, beside, (ogre, beside, archer)).cover.rank > 0


# -- SRD-MOV-15 -------------------------------------------------------------------------------------
def test_srd_mov_15_a_helpless_huge_body_costs_2_a_square():
    giant = creature("g", {}, position=(2, 0), side=Side.FOE, hp=0, size=Size.HUGE)  # 3x3 squares, helpless
    hero = creature("h", {}, position=(0, 1))
    across = find_path(Grid.filled(10, 3), "srd35", hero, (hero, giant), (6, 1))
    assert across.step_costs == (1, 2, 2, 2, 1, 1)  # each of its 3 squares counts as 2
    small = creature("g", {}, position=(2, 1), side=Side.FOE, hp=0)  # a helpless Medium body: no penalty (SRD-MOV-4)
    assert find_path(Grid.filled(10, 3), "srd35", hero, (hero, small), (6, 1)).cost == 6


def test_srd_mov_15_a_gm_flagged_body_is_an_obstacle_through_the_offer():
    enc = encounter("srd35", creature("h", {"DEX": 0}, position=(0, 0)), creature("w", {}, position=(1, 0), side=Side.FOE, hp=0),
                    grid=Grid.filled(4, 1))
    assert reachable(enc.state.grid, enc.ruleset, enc.state.combatant("h"), enc.state.combatants, 10)[(2, 0)] == 2
    events = enc.apply(_offer(enc, "h", "body", "w").command("obstacle"))
    assert of(events, ev.Maneuvered)[0].rule == "SRD-MOV-15"
    assert reachable(enc.state.grid, enc.ruleset, enc.state.combatant("h"), enc.state.combatants, 10)[(2, 0)] == 3


# -- SRD-MOV-16 -------------------------------------------------------------------------------------
def _corridor() -> Grid:
    """Row y = 2 between two walls: one square wide."""
    grid = Grid.filled(8, 5)
    for x in range(8):
        grid = grid.with_terrain((x, 1), WALL).with_terrain((x, 3), WALL)
    return grid


def _duel(grid=None, rounds=0):
    """Hero H at (2, 2), goblin G next to it at (3, 2); ``rounds``: whole rounds
    played first, so G has had a turn (not flat-footed: its attack of opportunity)."""
    enc = encounter("srd35", creature("h", {"DEX": 2, "STR": 1, "SPEED": 30}, position=(2, 2), initiative=15),
                    creature("g", {"DEX": 0, "STR": 0}, position=(3, 2), side=Side.FOE, initiative=5), fight=True, grid=grid)
    for _ in range(2 * rounds):
        enc.apply(cmd.NextTurn())
    return enc


def test_srd_mov_16_leaving_a_threatened_square_provokes_and_the_preview_says_so():
    enc = _duel()
    assert "flat-footed" in _offer(enc, "h", "aoo", "g").refusal  # G has not acted yet (DEFAULT d20 SRD)
    enc = _duel(rounds=1)
    shown = preview(enc.state, enc.ruleset, cmd.Move("h", (0, 2)))
    assert any("attacks of opportunity from G" in n and "SRD-MOV-16" in n for n in shown.notes)
    events = enc.apply(cmd.Move("h", (0, 2)))
    assert of(events, ev.Maneuvered)[0].rule == "SRD-MOV-16"
    offer = _offer(enc, "h", "aoo", "g")  # the goblin, selected on the hero's turn, attacks as it left
    assert offer.allowed and offer.actor == "g"
    attacked = enc.apply(offer.command("1d6 slashing"))
    assert of(attacked, ev.Maneuvered)[0].outcome == "as it left a threatened square"
    assert enc.state.combatant("g").budget.left("aoo") == 0
    assert enc.state.combatant("h").budget.left("standard") == 1  # the hero's actions are untouched
    assert not _offer(enc, "h", "aoo", "g").allowed  # one a round


def test_srd_mov_16_a_5_ft_step_does_not_provoke():
    enc = _duel()
    events = enc.apply(_offer(enc, "h", "five-foot-step").command((1, 2)))
    assert not any("provokes attacks" in e.outcome for e in of(events, ev.Maneuvered))
    assert not _offer(enc, "h", "aoo", "g").allowed  # out of reach, nothing provoked
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (0, 2)))  # no other movement that round


@pytest.mark.parametrize("pace", ["double_move", "run"])
def test_SRD_MOV_9_a_round_with_a_5_ft_step_has_no_double_move_or_run(pace):
    """SRD-MOV-9 (Revision 3): after a 5-ft step (1 square) the hero at speed 30
    (6 squares) gets no double move's 12 nor run's 24; a full-round action stays allowed."""
    enc = _duel()
    enc.apply(_offer(enc, "h", "five-foot-step").command((1, 2)))
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.SpendAction("h", pace))
    assert refused.value.rule == "SRD-MOV-9" and "5-ft step" in str(refused.value)
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (0, 2)))
    enc.apply(cmd.SpendAction("h", "full_round"))
    assert enc.state.combatant("h").budget.movement == 0


def test_srd_mov_9_one_5_ft_step_offer_refused_once_it_moved_and_the_aoo_shows_its_odds():
    """A try-out met two 5-ft step offers (one spent an action and moved
    nothing), the moving one offered as allowed after a move, and an attack
    of opportunity typed with no odds shown (rules SRD-MOV-9, SRD-MOV-16)."""
    enc = _duel(rounds=1)
    ids = [o.id for o in offers(enc.state, enc.ruleset, "h", "g")]
    assert ids.count("five-foot-step") == 1 and "spend.five_foot_step" not in ids
    assert _offer(enc, "h", "five-foot-step").allowed
    enc.apply(cmd.Move("h", (1, 2)))
    assert "already moved" in _offer(enc, "h", "five-foot-step").refusal
    shown = preview(enc.state, enc.ruleset, _offer(enc, "h", "aoo", "g").command("1d6 slashing"))
    assert shown.odds and sum(p for _, p in shown.odds) == 1 and shown.expression.startswith("1d20")


def test_srd_mov_16_a_large_creature_reaches_and_threatens_two_squares():
    """DEFAULT d20 SRD (srd35 ``size_reach``): a tall Large creature's
    natural reach is 10 ft, 2 squares; a Medium one's 5 ft (a try-out's large
    Brute was refused at 2 squares, and threatened only adjacent squares)."""
    from core.board.battlefield import melee_refusal
    from core.rulesets.srd35.maneuvers import threatens

    settings = get("srd35").settings
    brute = creature("b", {"STR": 4}, position=(0, 0), size=Size.LARGE, footprint=(1, 1))
    man = creature("m", {"STR": 1}, position=(0, 0))
    far = creature("t", {}, position=(2, 0), side=Side.FOE)  # one square between them
    assert melee_refusal(settings, brute, far) is None and threatens(settings, brute, [(2, 0)])
    assert melee_refusal(settings, man, far) is not None and not threatens(settings, man, [(2, 0)])
    farther = creature("t", {}, position=(3, 0), side=Side.FOE)
    assert "out of melee reach (2)" in str(melee_refusal(settings, brute, farther))


def test_srd_mov_16_tumble_dc_15_moves_at_half_speed_without_provoking():
    enc = _duel()
    enc.apply(_offer(enc, "h", "tumble").command("+30"))  # d20 + 2 + 30 >= 15 always
    events = enc.apply(cmd.Move("h", (0, 2)))
    assert of(events, ev.Moved)[0].cost == 4  # 2 squares at half speed
    assert not of(events, ev.Maneuvered)


def test_srd_mov_16_tumble_through_an_enemy_dc_25_and_a_filling_body_cannot_be_passed():
    corridor = _corridor()
    enc = _duel(corridor)
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (4, 2)))
    enc.apply(_offer(enc, "h", "tumble.through", "g").command("+30"))
    enc.apply(cmd.Move("h", (4, 2)))
    assert enc.state.combatant("h").position == (4, 2)
    enc2 = _duel(corridor)
    enc2.apply(sc.SetBody("g", "fills"))
    with pytest.raises(IllegalCommand):
        enc2.apply(_offer(enc2, "h", "tumble.through", "g").command("+30"))


def test_srd_mov_16_overrun_knocks_the_defender_prone_and_passes():
    corridor = _corridor()
    enc = _duel(corridor)
    events = enc.apply(_offer(enc, "h", "overrun", "g").command("+20"))
    assert "knocks G prone" in of(events, ev.Maneuvered)[-1].outcome
    assert any(c.name == "prone" for c in enc.state.combatant("g").conditions)
    assert enc.state.combatant("h").budget.left("standard") == 0
    enc.apply(cmd.Move("h", (4, 2)))
    enc2 = _duel(corridor)
    enc2.apply(_offer(enc2, "h", "overrun", "g").command("avoid"))
    enc2.apply(cmd.Move("h", (4, 2)))
    assert enc2.state.combatant("h").position == (4, 2)


# -- SRD-MOV-17 -------------------------------------------------------------------------------------
def test_srd_mov_17_escape_artist_dc_30_then_no_attacks_minus_4_ac_and_no_dex():
    enc = _duel()
    failed = enc.apply(_offer(enc, "h", "escape-artist").command(""))  # d20 + 2 never reaches 30
    assert of(failed, ev.Maneuvered)[0].rule == "SRD-MOV-17" and not enc.state.combatant("h").conditions
    enc.apply(_offer(enc, "h", "escape-artist").command("+28"))
    hero = enc.state.combatant("h")
    assert {c.name for c in hero.conditions} == {"squeezing", "squeezing tightly"}
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.Attack("h", "g"))
    from core.combat.attacks import plan_attack

    assert plan_attack(enc.ruleset, enc.state.combatant("g"), hero).difficulty == 10 - 2 - 4  # AC 10, no DEX +2, -4
    enc.apply(cmd.Squeeze("h", False))
    assert not enc.state.combatant("h").conditions


def test_srd_mov_17_squeezing_past_a_creature_but_not_ending_in_its_square():
    """Seed: you may squeeze past another creature (each square costs 2) but not end in its square."""
    grid = Grid.filled(6, 1)
    enc = encounter("srd35", creature("h", {"DEX": 0}, position=(0, 0), initiative=15), creature("f", {}, position=(1, 0)), grid=grid, fight=True)
    enc.apply(cmd.Squeeze("h", True))
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (1, 0)))
    assert of(enc.apply(cmd.Move("h", (2, 0))), ev.Moved)[0].cost == 4


# -- SRD-MOV-19 -------------------------------------------------------------------------------------
def test_srd_mov_19_an_obstacle_square_you_cannot_pay_for_this_round_cannot_be_crossed():
    """Seed: a partial obstacle square counts as two; with 1 square left it cannot be entered."""
    grid = Grid.filled(6, 1).with_terrain((1, 0), BOULDER)
    enc = encounter("srd35", creature("h", {"DEX": 0, "SPEED": 10}, position=(0, 0), initiative=15), grid=grid, fight=True)
    hero = enc.state.combatant("h")
    assert hero.budget.movement == 2
    assert reachable(grid, enc.ruleset, hero, enc.state.combatants, 2)[(1, 0)] == 2
    with pytest.raises(MoveRefused) as refused:
        find_path(grid, enc.ruleset, hero, enc.state.combatants, (1, 0), budget=1)
    assert refused.value.rule == "SRD-MOV-9"
    assert (1, 0) not in reachable(grid, enc.ruleset, hero, enc.state.combatants, 1)


def test_srd_mov_17_a_large_creature_takes_2_squares_in_a_1_square_passage():
    """Seed: a Large creature (4 squares) squeezing through a 1-square passage takes 2 squares; each costs 2."""
    grid = Grid.filled(8, 6)
    for y in range(6):
        if y != 2:
            grid = grid.with_terrain((4, y), WALL)  # a wall with a 1-square gap at (4, 2)
    ogre = creature("o", {"DEX": 0, "SPEED": 40}, position=(2, 2), size=Size.LARGE, initiative=15)
    enc = encounter("srd35", ogre, grid=grid, fight=True)
    enc.apply(cmd.SpendAction("o", "double_move"))
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("o", (5, 2)))  # 2 squares wide: no way through
    events = enc.apply(_offer(enc, "o", "squeeze.ew").command())
    o = enc.state.combatant("o")
    assert of(events, ev.Maneuvered)[0].rule == "SRD-MOV-17" and o.space == (2, 1) and len(o.cells) == 2
    moved = of(enc.apply(cmd.Move("o", (5, 2))), ev.Moved)[0]
    assert moved.cost == 6  # 3 squares at 2 each (SRD-MOV-8)
    enc.apply(cmd.Squeeze("o", False))
    assert enc.state.combatant("o").space == (2, 2)
    stuck = encounter("srd35", creature("o", {}, position=(3, 2), size=Size.LARGE), grid=grid)
    stuck.apply(cmd.Squeeze("o", True, "ew"))
    with pytest.raises(IllegalCommand):
        stuck.apply(cmd.Squeeze("o", False))  # its full space would overlap the wall: it keeps squeezing


def test_srd_mov_16_the_minimum_move_provokes_like_any_move():
    """SRD-MOV-18 with SRD-MOV-16: a 1-square minimum move out of a threatened square provokes."""
    enc = _duel(rounds=1)
    events = enc.apply(_offer(enc, "h", "minimum-move").command((1, 2)))
    assert [e.rule for e in of(events, ev.Maneuvered)] == ["SRD-MOV-10", "SRD-MOV-16"]
    assert _offer(enc, "h", "aoo", "g").allowed


def test_srd_mov_16_a_fight_saved_before_attacks_of_opportunity_still_gets_one():
    from dataclasses import replace

    enc = _duel(rounds=1)
    g = enc.state.combatant("g")
    old = replace(g, budget=replace(g.budget, actions={k: v for k, v in g.budget.actions.items() if k != "aoo"}))
    enc.state = enc.state.replace_combatant(old)
    assert _offer(enc, "h", "aoo", "g").allowed
    enc.apply(_offer(enc, "h", "aoo", "g").command(""))
    assert enc.state.combatant("g").budget.left("aoo") == 0


from hypothesis import given, strategies as st  # noqa: E402


@given(st.integers(1, 24), st.integers(0, 6), st.sampled_from(["", "light", "medium", "heavy"]), st.sampled_from(["", "light", "medium", "heavy"]))
def test_srd_mov_13_armour_or_load_never_speeds_up_and_bonuses_never_slow(base_squares, bonus_squares, armour, load):
    """Invariants of SRD-MOV-13: a heavier burden never raises land speed; an enhancement bonus never lowers it."""
    model = get("srd35").movement
    bare = creature("a", {"SPEED": 5 * base_squares})
    burdened = creature("a", {"SPEED": 5 * base_squares}, armour_weight=armour, load=load)
    boosted = creature("a", {"SPEED": 5 * base_squares}, armour_weight=armour, load=load, speed_bonuses={"enhancement": 5 * bonus_squares} if bonus_squares else {})
    assert model.land_speed(burdened)[0] <= model.land_speed(bare)[0]
    assert model.land_speed(boosted)[0] >= model.land_speed(burdened)[0]
    assert model.land_speed(burdened)[0] % 5 == 0


def test_srd_mov_16_a_failed_overrun_does_not_pass_and_opposed_rolls_show_each_other():
    enc = _duel(_corridor())
    events = enc.apply(_offer(enc, "h", "overrun", "g").command("-30"))
    first, second = of(events, ev.CheckRolled)[:2]
    assert first.result.difficulty == second.result.total and second.result.difficulty == first.result.total
    assert not first.result.tier.succeeded and second.result.tier.succeeded
    assert not any(c.name == "prone" for c in enc.state.combatant("g").conditions)
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (4, 2)))


def test_SRD_MOV_12_a_move_ending_in_a_friends_square_ends_on_the_last_legal_square():
    """SRD-MOV-12: the hero at (0, 2) told to stop on its friend at (3, 2) ends at (2, 2),
    2 squares spent of 6; an enemy's square is still refused (SRD-MOV-4)."""
    grid = _corridor()
    enc = encounter("srd35", creature("h", {"SPEED": 30}, position=(0, 2), initiative=15),
                    creature("f", {}, position=(3, 2), initiative=10),
                    creature("g", {}, position=(6, 2), side=Side.FOE, initiative=5), fight=True, grid=grid)
    events = enc.apply(cmd.Move("h", (3, 2)))
    assert enc.state.combatant("h").position == (2, 2) and enc.state.combatant("h").budget.movement == 4
    assert of(events, ev.Moved)[0].path == ((1, 2), (2, 2))
    with pytest.raises(MoveRefused):
        enc.apply(cmd.Move("h", (6, 2)))
