"""Energy (ЭНЕР) and holding breath in a fight (rules EQ-STAT-1, EQ-BRE-1), with seed 001's numbers (A14)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.campaign import energy as cmd
from core.campaign.breath import Activity
from core.combat.demo import demo_encounter
from core.campaign.energy import breath_left
from core.errors import IllegalCommand


def _encounter(body=3, energy=10):
    encounter, _ = demo_encounter(random.Random(3))
    state = encounter.state
    first = state.combatants[0]
    stats = dict(first.stats)
    if body is None:
        stats.pop("BODY", None)
    else:
        stats["BODY"] = body
    encounter.state = state.replace_combatant(replace(first, stats=stats, energy=energy, energy_max=10))
    return encounter, first.id


def test_eq_stat_1_energy_is_spent_and_regained_within_its_bounds():
    encounter, who = _encounter()
    events = encounter.apply(cmd.SpendEnergy(who, 4, "interrupted journey"))
    assert encounter.state.combatant(who).energy == 6 and events[0].delta == -4
    encounter.apply(cmd.SpendEnergy(who, 40))
    assert encounter.state.combatant(who).energy == 0
    encounter.apply(cmd.RegainEnergy(who, 99))
    assert encounter.state.combatant(who).energy == 10


def test_eq_stat_1_no_energy_to_track_is_refused():
    encounter, who = _encounter()
    encounter.state = encounter.state.replace_combatant(replace(encounter.state.combatant(who), energy_max=0))
    before = encounter.state
    with pytest.raises(IllegalCommand, match="no energy"):
        encounter.apply(cmd.SpendEnergy(who, 1))
    assert encounter.state is before


def test_a14_eq_bre_1_in_combat_body_3_lasts_6_s_within_the_first_round_then_2_energy_per_10_s():
    encounter, who = _encounter()
    round_now = encounter.state.round
    events = encounter.apply(cmd.HoldBreath(who, Activity.HEAVY))
    assert (events[0].seconds, events[0].rounds) == (6, 1)
    creature = encounter.state.combatant(who)
    assert breath_left(creature, round_now) == -4  # past within its first round
    encounter.state = replace(encounter.state, round=round_now + 2)  # two more rounds: 30 s in all
    events = encounter.apply(cmd.Breathe(who))
    assert events[0].seconds == 30 and events[0].energy_lost == 4  # 24 s past: two full 10 s
    assert encounter.state.combatant(who).energy == 6 and encounter.state.combatant(who).breath is None


def test_a14_eq_bre_1_at_rest_body_3_lasts_6_rounds():
    encounter, who = _encounter()
    round_now = encounter.state.round
    encounter.apply(cmd.HoldBreath(who, Activity.REST))
    creature = encounter.state.combatant(who)
    assert breath_left(creature, round_now) == 50
    assert breath_left(creature, round_now + 5) == 0
    encounter.state = replace(encounter.state, round=round_now + 5)
    assert encounter.apply(cmd.Breathe(who))[0].energy_lost == 0


def test_eq_bre_1_a_creature_without_body_is_refused_and_nothing_changes():
    encounter, who = _encounter(body=None)
    before = encounter.state
    with pytest.raises(IllegalCommand, match="no BODY"):
        encounter.apply(cmd.HoldBreath(who))
    assert encounter.state is before
    with pytest.raises(IllegalCommand, match="not holding"):
        encounter.apply(cmd.Breathe(who))
