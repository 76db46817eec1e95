"""Campaign time, breath at turn boundaries, training and ruses in play,
interrupted travel with seed 001's numbers."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.campaign.breath import Activity
from core.campaign.breath_turns import InterruptTravel, SetBreathing
from core.campaign.timekeeping import AdvanceClock, clock_label, now_seconds, parse_span
from core.values.clock import DAY, HOUR, MINUTE, Clock
from core.values.conditions import Coating
from core.combat.demo import demo_encounter
from core.campaign.energy import Breathe, HoldBreath
from core.errors import IllegalCommand, RulesError
from core.campaign.time_events import BreathRunningOut, TrainingProgressed
from core.campaign.training_commands import AddRuse, DropTraining, StartTraining, UseRuse
from core.offers.ruses import ruse_check


def _fight(body=3, energy=10):
    """The demo fight (round 1, Character 2's turn) with Character 2 at BODY ``body``."""
    encounter, _ = demo_encounter(random.Random(3))
    first = encounter.state.combatant("c2")
    stats = dict(first.stats)
    if body is None:
        stats.pop("BODY")
    else:
        stats["BODY"] = body
    encounter.state = encounter.state.replace_combatant(replace(first, stats=stats, energy=energy, energy_max=10))
    return encounter


def _to_turn_of(encounter, who, round_):
    while (encounter.state.round, encounter.state.current) != (round_, who):
        encounter.apply(cmd.NextTurn())


# -- the clock (item 9) ---------------------------------------------------------------------

def test_clock_gm_advances_minutes_hours_days_and_the_label_is_compact():
    encounter = _fight()
    encounter.state = replace(encounter.state, clock=Clock(2 * DAY + 14 * HOUR))
    encounter.apply(cmd.EndCombat())  # 1 round: 10 s
    assert clock_label(now_seconds(encounter.state)) == "Day 3 14:00:10"
    encounter.apply(AdvanceClock(parse_span("20m 50s"), "rest"))
    assert clock_label(now_seconds(encounter.state)) == "Day 3 14:21"
    assert parse_span("3d 2h 5r") == 3 * DAY + 2 * HOUR + 50


@pytest.mark.parametrize("text", ["", "10", "ten m", "5y", "-3m"])
def test_clock_bad_spans_are_refused(text):
    with pytest.raises(IllegalCommand):
        parse_span(text)


@pytest.mark.parametrize("seconds", [0, -60, 3651 * DAY])
def test_clock_runs_forward_only_and_changes_nothing_when_refused(seconds):
    encounter = _fight()
    before = encounter.state
    with pytest.raises(IllegalCommand):
        encounter.apply(AdvanceClock(seconds))
    assert encounter.state is before


def test_clock_a_fight_counts_10_s_a_round_and_p_takes_it_back():
    """Round 1 starts at the clock; each round over adds 10 s (RULES units: a round is 10 s)."""
    encounter = _fight()
    start = now_seconds(encounter.state)
    _to_turn_of(encounter, "c2", 4)
    assert now_seconds(encounter.state) == start + 30
    encounter.apply(cmd.PreviousTurn())
    assert now_seconds(encounter.state) == start + 20
    encounter.apply(cmd.EndCombat())  # the fight lasted 3 rounds
    assert now_seconds(encounter.state) == start + 30 and encounter.state.round == 0


def test_eq_day_3_weapon_poison_dries_after_10_minutes_of_clock():
    encounter = _fight()
    c1 = encounter.state.combatant("c1")
    encounter.state = encounter.state.replace_combatant(replace(c1, coatings=(Coating("dagger", 1, 60),)))
    events = encounter.apply(AdvanceClock(9 * MINUTE + 50))
    assert encounter.state.combatant("c1").coatings == (Coating("dagger", 1, 1),)
    assert not [e for e in events if type(e).__name__ == "CoatingEnded"]
    events = encounter.apply(AdvanceClock(10))
    assert encounter.state.combatant("c1").coatings == ()
    assert any("EQ-DAY-3" in e.reason for e in events if type(e).__name__ == "CoatingEnded")


@given(st.lists(st.integers(1, 5 * DAY), min_size=1, max_size=6))
def test_clock_advances_add_up(spans):
    encounter = _fight()
    start = now_seconds(encounter.state)
    for span in spans:
        encounter.apply(AdvanceClock(span))
    assert now_seconds(encounter.state) == start + sum(spans)


# -- breath in play (item 2) ----------------------------------------------------------------

def test_eq_bre_1_body_3_light_lasts_15_s_then_2_energy_per_full_10_s_at_turn_start_and_p_gives_it_back():
    """Rule EQ-BRE-1: ТЕЛ 3 swimming (light) = 15 s, held in round 1: at its
    turn in round 3 20 s are gone (5 past: nothing yet, DEFAULT full 10 s),
    round 4 30 s (15 past: 2 ЭНЕР), round 5 40 s (25 past: 4 in all);
    ``p`` gives the last 2 back."""
    encounter = _fight()
    encounter.apply(HoldBreath("c2", Activity.LIGHT))
    _to_turn_of(encounter, "c2", 3)
    assert encounter.state.combatant("c2").energy == 10
    _to_turn_of(encounter, "c1", 3)
    events = encounter.apply(cmd.NextTurn())  # round 4, c2 begins
    assert [e.reason for e in events if type(e).__name__ == "EnergyChanged"] == ["no air for 15 s (EQ-BRE-1)"]
    assert encounter.state.combatant("c2").energy == 8
    _to_turn_of(encounter, "c2", 5)
    assert encounter.state.combatant("c2").energy == 6
    back = encounter.apply(cmd.PreviousTurn())
    assert encounter.state.combatant("c2").energy == 8
    assert any("energy given back" in e.detail for e in back if type(e).__name__ == "TurnEffectsUndone")
    events = encounter.apply(Breathe("c2"))  # last turn of round 4: 40 s in all, 25 past -> 4, 2 already taken
    assert events[0].energy_lost == 2 and encounter.state.combatant("c2").energy == 6


def test_eq_bre_1_the_warning_comes_the_turn_before_the_air_runs_out():
    encounter = _fight(body=6)  # light: 30 s
    encounter.apply(HoldBreath("c2", Activity.LIGHT))
    seen = {}
    for _ in range(9):
        for event in encounter.apply(cmd.NextTurn()):
            if isinstance(event, BreathRunningOut):
                seen[encounter.state.round] = event.seconds
    assert seen == {3: 10}  # 20 s gone at its turn in round 3: 10 s left, out before its next turn


def test_eq_bre_1_water_breathers_and_non_breathers_are_exempt():
    encounter = _fight()
    encounter.apply(SetBreathing("c2", "water"))
    before = encounter.state
    with pytest.raises(IllegalCommand, match="exempt"):
        encounter.apply(HoldBreath("c2", Activity.HEAVY))
    assert encounter.state is before
    with pytest.raises(IllegalCommand, match="breathes"):
        encounter.apply(SetBreathing("c2", "gills"))


def test_eq_bre_1_no_body_stat_gives_a_clear_message_and_changes_nothing():
    encounter = _fight(body=None)
    before = encounter.state
    with pytest.raises(IllegalCommand, match=r"no BODY stat"):
        encounter.apply(HoldBreath("c2", Activity.HEAVY))
    assert encounter.state is before


# -- training and ruses (item 7) ------------------------------------------------------------

def test_eq_ani_1_a_trick_takes_5_15_30_days_by_int_and_advances_with_the_clock():
    """Rule EQ-ANI-1: ИНТ 3+ 5 days, 2 15 days, 1 30 days (seed 001)."""
    encounter = _fight()
    encounter.apply(StartTraining("Rex", "fetch", 2, "Ayla"))
    encounter.apply(StartTraining("Mule", "carry", 1))
    encounter.apply(StartTraining("Owl", "count", 3))
    assert [t.needed() for t in encounter.state.trainings] == [15, 30, 5]
    events = encounter.apply(AdvanceClock(5 * DAY))
    assert [t.days for t in encounter.state.trainings] == [5, 5, 5]
    assert [e.learned for e in events if isinstance(e, TrainingProgressed)] == [False, False, True]
    encounter.apply(AdvanceClock(HOUR))  # no midnight crossed
    assert [t.days for t in encounter.state.trainings] == [5, 5, 5]
    encounter.apply(AdvanceClock(30 * DAY))
    assert [t.days for t in encounter.state.trainings] == [15, 30, 5]


def test_eq_ani_1_int_from_the_sheet_and_bad_input_refused():
    encounter = _fight()
    encounter.apply(StartTraining("Character 2", "sit"))  # its INT 2 from the sheet: 15 days
    assert encounter.state.trainings[0].needed() == 15
    before = encounter.state
    for bad in (StartTraining("Boar", "sit"), StartTraining("Rex", "sit"), StartTraining("Rex", " ", 2),
                StartTraining("Rex", "sit", 2, sapient=True), DropTraining(5)):
        with pytest.raises(IllegalCommand):
            encounter.apply(bad)
        assert encounter.state is before


def test_eq_ani_2_a_sapient_animal_cannot_be_trained():
    encounter = _fight()
    with pytest.raises(IllegalCommand, match="sapient"):
        encounter.apply(StartTraining("Owlowiscious", "read", 4, sapient=True))


def test_eq_trk_1_a_ruse_works_twice_with_the_int_check_then_word_spreads():
    """Rule EQ-TRK-1: DEFAULT 2 uses; the user's ИНТ check offered with its odds."""
    encounter = _fight()
    encounter.apply(AddRuse("sand in the eyes"))
    use = UseRuse("Sand in the eyes", "user", user="c2")
    lines = ruse_check(encounter.state, encounter.ruleset, use)
    assert lines[0].startswith("Character 2 ИНТ") and "%" in lines[0]
    events = encounter.apply(use)
    assert events[0].left == 1 and type(events[1]).__name__ == "CheckRolled" and events[1].stat == "INT"
    events = encounter.apply(UseRuse("sand in the eyes", "contest", user="c2", victim="c3"))
    assert events[0].left == 0 and [e.name for e in events[1:]] == ["Character 2", "Boar"]
    before = encounter.state
    with pytest.raises(IllegalCommand, match="word of"):
        encounter.apply(UseRuse("sand in the eyes"))
    with pytest.raises(IllegalCommand, match="needs the victim"):
        encounter.apply(UseRuse("sand in the eyes", "victim"))
    assert encounter.state is before
    encounter.apply(AddRuse("trojan horse", bought=True))
    for _ in range(5):
        encounter.apply(UseRuse("trojan horse"))


# -- interrupted travel (item 6) ------------------------------------------------------------

def test_eq_trv_2_an_interrupted_journey_costs_each_traveller_the_gms_energy():
    encounter = _fight()
    events = encounter.apply(InterruptTravel(("c2", "c1"), 3, "ambush"))
    assert encounter.state.combatant("c2").energy == 7
    assert events[0].names == ("Character 2",) and events[0].skipped == ("Character 1",)
    before = encounter.state
    for bad in (InterruptTravel(("c2",), 0), InterruptTravel((), 2), InterruptTravel(("c1", "c3"), 2)):
        with pytest.raises(RulesError):
            encounter.apply(bad)
        assert encounter.state is before


def test_eq_bre_1_the_more_menu_offers_hold_breath_with_its_seconds_then_breathe():
    """Rule EQ-BRE-1: ТЕЛ 3 -> rest 60 s, light 15 s, heavy 6 s in the offer's label."""
    from core.offers.base import find, offers

    encounter = _fight()
    hold = find(offers(encounter.state, encounter.ruleset, target="c2"), "breath.hold")
    assert hold is not None and hold.allowed and "rest 60 s, light 15 s, heavy 6 s" in hold.label
    encounter.apply(hold.command("swim"))
    assert encounter.state.combatant("c2").breath.activity is Activity.LIGHT
    found = offers(encounter.state, encounter.ruleset, target="c2")
    assert find(found, "breath.hold") is None and find(found, "breath.breathe") is not None
    with pytest.raises(IllegalCommand, match="activity is rest"):
        find(offers(encounter.state, encounter.ruleset, target="c1"), "breath.hold").command("sprint")
    encounter.apply(SetBreathing("c1", "none"))
    assert find(offers(encounter.state, encounter.ruleset, target="c1"), "breath.hold") is None


def test_eq_bre_1_outside_equestria_held_breath_is_offered_only_by_its_house_rule():
    """RULES.md Revision 3: EQ-BRE-1 is equestria's and not on the list of
    borrowed rules, so tactical_d10 (which has BODY) offers no held breath
    until the house rule energy_and_breath is on (core.rulesets.campaign_tools)."""
    from core.offers.base import find, offers
    from core.rulesets import get

    encounter = _fight()
    tactical = get("tactical_d10")
    assert tactical.settings.energy_and_breath is False and "BODY" in tactical.stat_names
    assert find(offers(encounter.state, tactical, target="c2"), "breath.hold") is None
    on = tactical.with_house_rules({"energy_and_breath": True})
    assert find(offers(encounter.state, on, target="c2"), "breath.hold") is not None
