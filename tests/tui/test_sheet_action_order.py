"""The sheet lists a creature's actions in its ruleset's order, also after
the campaign is closed and reopened (the file stores maps with sorted keys:
srd35's ``standard/move/aoo`` came back as ``aoo/move/standard``)."""

from __future__ import annotations

import random

from core.board.grid import from_text
from core.combat import commands as cmd
from core.combat.demo import demo_roster, seed_map_text
from core.rulesets import get
from saves.campaign import Campaign
from saves.session import Session, create_campaign
from tui.widgets.creature_sheet import CreatureSheet


def test_srd35_sheet_keeps_standard_move_aoo_after_a_reopen(tmp_path):
    ruleset = get("srd35")
    path = tmp_path / "srd.json"
    create_campaign(path, "srd", ruleset, from_text(seed_map_text()), random.Random(1), demo_roster(ruleset.stat_names)).close()
    session = Session(Campaign.open(path), random.Random(2))
    if session.encounter.state.round == 0:
        session.commit(cmd.StartCombat())
    session.close()
    session = Session(Campaign.open(path), random.Random(2))
    current = session.encounter.state.combatant(session.encounter.state.current)
    line = next(line for line in CreatureSheet._sheet(current, ruleset, True).plain.splitlines() if line.startswith("This turn"))
    session.close()
    assert line.index("standard ") < line.index("move ") < line.index("aoo ")
