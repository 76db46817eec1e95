"""The in-game clock, animals in training and ruses (EQ-ANI-1, EQ-TRK-1)
and held breath's ЭНЕР taken at turn starts (EQ-BRE-1) are saved, journaled
and undone; a campaign saved before they existed still opens."""

from __future__ import annotations

import json
import random

from core.campaign.breath import Activity
from core.campaign.timekeeping import AdvanceClock, now_seconds
from core.values.clock import DAY
from core.campaign.energy import HoldBreath, SetEnergy
from core.campaign.training_commands import AddRuse, StartTraining, UseRuse
from saves.campaign import Campaign
from saves.session import Session, create_demo


def test_eq_ani_1_clock_and_training_survive_reopening_and_undo(tmp_path):
    path = tmp_path / "time.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(5))
    session.commit(StartTraining("Rex", "fetch", 2, "Ayla"))
    session.commit(AddRuse("sand in the eyes"))
    session.commit(UseRuse("sand in the eyes"))
    session.commit(AdvanceClock(3 * DAY, "travel: 3 days"))
    state = session.encounter.state
    assert state.trainings[0].days == 3 and state.ruses[0].uses == 1
    session.close()
    session = Session(Campaign.open(path), random.Random(0))
    assert session.encounter.state.clock == state.clock and session.encounter.state.trainings == state.trainings
    assert session.encounter.state.ruses == state.ruses
    session.undo()
    assert now_seconds(session.encounter.state) == now_seconds(state) - 3 * DAY and session.encounter.state.trainings[0].days == 0
    session.close()


def test_eq_bre_1_breath_energy_taken_is_saved(tmp_path):
    path = tmp_path / "breath.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(5))
    who = session.encounter.state.current
    session.commit(SetEnergy(who, 10))
    session.commit(HoldBreath(who, Activity.HEAVY))
    from core.combat import commands as cmd

    for _ in range(12):
        session.commit(cmd.NextTurn())
    held = session.encounter.state.combatant(who).breath
    assert held.energy_taken > 0 and session.encounter.state.combatant(who).energy == 10 - held.energy_taken
    session.close()
    session = Session(Campaign.open(path), random.Random(0))
    assert session.encounter.state.combatant(who).breath == held
    session.close()


def test_old_campaign_without_clock_fields_opens(tmp_path):
    path = tmp_path / "old.json"
    create_demo(path, random.Random(1)).close()
    text = path.read_text(encoding="utf-8")
    for key in ('"clock"', '"trainings"', '"ruses"', '"breathing"'):
        assert key in text
    document = json.loads(text)

    def strip(node):
        if isinstance(node, dict):
            for key in ("clock", "trainings", "ruses", "breathing"):
                node.pop(key, None)
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)

    strip(document)
    path.write_text(json.dumps(document), encoding="utf-8")
    session = Session(Campaign.open(path), random.Random(0))
    assert now_seconds(session.encounter.state) >= 0 and session.encounter.state.trainings == ()
    session.close()
