"""Changing initiative during a round (EQ-INIT-5 by hand, EQ-INIT-2 unique):
a creature that has not acted this round keeps its turn this round whatever
its new value (raised above the current one, it acts right after it); one
that has acted does not act twice; a creature that joins above the current
initiative first acts next round, and the log says so."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.grid import Grid
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.rulesets import get
from core.values.combatant import Combatant, Side


def _fight() -> Encounter:
    """A 20, B 15, C 10, D 5 (equestria), round 1 begun with A."""
    people = [Combatant(cid, cid, Side.PARTY if cid in "AB" else Side.FOE, {}, 10, 10, initiative=init)
              for cid, init in (("A", 20), ("B", 15), ("C", 10), ("D", 5))]
    encounter = Encounter(EncounterState("t", Grid.filled(4, 4), tuple(people)), get("equestria"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    return encounter


def _turns(encounter: Encounter, count: int) -> list[tuple[int, str]]:
    """(round, current) after each of ``count`` NextTurns."""
    seen = []
    for _ in range(count):
        encounter.apply(cmd.NextTurn())
        seen.append((encounter.state.round, encounter.state.current))
    return seen


def test_eq_init_5_raised_above_the_current_one_it_acts_right_after_it():
    encounter = _fight()
    _turns(encounter, 2)  # C's turn: A and B have acted
    events = encounter.apply(cmd.SetInitiative("D", 25))
    assert events[0].note == "acts right after C this round"
    assert _turns(encounter, 2) == [(1, "D"), (2, "D")]


def test_eq_init_5_raised_between_it_keeps_its_place_after_the_current_one():
    encounter = _fight()
    _turns(encounter, 1)  # B's turn: A has acted, C (10) and D (5) have not
    encounter.apply(cmd.SetInitiative("D", 18))
    assert _turns(encounter, 3) == [(1, "D"), (1, "C"), (2, "A")]


def test_eq_init_5_one_that_has_acted_does_not_act_twice():
    encounter = _fight()
    _turns(encounter, 1)  # B's turn: A has acted
    events = encounter.apply(cmd.SetInitiative("A", 3))
    assert events[0].note == "has acted this round; acts at 3 from round 2"
    assert _turns(encounter, 3) == [(1, "C"), (1, "D"), (2, "B")]


def test_eq_init_5_a_swap_keeps_the_turn_of_the_one_that_has_not_acted():
    encounter = _fight()
    _turns(encounter, 1)  # B's turn: A has acted
    encounter.apply(cmd.SwapInitiative("A", "D"))  # D now 20, A now 5
    assert _turns(encounter, 3) == [(1, "D"), (1, "C"), (2, "D")]


def test_eq_init_5_a_creature_joining_above_the_current_one_first_acts_next_round():
    encounter = _fight()
    _turns(encounter, 2)  # C's turn
    wolf = Combatant("W", "Wolf", Side.FOE, {}, 9, 9, initiative=17)
    events = encounter.apply(cmd.AddCombatant(wolf))
    assert any(isinstance(e, ev.FirstTurnNextRound) and e.round == 2 for e in events)
    assert _turns(encounter, 3) == [(1, "D"), (2, "A"), (2, "W")]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("ABCD"), st.integers(-30, 30), st.booleans()), max_size=12))
def test_eq_init_6_whatever_the_gm_sets_each_creature_acts_once_a_round(steps):
    """Any mix of NextTurn and SetInitiative: within a round nobody acts twice,
    and every creature acts in each round that began before the change."""
    encounter = _fight()
    acted_in = {1: ["A"]}
    for who, value, then_next in steps:
        free = value not in {c.initiative for c in encounter.state.combatants if c.id != who}
        if free:
            encounter.apply(cmd.SetInitiative(who, value))
        if then_next:
            encounter.apply(cmd.NextTurn())
            acted_in.setdefault(encounter.state.round, []).append(encounter.state.current)
    for round_, ids in acted_in.items():
        assert len(ids) == len(set(ids)), f"round {round_}: {ids}"
        if round_ < encounter.state.round:
            assert sorted(ids) == list("ABCD"), f"round {round_}: {ids}"


def test_eq_init_5_a_group_joining_mid_round_is_told_which_members_first_act_next_round():
    from core.combat.add_group import AddGroup

    encounter = _fight()
    _turns(encounter, 2)  # C's turn: the round has reached initiative 10
    wolf = Combatant("W", "Wolf", Side.FOE, {"DEX": 12}, 9, 9)  # 1d20 + 12: the pack lands above 10
    events = encounter.apply(AddGroup(wolf, 3))
    wolves = [c for c in encounter.state.combatants if c.name.startswith("Wolf")]
    later = {c.id for c in wolves if c.initiative is not None and c.initiative > 10}
    assert len(later) == 3
    assert {e.combatant for e in events if isinstance(e, ev.FirstTurnNextRound)} == later
    seen = [current for _, current in _turns(encounter, 1 + len(wolves) - len(later))]
    assert not later & set(seen)  # none of them acted this round
