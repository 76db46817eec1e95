"""Groups added in one step: count, HP dice, numbered names, group
initiative (rules EQ-INIT-1, EQ-INIT-2, EQ-INIT-4, EQ-INIT-6)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.values import limits as lim
from core.values.combatant import Combatant, Side
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import CreatureFormatError, IllegalCommand
from core.board.grid import from_text
from core.combat.add_group import AddGroup, GroupInitiativeRolled, HitPointsRolled
from core.combat.groups import GroupInitiative, hp_dice_range, numbered
from core.combat.initiative import consecutive_block
from core.dice.roster import parse_group
from core.rulesets import get

GRID = from_text(seed_map_text()).grid
WOLF = Combatant("t", "Wolf", Side.FOE, {"DEX": 2}, 9, 9)


class Rigged(random.Random):
    """Dice that show the given faces in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        return self.faces.pop(0) - 1


def encounter(*combatants: Combatant, rng=None, ruleset="equestria") -> Encounter:
    return Encounter(EncounterState("t", GRID, combatants), get(ruleset), rng or random.Random(5))


def hero(cid="h", name="Hero", initiative=None) -> Combatant:
    return Combatant(cid, name, Side.PARTY, {"DEX": 1}, 10, 10, initiative=initiative)


# -- the line the GM types ----------------------------------------------------------
def test_a_count_and_hp_dice_are_read_from_one_line():
    count, entry = parse_group("4 Wolf foe 2d8+2 DEX 2", get("equestria"))
    assert (count, entry.name, entry.side, entry.hp_dice, entry.hp, entry.stats) == (4, "Wolf", Side.FOE, "2d8+2", 4, {"DEX": 2})
    assert parse_group("Wolf foe 9")[0] == 1 and parse_group("Wolf foe hp 1d6+1")[1].hp_dice == "1d6+1"


@pytest.mark.parametrize("text, words", [
    ("0 Wolf foe 9", "1 to 50 creatures at once, not 0"),
    ("10000 Wolf foe 9", "1 to 50 creatures at once, not 10000"),
    ("3 Wolf foe 1d4-4", "can roll -3"),
    ("3 Wolf foe 1d6-1", "can roll 0"),
    ("3 Wolf foe 4d6kh3", "hit-point dice are like 2d8+2"),
    ("3 Wolf foe 100d1000+99999", "at most 100,000 hit points"),
])
def test_bad_counts_and_hp_dice_are_refused_with_a_clear_message(text, words):
    with pytest.raises(CreatureFormatError) as refused:
        parse_group(text, get("equestria"))
    assert words in str(refused.value)


def test_hp_dice_range_is_exact():
    assert hp_dice_range("2d8+2") == (4, 18)
    assert hp_dice_range("3d6-2+1d4") == (2, 20)
    with pytest.raises(IllegalCommand, match="like 2d8"):
        hp_dice_range("1d20!")


# -- names -------------------------------------------------------------------------------
def test_names_are_numbered_after_those_already_there():
    present = [Combatant("c1", "Wolf", Side.FOE, {}, 5, 5), Combatant("wolf-3", "Grey", Side.FOE, {}, 5, 5)]
    assert numbered("Wolf", 3, present) == [("wolf-4", "Wolf 4"), ("wolf-5", "Wolf 5"), ("wolf-6", "Wolf 6")]
    assert numbered("Wolf", 1, []) == [("wolf-1", "Wolf")]
    assert [name for _, name in numbered("Wolf", 2, [])] == ["Wolf 1", "Wolf 2"]


# -- the command -----------------------------------------------------------------------------
def test_done_when_four_wolves_with_rolled_hp_and_consecutive_initiatives_eq_init_6():
    """rule EQ-INIT-6: one roll for the group (1d20+2 shows 13 -> 15), the
    wolves take 15, 14, 13, 12; each HP is its own 2d8+2, logged."""
    faces = (1, 2, 3, 4, 5, 6, 7, 8, 13)  # four 2d8, then the d20
    enc = encounter(hero(initiative=20), rng=Rigged(*faces))
    events = enc.apply(AddGroup(WOLF, 4, "2d8+2"))
    wolves = [c for c in enc.state.combatants if c.name.startswith("Wolf")]
    assert [w.name for w in wolves] == ["Wolf 1", "Wolf 2", "Wolf 3", "Wolf 4"]
    assert [w.hp for w in wolves] == [5, 9, 13, 17] and all(w.hp == w.hp_max for w in wolves)
    assert [w.initiative for w in wolves] == [15, 14, 13, 12]
    assert all(w.hp_dice == "2d8+2" for w in wolves)
    rolled = [e for e in events if isinstance(e, HitPointsRolled)]
    assert [e.roll.total for e in rolled] == [5, 9, 13, 17] and isinstance(rolled[0], ev.CombatantAdded)
    [group] = [e for e in events if isinstance(e, GroupInitiativeRolled)]
    assert group.roll.total == 15 and group.values == (15, 14, 13, 12)


def test_eq_init_2_a_group_steps_below_values_others_hold_and_stays_together():
    """rule EQ-INIT-2 and EQ-INIT-6: 15 rolled with 14 held -> 13, 12, 11."""
    enc = encounter(hero(initiative=14), rng=Rigged(13))
    enc.apply(AddGroup(WOLF, 3))
    assert sorted((c.initiative for c in enc.state.combatants if c.name.startswith("Wolf")), reverse=True) == [13, 12, 11]


def test_each_rolls_its_own_in_combat_and_at_the_start_before_combat_eq_init_1():
    enc = encounter(hero(initiative=None))
    enc.apply(AddGroup(WOLF, 3, initiative=GroupInitiative.EACH))
    assert all(c.initiative is None for c in enc.state.combatants)
    enc.apply(cmd.StartCombat())
    values = [c.initiative for c in enc.state.combatants]
    assert None not in values and len(set(values)) == 4
    events = enc.apply(AddGroup(WOLF, 2, initiative=GroupInitiative.EACH))
    assert len([e for e in events if isinstance(e, ev.InitiativeRolled)]) == 2
    assert len({c.initiative for c in enc.state.combatants}) == 6


def test_a_summoned_group_acts_right_after_its_summoner_eq_init_4():
    enc = encounter(hero(initiative=12), Combatant("x", "Imp", Side.FOE, {}, 3, 3, initiative=10))
    enc.apply(AddGroup(WOLF, 3, summoner="h"))
    wolves = [c for c in enc.state.combatants if c.name.startswith("Wolf")]
    assert [w.initiative for w in wolves] == [9, 8, 7] and all(w.summoner == "h" for w in wolves)


@pytest.mark.parametrize("count", [0, 10_000, lim.MAX_GROUP + 1])
def test_a_bad_count_changes_nothing(count):
    enc = encounter(hero())
    before = enc.state
    with pytest.raises(IllegalCommand, match="1 to 50"):
        enc.apply(AddGroup(WOLF, count))
    assert enc.state == before


def test_hp_dice_that_can_roll_zero_change_nothing():
    enc = encounter(hero())
    before = enc.state
    with pytest.raises(IllegalCommand, match="at least 1"):
        enc.apply(AddGroup(WOLF, 3, "1d6-1"))
    assert enc.state == before


def test_a_group_may_not_pass_the_combatant_limit():
    crowd = tuple(Combatant(f"c{i}", f"C{i}", Side.FOE, {}, 1, 1) for i in range(lim.MAX_COMBATANTS - 2))
    enc = encounter(*crowd)
    with pytest.raises(IllegalCommand, match="room for 2 more"):
        enc.apply(AddGroup(WOLF, 3))


def test_a_group_is_one_command_and_round_trips_through_the_codec():
    from saves.codec import from_document, to_document

    command = AddGroup(WOLF, 4, "2d8+2", GroupInitiative.EACH)
    assert from_document(to_document(command), cmd.Command) == command
    event = GroupInitiativeRolled(("a",), ("A",), None, (3,), "EQ-INIT-4")
    assert from_document(to_document(event), ev.Event) == event


# -- the group's initiative, as a property -------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(
    taken=st.sets(st.integers(-10, 30), max_size=25),
    top=st.integers(-5, 30),
    count=st.integers(1, 12),
)
def test_eq_init_6_a_group_block_is_unique_consecutive_and_as_high_as_it_can_be(taken, top, count):
    """rule EQ-INIT-6 (no shared turns) and EQ-INIT-2 (unique values): the
    block is ``count`` consecutive values none of which is taken, the first
    at most the roll; no higher such block exists."""
    block = consecutive_block(top, count, taken)
    assert len(block) == count and not set(block) & taken
    assert block == list(range(block[0], block[0] - count, -1))
    assert block[0] <= top
    for higher in range(block[0] + 1, top + 1):
        assert any(higher - i in taken for i in range(count))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), others=st.lists(st.integers(1, 25), max_size=8, unique=True), count=st.integers(1, 8))
def test_eq_init_6_seeded_group_rolls_keep_every_initiative_unique(seed, others, count):
    """rule EQ-INIT-6 with seeded dice: after a group joins a fight nobody shares a value."""
    people = [hero(f"h{i}", f"Hero {i}", value) for i, value in enumerate(others)]
    enc = encounter(*people, rng=random.Random(seed))
    enc.apply(AddGroup(WOLF, count, "1d4"))
    values = [c.initiative for c in enc.state.combatants]
    assert len(values) == len(set(values))
    wolves = sorted((c.initiative for c in enc.state.combatants if c.name.startswith("Wolf")), reverse=True)
    assert wolves == list(range(wolves[0], wolves[0] - count, -1))


@pytest.mark.parametrize("ruleset", ["equestria", "srd35", "tactical_d10", "power_roll"])
def test_eq_init_6_every_ruleset_gives_a_group_consecutive_unique_turns(ruleset):
    """rule EQ-INIT-6: every ruleset here keeps initiatives unique (EQ-INIT-2
    is the shared machinery), so a group rolls once and takes consecutive values."""
    plain = Combatant("t", "Goblin", Side.FOE, {}, 5, 5)
    others = [Combatant(f"p{i}", f"P{i}", Side.PARTY, {}, 5, 5, initiative=v) for i, v in enumerate((9, 7, 5))]
    for seed in range(30):
        enc = encounter(*others, rng=random.Random(seed), ruleset=ruleset)
        events = enc.apply(AddGroup(plain, 4))
        [group] = [e for e in events if isinstance(e, GroupInitiativeRolled)]
        assert f"1d{enc.ruleset.initiative_sides}" in group.roll.expression
        values = [c.initiative for c in enc.state.combatants]
        assert len(set(values)) == len(values)
        assert list(group.values) == list(range(group.values[0], group.values[0] - 4, -1))


def test_a_single_creature_of_a_name_already_present_is_numbered():
    """A try-out added ``Boar foe 10`` beside a Boar: two identical rows, and
    a log ("attacks of opportunity from Goblin") no one could read. The rules
    number the newcomer as they number a group."""
    enc = Encounter(EncounterState("t", GRID, (replace_name(WOLF, "Boar", "c1"),)), get("equestria"), random.Random(1))
    enc.apply(cmd.AddCombatant(replace_name(WOLF, "Boar", "c2")))
    enc.apply(cmd.AddCombatant(replace_name(WOLF, "Boar", "c3")))
    enc.apply(cmd.AddCombatant(replace_name(WOLF, "Fox", "c4")))
    assert [c.name for c in enc.state.combatants] == ["Boar", "Boar 2", "Boar 3", "Fox"]


def test_a_map_roster_name_on_several_tokens_is_numbered():
    """Two roster lines named Goblin (or one line for two tokens) give Goblin 1 and Goblin 2."""
    from core.combat.demo import state_from_map
    from core.dice.roster import read_map_file

    text_map, roster = read_map_file("G . H\n. G .\n\nG Goblin foe 5\nH Goblin foe 7\n", get("equestria"))
    state = state_from_map("t", text_map, roster)
    assert sorted(c.name for c in state.combatants) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert len({c.name for c in state.combatants}) == 3


def replace_name(template: Combatant, name: str, cid: str) -> Combatant:
    from dataclasses import replace

    return replace(template, id=cid, name=name)
