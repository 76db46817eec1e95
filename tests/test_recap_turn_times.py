"""The recap's turn times, the fight's end and the rule of every line (JSON)."""

from __future__ import annotations

import json
import random

from core.combat import commands as cmd
from core.values.combatant import Side
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tui.cli.main import main


def _timed_fight(tmp_path):
    """The demo, turns stamped 40 s, 70 s, 25 s apart, every foe felled, then combat ended."""
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    state = session.encounter.state
    if state.round == 0:
        session.commit(cmd.StartCombat(at=1000.0))
        state = session.encounter.state
    else:
        session.commit(cmd.NextTurn(at=1000.0))
        state = session.encounter.state
    first = state.current
    session.commit(cmd.NextTurn(at=1040.0))
    second = session.encounter.state.current
    session.commit(cmd.NextTurn(at=1110.0))
    for foe in [c for c in session.encounter.state.combatants if c.side is Side.FOE]:
        session.commit(cmd.Damage(foe.id, 500))
    session.commit(cmd.EndCombat(at=1135.0))
    session.close()
    return path, first, second


def test_the_recap_sums_turn_times_per_creature_and_side_and_closes_at_the_fights_end(tmp_path, capsys):
    path, first, second = _timed_fight(tmp_path)
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert "## Turn times" in out and "| 1 | 1 min 10 s | 1 min 10 s |" in out and "| 1 | 40 s | 40 s |" in out
    assert "in all 2 min 15 s." in out  # 40 + 70 + 25
    assert "Longest turn:" in out and "(1 min 10 s)." in out
    assert "## The end" in out and "every foe is down (EQ-SIT-3)" in out and "- Combat ended in round" in out


def test_the_recap_json_names_the_rule_of_every_line(tmp_path, capsys):
    path, _, _ = _timed_fight(tmp_path)
    assert main(["recap", str(path), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rules = {line["event"]["type"] if "type" in line["event"] else next(iter(line["event"])): line["rule"] for line in lines}
    assert all("rule" in line for line in lines)
    decided = [line for line in lines if line["rule"] == "EQ-SIT-3"]
    assert decided, rules
    assert any(line["rule"] == "EQ-ACT-1" for line in lines)  # a turn start (the demo plays equestria)


def test_a_scene_event_at_the_top_of_a_round_is_in_that_rounds_part_of_the_recap(tmp_path, capsys):
    """A lair action on count 30 (above everyone) fires when round 2 begins:
    the recap says it under Round 2, not after the last turn of round 1."""
    from core.combat.commands import AddSceneEvent
    from core.values.scene_events import SceneEvent
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(AddSceneEvent(SceneEvent("s1", "Lair action", 30, "roots grab")))
    if session.encounter.state.round == 0:
        session.commit(cmd.StartCombat())
    start = session.encounter.state.round
    while session.encounter.state.round == start:
        session.commit(cmd.NextTurn())
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    later = out.split(f"## Round {start + 1}")[1]
    assert "Lair action (count 30)" in later.split("## ")[0]


def test_a_fight_played_on_after_it_was_decided_is_not_ended_in_the_recap(tmp_path, capsys):
    """EQ-SIT-3: every foe down decides the fight, but the GM may play on
    (a foe revived, wolves added): the recap's end is the fight's last state."""
    from core.values.combatant import Combatant
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    [boar] = [c for c in session.encounter.state.combatants if c.side is Side.FOE]
    session.commit(cmd.Damage(boar.id, 500))
    session.commit(cmd.Revive(boar.id, 5))
    session.commit(cmd.AddCombatant(Combatant("new", "Wolf", Side.FOE, {}, 9, 9), roll_initiative=True))
    start = session.encounter.state.round
    while session.encounter.state.round == start:
        session.commit(cmd.NextTurn())
    session.close()
    assert main(["recap", str(path)]) == 0
    end = capsys.readouterr().out.split("## The end")[1].strip().splitlines()
    assert end[0] == f"- Round {start}: every foe is down (EQ-SIT-3); the fight went on."
    assert end[-1] == f"- The fight goes on: the log stops in round {start + 1}."
