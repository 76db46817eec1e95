"""What a side may know (core/combat/visibility.py): foes' HP as bands,
no stats or notes, no hidden or unseen foes, no secret conditions; the GM's
hide/reveal and secret marks are commands, logged and undoable."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import from_text
from core.rulesets import get
from core.combat.visibility import HealthBand, health_band, visible_to

import pytest

EQ = get("equestria")
# A wall splits the room: the foe at (6, 1) is seen, the one at (6, 4) is behind the wall.
ROOM = from_text("\n".join([
    "##########",
    "#........#",
    "#........#",
    "#####.####",
    "#.....#..#",
    "##########",
])).grid


def _state(**foe) -> EncounterState:
    hero = Combatant("h", "Hero", Side.PARTY, {"DEX": 1}, 10, 10, position=(1, 1), notes="loves apples")
    seen = Combatant("f", "Bandit", Side.FOE, {"STR": 3}, 9, 16, position=(6, 1), ac=14, notes="has the key", **foe)
    behind = Combatant("g", "Lurker", Side.FOE, {"STR": 1}, 5, 5, position=(8, 4))
    return EncounterState("room", ROOM, (hero, seen, behind))


def test_foes_hp_are_bands_and_their_stats_ac_and_notes_are_stripped():
    view = visible_to(_state(), EQ)
    bandit = view.state.combatant("f")
    assert view.bands == {"f": HealthBand.HURT}
    assert (bandit.stats, bandit.ac, bandit.notes, bandit.hp_max) == ({}, 0, "", 1)
    assert view.state.combatant("h").notes == "loves apples"  # one's own side is known


def test_foes_behind_a_wall_are_not_seen_eq_map_4():
    view = visible_to(_state(), EQ)
    assert {c.id for c in view.state.combatants} == {"h", "f"}
    assert (6, 1) in view.seen and (8, 4) not in view.seen


@pytest.mark.parametrize("hp, band", [(16, HealthBand.UNHURT), (9, HealthBand.HURT), (8, HealthBand.BLOODIED), (1, HealthBand.BLOODIED), (0, HealthBand.DOWN)])
def test_health_bands_default_bloodied_at_half(hp, band):
    assert health_band(Combatant("x", "X", Side.FOE, {}, hp, 16)) is band


def test_hidden_creatures_and_secret_conditions_and_notes_are_left_out():
    encounter = Encounter(_state(), EQ, random.Random(1))
    encounter.apply(cmd.AddCondition("h", Condition("poisoned", 1)))
    encounter.apply(cmd.SetSecret("h", "poisoned"))
    encounter.apply(cmd.SetSecret("h"))
    encounter.apply(cmd.SetHidden("f"))
    view = visible_to(encounter.state, EQ)
    hero = view.state.combatant("h")
    assert hero.conditions == () and hero.notes == "" and "f" not in {c.id for c in view.state.combatants}
    encounter.apply(cmd.SetHidden("f", hidden=False))
    assert "f" in {c.id for c in visible_to(encounter.state, EQ).state.combatants}
    with pytest.raises(IllegalCommand, match="already shown"):
        encounter.apply(cmd.SetHidden("f", hidden=False))


def test_one_players_own_eyes():
    state = _state()
    with pytest.raises(IllegalCommand, match="no party member"):
        visible_to(state, EQ, as_id="Bandit")
    assert visible_to(state, EQ, as_id="Hero").viewers == ("h",)


def test_a_player_still_sees_their_own_character_when_the_gm_hides_it():
    """A watcher ``--as Hero`` froze on "no visible party member" when the GM
    hid the Hero (sneaking): its player knows where it is and what it sees;
    the rest of the party does not see it."""
    encounter = Encounter(_state(), EQ, random.Random(1))
    encounter.apply(cmd.SetHidden("h"))
    own = visible_to(encounter.state, EQ, as_id="Hero")
    assert own.viewers == ("h",) and "h" in {c.id for c in own.state.combatants}
    assert "h" not in {c.id for c in visible_to(encounter.state, EQ).state.combatants}


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60), st.text(min_size=1, max_size=12), st.integers(0, 30))
def test_no_stripped_field_of_a_foe_survives_property(hp_max, hp_seed, note, ac):
    hp = hp_seed % hp_max + 1
    foe = Combatant("f", "Foe", Side.FOE, {"STR": 7}, hp, hp_max, position=(6, 1), ac=ac, notes=note,
                    conditions=(Condition("poisoned", 2, secret=True),))
    hero = Combatant("h", "Hero", Side.PARTY, {}, 10, 10, position=(1, 1))
    shown = visible_to(EncounterState("room", ROOM, (hero, foe)), EQ).state.combatant("f")
    assert (shown.hp_max, shown.stats, shown.ac, shown.notes, shown.conditions) == (1, {}, 0, "", ())
    assert shown.hp in (0, 1)


def test_turn_change_records_with_exact_hp_are_not_in_the_players_view():
    """The records p uses (core.combat.boundary) hold foes' exact HP and conditions: the players' view drops them."""
    encounter = Encounter(_state(initiative=5), EQ, random.Random(1))
    encounter.state = encounter.state.replace_combatant(
        __import__("dataclasses").replace(encounter.state.combatant("h"), initiative=10)
    )
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.NextTurn())
    assert encounter.state.boundaries
    assert visible_to(encounter.state, EQ).state.boundaries == ()
