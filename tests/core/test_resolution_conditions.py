"""Conditions: triggers, escalation, interactions, durations (part 4)."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition, Duration
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import from_text
from core.rulesets import get

GRID = from_text(seed_map_text()).grid


class Rigged(random.Random):
    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1):
        return self.faces.pop(0) - 1


def two(ruleset="tactical_d10", faces=()) -> Encounter:
    a = Combatant("a", "Ann", Side.PARTY, {"BODY": 2}, 20, 20, initiative=9)
    b = Combatant("b", "Boar", Side.FOE, {"BODY": 1}, 20, 20, initiative=5)
    enc = Encounter(EncounterState("t", GRID, (a, b)), get(ruleset), Rigged(*faces))
    enc.apply(cmd.StartCombat())
    return enc


def levels(enc, cid):
    return {c.name: c.level for c in enc.state.combatant(cid).conditions}


def test_a10_tac_eff_1_burning_2_deals_2_at_turn_start_then_3():
    enc = two()
    enc.apply(cmd.AddCondition("b", Condition("burning", 2)))
    events = enc.apply(cmd.NextTurn())  # Boar's turn starts
    fired = next(e for e in events if isinstance(e, ev.ConditionTriggered))
    assert (fired.level, fired.damage, fired.new_level) == (2, 2, 3)
    assert enc.state.combatant("b").hp == 18 and levels(enc, "b") == {"burning": 3}


def test_a10_tac_eff_4_poisoned_1_deals_1_at_turn_end_then_2():
    enc = two()
    enc.apply(cmd.AddCondition("a", Condition("poisoned", 1)))
    assert enc.state.combatant("a").hp == 20  # nothing until the end of Ann's turn
    events = enc.apply(cmd.NextTurn())
    fired = next(e for e in events if isinstance(e, ev.ConditionTriggered))
    assert (fired.combatant, fired.damage, fired.new_level) == ("a", 1, 2)
    assert enc.state.combatant("a").hp == 19


def test_tac_dmg_2_bleeding_counts_down_and_its_duration_says_so_not_until_removed():
    # RULES.md Revision 3 (DEFAULT): bleeding N deals N at the start of its turn, then N-1
    enc = two()
    added = next(e for e in enc.apply(cmd.AddCondition("b", Condition("bleeding", 1))) if isinstance(e, ev.ConditionAdded))
    assert added.until == "until it runs out: 1 damage at the start of its next turn, then gone"
    enc.apply(cmd.NextTurn())  # Boar's turn starts
    assert enc.state.combatant("b").hp == 19 and levels(enc, "b") == {}
    added = next(e for e in enc.apply(cmd.AddCondition("a", Condition("bleeding", 3))) if isinstance(e, ev.ConditionAdded))
    assert added.until == "until it runs out: 3 damage at the start of its next turn, 1 less each turn after: gone after 3 turns"
    burning = next(e for e in enc.apply(cmd.AddCondition("a", Condition("burning", 1))) if isinstance(e, ev.ConditionAdded))
    assert burning.until == "until removed"  # TAC-EFF-1: it grows until put out


def test_a10_tac_eff_1_extinguish_burning_3_is_body_check_against_7():
    enc = two(faces=(5,))
    enc.apply(cmd.AddCondition("a", Condition("burning", 3)))
    events = enc.apply(cmd.Extinguish("a"))
    check = events[0].result
    assert check.difficulty == 7 and check.total == 7 and check.tier.succeeded
    assert "burning" not in levels(enc, "a")


def test_tac_eff_1_3_wet_removes_burning_and_corrosion():
    enc = two()
    enc.apply(cmd.AddCondition("a", Condition("burning", 2)))
    enc.apply(cmd.AddCondition("a", Condition("corrosion", 1)))
    events = enc.apply(cmd.AddCondition("a", Condition("wet")))
    assert levels(enc, "a") == {"wet": 1} and len(events[0].notes) == 2


def test_tac_eff_2_frozen_mp_minus_n_fire_removes_wet_turns_to_iced_mp_0():
    enc = two()
    enc.apply(cmd.AddCondition("b", Condition("frozen", 2)))
    enc.apply(cmd.NextTurn())
    assert enc.state.combatant("b").budget.movement == 3  # 5 MP - 2 (TAC-EFF-2)
    enc.apply(cmd.AddCondition("b", Condition("wet")))
    assert "iced" in levels(enc, "b") and "frozen" not in levels(enc, "b")
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())
    assert enc.state.combatant("b").budget.movement == 0
    enc.apply(cmd.AddCondition("b", Condition("burning", 1)))
    assert "iced" not in levels(enc, "b")


def test_duration_until_start_of_anchor_next_turn_expires_and_is_logged():
    enc = two()  # Ann's turn
    enc.apply(cmd.AddCondition("b", Condition("blinded", 1, Duration.until_start_of("a"))))
    enc.apply(cmd.NextTurn())  # Boar
    assert "blinded" in levels(enc, "b")
    events = enc.apply(cmd.NextTurn())  # Ann again: expires
    expired = [e for e in events if isinstance(e, ev.ConditionExpired)]
    assert expired and expired[0].condition.name == "blinded" and "blinded" not in levels(enc, "b")


def test_duration_n_rounds_keyed_to_creature_survives_reorder():
    enc = two()
    enc.apply(cmd.AddCondition("b", Condition("slowed", 1, Duration.rounds(2, "a"))))
    enc.apply(cmd.SetInitiative("a", 1))  # reordering does not shorten or stretch it
    ann_turns = 0
    while "slowed" in levels(enc, "b"):
        events = enc.apply(cmd.NextTurn())
        ann_turns += any(isinstance(e, ev.TurnStarted) and e.combatant == "a" for e in events)
    assert ann_turns == 2 and enc.state.current == "a"


def test_condition_level_below_1_and_unknown_refused():
    enc = two()
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.AddCondition("a", Condition("burning", 0)))
    with pytest.raises(IllegalCommand):
        enc.apply(cmd.AddCondition("a", Condition("sparkly", 1)))


def test_anchor_removed_its_durations_end():
    enc = two()
    enc.apply(cmd.AddCondition("a", Condition("stunned", 1, Duration.until_end_of("b"))))
    events = enc.apply(cmd.RemoveCombatant("b"))
    assert any(isinstance(e, ev.ConditionExpired) for e in events) and levels(enc, "a") == {}


def test_stunned_takes_actions_dazed_takes_reaction():
    enc = two()
    enc.apply(cmd.AddCondition("b", Condition("stunned", 1, Duration.until_end_of("b"))))
    enc.apply(cmd.NextTurn())
    assert enc.state.combatant("b").budget.left("action") == 0
    enc.apply(cmd.NextTurn())
    assert "stunned" not in levels(enc, "b")
