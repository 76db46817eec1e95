"""tactical_d10 (seed 003): the tripped creature's stand-up (TAC-ACT-3), the
optional test mechanics as house-rule switches (TAC-OPT-1), each tested on
and off, and the main sense that voids the invisible attacker's advantage
(TAC-POS-6)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.combat import commands as cmd
from core.combat import events as ev
from core.values.combatant import Inventory, Side
from core.values.conditions import Condition
from core.offers.base import find, offers
from core.offers.attacks import attack_command
from core.combat.attacks import plan_attack
from tests.core.reach_helpers import creature, damage_to, encounter, of

SWITCHES = ("opt_crouched_jump", "opt_shove_while_grappling", "opt_dash_attack", "opt_dash_shove", "opt_dash_jump",
            "opt_dash_long_pierce", "opt_shield_wall")


def _until(enc, command, done):
    """Apply ``command`` with the first seed after which ``done(events)``."""
    start = enc.state
    for seed in range(300):
        enc.state, enc.rng = start, random.Random(seed)
        events = enc.apply(command)
        if done(events):
            return events
    raise AssertionError("no seed did it")


def _duel(house=None, **hero):
    a = creature("a", {"MUSCLES": 20, "BODY": 5}, initiative=9, **hero)
    b = creature("b", {"MUSCLES": 0}, position=(3, 2), side=Side.FOE, initiative=5)
    return encounter("tactical_d10", a, b, house=house, fight=True)


def test_tac_opt_1_every_switch_is_off_by_default():
    enc = _duel()
    assert not any(getattr(enc.ruleset.settings, s) for s in SWITCHES)


# -- TAC-ACT-3 ----------------------------------------------------------------------
def test_tac_act_3_a_tripped_creature_stands_at_its_turn_start_paying_2_mp_and_p_gives_it_back():
    """Seed 003: prone until its own round, when it must stand (stand up: 2 MP of 5)."""
    enc = _duel()
    _until(enc, cmd.Contest("a", "b", "trip"), lambda e: any(isinstance(x, ev.ConditionAdded) for x in e))
    events = enc.apply(cmd.NextTurn())
    b = enc.state.combatant("b")
    assert "prone" not in {c.name for c in b.conditions} and b.budget.movement == 3
    assert of(events, ev.Maneuvered)[0].rule == "TAC-ACT-3"
    enc.apply(cmd.PreviousTurn())
    assert "prone" in {c.name for c in enc.state.combatant("b").conditions}


def test_tac_act_3_lying_down_by_choice_is_not_a_trip():
    enc = _duel()
    b = enc.state.combatant("b")
    enc.state = enc.state.replace_combatant(replace(b, conditions=(Condition("prone"),)))
    enc.apply(cmd.NextTurn())
    assert "prone" in {c.name for c in enc.state.combatant("b").conditions}
    assert enc.state.combatant("b").budget.movement == 5


# -- TAC-OPT-1 ----------------------------------------------------------------------
def _after_dash(house):
    enc = _duel(house)
    enc.apply(cmd.TakeAction("a", "dash"))
    enc.apply(cmd.NextTurn())
    enc.apply(cmd.NextTurn())  # a's turn again: the turn after its dash
    return enc


@pytest.mark.parametrize("on", [True, False])
def test_tac_opt_1_attack_after_a_dash_adds_half_the_body(on):
    """Body 5 -> +2 damage on the turn after a dash (seed 003's dagger: 3 piercing)."""
    enc = _after_dash({"opt_dash_attack": on})
    events = _until(enc, attack_command(enc.state, enc.ruleset, "a", "b", "3 piercing"),
                    lambda e: of(e, ev.AttackRolled)[0].result.tier.value == "success")
    assert damage_to(events, "b") == (5 if on else 3)


@pytest.mark.parametrize("on", [True, False])
def test_tac_opt_1_long_piercing_weapon_after_a_dash_hits_the_creature_behind(on):
    a = creature("a", {"MUSCLES": 20, "BODY": 1}, initiative=9)
    b = creature("b", {}, position=(3, 2), side=Side.FOE, initiative=5)
    c = creature("c", {}, position=(4, 2), side=Side.FOE, initiative=3)
    enc = encounter("tactical_d10", a, b, c, house={"opt_dash_long_pierce": on}, fight=True)
    enc.apply(cmd.TakeAction("a", "dash"))
    for _ in range(3):
        enc.apply(cmd.NextTurn())
    events = _until(enc, attack_command(enc.state, enc.ruleset, "a", "b", "3 piercing long"),
                    lambda e: of(e, ev.AttackRolled)[0].result.tier.value == "success")
    assert damage_to(events, "c") == (3 if on else 0) and damage_to(events, "b") == 3


@pytest.mark.parametrize("on", [True, False])
def test_tac_opt_1_shove_after_a_dash_carries_one_more_cell(on):
    enc = _after_dash({"opt_dash_shove": on})
    events = _until(enc, cmd.Contest("a", "b", "shove", 1), lambda e: of(e, ev.ContestRolled)[0].success)
    notes = [e.outcome for e in of(events, ev.Maneuvered) if e.rule == "TAC-OPT-1"]
    assert notes == (["B is pushed 2 cell(s), not 1"] if on else [])


@pytest.mark.parametrize("on", [True, False])
def test_tac_opt_1_shove_while_grappling(on):
    enc = _duel({"opt_shove_while_grappling": on})
    b = enc.state.combatant("b")
    enc.state = enc.state.replace_combatant(replace(b, conditions=(Condition("grappled", source="a"),)))
    events = _until(enc, cmd.Contest("a", "b", "shove", 1), lambda e: of(e, ev.ContestRolled)[0].success)
    assert any("as if from A's cell" in e.outcome for e in of(events, ev.Maneuvered)) is on


@pytest.mark.parametrize(("on", "crouched", "difficulty"), [(True, True, 3), (False, True, 4), (True, False, 4)])
def test_tac_opt_1_a_jump_from_a_crouch_is_1_easier(on, crouched, difficulty):
    """Seed 003: clearing 1 cell is against 4; from a crouch (switch on) 3."""
    enc = _duel({"opt_crouched_jump": on}, conditions=(Condition("crouched"),) if crouched else ())
    jumped = of(enc.apply(cmd.Jump("a", (2, 4))), ev.Jumped)[0]
    assert jumped.check.difficulty == difficulty


@pytest.mark.parametrize(("on", "difficulty"), [(True, 4), (False, 6)])
def test_tac_opt_1_a_jump_after_a_dash_carries_one_more_cell_at_the_same_difficulty(on, difficulty):
    enc = _after_dash({"opt_dash_jump": on})
    jumped = of(enc.apply(cmd.Jump("a", (2, 5))), ev.Jumped)[0]
    assert jumped.check.difficulty == difficulty


@pytest.mark.parametrize(("on", "weapon", "wall"), [(True, "1d6 piercing", True), (False, "1d6 piercing", False), (True, "1d6 chopping", False)])
def test_tac_opt_1_three_shields_in_a_row_raise_the_shield_bonus(on, weapon, wall):
    shield = Inventory(quick=("shield",))
    a = creature("a", {"MUSCLES": 2}, position=(2, 2), initiative=9)
    foes = [creature(n, {}, position=(3, y), side=Side.FOE, inventory=shield, initiative=5 - y) for n, y in (("b", 2), ("c", 1), ("d", 3))]
    enc = encounter("tactical_d10", a, *foes, house={"opt_shield_wall": on}, fight=True)
    command = attack_command(enc.state, enc.ruleset, "a", "b", weapon)
    plan = plan_attack(enc.ruleset, enc.state.combatant("a"), enc.state.combatant("b"), command.weapon, command.situation)
    assert any(m.rule == "TAC-OPT-1" and m.value == -1 for m in plan.modifiers) is wall


# -- TAC-POS-6 ----------------------------------------------------------------------
@pytest.mark.parametrize(("sense", "advantage"), [("sight", True), ("hearing", False)])
def test_tac_pos_6_no_invisible_attacker_advantage_against_a_creature_not_relying_on_sight(sense, advantage):
    """Seed 003: invisible but betrayed by other senses -> advantage (TAC-POS-4), except creatures whose main sense is not sight."""
    enc = _duel(conditions=(Condition("invisible"),))
    if sense != "sight":  # sight is every creature's main sense until the sheet says otherwise
        enc.apply(find(offers(enc.state, enc.ruleset, "b", "b"), "main-sense").command(sense))
    assert enc.state.combatant("b").main_sense == sense
    command = attack_command(enc.state, enc.ruleset, "a", "b", "1d6 piercing")
    plan = plan_attack(enc.ruleset, enc.state.combatant("a"), enc.state.combatant("b"), command.weapon, command.situation)
    assert any("invisible but detected" in r for r in plan.assembly.advantage_reasons) is advantage


def test_tac_opt_1_the_jump_preview_shows_the_easier_difficulty_from_a_crouch():
    from core.offers.base import preview

    enc = _duel({"opt_crouched_jump": True}, conditions=(Condition("crouched"),))
    shown = preview(enc.state, enc.ruleset, cmd.Jump("a", (2, 4)))
    assert shown.difficulty == 3 and any("TAC-OPT-1" in n for n in shown.notes)
