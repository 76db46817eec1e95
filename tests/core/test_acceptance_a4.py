"""Acceptance A4 (rules EQ-ACT-1, EQ-ACT-2): all four actions refresh at
the start of the creature's own next turn, not before."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.rulesets import get


def test_a4_eq_act_1_all_four_refresh_at_the_start_of_its_own_next_turn():
    a = Combatant("a", "Aria", Side.PARTY, {"DEX": 1}, 10, 10, position=(1, 1), initiative=15)
    b = Combatant("b", "Boar", Side.FOE, {"DEX": 1}, 10, 10, position=(6, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(10, 4), (a, b)), get("equestria"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    for kind in ("full", "quick", "reaction"):
        encounter.apply(cmd.SpendAction("a", kind))
    encounter.apply(cmd.Move("a", (3, 1)))
    spent = encounter.state.combatant("a").budget
    assert (spent.left("full"), spent.left("quick"), spent.left("reaction"), spent.movement) == (0, 0, 0, 4)
    encounter.apply(cmd.NextTurn())  # the boar's turn: nothing of Aria's comes back yet
    assert encounter.state.combatant("a").budget == spent
    encounter.apply(cmd.NextTurn())  # Aria's own next turn
    fresh = encounter.state.combatant("a").budget
    assert (fresh.left("full"), fresh.left("quick"), fresh.left("reaction"), fresh.movement) == (1, 1, 1, 6)
