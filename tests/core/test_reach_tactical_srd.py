"""tactical_d10 and srd35: the jump with its check and MP
(TAC-MOV-3), weapon area patterns with split damage (TAC-ATK-2,
TAC-ATK-3), the explosive epicentre, the spear wall and chopping through
shield cover (TAC-DMG-2); squeezing (SRD-MOV-8)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, plan_attack
from core.values.combatant import Inventory, Side
from core.combat.damage import DamageType
from core.combat.attacks import WeaponDamage
from core.errors import IllegalCommand
from core.board.grid import BOULDER, Grid
from core.offers.base import find, offers, preview
from tests.core.reach_helpers import creature, damage_to, encounter, of


def _jumper(muscles=3, seed=1, house=None):
    grid = Grid.filled(12, 5).with_terrain((3, 2), BOULDER).with_terrain((4, 2), BOULDER).with_terrain((5, 2), BOULDER)
    return encounter("tactical_d10", creature("a", {"MUSCLES": muscles, "BODY": 0}, initiative=9), seed=seed, grid=grid, fight=True, house=house)


@pytest.mark.parametrize(("obstacles", "mp", "difficulty"), [(1, 2, 4), (2, 3, 6), (3, 4, 8)])
def test_tac_mov_3_jump_spends_2_3_4_mp_with_a_check_vs_4_6_8(obstacles, mp, difficulty):
    seen = set()
    for seed in range(30):
        enc = _jumper(muscles=1, seed=seed)
        jumped = of(enc.apply(cmd.Jump("a", (2 + obstacles + 1, 2))), ev.Jumped)[0]
        assert jumped.rule == "TAC-MOV-3" and jumped.check.difficulty == difficulty and jumped.check.modifier == 1
        success = jumped.check.total >= difficulty
        assert jumped.succeeded == success
        after = enc.state.combatant("a")
        if success:  # over the boulders without paying their 2 MP each
            assert after.position == (3 + obstacles, 2) and after.budget.movement == 5 - mp
        else:  # TAC-MOV-3: move 1 cell and lose all MP
            assert after.position == (3, 2) and after.budget.movement == 0
        seen.add(success)
    assert seen == {True, False}


def test_tac_mov_3_a_jump_clears_1_to_3_cells_and_never_costs_more_mp_than_left():
    enc = _jumper()
    with pytest.raises(IllegalCommand, match="1 to 3 cells"):
        enc.apply(cmd.Jump("a", (7, 2)))
    enc.apply(cmd.SpendMovement("a", "stand", override=True))  # 2 MP: 3 left
    with pytest.raises(IllegalCommand, match="costs 4 MP, 3 left"):
        enc.apply(cmd.Jump("a", (6, 2)))


def test_tac_mov_3_the_check_uses_the_jump_stat_house_rule_and_the_preview_gives_exact_odds():
    enc = _jumper(house={"jump_stat": "BODY"})
    jumped = of(enc.apply(cmd.Jump("a", (4, 2))), ev.Jumped)[0]
    assert jumped.check.modifier == 0  # BODY 0, not MUSCLES 3
    plain = _jumper()  # Muscles +3 vs 6: naturals 3..10 succeed
    shown = preview(plain.state, plain.ruleset, find(offers(plain.state, plain.ruleset, "a"), "jump").command((5, 2)))
    assert dict(shown.odds) == {"failure": Fraction(2, 10), "success": Fraction(8, 10)} and shown.difficulty == 6


# -- weapon areas -----------------------------------------------------------------------------
def _swing(weapon_text, targets, seed=1, armour=None):
    attacker = creature("a", {"MUSCLES": 9, "BODY": 0}, position=(5, 5), initiative=9)
    foes = [creature(cid, {"MUSCLES": 0}, position=cell, side=Side.FOE, initiative=1, armour=armour or {}) for cid, cell in targets]
    return encounter("tactical_d10", attacker, *foes, seed=seed, fight=True)


def test_tac_atk_2_bludgeoning_hits_the_5_cells_in_front_and_around_and_splits_the_damage():
    """TAC-ATK-3 (a): one damage roll divided equally among those hit, rounded down."""
    enc = _swing("", [("b", (6, 5)), ("c", (5, 4)), ("d", (5, 6)), ("x", (4, 5))])
    offer = find(offers(enc.state, enc.ruleset, "a"), "attack.area")
    events = enc.apply(offer.command("12 bludgeoning e"))
    checks = {e.target for e in of(events, ev.AttackRolled)}
    assert checks == {"b", "c", "d"}  # each in the pattern rolls its own check; x behind is not in it
    hit = [e.target for e in of(events, ev.AttackRolled) if e.hit]
    assert len(hit) == 3  # Muscles +9 against AC 6
    assert [damage_to(events, t) for t in ("b", "c", "d")] == [4, 4, 4]  # 12 / 3


def test_tac_atk_2_piercing_hits_2_cells_in_a_straight_line():
    enc = _swing("", [("b", (6, 5)), ("c", (7, 5)), ("d", (8, 5))])
    events = enc.apply(cmd.AreaAttack("a", Weapon("spear", (WeaponDamage("10", DamageType.PIERCING),)), (1, 0)))
    assert {e.target for e in of(events, ev.AttackRolled)} == {"b", "c"} and damage_to(events, "b") == 5


def test_tac_atk_3_the_split_goes_through_each_ones_armour():
    enc = _swing("", [("b", (6, 5)), ("c", (6, 4))], armour={"slashing": 2})
    events = enc.apply(cmd.AreaAttack("a", Weapon("axe", (WeaponDamage("10", DamageType.SLASHING),)), (1, 0)))
    assert damage_to(events, "b") == damage_to(events, "c") == 3  # 10 / 2 = 5, chainmail -2


def test_tac_dmg_2_explosive_damage_has_an_epicentre():
    enc = _swing("", [("b", (8, 8)), ("c", (9, 8)), ("d", (11, 11))])
    events = enc.apply(find(offers(enc.state, enc.ruleset, "a"), "attack.explosive").command("6 explosive at 8 8 r1"))
    assert {e.target for e in of(events, ev.AttackRolled)} == {"b", "c"}
    assert damage_to(events, "b") == damage_to(events, "c") == 6
    with pytest.raises(IllegalCommand, match="epicentre"):
        enc.apply(cmd.AreaAttack("a", Weapon("club", (WeaponDamage("6", DamageType.BLUDGEONING),)), epicentre=(8, 8)))


def test_tac_dmg_2_spear_wall_strikes_the_first_enemy_dashing_into_the_3_cells_in_front():
    wielder = creature("a", {"MUSCLES": 0, "BODY": 0}, position=(5, 5), initiative=9)
    runner = creature("b", {"MUSCLES": 0, "BODY": 0}, position=(5, 1), side=Side.FOE, initiative=5)
    enc = encounter("tactical_d10", wielder, runner, fight=True)
    enc.apply(find(offers(enc.state, enc.ruleset, "a"), "spear-wall").command("7 piercing n"))
    assert enc.state.combatant("a").budget.left("action") == 0
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.TakeAction("b", "dash"))
    events = enc.apply(cmd.Move("b", (6, 4)))  # into the cell in front, to the north-east
    assert damage_to(events, "b") == 7 and any(isinstance(e, ev.Maneuvered) and e.rule == "TAC-DMG-2" for e in events)
    assert "spear wall" not in {c.name for c in enc.state.combatant("a").conditions}  # it strikes once


def test_tac_dmg_2_no_spear_wall_strike_without_a_dash():
    wielder = creature("a", {"MUSCLES": 0}, position=(5, 5), initiative=9)
    walker = creature("b", {"MUSCLES": 0}, position=(5, 1), side=Side.FOE, initiative=5)
    enc = encounter("tactical_d10", wielder, walker, fight=True)
    enc.apply(cmd.SpearWall("a", Weapon("spear", (WeaponDamage("7", DamageType.PIERCING),)), (0, -1)))
    enc.apply(cmd.NextTurn())
    assert damage_to(enc.apply(cmd.Move("b", (5, 4))), "b") == 0


def test_tac_dmg_2_chopping_ignores_shield_cover():
    a = creature("a", {"MUSCLES": 0}, position=(5, 5))
    b = creature("b", {"MUSCLES": 0}, position=(6, 5), side=Side.FOE, inventory=Inventory(quick=("shield",)))
    enc = encounter("tactical_d10", a, b)
    sword = Weapon("sword", (WeaponDamage("1d6", DamageType.SLASHING),))
    axe = Weapon("axe", (WeaponDamage("1d6", DamageType.CHOPPING),))
    cover = [m for m in plan_attack(enc.ruleset, a, b, sword).modifiers if m.rule == "EQ-COV-2"]
    assert [m.value for m in cover] == [-1]  # half cover from the shield (DEFAULT)
    assert not [m for m in plan_attack(enc.ruleset, a, b, axe).modifiers if m.rule == "EQ-COV-2"]


# -- srd35 squeezing -------------------------------------------------------------------------------
def test_srd_mov_8_squeezing_doubles_the_cost_and_gives_minus_4_to_attacks_and_ac():
    a = creature("a", {"STR": 0, "DEX": 0}, position=(2, 2), initiative=15)
    b = creature("b", {"STR": 0, "DEX": 0}, position=(3, 2), side=Side.FOE, initiative=5, ac=14)
    enc = encounter("srd35", a, b, fight=True)
    enc.apply(find(offers(enc.state, enc.ruleset, "a"), "squeeze").command())
    moved = of(enc.apply(cmd.Move("a", (2, 5))), ev.Moved)[0]
    assert moved.cost == 6  # 3 squares at 2 each (SRD-MOV-8)
    squeezer = enc.state.combatant("a")
    attack = plan_attack(enc.ruleset, squeezer, enc.state.combatant("b"))
    assert [m.value for m in attack.modifiers if m.rule == "SRD-MOV-8"] == [-4]
    against = plan_attack(enc.ruleset, enc.state.combatant("b"), squeezer)
    assert against.difficulty == 10 - 4  # AC 10 (none set) -4
    enc.apply(find(offers(enc.state, enc.ruleset, "a"), "squeeze").command())  # stop squeezing
    assert not enc.state.combatant("a").conditions


def test_srd_mov_10_a_full_round_always_moves_1_square_and_srd_mov_18_it_provokes():
    from core.board.grid import SWAMP

    grid = Grid.filled(6, 6).with_terrain((3, 3), SWAMP)
    enc = encounter("srd35", creature("a", {"DEX": 0, "SPEED": 5}, initiative=15), grid=grid, fight=True)  # 1 square a move
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.Move("a", (3, 3)))  # a diagonal into difficult terrain costs 3 squares
    offer = find(offers(enc.state, enc.ruleset, "a"), "minimum-move")
    events = enc.apply(offer.command((3, 3)))
    moved = of(events, ev.Maneuvered)[0]
    assert moved.rule == "SRD-MOV-10" and "SRD-MOV-18" in moved.outcome
    a = enc.state.combatant("a")
    assert a.position == (3, 3) and a.budget.left("standard") == 0 and a.budget.left("move") == 0
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.MinimumMove("a", (4, 4)))  # the full round is spent


@pytest.mark.parametrize(("cells", "difficulty"), [(3, 6), (5, 6), (7, 7), (9, 8)])
def test_TAC_ACT_1_a_throw_is_1d10_plus_muscles_against_6_plus_1_per_2_cells_beyond_5(cells, difficulty):
    """TAC-ACT-1, RULES.md Revision 3 (DEFAULT 6, +1 per 2 cells beyond 5): the throw offer rolls
    1d10 + Muscles 2 against the distance's difficulty and spends the action."""
    from core.combat import events as ev
    from core.offers.base import find, offers

    enc = encounter("tactical_d10", creature("a", {"MUSCLES": 2}, position=(1, 1)), fight=True)
    events = enc.apply(find(offers(enc.state, enc.ruleset, "a"), "tactical.throw").command((1 + cells, 1)))
    rolled = [e for e in events if isinstance(e, ev.CheckRolled)][0]
    assert rolled.result.difficulty == difficulty and rolled.result.modifier == 2
    assert enc.state.combatant("a").budget.left("action") == 0
