"""The table calls (EQ-ACT-7 items in hand, EQ-ACT-8 phrases,
EQ-CHK-6 the last roll a mishap follows) are saved, logged, undone one step
each and survive reopening the campaign."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from core.rulesets.equestria import table_calls as tc
from saves.campaign import Campaign
from saves.session import Session, create_demo


def test_eq_act_7_and_eq_act_8_commands_are_saved_undone_and_reopened(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(1))
    who = session.encounter.state.current
    start = session.encounter.state
    session.commit(tc.Wield(who, "spear", 2))
    session.commit(tc.SayPhrase(who, "For Equestria!"))
    session.commit(cmd.RollCheck(who, "DEX"))
    held = session.encounter.state
    assert held.combatant(who).held[0].item == "spear" and held.last_roll is not None and held.last_roll.combatant == who
    session.close()
    session = Session(Campaign.open(path), random.Random(0))
    assert session.encounter.state == held
    session.undo()
    session.undo()
    assert session.encounter.state.combatant(who).held == held.combatant(who).held
    session.undo()
    assert session.encounter.state == start
