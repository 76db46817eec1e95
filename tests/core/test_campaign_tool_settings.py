"""Seed 001's campaign tools read the ruleset's ONE settings object, so a
campaign's house rules change them too (every DEFAULT of
RULES.md in the ruleset's settings; rules EQ-BRE-1, EQ-WAR-1, EQ-TRV-1,
EQ-ANI-1)."""

from __future__ import annotations

import random
from dataclasses import replace

from core.campaign.breath import Activity
from core.combat.demo import demo_encounter
from core.campaign.energy import HoldBreath
from core.campaign.energy_events import BreathHeld
from core.rulesets import get
from core.campaign.training import TrainingSettings
from core.campaign.training_commands import StartTraining
from core.campaign.travel import TravelSettings, travellers
from core.campaign.war.battle import WarSettings
from core.campaign.war.commands import SetUpBattle


def _encounter(house: dict | None = None):
    encounter, _ = demo_encounter(random.Random(3))
    encounter.ruleset = get("equestria", house or {})
    return encounter


def test_eq_bre_1_held_breath_follows_a_house_rule():
    """ТЕЛ 1 in combat holds 1 x 2 = 2 s by the seed; a house rule of x4 gives 4 s."""
    for house, seconds in (({}, 2), ({"seconds_per_body": (20, 5, 4)}, 4)):
        encounter = _encounter(house)
        creature = encounter.state.combatant("c2")
        encounter.state = encounter.state.replace_combatant(replace(creature, stats={**creature.stats, "BODY": 1}))
        (event,) = [e for e in encounter.apply(HoldBreath("c2", Activity.HEAVY)) if isinstance(e, BreathHeld)]
        assert event.seconds == seconds


def test_eq_war_1_battle_points_follow_a_house_rule():
    """10 000 against 7 000 -> 10 vs 7 BP (the seed's example); with the larger side at 20 BP, 20 vs 14."""
    for house, points in (({}, (10, 7)), ({"larger_side_points": 20}, (20, 14))):
        encounter = _encounter(house)
        encounter.apply(SetUpBattle(("Solar", "Lunar"), (10_000, 7_000)))
        assert tuple(a.points for a in encounter.state.battle.armies) == points


def test_eq_ani_1_days_per_trick_follow_a_house_rule():
    """ИНТ 2 learns a trick in 15 days by the seed; a house rule of 10 shortens it."""
    for house, days in (({}, 15), ({"days_per_trick": (30, 10, 5)}, 10)):
        encounter = _encounter(house)
        encounter.apply(StartTraining("Rex", "fetch", intelligence=2))
        assert encounter.state.trainings[-1].needed(encounter.ruleset.settings_for(TrainingSettings)) == days


def test_eq_trv_1_the_travel_stat_follows_a_house_rule():
    """ДВИЖ is the MOVE stat; a house rule may name another stat for the march."""
    encounter = _encounter({"move_stat": "PACE"})
    creature = encounter.state.combatant("c1")
    encounter.state = encounter.state.replace_combatant(replace(creature, stats={**creature.stats, "PACE": 7}))
    assert travellers(encounter.state.combatants, encounter.ruleset)["c1"] == (creature.name, 7)
    assert encounter.ruleset.settings_for(TravelSettings).move_stat == "PACE"


def test_other_rulesets_play_the_tools_by_the_seed_defaults():
    assert get("srd35").settings_for(WarSettings) == WarSettings()


def test_eq_bre_1_a_view_made_once_still_follows_each_rulesets_house_rules():
    """settings_for keeps one view per settings object: asked again it is the
    same value, and a house rule (ТЕЛ x4 instead of the seed's x2 in combat,
    EQ-BRE-1) asked after the seed's view gives its own number, not the kept one."""
    from core.campaign.breath import BreathSettings

    seed = get("equestria")
    assert seed.settings_for(BreathSettings).seconds_per_body == (20, 5, 2)
    assert seed.settings_for(BreathSettings) is seed.settings_for(BreathSettings)
    house = get("equestria", {"seconds_per_body": (20, 5, 4)})
    assert house.settings_for(BreathSettings).seconds_per_body == (20, 5, 4)
    assert seed.settings_for(BreathSettings).seconds_per_body == (20, 5, 2)
    assert house.with_house_rules({"seconds_per_body": (20, 6, 4)}).settings_for(BreathSettings).seconds_per_body == (20, 6, 4)
