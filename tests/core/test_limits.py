"""Limits of core/values/limits.py: each refused with a message naming it, fast
(the input is never read past the limit), and parsing linear in the input."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.values import limits as lim
from core.values.combatant import Combatant, Side
from core.combat.demo import state_from_map
from core.combat.encounter import Encounter
from core.errors import CreatureFormatError, IllegalCommand, MapFormatError, RulesError
from core.board.grid import from_text, split_glyphs
from core.dice.roster import parse_creature, read_map_file
from core.rulesets import get as get_ruleset


def test_a_ten_megabyte_line_is_refused_by_its_length_before_it_is_split(monkeypatch):
    import core.board.grid

    real = core.board.grid.split_glyphs
    monkeypatch.setattr(core.board.grid, "split_glyphs", lambda line: pytest.fail("the long line was split") if len(line) > 10_000 else real(line))
    with pytest.raises(MapFormatError) as caught:
        from_text("." * 10_000_000)
    assert "a map file may have" in str(caught.value)
    with pytest.raises(MapFormatError) as caught:
        from_text("...\n" + "." * 3_000_000)
    assert "MAX_MAP_WIDTH" in str(caught.value) and "line 2" in str(caught.value)


@pytest.mark.parametrize(
    "text, needle",
    [
        ("." * (lim.MAX_MAP_WIDTH + 1), "MAX_MAP_WIDTH"),
        ("\n".join(["."] * (lim.MAX_MAP_HEIGHT + 1)), "MAX_MAP_HEIGHT"),
        ("\n".join(["A" * 200] * 200), "MAX_COMBATANTS"),
        ("A" + "\u0301" * 40, "a glyph of 41 characters"),
        ("." * (lim.MAX_MAP_TEXT + 1), "a map file may have"),
    ],
)
def test_a_map_over_a_limit_is_refused_naming_it(text, needle):
    with pytest.raises(MapFormatError) as caught:
        read_map_file(text)
    assert needle in str(caught.value)


def test_the_largest_map_allowed_reads():
    text = "\n".join(["." * lim.MAX_MAP_WIDTH] * lim.MAX_MAP_HEIGHT)
    grid = from_text(text).grid
    assert (grid.width, grid.height) == (lim.MAX_MAP_WIDTH, lim.MAX_MAP_HEIGHT)


def test_a_long_chain_of_joiners_is_split_in_linear_time():
    # Each joined part used to be added to a growing string (quadratic).
    glyphs = split_glyphs("\U0001f600" + "\u200d\U0001f600" * 200_000)
    assert len(glyphs) == 1 and len(glyphs[0]) == 400_001


def test_as_many_tokens_as_combatants_allowed_start_a_fight():
    text = "\n".join("A" * 30 for _ in range(lim.MAX_COMBATANTS // 30))
    text_map, roster = read_map_file(text)
    encounter = Encounter(state_from_map("many", text_map, roster), get_ruleset("equestria"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    values = [c.initiative for c in encounter.state.combatants]
    assert len(values) == lim.MAX_COMBATANTS and None not in values
    assert len(set(values)) == len(values)  # EQ-INIT-2: unique


@pytest.mark.parametrize("width, height, needle", [(501, 10, "1 to 500"), (10, 0, "1 to 500"), (500, 500, None)])
def test_resizing_the_map_keeps_to_the_limits(width, height, needle):
    encounter = Encounter(state_from_map("t", from_text("....\n....")), get_ruleset("equestria"), random.Random(1))
    if needle is None:
        encounter.apply(cmd.ResizeMap(width, height))
        assert (encounter.state.grid.width, encounter.state.grid.height) == (width, height)
        return
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.ResizeMap(width, height))
    assert needle in str(caught.value)


def test_a_roster_name_over_the_limit_is_refused_not_cut():
    with pytest.raises(MapFormatError) as caught:
        read_map_file("A.\n\nA " + "N" * (lim.MAX_NAME + 1) + "x party\n")
    assert f"at most {lim.MAX_NAME}" in str(caught.value) and "line 3" in str(caught.value)


def test_roster_stats_the_ruleset_does_not_have_are_refused_naming_its_stats():
    with pytest.raises(MapFormatError) as caught:
        read_map_file("A.\n\nA Aria party hp 12 STR 1\n", get_ruleset("tactical_d10"))
    message = str(caught.value)
    assert "STR is not a stat of tactical_d10" in message and "MUSCLES, BODY, BRAIN, TONGUE" in message
    _, roster = read_map_file("A.\n\nA Aria party hp 12 MUSCLES 1\n", get_ruleset("tactical_d10"))
    assert roster["A"].stats == {"MUSCLES": 1}


def test_a_creature_line_reads_as_the_add_dialog_types_it():
    entry = parse_creature("Dire Wolf foe 9 DEX 2 ac 5", get_ruleset("equestria"))
    assert (entry.name, entry.side, entry.hp, entry.ac, entry.stats) == ("Dire Wolf", Side.FOE, 9, 5, {"DEX": 2})
    with pytest.raises(CreatureFormatError) as caught:
        parse_creature("Wolf foe 9 STR 1", get_ruleset("power_roll"))
    assert "MIGHT, AGILITY, REASON, INTUITION, PRESENCE" in str(caught.value)


@pytest.mark.parametrize("line", ["Dragon foe 5 ac 99999999999", "Dragon foe 99999999999", "Dragon foe hp 99999999999", "Dragon foe 5 STR -99999999999"])
def test_a_creature_number_over_the_digits_limit_is_refused_naming_the_limit(line):
    with pytest.raises(CreatureFormatError) as caught:
        parse_creature(line, get_ruleset("equestria"))
    assert f"at most {lim.MAX_NUMBER_DIGITS} digits" in str(caught.value) and "99999999999" in str(caught.value)


def _encounter(count: int) -> Encounter:
    text = "\n".join("A" * 20 for _ in range(count // 20))
    return Encounter(state_from_map("t", from_text(text)), get_ruleset("tactical_d10"), random.Random(1))


@pytest.mark.parametrize(
    "count, name, stats, needle",
    [
        (lim.MAX_COMBATANTS, "Wolf", {}, f"at most {lim.MAX_COMBATANTS} combatants"),
        (20, "W" * (lim.MAX_NAME + 1), {}, f"1 to {lim.MAX_NAME} characters"),
        (20, "Wolf", {"STR": 1}, "STR is not a stat of tactical_d10"),
    ],
)
def test_adding_a_combatant_keeps_to_the_limits_and_the_ruleset(count, name, stats, needle):
    encounter = _encounter(count)
    before = encounter.state
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.AddCombatant(Combatant("new", name, Side.FOE, stats, 9, 9)))
    assert needle in str(caught.value)
    assert encounter.state == before


@pytest.mark.parametrize("text", ["\u00b2", "9" * 5000, "+" + "9" * 5000, "9" * (lim.MAX_NUMBER_DIGITS + 1)])
def test_typed_numbers_beyond_int_are_refused_with_a_message(text):
    from core.dice.notation import NotationError, parse_amount, parse_attack, parse_check

    with pytest.raises(NotationError):
        parse_amount(text)
    with pytest.raises(NotationError):
        parse_check(f"DEX {text.lstrip('+')}", ("DEX",))
    with pytest.raises(RulesError):
        parse_attack(f"1d6 +{text.lstrip('+')}")


def test_a_sheet_edit_refuses_a_stat_the_ruleset_lacks():
    encounter = _encounter(20)
    target = encounter.state.combatants[0]
    with pytest.raises(IllegalCommand) as caught:
        encounter.apply(cmd.EditCombatant(target.id, cmd.SheetChanges(stats={"STR": 2})))
    assert "STR is not a stat of tactical_d10 (its stats: MUSCLES, BODY, BRAIN, TONGUE)" in str(caught.value)
    encounter.apply(cmd.EditCombatant(target.id, cmd.SheetChanges(stats={"BRAIN": 2})))
    assert encounter.state.combatant(target.id).stat("BRAIN") == 2


def test_equestria_rosters_and_sheets_take_the_skills_its_rules_read():
    """EQ-MNT-1 reads Riding, EQ-VIS-1 darkvision, EQ-FALL-2 Acrobatics: an
    equestria roster may give them (they were refused as "not a stat"); a
    ruleset whose rules do not read them still refuses them, naming its
    stats and skills."""
    from core.dice.roster import parse_creature
    from core.rulesets import get

    equestria = get("equestria")
    knight = parse_creature("Knight party 10 DEX 2 RIDING 3 DARKVISION 1", equestria)
    assert knight.stats["RIDING"] == 3 and knight.stats["DARKVISION"] == 1
    assert set(equestria.skill_names) >= {"RIDING", "DARKVISION", "ACROBATICS"}
    with pytest.raises(RulesError) as caught:
        parse_creature("Knight party 10 RIDING 3", get("srd35"))
    assert "RIDING is not a stat of srd35 (its stats: STR, DEX, CON, INT, WIS, CHA; skills: SPEED)" in str(caught.value)
    with pytest.raises(RulesError) as caught:
        parse_creature("Owl foe 5 WINGS 2", equestria)
    assert "skills: " in str(caught.value) and "RIDING" in str(caught.value)


def test_a_given_initiative_has_at_most_nine_digits():
    """A try-out set initiative 99999999999999999999 (the tracker showed 999):
    refused with the limit named, nothing changed (rule EQ-INIT-5)."""
    import random

    from core.combat import commands as cmd
    from core.values.combatant import Combatant, Side
    from core.combat.demo import seed_map_text
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.errors import IllegalCommand
    from core.board.grid import from_text
    from core.rulesets import get

    boar = Combatant("b", "Boar", Side.FOE, {}, 5, 5)
    enc = Encounter(EncounterState("t", from_text(seed_map_text()).grid, (boar,)), get("equestria"), random.Random(1))
    before = enc.state
    for value in (10**9, -(10**9), 10**20):
        with pytest.raises(IllegalCommand, match="at most 9 digits"):
            enc.apply(cmd.SetInitiative("b", value))
        with pytest.raises(IllegalCommand, match="at most 9 digits"):
            enc.apply(cmd.AddCombatant(Combatant("w", "Wolf", Side.FOE, {}, 5, 5, initiative=value)))
    assert enc.state == before
    enc.apply(cmd.SetInitiative("b", 999_999_999))
    assert enc.state.combatant("b").initiative == 999_999_999
