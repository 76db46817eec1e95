"""The fifth ruleset ``lantern`` (this folder only) is found through the
entry-point group ``encounter.rulesets`` and plays a whole fight through
the real layers: campaign file, creatures, initiative, a move with its
preview, an attack with its odds, its own command through its offer,
undo, save, reopen.

Each test runs in a fresh interpreter whose ``sys.path`` holds a
temporary ``lantern_ruleset-1.0.dist-info`` (an ``entry_points.txt`` for
the group, as pip installs one) and this folder (the package): what
``importlib.metadata`` reads for a ruleset shipped as its own distribution.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def _distribution(folder: Path) -> Path:
    info = folder / "lantern_ruleset-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lantern-ruleset\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[encounter.rulesets]\nlantern = lantern:Lantern\n")
    return folder


def _run(tmp_path: Path, code: str) -> dict:
    site = _distribution(tmp_path / "site")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(HERE), str(ROOT)]))
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def test_lantern_is_found_through_its_entry_point_and_loaded_only_when_used(tmp_path):
    result = _run(tmp_path, """
        import json, sys
        from core import rulesets
        before = "lantern" in sys.modules
        ids = rulesets.known_ids()
        listed = "lantern" in sys.modules
        lantern = rulesets.get("lantern", {"walk_paces": 10})
        print(json.dumps({"before": before, "listed": listed, "ids": list(ids), "name": lantern.name,
                          "paces": lantern.settings.walk_paces, "module": type(lantern).__module__,
                          "others": sorted(m for m in sys.modules if m in ("core.rulesets.srd35", "core.rulesets.power_roll", "core.rulesets.tactical_d10"))}))
    """)
    assert result["before"] is False and result["listed"] is False  # names only until used
    assert result["ids"][0] == "equestria" and "lantern" in result["ids"]
    assert result["module"] == "lantern" and result["paces"] == 10 and result["others"] == []


FIGHT = """
    import json, random
    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.board.grid import Grid
    from core.offers.base import find, move_reach, offers, preview, preview_move
    from core.rulesets import get
    from core.values.combatant import Combatant, Side
    from saves.campaign import Campaign
    from saves.session import Session

    OWN_COMMAND = {own_command}
    path = {path!r}
    ruleset = get("lantern")
    grid = Grid.filled(10, 4)
    Campaign.create(path, "Lantern night", ruleset, EncounterState("Lantern night", grid, ())).close()
    session = Session(Campaign.open(path), random.Random(7))
    out = {{"ruleset": session.encounter.ruleset.id}}
    session.commit(cmd.AddCombatant(Combatant("ann", "Ann", Side.PARTY, {{"GRIT": 2, "WITS": 3}}, 9, 9, position=(0, 0))))
    session.commit(cmd.AddCombatant(Combatant("orc", "Orc", Side.FOE, {{"GRIT": 1, "WITS": -1}}, 7, 7, position=(5, 0))))
    session.commit(cmd.StartCombat())
    state = session.encounter.state
    out["initiative"] = {{c.id: c.initiative for c in state.combatants}}
    out["order"] = [c.id for c in state.order()]
    if state.current != "ann":
        session.commit(cmd.NextTurn())
    state = session.encounter.state
    out["budget"] = dict(state.combatant("ann").budget.actions)
    out["paces"] = state.combatant("ann").budget.movement
    reach = move_reach(state, ruleset, "ann")
    shown = preview_move(state, ruleset, reach, "ann", (3, 0))
    out["move_preview"] = {{"allowed": shown.allowed, "cost": shown.cost, "unit": shown.unit, "path": [list(p) for p in shown.path]}}
    out["too_far"] = preview_move(state, ruleset, reach, "ann", (5, 1)).allowed
    session.commit(cmd.Move("ann", (3, 0)))
    session.commit(cmd.Move("ann", (4, 0)))
    state = session.encounter.state
    out["moved"] = list(state.combatant("ann").position)
    out["paces_left"] = state.combatant("ann").budget.movement
    found = offers(state, ruleset, "ann", "orc")
    out["offers"] = sorted(o.id for o in found)
    attack = find(found, "attack").command("1d4")
    odds = preview(state, ruleset, attack)
    out["attack_odds"] = [[label, str(p)] for label, p in odds.odds]
    out["attack_expression"] = odds.expression
    out["attack_modifiers"] = [str(m) for m in odds.modifiers]
    session.commit(attack)
    state = session.encounter.state
    out["deed_after_attack"] = state.combatant("ann").budget.left("deed")
    out["orc_hp"] = state.combatant("orc").hp
    session.undo()
    state = session.encounter.state
    out["deed_after_undo"] = state.combatant("ann").budget.left("deed")
    out["orc_hp_after_undo"] = state.combatant("orc").hp
    rally = find(offers(state, ruleset, "ann"), "rally")
    out["rally_offer"] = {{"rule": rally.rule, "spends": list(rally.spends), "allowed": rally.allowed}}
    if OWN_COMMAND:
        session.commit(cmd.Damage("ann", 3))
        session.commit(rally.command())
        state = session.encounter.state
        out["after_rally"] = {{"hp": state.combatant("ann").hp, "deed": state.combatant("ann").budget.left("deed")}}
        out["log_tail"] = type(session.log[-1].event).__name__
    before = session.encounter.state
    session.close()
    reopened = Session(Campaign.open(path), random.Random(7))
    out["same_after_reopen"] = reopened.encounter.state == before
    out["reopened_ruleset"] = reopened.encounter.ruleset.id
    if OWN_COMMAND:
        reopened.undo()
        out["rally_undone_hp"] = reopened.encounter.state.combatant("ann").hp
    reopened.close()
    print(json.dumps(out))
"""


def _fight(tmp_path: Path, own_command: bool) -> dict:
    return _run(tmp_path, FIGHT.format(own_command=own_command, path=str(tmp_path / "lantern.json")))


def _check_fight(result: dict) -> None:
    assert result["ruleset"] == "lantern" == result["reopened_ruleset"]
    assert set(result["initiative"]) == {"ann", "orc"} and all(1 <= v - m <= 8 for v, m in ((result["initiative"]["ann"], 3), (result["initiative"]["orc"], -1)))  # LAN-INIT-1: 1d8 + WITS
    assert result["budget"] == {"deed": 1, "duck": 1} and result["paces"] == 8  # LAN-ACT-1, LAN-MOV-1
    assert result["move_preview"] == {"allowed": True, "cost": 6, "unit": "paces", "path": [[1, 0], [2, 0], [3, 0]]}
    assert result["too_far"] is False  # 5 steps = 10 paces > 8
    assert result["moved"] == [4, 0] and result["paces_left"] == 0
    assert {"attack", "move", "next-turn", "spend.deed", "spend.duck", "rally"} <= set(result["offers"])
    odds = dict((label, value) for label, value in result["attack_odds"])
    assert result["attack_expression"] == "1d8+2" and sum(__import__("fractions").Fraction(v) for v in odds.values()) == 1
    assert result["deed_after_attack"] == 0 and result["deed_after_undo"] == 1 and result["orc_hp_after_undo"] == 7
    assert result["rally_offer"]["rule"] == "LAN-RAL-1" and result["rally_offer"]["spends"] == ["deed"]
    assert result["same_after_reopen"] is True


def test_lantern_plays_a_fight_through_the_layers(tmp_path):
    """Everything but its own command (which needs the command registry)."""
    _check_fight(_fight(tmp_path, own_command=False))


def test_lantern_plays_a_whole_fight_with_its_own_command(tmp_path):
    result = _fight(tmp_path, own_command=True)
    _check_fight(result)
    assert result["rally_offer"]["allowed"] is True
    assert result["after_rally"] == {"hp": 8, "deed": 0} and result["log_tail"] == "Rallied"
    assert result["rally_undone_hp"] == 6
