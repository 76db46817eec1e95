"""encounter recap: a Markdown recap of a fight and the
whole log as JSON Lines."""

from __future__ import annotations

import json
import random

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tui.cli.main import main


def _fight(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.EditCombatant("c3", cmd.SheetChanges(name="Boar|[b]")))
    session.commit(cmd.Damage("c3", 5))
    session.commit(cmd.NextTurn())
    session.commit(cmd.Damage("c1", 3))
    session.undo()  # taken back: not in the recap
    session.commit(cmd.Damage("c3", 20))
    session.close()
    return path


def test_recap_lists_turns_damage_and_who_fell(tmp_path, capsys):
    assert main(["recap", str(_fight(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Demo") and "## Round 1" in out
    assert "| GM | 16 | 0 |" in out  # typed with no attack: 5, then 20 requested and 11 HP left to take
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
    (TAC-EFF-1) is not counted as taken."""
    from core.values.conditions import Condition
    from core.combat.damage import DamagePart, DamageType

    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.DealDamage("c3", (DamagePart(10, DamageType.FIRE),)))
    boar = session.encounter.state.combatant("c3")
    taken = 16 - boar.hp
    session.commit(cmd.AddCondition("c3", Condition("burning", level=2)))
    while session.encounter.state.current != "c3":
        session.commit(cmd.NextTurn())
    burned = boar.hp - session.encounter.state.combatant("c3").hp
    assert burned > 0
    session.commit(cmd.PreviousTurn())
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("takes 10 damage") == 1
    boar_row = next(line for line in out.splitlines() if line.startswith("| Boar |"))
    assert boar_row.endswith(f"| {taken} |")


def _setup_and_replay(tmp_path):
    """The GM adds three wolves and hits them with a trap before Character 2
    acts, Character 2 hits the boar; `n`, Character 1 acts, `p` back to
    Character 2 (who hits the boar again), `n` again, Character 1 acts again."""
    from dataclasses import replace

    from core.combat.damage import DamagePart, DamageType
    from core.combat.add_group import AddGroup
    from core.combat.several_targets import DamageMany

    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    assert session.encounter.state.current == "c2"
    wolf = replace(session.encounter.state.combatant("c3"), name="Wolf")
    session.commit_all([AddGroup(wolf, 3, "2d8+2")], label="Add 3 Wolf")
    wolves = tuple(c.id for c in session.encounter.state.combatants if c.name.startswith("Wolf"))
    session.commit(DamageMany(wolves, (DamagePart(4, DamageType.FIRE),), source="trap"))
    session.commit(cmd.Damage("c3", 2))
    session.commit(cmd.NextTurn())
    session.commit(cmd.Damage("c3", 1))
    session.commit(cmd.PreviousTurn())
    session.commit(cmd.Damage("c3", 3))
    session.commit(cmd.NextTurn())
    session.commit(cmd.Damage("c3", 5))
    session.close()
    return path


def test_gm_setup_has_its_own_line_not_the_current_creatures_turn(tmp_path, capsys):
    """Adding creatures and an area hit before the current creature acts are
    the GM's: one GM line (a try-out saw them filed under Character 2's turn)."""
    assert main(["recap", str(_setup_and_replay(tmp_path))]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    gm = [line for line in lines if line.startswith("- *GM*:")]
    assert len(gm) == 1
    assert "added 3: Wolf 1 (5 HP), Wolf 2 (10 HP), Wolf 3 (10 HP)" in gm[0] and "Wolf 1 takes 4 damage" in gm[0]
    second = next(line for line in lines if line.startswith("- **Character 2**"))
    assert "Wolf" not in second and "Boar takes 2 damage" in second
    assert lines.index(gm[0]) < lines.index(second)  # before the turn it came before
    assert "| Character 2 |" not in out  # its 2 + 3 on the boar were typed with no attack: the GM's
    assert "| GM | 23 | 0 |" in out  # the trap's 12 and every typed hit (2 + 1 + 3 + 5)
    assert "| Wolf 1 | 0 | 4 |" in out


def test_a_turn_replayed_after_p_is_one_line_holding_both_passes(tmp_path, capsys):
    """`n`, `p`, `n`: Character 1's turn is one line holding what both passes
    did (a try-out saw it twice, and Character 2's later action under it)."""
    assert main(["recap", str(_setup_and_replay(tmp_path))]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    first = [line for line in lines if line.startswith("- **Character 1**")]
    assert len(first) == 1
    assert "Boar takes 1 damage" in first[0] and "Boar takes 5 damage" in first[0] and "Boar takes 3" not in first[0]
    second = next(line for line in lines if line.startswith("- **Character 2**"))
    assert "Boar takes 3 damage" in second
    assert "1 round, 2 turns." in out
    assert "| Boar | 0 | 11 |" in out


def test_typed_damage_is_the_attackers_only_on_a_creature_it_attacked_that_turn(tmp_path, capsys):
    """A try-out's `d 4` on an ally during Character 1's turn was "dealt" by
    Character 1, and `d 3` during the Wolf's turn after its attack missed the
    hero was the Wolf's. Typed damage counts for the creature whose turn it
    is only on a creature it attacked (or maneuvered against) that turn."""
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    assert session.encounter.state.current == "c2"
    session.commit(cmd.Attack("c2", "c3", override=True))  # whatever it rolls, the boar was its target
    session.commit(cmd.Damage("c3", 4))
    session.commit(cmd.Damage("c1", 2))  # its ally, never attacked: the GM's
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    boar_taken = int(next(line for line in out.splitlines() if line.startswith("| Boar |")).split("|")[3])
    assert f"| Character 2 | {boar_taken} | 0 |" in out and boar_taken >= 4
    assert "| GM | 2 | 0 |" in out and "| Character 1 | 0 | 2 |" in out


def test_a_turn_handed_straight_back_is_not_a_turn_of_the_recap(tmp_path, capsys):
    """`n` `p` with nothing done between: the turn is back with the creature
    before; the recap does not count the turn handed back (a try-out saw
    "Character 1: actions as before the turn began" as a turn of its own)."""
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    first = session.encounter.state.current
    session.commit(cmd.NextTurn())
    session.commit(cmd.PreviousTurn())
    assert session.encounter.state.current == first
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 round, 1 turn." in out and "actions as before the turn began" not in out


def test_dealt_and_taken_agree_an_area_counts_for_each_target_and_burning_for_conditions(tmp_path, capsys):
    """The recap's damage table (see ``recap_markdown``): an action on two
    creatures after the current creature attacked counts as its damage on
    both; `d` on the current creature is the GM's; burning (TAC-EFF-1) is
    the conditions' row; the total row's dealt equals its taken."""
    from core.values.conditions import Condition
    from core.combat.damage import DamagePart, DamageType
    from core.combat.several_targets import DamageMany

    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    assert session.encounter.state.current == "c2"
    session.commit(cmd.Attack("c2", "c3", override=True))
    session.commit(DamageMany(("c3", "c1"), (DamagePart(3, DamageType.FIRE),)))  # its area: the boar and its friend
    session.commit(cmd.Damage("c2", 2))  # on the creature whose turn it is: the GM's
    session.commit(cmd.AddCondition("c2", Condition("burning", level=1)))
    session.commit(cmd.NextTurn())
    while session.encounter.state.current != "c2":  # round 2: it burns
        session.commit(cmd.NextTurn())
    session.close()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): (int(line.split("|")[2]), int(line.split("|")[3]))
            for line in out.splitlines() if line.startswith("| ") and line.split("|")[2].strip().isdigit()}
    assert rows["Character 2"][0] == 6 and rows["Character 1"][1] == 3 and rows["Boar"][1] == 3  # 3 on each, its attack missed
    assert rows["GM"][0] == 2
    assert rows["conditions"][0] == 1  # burning 1 at the start of its turn
    assert rows["total"] == (9, 9)


def test_an_srd35_recap_says_the_fights_end_is_equestrias_default(tmp_path, capsys):
    """EQ-SIT-3 (the fight is decided when a side is down) is srd35's by RULES.md's DEFAULT only: its recap says so."""
    path = tmp_path / "srd.json"
    assert main(["new", str(path), "--ruleset", "srd35"]) == 0
    session = Session(Campaign.open(path), random.Random(2))
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.commit(cmd.Damage(boar.id, 99))
    session.close()
    capsys.readouterr()
    assert main(["recap", str(path)]) == 0
    out = capsys.readouterr().out
    assert "every foe is down (DEFAULT, as in equestria EQ-SIT-3)" in out
    assert "(EQ-SIT-3)" not in out
