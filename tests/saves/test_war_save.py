"""A mass battle (EQ-WAR-1..4) and energy (EQ-STAT-1) are saved with the campaign, journaled and undone."""

from __future__ import annotations

import random

from core.campaign.war import commands as cmd
from core.campaign.war.battle import Hero
from saves.campaign import Campaign
from saves.session import Session, create_demo


def test_eq_war_battle_survives_reopening_and_undo_is_exact(tmp_path):
    path = tmp_path / "war.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(5))
    session.commit(cmd.SetUpBattle(("North", "South"), (10_000, 7_000), strategy=(2, 3), heroes=(Hero("Ayla", 1, 4),)))
    set_up = session.encounter.state.battle
    entries = session.commit(cmd.FightBattleRound())
    assert any(type(e.event).__name__ == "BattleCheckRolled" for e in entries)
    fought = session.encounter.state.battle
    session.close()
    session = Session(Campaign.open(path), random.Random(0))
    assert session.encounter.state.battle == fought and fought.round == 1
    session.undo()
    assert session.encounter.state.battle == set_up
    session.redo()
    assert session.encounter.state.battle == fought
    session.close()


def test_eq_stat_1_energy_is_saved_and_undone(tmp_path):
    from core.campaign import energy

    path = tmp_path / "energy.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(5))
    who = session.encounter.state.combatants[0].id
    session.commit(energy.SetEnergy(who, 10))
    session.commit(energy.SpendEnergy(who, 4, "interrupted journey"))
    assert session.encounter.state.combatant(who).energy == 6
    session.close()
    session = Session(Campaign.open(path), random.Random(0))
    assert session.encounter.state.combatant(who).energy == 6
    session.undo()
    assert session.encounter.state.combatant(who).energy == 10
    session.close()
