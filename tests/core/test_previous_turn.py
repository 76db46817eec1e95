"""Handing the turn back (``p``) gives back what the turn change did by
itself, keeps what the GM did, and ``n`` afterwards fires the start of the
turn once (rules EQ-ACT-1, EQ-INIT-6, TAC-EFF-1, TAC-EFF-4)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition, Duration
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.rulesets import get


def _fight() -> Encounter:
    """tactical_d10: Aria (initiative 10) and a boar (5) burning 2 (TAC-EFF-1),
    poisoned 1 (TAC-EFF-4) and stunned until the start of its turn."""
    aria = Combatant("a", "Aria", Side.PARTY, {}, 20, 20, position=(1, 1), initiative=10)
    boar = Combatant("b", "Boar", Side.FOE, {}, 30, 30, position=(3, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (aria, boar)), get("tactical_d10"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.AddCondition("b", Condition("burning", 2)))
    encounter.apply(cmd.AddCondition("b", Condition("poisoned", 1)))
    encounter.apply(cmd.AddCondition("b", Condition("stunned", 1, Duration.until_start_of("b"))))
    encounter.apply(cmd.AddCondition("a", Condition("dazed", 1, Duration.until_end_of("a"))))
    return encounter


def _levels(encounter: Encounter, cid: str) -> dict[str, int]:
    return {c.name: c.level for c in encounter.state.combatant(cid).conditions}


def test_tac_eff_1_p_gives_back_burning_damage_and_level_and_the_expired_condition():
    """A10's numbers: burning 2 deals 2 at the start of the boar's turn and
    becomes 3; p gives the 2 HP back, burning is 2 again, stunned is back."""
    encounter = _fight()
    before = encounter.state.combatant("b")
    encounter.apply(cmd.NextTurn())
    boar = encounter.state.combatant("b")
    assert (boar.hp, _levels(encounter, "b")) == (28, {"burning": 3, "poisoned": 1})
    assert "dazed" not in _levels(encounter, "a")  # expired at the end of Aria's turn
    events = encounter.apply(cmd.PreviousTurn())
    # the last line (the status line) names whose turn it is now, not the boar's given-back effects
    assert isinstance(events[-1], ev.TurnReturned) and events[-1].combatant == "a"
    assert any(isinstance(e, ev.TurnEffectsUndone) for e in events)
    boar = encounter.state.combatant("b")
    assert (boar.hp, boar.conditions) == (30, before.conditions)
    assert _levels(encounter, "a") == {"dazed": 1}
    assert encounter.state.current == "a" and encounter.state.round == 1


def test_tac_eff_1_n_after_p_burns_once():
    encounter = _fight()
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.PreviousTurn())
    events = encounter.apply(cmd.NextTurn())
    assert sum(isinstance(e, ev.ConditionTriggered) for e in events) == 1
    assert encounter.state.combatant("b").hp == 28 and _levels(encounter, "b")["burning"] == 3


def test_tac_eff_4_p_gives_back_end_of_turn_poison_and_its_level():
    """Poisoned 1 deals 1 at the end of the boar's turn and becomes 2 (A10); p gives both back."""
    encounter = _fight()
    encounter.apply(cmd.NextTurn())  # the boar's turn: burning 2 -> 28 HP
    encounter.apply(cmd.NextTurn())  # round 2, Aria: poison dealt 1 at the boar's end
    assert encounter.state.combatant("b").hp == 27 and _levels(encounter, "b")["poisoned"] == 2
    encounter.apply(cmd.PreviousTurn())
    assert encounter.state.round == 1 and encounter.state.current == "b"
    assert encounter.state.combatant("b").hp == 28 and _levels(encounter, "b")["poisoned"] == 1


def test_eq_act_1_p_puts_the_budget_back_and_keeps_what_the_gm_did():
    encounter = _fight()
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())  # round 2, Aria's turn
    encounter.apply(cmd.SpendAction("b", "reaction"))  # the boar reacts during Aria's turn
    encounter.apply(cmd.NextTurn())  # its turn: the reaction refreshes (EQ-ACT-1)
    assert encounter.state.combatant("b").budget.left("reaction") == 1
    encounter.apply(cmd.Damage("a", 5))  # the GM, meanwhile
    encounter.apply(cmd.AddCondition("b", Condition("prone")))
    encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("b").budget.left("reaction") == 0  # as it was: spent
    assert encounter.state.combatant("a").hp == 15 and encounter.state.current == "a"  # the GM's damage stays
    assert "prone" in _levels(encounter, "b")  # and the GM's condition


def test_a_condition_the_gm_changed_since_stays_as_the_gm_left_it():
    encounter = _fight()
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.RemoveCondition("b", "burning", "doused"))
    encounter.apply(cmd.PreviousTurn())
    assert "burning" not in _levels(encounter, "b") and "stunned" in _levels(encounter, "b")
    assert encounter.state.combatant("b").hp == 30


def test_p_without_a_recorded_turn_change_still_hands_the_turn_back():
    """After a delay (not a NextTurn) p hands the turn back as before, giving nothing back."""
    encounter = _fight()
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.NextTurn())  # round 2, Aria
    encounter.state = dataclasses.replace(encounter.state, boundaries=())  # an old save
    events = encounter.apply(cmd.PreviousTurn())
    assert encounter.state.current == "b" and not any(isinstance(e, ev.TurnEffectsUndone) for e in events)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("np"), max_size=14))
def test_any_sequence_of_n_and_p_leaves_hp_and_conditions_as_the_net_number_of_n(keys):
    """Property: n/p in any order = the net count of n."""
    from core.errors import IllegalCommand

    played = _fight()
    net = 0
    for key in keys:
        if key == "n":
            played.apply(cmd.NextTurn())
            net += 1
        else:
            try:
                played.apply(cmd.PreviousTurn())
            except IllegalCommand:
                assert net == 0
                continue
            net -= 1
    straight = _fight()
    for _ in range(net):
        straight.apply(cmd.NextTurn())
    for cid in ("a", "b"):
        got, want = played.state.combatant(cid), straight.state.combatant(cid)
        assert (got.hp, got.conditions, got.dead) == (want.hp, want.conditions, want.dead)
    assert (played.state.round, played.state.current) == (straight.state.round, straight.state.current)


@pytest.mark.parametrize("ruleset", ["equestria", "srd35", "power_roll"])
def test_n_then_p_restores_the_budget_in_every_ruleset(ruleset):
    aria = Combatant("a", "Aria", Side.PARTY, {"DEX": 1}, 20, 20, initiative=10)
    boar = Combatant("b", "Boar", Side.FOE, {"DEX": 1}, 30, 30, initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(6, 4), (aria, boar)), get(ruleset), random.Random(1))
    encounter.apply(cmd.StartCombat())
    encounter.apply(cmd.NextTurn())
    start = encounter.state.combatant("b").budget
    encounter.apply(cmd.NextTurn())
    encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("b").budget == start
