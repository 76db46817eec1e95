"""Attacks, typed damage, blunt trauma, temporary HP, death (part 3)."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.attacks import Weapon, WeaponDamage
from core.dice.checks import Tier
from core.values.combatant import Combatant, Side
from core.combat.damage import DamagePart, DamageType as T
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand, RulesError
from core.board.grid import from_text
from core.rulesets import get


class Rigged(random.Random):
    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        return self.faces.pop(0) - 1


GRID = from_text(seed_map_text()).grid
DAGGER = Weapon("dagger", (WeaponDamage("3", T.PIERCING), WeaponDamage("2", T.SLASHING)))


def fight(ruleset: str, *combatants: Combatant, faces=()) -> Encounter:
    return Encounter(EncounterState("t", GRID, combatants), get(ruleset), Rigged(*faces))


def hero(**kw) -> Combatant:
    base = dict(id="a", name="Hero", side=Side.PARTY, stats={"MUSCLES": 3, "STR": 3, "BODY": 2}, hp=10, hp_max=10)
    base.update(kw)
    return Combatant(**base)


def boar(**kw) -> Combatant:
    base = dict(id="b", name="Boar", side=Side.FOE, stats={"MUSCLES": 1, "BODY": 2}, hp=12, hp_max=12, ac=6)
    base.update(kw)
    return Combatant(**base)


def test_a9_tac_dmg_1_dagger_vs_chainmail_slashing_minus_2_deals_3():
    """A9: natural 4 + Muscles 3 = 7 vs AC 6 hits; 3 piercing + 2 slashing, chainmail -2 slashing -> 3."""
    enc = fight("tactical_d10", hero(), boar(armour={"slashing": 2}), faces=(4,))
    events = enc.apply(cmd.Attack("a", "b", DAGGER, spend_action=False))
    attack = next(e for e in events if isinstance(e, ev.AttackRolled))
    assert attack.result.total == 7 and attack.result.tier is Tier.SUCCESS and attack.hit
    assert enc.state.combatant("b").hp == 9


def test_a9_tac_atk_1_equal_ac_half_damage_5_to_2():
    enc = fight("tactical_d10", hero(), boar(ac=7), faces=(4,))
    events = enc.apply(cmd.Attack("a", "b", DAGGER, spend_action=False))
    dealt = next(e for e in events if isinstance(e, ev.DamageTaken))
    assert dealt.outcome.rolled == 5 and dealt.outcome.total == 2
    assert dealt.outcome.steps[0].rule == "TAC-ATK-1"


def test_a9_tac_atk_1_below_ac_misses_no_damage():
    enc = fight("tactical_d10", hero(), boar(ac=8), faces=(4,))
    events = enc.apply(cmd.Attack("a", "b", DAGGER, spend_action=False))
    assert not any(isinstance(e, ev.DamageTaken) for e in events)
    assert enc.state.combatant("b").hp == 12


def test_tac_dmg_1_resistance_weakness_and_armour_raising_damage():
    s = get("tactical_d10").settings
    from core.combat.damage import resolve

    assert resolve(s, (DamagePart(6, T.FIRE),), resistances=("fire",)).total == 3
    assert resolve(s, (DamagePart(6, T.FIRE),), weaknesses=("fire",)).total == 9
    assert resolve(s, (DamagePart(4, T.FROST),), armour={"frost": -2}).total == 6
    assert resolve(s, (DamagePart(4, T.PSYCHIC),), immunities=("psychic",)).total == 0


def test_tac_dmg_2_penetrating_ignores_armour_holy_necrotic_plus_50_percent():
    s = get("tactical_d10").settings
    from core.combat.damage import resolve

    assert resolve(s, (DamagePart(5, T.PENETRATING),), armour={"any": 4}).total == 5
    assert resolve(s, (DamagePart(6, T.HOLY),), alignment="chaotic evil").total == 9
    assert resolve(s, (DamagePart(6, T.HOLY),), alignment="lawful good").total == 6
    assert resolve(s, (DamagePart(6, T.NECROTIC),), alignment="lawful good").total == 9


def test_tac_dmg_2_holy_adds_exactly_50_percent_of_100():
    from core.combat.damage import resolve

    s = get("tactical_d10").settings
    assert resolve(s, (DamagePart(100, T.HOLY),), alignment="chaotic evil").total == 150


def test_tac_dmg_2_sonic_ignores_ac_and_dazes_unless_ears_blocked():
    horn = Weapon("horn", (WeaponDamage("2", T.SONIC),))
    enc = fight("tactical_d10", hero(), boar(ac=30), faces=(2,))
    enc.apply(cmd.Attack("a", "b", horn, spend_action=False))
    target = enc.state.combatant("b")
    assert target.hp == 10 and [c.name for c in target.conditions] == ["dazed"]
    enc2 = fight("tactical_d10", hero(), boar(ac=30), faces=(2,))
    enc2.apply(cmd.Attack("a", "b", horn, spend_action=False, ears_blocked=True))
    assert enc2.state.combatant("b").conditions == ()


def test_tac_dmg_2_slashing_crit_bleeding_half_bludgeoning_crit_stunned_fire_burning():
    axe = Weapon("blade", (WeaponDamage("6", T.SLASHING), WeaponDamage("1", T.BLUDGEONING), WeaponDamage("1", T.FIRE)))
    enc = fight("tactical_d10", hero(), boar(), faces=(10,))
    enc.apply(cmd.Attack("a", "b", axe, spend_action=False))
    conditions = {c.name: c.level for c in enc.state.combatant("b").conditions}
    assert conditions == {"bleeding": 3, "stunned": 1, "burning": 1}


def test_a11_eq_gen_4_blunt_trauma_one_true_damage_never_below_1_triggers_nothing():
    """A11: 5 damage fully absorbed by armour -> 1 true damage; at 1 HP stays at 1."""
    club = Weapon("club", (WeaponDamage("5", T.FIRE),))
    enc = fight("equestria", hero(), boar(armour={"any": 5}, ac=0), faces=(15,))
    events = enc.apply(cmd.Attack("a", "b", club, spend_action=False))
    dealt = next(e for e in events if isinstance(e, ev.DamageTaken))
    assert dealt.outcome.blunt_trauma and dealt.outcome.total == 1 and enc.state.combatant("b").hp == 11
    enc2 = fight("equestria", hero(), boar(armour={"any": 5}, hp=1), faces=(15,))
    enc2.apply(cmd.Attack("a", "b", club, spend_action=False))
    assert enc2.state.combatant("b").hp == 1
    assert enc2.state.combatant("b").conditions == ()


def test_temporary_hp_absorbs_first():
    enc = fight("equestria", hero(), boar())
    enc.apply(cmd.GrantTemporaryHitPoints("b", 4))
    enc.apply(cmd.DealDamage("b", (DamagePart(6, T.TRUE),)))
    b = enc.state.combatant("b")
    assert (b.hp, b.hp_temp) == (10, 0)


def test_tac_hp_1_zero_hp_is_death_revive_restores_heal_refused_while_dead():
    enc = fight("tactical_d10", hero(), boar())
    events = enc.apply(cmd.Damage("b", 20))
    assert any(isinstance(e, ev.Died) for e in events) and enc.state.combatant("b").dead
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.Heal("b", 3))
    enc.apply(cmd.Revive("b", 2))
    assert enc.state.combatant("b").hp == 2 and not enc.state.combatant("b").dead


def test_zero_hp_is_defeated_not_dead_in_equestria():
    enc = fight("equestria", hero(), boar())
    events = enc.apply(cmd.Damage("b", 20))
    assert any(isinstance(e, ev.Defeated) for e in events) and not enc.state.combatant("b").dead


def test_bad_input_negative_damage_refused_nothing_changes():
    enc = fight("equestria", hero(), boar())
    before = enc.state
    for bad in (cmd.Damage("b", -1), cmd.DealDamage("b", (DamagePart(-2, T.FIRE),)), cmd.RollDice("1d")):
        with pytest.raises(RulesError):
            enc.apply(bad)
    assert enc.state is before


def test_eq_act_5_unarmed_attack_rolls_1d4_for_str_3():
    enc = fight("equestria", hero(), boar(), faces=(15, 3))
    events = enc.apply(cmd.Attack("a", "b", spend_action=False))
    dealt = next(e for e in events if isinstance(e, ev.DamageTaken))
    assert dealt.rolls[0].expression == "1d4" and dealt.outcome.total == 3


def test_eq_day_3_weapon_poison_works_once():
    knife = Weapon("knife", (WeaponDamage("2", T.PIERCING),))
    enc = fight("equestria", hero(), boar(), faces=(15, 15))
    enc.apply(cmd.ApplyPoison("a", "knife", 2))
    assert [c.rounds_left for c in enc.state.combatant("a").coatings] == [60]  # 10 minutes of 10-second rounds
    enc.apply(cmd.Attack("a", "b", knife, spend_action=False))
    assert {c.name: c.level for c in enc.state.combatant("b").conditions} == {"poisoned": 2}
    assert enc.state.combatant("a").coatings == ()
