"""Breath (EQ-BRE-1), travel (EQ-TRV-1, EQ-TRV-2), training and tricks
(EQ-ANI-1, EQ-ANI-2, EQ-TRK-1) and the campaign clock, with seed 001's numbers (A14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from core.campaign.breath import Activity, BreathHold, BreathSettings, body_of, breath_seconds, energy_lost
from core.values.clock import DAY, Clock
from core.errors import IllegalCommand
from core.campaign.training import Ruse, days_per_trick, level, start_training, train, use_ruse
from core.campaign.travel import Leg, TravelSettings, day_rate, group_move, interruption_cost, km_per_day, plan, split


# -- EQ-BRE-1 ---------------------------------------------------------------------------
def test_a14_eq_bre_1_body_3_holds_60_s_at_rest_15_light_6_in_combat():
    assert breath_seconds(3, Activity.REST) == 60
    assert breath_seconds(3, Activity.LIGHT) == 15
    assert breath_seconds(3, Activity.HEAVY) == 6


def test_a14_eq_bre_1_then_2_energy_per_further_10_s():
    assert energy_lost(3, Activity.REST, 60) == 0
    assert energy_lost(3, Activity.REST, 69) == 0
    assert energy_lost(3, Activity.REST, 70) == 2
    assert energy_lost(3, Activity.REST, 90) == 6
    assert energy_lost(3, Activity.HEAVY, 16) == 2  # combat: 6 s of air, 10 s more
    assert energy_lost(3, Activity.HEAVY, 16, BreathSettings(loss_on_full_period=False)) == 2
    assert energy_lost(3, Activity.HEAVY, 7, BreathSettings(loss_on_full_period=False)) == 2


def test_eq_bre_1_countdown():
    hold = BreathHold(start=100, activity=Activity.REST)
    assert hold.seconds_left(3, 140) == 20
    assert hold.seconds_left(3, 150) == 10
    assert hold.seconds_left(3, 170) == -10


def test_eq_bre_1_no_body_stat_is_refused():
    assert body_of({"BODY": 3}) == 3
    with pytest.raises(IllegalCommand, match="no BODY"):
        body_of({"STR": 1}, name="Ghost")


# -- EQ-TRV-1, EQ-TRV-2 ----------------------------------------------------------------------
def test_a14_eq_trv_1_move_3_road_30_forest_15_forest_in_rain_7_swamp_6():
    assert km_per_day(3, "road") == 30
    assert km_per_day(3, "road", "rain") == 30  # rain does not slow a road
    assert km_per_day(3, "forest") == 15
    assert day_rate(3, "forest", "rain") == Fraction(15, 2) and km_per_day(3, "forest", "rain") == 7  # round down
    assert km_per_day(3, "swamp") == 6
    assert km_per_day(3, "plains", "snow") == 15 and km_per_day(3, "plains", "deep snow") == 7


def test_a14_eq_trv_1_a_group_of_3_and_2_moves_at_2():
    assert group_move({"Ayla": 3, "Pony": 2}) == ("Pony", 2)
    journey = plan({"Ayla": 3, "Pony": 2}, [Leg("road", 40)])
    assert journey.move == 2 and journey.legs[0].km_per_day == 20 and journey.days == 2


def test_eq_trv_2_three_days_through_forest_in_the_rain():
    """ДВИЖ 3, forest in rain: 7 km a day, so 21 km take three days; 22 km a fourth (a started day counts)."""
    assert plan({"Ayla": 3}, [Leg("forest", 21, "rain")]).days == 3
    assert plan({"Ayla": 3}, [Leg("forest", 22, "rain")]).days == 4


def test_eq_trv_2_legs_share_a_day_or_not():
    legs = [Leg("road", 15), Leg("forest", 7)]
    assert plan({"a": 3}, legs).days == 1  # half a day on the road, then half a day in the forest
    assert plan({"a": 3}, legs, TravelSettings(legs_share_days=False)).days == 2


def test_eq_trv_2_splitting_the_group_gives_each_its_own_pace():
    plans = split({"Ayla": 3, "Pony": 2}, [Leg("road", 60)])
    assert plans["Ayla"].days == 2 and plans["Pony"].days == 3


@pytest.mark.parametrize("leg, message", [(Leg("", 10), "needs a terrain"), (Leg("lava", 10), "unknown terrain"), (Leg("road", 0), "distance")])
def test_eq_trv_1_bad_legs_are_refused(leg, message):
    with pytest.raises(IllegalCommand, match=message):
        plan({"a": 3}, [leg])


def test_eq_trv_2_interruption_costs_energy_set_by_the_gm():
    assert interruption_cost() == 2 and interruption_cost(5) == 5
    with pytest.raises(IllegalCommand):
        interruption_cost(-1)


# -- EQ-ANI-1, EQ-ANI-2, EQ-TRK-1 -------------------------------------------------------------------
def test_eq_ani_1_days_per_trick_30_15_5():
    assert [days_per_trick(i) for i in (1, 2, 3, 5)] == [30, 15, 5, 5]
    assert [level(i) for i in (1, 2, 4)] == ["basic commands", "species commands", "any trick"]
    with pytest.raises(IllegalCommand, match="cannot be trained"):
        level(0)


def test_eq_ani_1_progress_by_in_game_days():
    training = start_training("Dog", 2, "fetch", trainer="Ayla")
    training = train(training, 10)
    assert not training.done() and training.days == 10
    training = train(training, 10)
    assert training.done() and training.days == 15


def test_eq_ani_2_a_sapient_animal_cannot_be_trained():
    with pytest.raises(IllegalCommand, match="sapient"):
        start_training("Raven", 4, "speak", sapient=True)


def test_eq_trk_1_a_ruse_works_twice_then_word_spreads():
    ruse = use_ruse(use_ruse(Ruse("sand in the eyes")))
    assert ruse.left() == 0
    with pytest.raises(IllegalCommand, match="spread"):
        use_ruse(ruse)
    bought = Ruse("feint", uses=9, bought=True)
    assert use_ruse(bought).uses == 10 and bought.left() is None


# -- the campaign clock -------------------------------------------------------------------------
def test_clock_rounds_minutes_days():
    clock = Clock().advance(rounds=6)
    assert clock.seconds == 60 and clock.rounds == 6
    clock = clock.advance(minutes=10, days=2)
    assert clock.day == 3 and clock.text() == "day 3, 00:11:00"
    assert Clock(DAY * 5).day == 6
    with pytest.raises(IllegalCommand):
        clock.advance(rounds=-1)
