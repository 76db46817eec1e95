"""Creatures for the bestiary from roster lines and, for srd35, d20 SRD stat
blocks (rule SRD-STAT-1: abilities with modifiers, speed in feet, AC);
every line that cannot be read says its number and why."""

from __future__ import annotations

import pytest

from core.values.combatant import Side
from core.dice.creature_import import MAX_IMPORT_LINES, read_creatures
from core.values.mobility import Size
from core.rulesets import get

WOLF = """\
Wolf
Size/Type: Medium Animal
Hit Dice: 2d8+4 (13 hp)
Initiative: +2
Speed: 50 ft. (10 squares)
Armor Class: 14 (+2 Dex, +2 natural), touch 12, flat-footed 12
Base Attack/Grapple: +1/+2
Abilities: Str 13, Dex 15, Con 15, Int 2, Wis 12, Cha 6
"""

DIRE_BAT = """\
Dire Bat
Size/Type: Large Animal
Hit Dice:\t4d8+12 (30 hp)
Initiative: +6
Speed: 20 ft. (4 squares), fly 40 ft. (good)
Armor Class: 20 (\u20131 size, +6 Dex, +5 natural), touch 15, flat-footed 14
Abilities: Str 17, Dex 22, Con 17, Int 2, Wis 14, Cha 6
"""


def test_srd_stat_1_a_stat_block_gives_hp_ac_speed_and_ability_modifiers():
    result = read_creatures(WOLF + "\n" + DIRE_BAT, get("srd35"))
    assert result.problems == ()
    wolf, bat = result.creatures
    assert (wolf.name, wolf.hp, wolf.hp_max, wolf.ac, wolf.side) == ("Wolf", 13, 13, 14, Side.FOE)
    assert dict(wolf.stats) == {"SPEED": 50, "STR": 1, "DEX": 2, "CON": 2, "INT": -4, "WIS": 1, "CHA": -2}
    assert dict(wolf.speeds) == {"walk": 10} and "Hit Dice 2d8+4" in wolf.notes and "Initiative" not in wolf.notes
    assert bat.size is Size.LARGE and dict(bat.speeds) == {"walk": 4, "fly": 8} and bat.ac == 20
    assert "Initiative +6 (rolled here with DEX +6)" not in bat.notes  # DEX 22 is +6: the same
    assert get("srd35").initiative_modifier(wolf) == 2


def test_srd_stat_1_an_initiative_other_than_dex_is_kept_in_the_notes():
    block = WOLF.replace("Initiative: +2", "Initiative: +6")
    (wolf,) = read_creatures(block, get("srd35")).creatures
    assert "Initiative +6 (rolled here with DEX +2)" in wolf.notes


@pytest.mark.parametrize(
    "change, line, needle",
    [
        (("Initiative: +2\n", ""), 1, "Wolf: no Initiative line"),
        (("Armor Class: 14 (+2 Dex, +2 natural), touch 12, flat-footed 12\n", ""), 1, "no Armor Class line"),
        (("2d8+4 (13 hp)", "2d8+4"), 3, "cannot read Hit Dice '2d8+4'"),
        (("2d8+4 (13 hp)", "2d8+4 (0 hp)"), 3, "hp must be at least 1"),
        (("Initiative: +2", "Initiative: fast"), 4, "cannot read Initiative 'fast'"),
        (("50 ft. (10 squares)", "fast"), 5, "cannot read Speed 'fast'"),
        (("Armor Class: 14", "Armor Class: high"), 6, "cannot read Armor Class"),
        (("Str 13", "Strength 13"), 8, "cannot read the ability 'Strength 13'"),
        ((", Cha 6", ""), 8, "no CHA score"),
        (("Wolf\n", "W\x1bolf\n"), 1, "control character in a name"),
        (("Wolf\n", "Wolf\nInitiative: +3\n"), 5, "a second Initiative line"),
    ],
)
def test_a_stat_block_with_a_bad_field_says_its_line_and_gives_no_creature(change, line, needle):
    result = read_creatures(WOLF.replace(*change), get("srd35"))
    assert result.creatures == ()
    assert any(p.line == line and needle in p.reason for p in result.problems), result.problems


def test_a_field_before_any_name_and_a_name_twice_are_problems_and_the_rest_reads():
    text = "Hit Dice: 1d8 (4 hp)\n" + WOLF + "\n" + WOLF
    result = read_creatures(text, get("srd35"))
    assert [c.name for c in result.creatures] == ["Wolf"]
    assert [str(p) for p in result.problems] == ["line 1: a Hit Dice line before any creature's name", "line 11: Wolf is already on line 2"]


def test_stat_blocks_are_refused_for_a_ruleset_without_them():
    result = read_creatures(WOLF, get("equestria"))
    assert result.creatures == () and "read for srd35 only; this campaign plays equestria" in str(result.problems[0])
    assert result.problems[0].line == 3


def test_roster_lines_with_or_without_a_token():
    text = "# my foes\n\U0001f43a Wolf foe hp 13 DEX 2 STR 1\nBandit Chief foe hp 9 ac 12 STR 1\n"
    wolf, bandit = read_creatures(text, get("srd35")).creatures
    assert (wolf.name, wolf.glyph, wolf.hp_max, dict(wolf.stats)) == ("Wolf", "\U0001f43a", 13, {"DEX": 2, "STR": 1})
    assert (bandit.name, bandit.glyph, bandit.ac) == ("Bandit Chief", "", 12)


def test_a_roster_line_may_give_hp_as_dice_and_the_template_keeps_them():
    """``hp 2d8+2`` was refused ("did not understand 'hp'"): the bestiary keeps
    HP dice, and each creature added from it rolls its own."""
    (captain,) = read_creatures("Bandit Captain foe hp 2d8+2 STR 1\n", get("srd35")).creatures
    assert captain.hp_dice == "2d8+2" and captain.stats == {"STR": 1}


@pytest.mark.parametrize(
    "line, needle",
    [
        ("Ogre foe hp 0", "hp must be at least 1"),
        ("Ogre foe hp 30 MUSCLES 2", "MUSCLES is not a stat of srd35"),
        ("Ogre foe hp 30 wings", "did not understand 'wings'"),
        ("W foe hp 3", "no name"),
        ("Ogre " + "x" * 500, "at most 400"),
    ],
)
def test_bad_roster_lines_say_their_line(line, needle):
    result = read_creatures("Wolf foe hp 13\n\n" + line + "\n", get("srd35"))
    assert [c.name for c in result.creatures] == ["Wolf"]
    assert len(result.problems) == 1 and result.problems[0].line == 3 and needle in result.problems[0].reason


def test_a_file_of_too_many_lines_is_refused_whole():
    result = read_creatures("Wolf foe hp 3\n" * (MAX_IMPORT_LINES + 1), get("srd35"))
    assert result.creatures == () and "at most 20,000" in result.problems[0].reason


def test_srd_mov_1_an_imported_stat_block_joins_a_fight():
    """A try-out imported a Dire Wolf block and adding it was refused ("SPEED
    is not a stat of srd35"): the speed in feet the block gives is a sheet
    value srd35 reads (rule SRD-MOV-1), so the creature joins and moves at it."""
    import random

    from core.combat import commands as cmd
    from core.combat.demo import seed_map_text
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.board.grid import from_text
    from core.combat.add_group import AddGroup
    from core.combat.groups import GroupInitiative

    ruleset = get("srd35")
    (wolf,) = read_creatures(WOLF, ruleset).creatures
    enc = Encounter(EncounterState("t", from_text(seed_map_text()).grid, ()), ruleset, random.Random(1))
    enc.apply(cmd.AddCombatant(wolf))
    enc.apply(AddGroup(wolf, 2, initiative=GroupInitiative.EACH))
    assert [c.stats["SPEED"] for c in enc.state.combatants] == [50, 50, 50]
    assert ruleset.speed_cells(enc.state.combatants[0]) == 10


WOLF_PROSE = """\
Wolves are pack hunters known for their persistence and cunning.

COMBAT
A favorite tactic is to send a few individuals against the foe's front
while the rest of the pack circles and attacks from the flanks or rear.
Trip (Ex): A wolf that hits with a bite attack can attempt to trip the
opponent (+1 check modifier) as a free action.
Skills: *Wolves have a +4 racial bonus on Survival checks when tracking by scent.
"""


def test_srd_stat_1_prose_after_a_block_neither_breaks_nor_pollutes_the_next():
    """SRD blocks pasted one after another with their description and Combat
    paragraphs between them: every block is read, the prose is skipped (a
    GM's try-out saw each prose line refused as a creature without Hit
    Dice, and a "Trip (Ex)" creature); a truly unreadable line is named."""
    bad_bat = DIRE_BAT.replace("Armor Class: 20", "Armor Class: twenty")
    text = "A few animals of the moor.\n\n" + WOLF + WOLF_PROSE + "\n" + bad_bat + WOLF_PROSE + WOLF.replace("Wolf\n", "Grey Wolf\n", 1) + WOLF_PROSE
    result = read_creatures(text, get("srd35"))
    assert [c.name for c in result.creatures] == ["Wolf", "Grey Wolf"]
    assert result.creatures[1].hp == 13 and result.creatures[1].stats["DEX"] == 2
    (problem,) = result.problems
    line = text.splitlines().index("Armor Class: twenty (\u20131 size, +6 Dex, +5 natural), touch 15, flat-footed 14") + 1
    assert problem.line == line and "Dire Bat: cannot read Armor Class 'twenty" in problem.reason
    assert result.skipped == 1 + 3 * 6  # the opening line and each description; the Skills lines are fields of the block above
