"""Saved attacks: the weapon notation and its text, attacks from the sheet
with their odds and expected damage, limited uses spent by an attack, and
attacks read from roster lines and SRD stat blocks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from core.board.grid import Grid
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.add_group import AddGroup, HitPointsRolled
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.combat.trackers.events import UseChanged
from core.dice.creature_import import read_creatures
from core.dice.modifiers import Reach
from core.dice.notation import attack_text, parse_attack, parse_saved_attack, parse_saved_attacks, saved_attack_text
from core.dice.roster import parse_creature
from core.board.map_text import roster_line
from core.errors import IllegalCommand, NotationError
from core.offers.saved_attacks import (
    UNARMED_ATTACK, attack_choices, best_attack, first_allowed, pick_saved_attack, saved_attack_command, saved_odds_map,
)
from core.rulesets import get
from core.values.attacks import SavedAttack
from core.values.combatant import Combatant, Side
from core.values.trackers import LimitedUse, Per

STATS = ("STR", "DEX", "BODY", "INT", "CHA")


# -- the notation -----------------------------------------------------------------------
parts = st.lists(
    st.tuples(st.sampled_from(["1d6", "2d4+1", "3", "1d8-1", "1d12"]), st.sampled_from(["slashing", "piercing", "fire", "frost", ""])),
    max_size=3,
)


@given(
    parts=parts, stat=st.sampled_from(("",) + STATS), bonus=st.integers(-5, 5),
    reach=st.sampled_from(["", "ranged", "range 16", "reach 2", "melee"]),
    flags=st.sets(st.sampled_from(["long", "metal", "offhand", "adv", "dis", "override"])),
    tiers=st.sampled_from(["", "tiers 3/6/9", "tiers 1d4/2d4/3d4"]),
    case=st.sampled_from([str.lower, str.upper, str]),
)
def test_a_weapon_written_back_reads_as_the_same_weapon(parts, stat, bonus, reach, flags, tiers, case):
    words = [" + ".join(f"{e} {t}".strip() for e, t in parts)] if parts else []
    words += [case(stat)] if stat else []
    words += [f"{bonus:+d}"] if bonus else []
    words += [reach, tiers, *sorted(flags)]
    request = parse_attack(" ".join(w for w in words if w), STATS)
    text = attack_text(request)
    assert parse_attack(text, STATS) == request
    assert attack_text(parse_attack(text, STATS)) == text  # one way to write it
    assert request.weapon.stat == stat
    assert request.weapon.range_cells == (16 if reach == "range 16" else 0)
    assert request.weapon.reach_cells == (2 if reach == "reach 2" else 0)


def test_the_words_of_a_saved_weapon():
    weapon = parse_attack("1d8 slashing dex +1 reach 2 long metal", STATS).weapon
    assert (weapon.stat, weapon.bonus, weapon.reach, weapon.reach_cells, weapon.long, weapon.metal) == ("DEX", 1, Reach.MELEE, 2, True, True)
    bow = parse_attack("1d6 piercing range 16", STATS).weapon
    assert (bow.reach, bow.range_cells, bow.damage[0].expression) == (Reach.RANGED, 16, "1d6")  # the 16 is cells, not damage
    assert parse_attack("tiers 3/6/9 2 fire").weapon.tier_damage == ("3", "6", "9")  # PR-ROLL-1


@pytest.mark.parametrize("text, says", [
    ("1d6 reach", "'reach' takes a number of cells"),
    ("1d6 reach 0", "from 1 to 999"),
    ("1d6 range 16 reach 2", "or ranged .range N., not both"),
    ("1d6 tiers 3/6", "tiers 1, 2 and 3"),
    ("1d6 sword", "did not understand 'sword'"),
    ("1d6 STR DEX", "one stat: STR or DEX"),
])
def test_a_weapon_that_cannot_be_read_says_what_to_write(text, says):
    with pytest.raises(NotationError, match=says):
        parse_attack(text, STATS)


def test_a_saved_attack_line_and_back():
    attack = parse_saved_attack("Fire breath:  2d6 fire range 6 uses Fire Breath", STATS)
    assert attack == SavedAttack("Fire breath", "2d6 fire range 6", "Fire Breath")
    assert parse_saved_attack(saved_attack_text(attack), STATS) == attack
    assert parse_saved_attack("1d6 piercing").name == "1d6 piercing"  # no name: the weapon names itself
    with pytest.raises(NotationError, match="two attacks are named 'Bite'"):
        parse_saved_attacks("Bite: 1d6 piercing; bite: 1d4 piercing")


# -- attacks from the sheet -------------------------------------------------------------------
def _encounter(attacker: Combatant, target: Combatant, ruleset_id: str = "equestria") -> Encounter:
    encounter = Encounter(EncounterState("t", Grid.filled(30, 5), (attacker, target)), get(ruleset_id), random.Random(4))
    encounter.apply(cmd.StartCombat(starter=attacker.id))
    return encounter


def _hero(**extra) -> Combatant:
    values = dict(stats={"STR": 0, "DEX": 1}, hp=12, hp_max=12, position=(1, 1))
    values.update(extra)
    return Combatant("a", "Hero", Side.PARTY, **values)


def _boar(cell=(2, 1), **extra) -> Combatant:
    return Combatant("b", "Boar", Side.FOE, {"STR": 3}, 16, 16, position=cell, **extra)


def test_each_saved_attack_has_its_odds_and_expected_damage():
    """EQ-CHK-2: an attack is a check against 12 (DEFAULT); STR +0 hits on
    12..19 (success 8/20) and 20 (critical 1/20). A fixed 4 piercing takes
    4 on either (critical damage 100 %, DEFAULT): 9/20 x 4 = 9/5 HP."""
    hero = _hero(attacks=(SavedAttack("Tusk", "4 piercing"), SavedAttack("Bow", "1d6 piercing range 16")))
    encounter = _encounter(hero, _boar())
    tusk, bow = attack_choices(encounter.state, encounter.ruleset, "a", "b")
    assert (tusk.number, tusk.allowed, tusk.hit, tusk.expected_damage) == (1, True, Fraction(9, 20), Fraction(9, 5))
    assert tusk.expression == "1d20" and tusk.difficulty == 12 and "STR +0" in tusk.notes
    # ranged: DEX +1 (equestria's ranged stat, DEFAULT) hits on 11..20: 10/20; 1d6 averages 7/2
    assert (bow.hit, bow.expected_damage, bow.command.weapon.name) == (Fraction(1, 2), Fraction(7, 4), "Bow")
    assert best_attack(encounter.state, encounter.ruleset, "a", "b").attack.name == "Tusk"  # 9/5 > 7/4


def test_an_attack_out_of_reach_is_refused_with_why_and_the_bow_is_best():
    hero = _hero(attacks=(SavedAttack("Sword", "1d8 slashing"), SavedAttack("Bow", "1d6 piercing range 16")))
    encounter = _encounter(hero, _boar(cell=(9, 1)))
    sword, bow = attack_choices(encounter.state, encounter.ruleset, "a", "b")
    assert not sword.allowed and "out of melee reach" in sword.refusal
    assert bow.allowed and first_allowed((sword, bow)) == 1
    assert best_attack(encounter.state, encounter.ruleset, "a", "b") == bow
    encounter.apply(cmd.NextTurn())  # the boar's turn: the hero attacks with nothing now
    assert best_attack(encounter.state, encounter.ruleset, "a", "b") is None
    assert best_attack(encounter.state, encounter.ruleset, "a", "b", allowed_only=False).attack.name == "Sword"  # 9/20 x 9/2 > 1/2 x 7/2


def test_range_and_reach_in_cells_decide_what_can_be_hit():
    hero = _hero(attacks=(SavedAttack("Spear", "1d8 piercing reach 2"), SavedAttack("Sling", "1d4 range 5"), SavedAttack("Claw", "1d4 slashing")))
    encounter = _encounter(hero, _boar(cell=(3, 1)))  # 2 cells away
    spear, sling, claw = attack_choices(encounter.state, encounter.ruleset, "a", "b")
    assert spear.allowed and sling.allowed and not claw.allowed
    far = _encounter(hero, _boar(cell=(7, 1)))  # 6 cells: beyond the sling's 5
    with pytest.raises(IllegalCommand, match=r"beyond the range of Sling \(5\)"):
        far.apply(saved_attack_command(far.state, far.ruleset, "a", "b", hero.attacks[1]))
    events = far.apply(cmd.Attack("a", "b", parse_attack("1d4 range 5").weapon, override=True))
    assert any(isinstance(e, ev.OverrideUsed) and "beyond the range" in e.refusal for e in events)


def test_an_attack_spends_its_limited_use_inside_apply():
    breath = SavedAttack("Fire breath", "2d6 fire range 6", "Fire Breath")
    hero = _hero(attacks=(breath,), uses=(LimitedUse("Fire Breath", Per.ENCOUNTER, 1, 1),))
    encounter = _encounter(hero, _boar())
    before = encounter.state
    events = encounter.apply(saved_attack_command(encounter.state, encounter.ruleset, "a", "b", breath))
    assert any(isinstance(e, UseChanged) and e.delta == -1 for e in events)
    assert encounter.state.combatant("a").uses[0].uses == 0 and before.combatant("a").uses[0].uses == 1
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())
    after = encounter.state
    with pytest.raises(IllegalCommand, match="no uses left"):
        encounter.apply(saved_attack_command(encounter.state, encounter.ruleset, "a", "b", breath))
    assert encounter.state == after  # refused: nothing changed
    choice, = attack_choices(encounter.state, encounter.ruleset, "a", "b")
    assert "no uses left" in choice.refusal


def test_a_creature_without_saved_attacks_strikes_unarmed():
    encounter = _encounter(_hero(), _boar())
    choice, = attack_choices(encounter.state, encounter.ruleset, "a", "b")
    assert choice.attack == UNARMED_ATTACK and choice.command.weapon.damage == ()  # EQ-ACT-5: the unarmed table


def test_what_the_gm_types_picks_a_saved_attack_or_is_a_weapon():
    attacks = (SavedAttack("Shortsword", "1d6 slashing"), SavedAttack("Shortbow", "1d6 piercing range 16"))
    assert [pick_saved_attack(t, attacks) for t in ("", "2", "shortb", "SWORD", "1d6 slashing", "3")] == [0, 1, 1, 0, None, None]
    with pytest.raises(NotationError, match="'short' could be Shortsword or Shortbow"):
        pick_saved_attack("short", attacks)


def test_the_odds_map_takes_the_best_attack_in_each_cell():
    hero = _hero(attacks=(SavedAttack("Sword", "1d8 slashing"), SavedAttack("Bow", "1d6 piercing range 16")))
    encounter = _encounter(hero, _boar(cell=(9, 1)))
    found = saved_odds_map(encounter.state, encounter.ruleset, "a", "b", [(8, 1), (2, 1)])
    # adjacent: the sword 9/20 x 9/2 = 81/40 beats the bow 1/2 x 7/2 = 7/4; far: only the bow
    assert (found[(8, 1)].attack, found[(8, 1)].expected_damage, found[(8, 1)].hit) == ("Sword", Fraction(81, 40), Fraction(9, 20))
    assert (found[(2, 1)].attack, found[(2, 1)].expected_damage, found[(2, 1)].hit) == ("Bow", Fraction(7, 4), Fraction(1, 2))


def test_the_sheet_edit_replaces_the_attacks_and_checks_their_notation():
    encounter = _encounter(_hero(), _boar())
    events = encounter.apply(cmd.EditCombatant("a", cmd.SheetChanges(attacks=(SavedAttack("Bow", "1d6  piercing RANGE 16"),))))
    assert encounter.state.combatant("a").attacks == (SavedAttack("Bow", "1d6 piercing range 16"),)  # written the one way
    assert events[0].changes == ("attacks: Bow",)
    before = encounter.state
    with pytest.raises(IllegalCommand, match="attacks: did not understand 'sword'"):
        encounter.apply(cmd.EditCombatant("a", cmd.SheetChanges(attacks=(SavedAttack("Bow", "1d6 sword"),))))
    assert encounter.state == before


# -- read from roster lines and stat blocks ----------------------------------------------
def test_a_roster_line_carries_attacks_and_writes_them_back():
    ruleset = get("equestria")
    entry = parse_creature("Goblin foe hp 5 DEX 1 attacks Club: 1d6; Javelin: 1d4 piercing range 6", ruleset)
    assert entry.attacks == (SavedAttack("Club", "1d6 bludgeoning"), SavedAttack("Javelin", "1d4 piercing range 6"))
    line = roster_line("G", entry)
    assert parse_creature(line.split(" ", 1)[1], ruleset) == entry
    with pytest.raises(Exception, match="attacks: did not understand"):
        parse_creature("Goblin foe hp 5 attacks Club: 1d6 whack", ruleset)


GOBLIN = """Goblin
Size/Type: Small Humanoid (Goblinoid)
Hit Dice: 1d8+1 (5 hp)
Initiative: +1
Speed: 30 ft. (6 squares)
Armor Class: 15 (+1 size, +1 Dex, +2 leather armor, +1 light shield), touch 12, flat-footed 14
Base Attack/Grapple: +1/-3
Attack: Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)
Full Attack: Morningstar +2 melee (1d6) or javelin +3 ranged (1d4)
Space/Reach: 5 ft./5 ft.
Special Attacks: -
Special Qualities: Darkvision 60 ft.
Saves: Fort +3, Ref +1, Will -1
Abilities: Str 11, Dex 13, Con 12, Int 10, Wis 9, Cha 6
"""


def test_an_srd_goblin_keeps_its_attacks_and_hit_dice_and_three_roll_their_own_hp():
    """d20 SRD Goblin: Morningstar +2 melee (1d6), javelin +3 ranged (1d4);
    Str 11 (+0), Dex 13 (+1): the weapon bonus is the SRD's total less the
    ability srd35 adds, so the roll totals the same."""
    ruleset = get("srd35")
    goblin, = read_creatures(GOBLIN, ruleset).creatures
    assert goblin.hp_dice == "1d8+1"
    assert goblin.attacks == (SavedAttack("Morningstar", "1d6 bludgeoning +2"), SavedAttack("Javelin", "1d4 piercing +2 ranged"))
    encounter = Encounter(EncounterState("t", Grid.filled(10, 5)), ruleset, random.Random(7))
    events = encounter.apply(AddGroup(goblin, 3, goblin.hp_dice))
    rolled = [e for e in events if isinstance(e, HitPointsRolled)]
    assert len(rolled) == 3 and all(2 <= c.hp <= 9 for c in encounter.state.combatants)
    assert len({c.hp for c in encounter.state.combatants}) > 1  # seed 7: each its own roll
    assert all(c.attacks == goblin.attacks for c in encounter.state.combatants)


def test_an_exported_map_file_reads_back_with_the_attacks():
    from core.board.map_text import encounter_from_map, export_map
    from core.combat.demo import demo_encounter

    encounter, _ = demo_encounter(random.Random(1))
    exported = export_map(encounter.state, encounter.ruleset)
    state, _ = encounter_from_map(exported.text, "again", encounter.ruleset)
    assert {c.name: c.attacks for c in state.combatants} == {c.name: c.attacks for c in encounter.state.combatants}
    assert state.combatant("c1").attacks[1] == SavedAttack("Shortbow", "1d6 piercing range 16")
