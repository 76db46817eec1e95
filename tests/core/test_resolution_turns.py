"""Turn economy, initiative variants, phases, dice log (parts 5-8)."""

from __future__ import annotations

import random

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Combatant, Side
from core.combat.demo import seed_map_text
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.board.grid import from_text
from core.combat.initiative import starter_value, summon_value
from core.values.phases import Phase
from core.rulesets import get

GRID = from_text(seed_map_text()).grid


def c(cid: str, init: int | None, side=Side.PARTY, **stats) -> Combatant:
    return Combatant(cid, cid.upper(), side, dict(stats), 10, 10, initiative=init)


def fight(ruleset: str, *combatants: Combatant, start=True, seed=1, house=None) -> Encounter:
    enc = Encounter(EncounterState("t", GRID, combatants), get(ruleset, house), random.Random(seed))
    if start:
        enc.apply(cmd.StartCombat())
    return enc


# -- equestria economy -------------------------------------------------------
@pytest.mark.parametrize(("dex", "kinds"), [(-1, {"full"}), (0, {"full", "quick"}), (1, {"full", "quick", "reaction"})])
def test_a4_eq_act_1_eq_act_2_dex_gates(dex, kinds):
    enc = fight("equestria", c("a", 10, DEX=dex))
    budget = enc.state.combatant("a").budget
    assert {k for k, v in budget.actions.items() if v} == kinds and budget.movement == 6


@pytest.mark.parametrize(("dex", "gained"), [(1, 1), (2, 2)])
def test_a4_eq_act_3_exchange_full_for_quick(dex, gained):
    enc = fight("equestria", c("a", 10, DEX=dex))
    enc.apply(cmd.ExchangeFullAction("a"))
    assert enc.state.combatant("a").budget.left("quick") == 1 + gained


def test_eq_act_3_at_dex_minus_1_the_exchange_gives_a_usable_quick_action_reading_a():
    enc = fight("equestria", c("a", 10, DEX=-1))
    enc.apply(cmd.ExchangeFullAction("a"))
    enc.apply(cmd.SpendAction("a", "quick"))  # reading (a), the DEFAULT
    assert enc.state.combatant("a").budget.left("quick") == 0


def test_eq_act_3_reading_b_is_a_house_rule_that_refuses_the_exchange_below_dex_0():
    enc = fight("equestria", c("a", 10, DEX=-1), house={"exchange_below_quick_dex": False})
    with pytest.raises(IllegalCommand, match="reading \\(b\\)") as refused:
        enc.apply(cmd.ExchangeFullAction("a"))
    assert refused.value.rule == "EQ-ACT-3" and enc.state.combatant("a").budget.left("full") == 1


def test_eq_act_4_reaction_spent_off_turn_refreshed_at_own_turn_start():
    enc = fight("equestria", c("a", 10, DEX=1), c("b", 5, Side.FOE, DEX=1))
    enc.apply(cmd.NextTurn())  # b's turn
    enc.apply(cmd.SpendAction("a", "reaction"))  # a dodges off-turn
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.SpendAction("a", "full"))
    assert refused.value.rule == "EQ-ACT-1"
    assert enc.state.combatant("a").budget.left("reaction") == 0
    enc.apply(cmd.NextTurn())
    assert enc.state.combatant("a").budget.left("reaction") == 1


def test_overspending_refused_with_reason_unless_gm_override_logged():
    enc = fight("equestria", c("a", 10, DEX=1))
    enc.apply(cmd.SpendAction("a", "full"))
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.SpendAction("a", "full"))
    assert refused.value.rule == "EQ-ACT-1"
    events = enc.apply(cmd.SpendAction("a", "full", override=True))
    assert isinstance(events[0], ev.OverrideUsed) and events[1].overridden


# -- tactical_d10 economy -----------------------------------------------------
def test_tac_mov_1_tac_act_1_five_mp_one_action_one_reaction():
    enc = fight("tactical_d10", c("a", 9))
    b = enc.state.combatant("a").budget
    assert (b.movement, b.left("action"), b.left("reaction")) == (5, 1, 1)


def test_tac_mov_2_mp_actions_crouch_2_prone_3_stand_2_draw_slow_5_refused():
    enc = fight("tactical_d10", c("a", 9))
    enc.apply(cmd.SpendMovement("a", "crouch"))
    assert enc.state.combatant("a").budget.movement == 3
    assert [x.name for x in enc.state.combatant("a").conditions] == ["crouched"]
    enc.apply(cmd.SpendMovement("a", "stand"))
    assert enc.state.combatant("a").budget.movement == 1 and enc.state.combatant("a").conditions == ()
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.SpendMovement("a", "draw_slow"))
    assert refused.value.rule == "TAC-MOV-2"
    events = enc.apply(cmd.SpendMovement("a", "draw_slow", override=True))
    assert isinstance(events[0], ev.OverrideUsed)


def test_tac_act_2_dash_doubles_mp_and_gives_moving_ac_next_turn():
    enc = fight("tactical_d10", c("a", 9), c("b", 5, Side.FOE))
    enc.apply(cmd.TakeAction("a", "dash"))
    assert enc.state.combatant("a").budget.movement == 10
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())  # a's next turn: still moving (TAC-POS-5)
    assert "moving" in {x.name for x in enc.state.combatant("a").conditions}
    enc.apply(cmd.NextTurn())
    assert "moving" not in {x.name for x in enc.state.combatant("a").conditions}


def test_tac_act_2_grapple_sets_mp_0_trip_prones():
    enc = fight("tactical_d10", c("a", 9, MUSCLES=5), c("b", 5, Side.FOE, MUSCLES=0), seed=3)
    events = enc.apply(cmd.Contest("a", "b", "grapple"))
    contest = next(e for e in events if isinstance(e, ev.ContestRolled))
    assert contest.attack.total == contest.attack.natural + 5
    if contest.success:
        assert "grappled" in {x.name for x in enc.state.combatant("b").conditions}


# -- srd35 and power_roll economy ---------------------------------------------
def test_srd_mov_9_move_double_move_run():
    enc = fight("srd35", c("a", 9))
    assert enc.state.combatant("a").budget.movement == 6  # 30 ft
    enc.apply(cmd.SpendAction("a", "double_move"))
    assert enc.state.combatant("a").budget.movement == 12
    enc2 = fight("srd35", c("a", 9))
    enc2.apply(cmd.SpendAction("a", "run"))
    assert enc2.state.combatant("a").budget.movement == 24
    enc3 = fight("srd35", c("a", 9, HEAVY_ARMOUR=1))
    enc3.apply(cmd.SpendAction("a", "run"))
    assert enc3.state.combatant("a").budget.movement == 18
    with pytest.raises(IllegalCommand):
        enc3.apply(cmd.SpendAction("a", "standard"))


def test_power_roll_main_maneuver_move():
    enc = fight("power_roll", c("a", 9))
    b = enc.state.combatant("a").budget
    assert (b.left("main"), b.left("maneuver"), b.movement) == (1, 1, 5)
    enc.apply(cmd.ExchangeFullAction("a"))
    assert enc.state.combatant("a").budget.left("maneuver") == 2


# -- initiative variants --------------------------------------------------------
def test_a3_eq_init_3_starter_gets_highest_plus_1():
    assert starter_value([15, 11, 4]) == 16
    enc = fight("equestria", c("s", None), c("x", 15), c("y", 11), c("z", 4), start=False)
    events = enc.apply(cmd.StartCombat(starter="s"))
    assert enc.state.combatant("s").initiative == 16 and enc.state.current == "s"
    assert any(isinstance(e, ev.InitiativeSet) and e.rule == "EQ-INIT-3" for e in events)


def test_a3_eq_init_4_summon_gets_summoner_minus_1_or_next_free():
    assert summon_value(11, {15, 11, 4}) == 10
    assert summon_value(11, {15, 11, 10, 9}) == 8
    enc = fight("equestria", c("x", 15), c("y", 11), c("w", 10))
    enc.apply(cmd.AddCombatant(c("imp", None, Side.FOE), summoner="y"))
    assert enc.state.combatant("imp").initiative == 9


def test_eq_init_5_late_joiner_gm_value_must_be_free():
    enc = fight("equestria", c("x", 15), c("y", 11))
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.AddCombatant(c("late", 11)))
    assert refused.value.rule == "EQ-INIT-2"
    enc.apply(cmd.AddCombatant(c("late", 12)))
    enc.apply(cmd.AddCombatant(c("rolled", None), roll_initiative=True))
    values = [x.initiative for x in enc.state.combatants]
    assert len(values) == len(set(values))


def test_delay_turn_acts_after_chosen_creature_once():
    enc = fight("equestria", c("a", 20), c("b", 15), c("d", 10))
    enc.apply(cmd.DelayTurn("a", "b"))
    assert enc.state.current == "b"
    enc.apply(cmd.NextTurn())
    assert enc.state.current == "a" and enc.state.combatant("a").initiative == 14
    enc.apply(cmd.NextTurn())
    assert enc.state.current == "d"
    events = enc.apply(cmd.NextTurn())
    assert isinstance(events[0], ev.RoundStarted) and enc.state.current == "b"


def test_removing_current_passes_to_next_without_skip_or_repeat():
    enc = fight("equestria", c("a", 20), c("b", 15), c("d", 10))
    enc.apply(cmd.NextTurn())  # b
    enc.apply(cmd.RemoveCombatant("b"))
    assert enc.state.current == "d" and enc.state.round == 1
    enc.apply(cmd.Damage("a", 99))  # defeated: skipped
    enc.apply(cmd.NextTurn())
    assert enc.state.current == "d" and enc.state.round == 2


def test_eq_mnt_1_rider_and_mount_share_a_turn():
    from dataclasses import replace

    from core.values.mobility import Size

    horse = replace(c("horse", 8, DEX=1), size=Size.HUGE)  # EQ-MNT-1: two sizes above a medium rider
    enc = fight("equestria", c("rider", 12, DEX=1), horse, c("foe", 10, Side.FOE))
    enc.apply(cmd.Mount("rider", "horse"))
    seen = [enc.state.current]
    for _ in range(3):
        enc.apply(cmd.NextTurn())
        seen.append(enc.state.current)
    assert seen == ["rider", "foe", "rider", "foe"]
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.SpendAction("horse", "full"))  # the mount acts in the shared turn
    assert enc.state.combatant("horse").budget.left("full") == 0


# -- phases and everyday -------------------------------------------------------
def test_eq_sit_1_3_phases_everyday_preparation_combat_end():
    enc = fight("equestria", c("a", None), c("b", None, Side.FOE), start=False)
    assert enc.state.phase is Phase.EVERYDAY
    enc.apply(cmd.BeginPreparation(Side.PARTY))
    events = enc.apply(cmd.PrepareAction("a", "hide behind the cart", bonus=2))
    assert events[0].bonus == 2 and enc.state.round == 0
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.PrepareAction("b", "ready a spear"))
    assert refused.value.rule == "EQ-SIT-2"
    enc.apply(cmd.StartCombat())
    assert enc.state.phase is Phase.COMBAT
    events = enc.apply(cmd.EndCombat())
    assert events[0] == ev.PhaseChanged(Phase.EVERYDAY) and enc.state.round == 0
    assert [type(e).__name__ for e in events[1:]] == ["ClockAdvanced"]  # the fight's rounds go onto the clock
    assert all(x.initiative is None for x in enc.state.combatants)


def test_eq_day_2_theft_needs_dex_2_and_rolls_with_disadvantage():
    enc = fight("equestria", c("a", None, DEX=1), c("t", None, DEX=2), start=False)
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.RollCheck("a", "DEX", purpose="theft"))
    assert refused.value.rule == "EQ-DAY-2"
    events = enc.apply(cmd.RollCheck("t", "DEX", purpose="theft"))
    assert events[0].result.advantage < 0 and len(events[0].result.roll.dice) == 2


def test_srd_mov_9_no_run_after_moving():
    """SRD-MOV-9: a run (4 x speed, 30 ft -> 24 squares) is a full-round
    action: refused once the creature has moved this turn, unless the GM
    overrides (logged); a double move after moving is still allowed."""
    from core.board.grid import Grid

    def moved() -> Encounter:
        mover = Combatant("a", "A", Side.PARTY, {}, 10, 10, position=(1, 1), initiative=9)
        enc = Encounter(EncounterState("t", Grid.filled(8, 4), (mover,)), get("srd35"), random.Random(1))
        enc.apply(cmd.StartCombat())
        enc.apply(cmd.Move("a", (2, 1)))
        assert enc.state.combatant("a").budget.movement == 5
        return enc

    enc = moved()
    with pytest.raises(IllegalCommand) as refused:
        enc.apply(cmd.SpendAction("a", "run"))
    assert refused.value.rule == "SRD-MOV-9"
    events = enc.apply(cmd.SpendAction("a", "run", override=True))
    assert isinstance(events[0], ev.OverrideUsed) and enc.state.combatant("a").budget.movement == 23
    enc = moved()
    enc.apply(cmd.SpendAction("a", "double_move"))
    assert enc.state.combatant("a").budget.movement == 11
