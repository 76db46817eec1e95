"""encounter recap (issue 14, item 4): a Markdown recap of a fight and the
whole log as JSON Lines."""

from __future__ import annotations

import json
import random

from core import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tui.cli import main


def _fight(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.apply(cmd.EditCombatant("c3", cmd.SheetChanges(name="Boar|[b]")))
    session.apply(cmd.Damage("c3", 5))
    session.apply(cmd.NextTurn())
    session.apply(cmd.Damage("c1", 3))
    session.undo()  # taken back: not in the recap
    session.apply(cmd.Damage("c3", 20))
    session.close()
    return path


def test_recap_lists_turns_damage_and_who_fell(tmp_path, capsys):
    assert main(["recap", str(_fight(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Demo") and "## Round 1" in out
    assert "| Character 2 | 5 | 0 |" in out and "| Character 1 | 11 | 0 |" in out  # 20 requested, 11 HP left to take
    assert "Boar\\|[b] (down in round 1)" in out  # a | in a name does not break the table
    assert "takes 3" not in out  # the undone damage


def test_recap_json_lines_has_every_log_line(tmp_path, capsys):
    path = _fight(tmp_path)
    assert main(["recap", str(path), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    campaign = Campaign.open(path, read_only=True)
    assert [line["seq"] for line in lines] == [e.seq for e in campaign.load_log()]
    campaign.close()


def test_recap_of_a_missing_encounter_is_refused(tmp_path, capsys):
    assert main(["recap", str(_fight(tmp_path)), "--encounter", "7"]) == 2
    assert "has no encounter 7" in capsys.readouterr().err


def test_typed_damage_counts_once_as_applied_and_p_takes_back_what_it_gave_back(tmp_path, capsys):
    """Typed damage logs its detail and then the HP change: one line and one
    count in the recap (a GM's try-out saw every hit twice), counted as
    applied (10 fire on 9 HP takes 9). Burning damage that `p` handed back
    (TAC-EFF-1, issue 10 item 5) is not counted as taken."""
    from core.conditions import Condition
    from core.damage import DamagePart, DamageType

    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.apply(cmd.DealDamage("c3", (DamagePart(10, DamageType.FIRE),)))
    boar = session.encounter.state.combatant("c3")
    taken = 16 - boar.hp
    session.apply(cmd.AddCondition("c3", Condition("burning", level=2)))
    while session.encounter.state.current != "c3":
        session.apply(cmd.NextTurn())
    burned = boar.hp - session.encounter.state.combatant("c3").hp
    assert burned > 0
    session.apply(cmd.PreviousTurn())
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("takes 10 damage") == 1
    boar_row = next(line for line in out.splitlines() if line.startswith("| Boar |"))
    assert boar_row.endswith(f"| {taken} |")
