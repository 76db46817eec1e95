"""Every event a rule decided names its rule (core.combat.event_rules)."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.event_rules import rule_of
from core.combat.state import EncounterState
from core.board.grid import from_text
from core.rulesets import get
from core.values.combatant import Combatant, Side
from core.values.phases import Phase

GRID = from_text(seed_map_text()).grid


def test_eq_init_1_and_eq_init_2_an_initiative_roll_and_a_tie_roll_off():
    enc = Encounter(EncounterState("t", GRID, (Combatant("a", "A", Side.PARTY, {}, 5, 5), Combatant("b", "B", Side.FOE, {}, 5, 5))), get("equestria"), random.Random(2))
    rolled = [e for e in enc.apply(cmd.StartCombat()) if isinstance(e, ev.InitiativeRolled)]
    assert {rule_of(e) for e in rolled if not e.rolloff} <= {"EQ-INIT-1"}
    tie = ev.InitiativeRolled("a", "A", rolled[0].roll, 12, (3, 5))
    assert rule_of(tie) == rule_of(tie, get("srd35")) == "EQ-INIT-2"  # ties by EQ-INIT-2 in all four rulesets


def test_a_rule_the_event_carries_wins_and_a_borrowed_rule_is_marked_default():
    assert rule_of(ev.InitiativeSet("a", "A", 16, "EQ-INIT-3")) == "EQ-INIT-3"
    assert rule_of(ev.FightDecided(Side.FOE, 3)) == "EQ-SIT-3"
    assert rule_of(ev.PhaseChanged(Phase.COMBAT), get("equestria")) == "EQ-SIT-1"
    assert rule_of(ev.PhaseChanged(Phase.EVERYDAY), get("srd35")) == "EQ-SIT-3 DEFAULT"
    started = ev.TurnStarted(1, "a", "A")
    assert (rule_of(started, get("equestria")), rule_of(started, get("tactical_d10"))) == ("EQ-ACT-1", "TAC-ACT-1")
    assert rule_of(ev.Died("a", "A")) == "TAC-HP-1"


def test_srd_mov_9_srd35_trades_its_standard_action_for_a_move_by_its_own_seed():
    """SRD-MOV-9: seed 002's double move uses both actions for movement, so the trade is srd35's own
    rule, not equestria's EQ-ACT-3 (which power_roll borrows, said as the DEFAULT it is)."""
    traded = ev.FullActionExchanged("a", "A", 1, "standard", "move")
    assert (rule_of(traded, get("srd35")), rule_of(traded, get("equestria"))) == ("SRD-MOV-9", "EQ-ACT-3")
    assert get("srd35").offer_rule("exchange", "EQ-ACT-3") == "SRD-MOV-9"
    assert get("power_roll").offer_rule("exchange", "EQ-ACT-3") == "DEFAULT, as in equestria EQ-ACT-3"
    from tui.rendering.describe import describe

    assert describe(traded).plain == "A trades the standard action for 1 move action(s)"
    assert rule_of(ev.ActionSpent("a", "A", "move", 0), get("srd35")) == "SRD-MOV-9"  # moving takes the move action


def test_what_the_gm_typed_names_no_rule():
    assert rule_of(ev.RoundStarted(2)) == "" and rule_of(ev.CombatantAdded("a", "A")) == ""


def test_a_conditions_events_name_its_catalogue_rule_tac_eff_1():
    from core.values.conditions import Condition

    burning = Condition("burning", 2)
    assert rule_of(ev.ConditionAdded("a", "A", burning), get("tactical_d10")) == "TAC-EFF-1"
    assert rule_of(ev.ConditionExpired("a", "A", burning), get("tactical_d10")) == "TAC-EFF-1"
