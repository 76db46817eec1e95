"""Contests (grapple, shove, trip, disarm) need a foe within melee reach
unless the GM overrides, logged (rule TAC-ACT-2; reach as EQ-MOV-4)."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import Grid
from core.rulesets import get


def _fight(apart: int, side: Side = Side.FOE) -> Encounter:
    """tactical_d10 (seed 003): Muscles +3 attacker, ``apart`` cells from the target."""
    a = Combatant("a", "Aria", Side.PARTY, {"MUSCLES": 3}, 10, 10, position=(1, 1), initiative=9)
    b = Combatant("b", "Boar", side, {"MUSCLES": 1}, 10, 10, position=(1 + apart, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(12, 4), (a, b)), get("tactical_d10"), random.Random(4))
    encounter.apply(cmd.StartCombat())
    return encounter


@pytest.mark.parametrize(("action", "apart"), [("grapple", 5), ("shove", 4), ("trip", 2), ("disarm", 3)])
def test_tac_act_2_contest_out_of_reach_is_refused_and_spends_nothing(action, apart):
    encounter = _fight(apart)
    before = encounter.state
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Contest("a", "b", action))
    assert refused.value.rule == "TAC-ACT-2" and f"{apart} cells" in str(refused.value)
    assert encounter.state is before
    assert encounter.state.combatant("a").budget.left("action") == 1


def test_tac_act_2_contest_against_an_ally_is_refused():
    encounter = _fight(1, Side.PARTY)
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Contest("a", "b", "shove"))
    assert refused.value.rule == "TAC-ACT-2" and "side" in str(refused.value)


def test_tac_act_2_contest_with_itself_is_refused_even_with_override():
    encounter = _fight(1)
    with pytest.raises(IllegalCommand):
        encounter.apply(cmd.Contest("a", "a", "grapple", override=True))


def test_tac_act_2_adjacent_foe_is_contested():
    encounter = _fight(1)
    events = encounter.apply(cmd.Contest("a", "b", "grapple"))
    rolled = next(e for e in events if isinstance(e, ev.ContestRolled))
    assert rolled.attack.total == rolled.attack.natural + 3
    assert not any(isinstance(e, ev.OverrideUsed) for e in events)
    assert encounter.state.combatant("a").budget.left("action") == 0


def test_tac_act_2_gm_override_rolls_it_and_logs_the_override():
    encounter = _fight(5)
    events = encounter.apply(cmd.Contest("a", "b", "grapple", override=True))
    assert isinstance(events[0], ev.OverrideUsed) and "5 cells" in events[0].refusal
    assert any(isinstance(e, ev.ContestRolled) for e in events)


def test_eq_mov_4_a_contest_with_a_creature_at_altitude_3_is_out_of_reach():
    from dataclasses import replace

    from core.values.mobility import Layer

    encounter = _fight(1)
    boar = encounter.state.combatant("b")
    encounter.state = encounter.state.replace_combatant(replace(boar, layer=Layer.AIR, altitude=3))
    with pytest.raises(IllegalCommand) as refused:
        encounter.apply(cmd.Contest("a", "b", "trip"))
    assert refused.value.rule == "EQ-MOV-4"
