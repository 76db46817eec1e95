"""An older campaign of another ruleset that used seed 001's campaign tools
still loads, and the tools it used stay on (saves.tools_in_use): the house
rule of each tool whose records its encounters hold is turned on once, the
GM is told, and a GM who turns it off later keeps it off."""

from __future__ import annotations

import json
import random

import pytest

from core.board.vision import LightSource
from core.campaign.lighting import SetVision
from core.campaign.training_commands import AddRuse
from core.campaign.timekeeping import AdvanceClock
from core.campaign.travel_settings import march_reason
from core.values.clock import DAY
from core.campaign.war import commands as war
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session, create_campaign
from saves.tools_in_use import READ_KEY, tools_in_use, turned_on
from core.board.map_text import TextMap
from core.board.grid import Grid

USES = {
    "light_and_weather": SetVision("night", "fog"),
    "campaign_clock": AddRuse("sand in the eyes"),
    "mass_battle": war.SetUpBattle(("North", "South"), (10_000, 7_000)),
    "travel_planner": AdvanceClock(3 * DAY, march_reason(21, 3)),  # the planner's march (d): a clock entry in the log only
}


def _older(tmp_path, rid: str, setting: str):
    """A campaign of ``rid`` saved by a version before these house rules: the tool used, no mark, no such house rule."""
    path = tmp_path / f"{rid}.json"
    ruleset = get(rid, {setting: True})
    create_campaign(path, "old", ruleset, TextMap(Grid.filled(6, 4), ()), random.Random(1), {}).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(USES[setting])
    session.close()
    raw = json.loads(path.read_text(encoding="utf-8"))
    meta = next(iter(raw["meta"].values()))
    meta.pop(READ_KEY)
    meta["house_rules"] = {}
    path.write_text(json.dumps(raw), encoding="utf-8")
    return path


@pytest.mark.parametrize("rid", ["srd35", "tactical_d10", "power_roll"])
@pytest.mark.parametrize("setting", sorted(USES))
def test_an_older_campaign_that_used_a_tool_opens_with_its_house_rule_on_once(tmp_path, rid, setting):
    if getattr(get(rid).settings, setting, True):
        pytest.skip(f"{rid} has {setting} on by DEFAULT (srd35's light) or offers none (mass battle needs EQ-WAR-1's four grades)")
    path = _older(tmp_path, rid, setting)
    campaign = Campaign.open(path)
    assert getattr(campaign.ruleset.settings, setting) is True
    told = campaign.take_notices()
    assert len(told) == 1 and f"house rule {setting} is on" in told[0] and "as in equestria EQ-" in told[0]
    campaign.set_house_rules({})  # the GM turns it off again
    campaign.close()
    again = Campaign.open(path)
    assert getattr(again.ruleset.settings, setting) is False and again.take_notices() == []
    again.close()


def test_an_older_campaign_opened_read_only_gets_the_tool_for_that_reading_and_its_file_is_untouched(tmp_path):
    path = _older(tmp_path, "tactical_d10", "light_and_weather")
    before = path.read_bytes()
    campaign = Campaign.open(path, read_only=True)
    assert campaign.ruleset.settings.light_and_weather is True
    campaign.close()
    assert path.read_bytes() == before


def test_a_campaign_that_never_used_a_tool_keeps_the_defaults():
    assert tools_in_use([{"vision": {"light": "day", "weather": "clear", "sources": []}, "trainings": [], "ruses": [], "battle": None}]) == ()


def test_equestria_and_srd35_have_the_light_on_already_and_nothing_is_told(tmp_path):
    for rid in ("equestria", "srd35"):
        path = tmp_path / f"{rid}.json"
        campaign = create_campaign(path, "x", get(rid), TextMap(Grid.filled(6, 4), ()), random.Random(1), {})
        session = Session(campaign, random.Random(2))
        session.commit(SetVision("darkness"))
        session.close()
        raw = json.loads(path.read_text(encoding="utf-8"))
        next(iter(raw["meta"].values())).pop(READ_KEY)  # as an older version saved it
        path.write_text(json.dumps(raw), encoding="utf-8")
        reopened = Campaign.open(path)
        assert reopened.ruleset.house_rules() == {} and reopened.take_notices() == []
        reopened.close()


def test_a_new_campaign_from_a_map_with_lights_turns_the_light_on_and_says_so(tmp_path):
    """A map file's light sources (UVTT) kept their effect on the fights before: a new
    tactical_d10 campaign from such a map has light_and_weather on, and the GM is told."""
    from core.board.vision import Conditions

    vision = Conditions("day", "clear", (LightSource("torch", cell=(1, 1)),))
    campaign = create_campaign(tmp_path / "lit.json", "lit", get("tactical_d10"), TextMap(Grid.filled(6, 4), ()), random.Random(1), {}, vision)
    assert campaign.ruleset.settings.light_and_weather is True
    assert any("light_and_weather is on" in n for n in campaign.take_notices())
    campaign.close()


def test_a_tool_no_house_rule_of_the_ruleset_offers_is_left_off_and_the_campaign_opens(tmp_path):
    """srd35 has no mass battle (EQ-WAR-1's four grades): an encounter holding one still opens, nothing turned on."""
    from saves.tools_in_use import turned_on

    ruleset, told = turned_on(get("srd35"), [{"battle": {"round": 1}, "vision": None}])
    assert ruleset.house_rules() == {} and told == ()


def test_a_creature_holding_its_breath_or_with_its_energy_tracked_uses_energy_and_breath():
    """EQ-STAT-1, EQ-BRE-1 (key N): an older campaign whose creature holds its breath, or has
    ЭНЕР tracked (a maximum), gets the house rule energy_and_breath on when opened."""
    holding = {"combatants": [{"id": "a", "breath": {"since": 2, "activity": "heavy"}, "energy_max": 0}]}
    tracked = {"combatants": [{"id": "b", "breath": None, "energy_max": 10}]}
    untouched = {"combatants": [{"id": "c", "breath": None, "energy_max": 0}]}
    assert tools_in_use([holding]) == ("energy",) and tools_in_use([tracked]) == ("energy",)
    assert tools_in_use([untouched]) == ()
    ruleset, told = turned_on(get("tactical_d10"), [tracked])
    assert ruleset.settings.energy_and_breath is True and "house rule energy_and_breath is on" in told[0]


def test_only_the_travel_planners_own_log_entries_use_it():
    """EQ-TRV-2: a march (the clock moved on with a ``travel:`` reason) or an interrupted journey uses the
    planner; the clock moved on by hand or by a fight's end does not (that is the clock, T)."""
    march = {"seq": 1, "round": 0, "turn": None, "event": {"$type": "ClockAdvanced", "before": 0, "after": 259200, "reason": march_reason(21, 3)}}
    stop = {"seq": 2, "round": 0, "turn": None, "event": {"$type": "TravelInterrupted", "amount": 2, "names": ["Ayla"], "skipped": [], "reason": "ambush"}}
    by_hand = {"seq": 3, "round": 0, "turn": None, "event": {"$type": "ClockAdvanced", "before": 0, "after": 600, "reason": "a rest"}}
    assert tools_in_use([{}], [[march]]) == ("travel",) and tools_in_use([{}], [[by_hand, stop]]) == ("travel",)
    assert tools_in_use([{}], [[by_hand, {"seq": 4, "event": None}]]) == ()
