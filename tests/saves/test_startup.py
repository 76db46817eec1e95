"""What opening a campaign loads: only what the first frame shows.

Applying commands (the handler modules and the movement search) and the
rulesets a campaign does not play are imported on first use. Each check runs in a fresh interpreter, so a
top-level import that brings one of them back fails it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import textwrap
from pathlib import Path

from core.combat import commands as cmd
from core.combat import events as ev
from saves.codec import from_document, to_document
from saves.session import create_demo

ROOT = Path(__file__).resolve().parents[2]

# Not needed before the first frame of an equestria campaign.
LAZY = (
    "core.combat.turns", "core.combat.economy", "core.combat.resolution", "core.combat.scene", "core.combat.sheet",
    "core.combat.maneuvers.altitude", "core.combat.mapedit", "core.combat.initiative", "core.board.movement.api", "core.board.movement.engine", "core.board.geometry",
    "core.board.battlefield", "core.dice.roster", "core.rulesets.srd35", "core.rulesets.tactical_d10",
    "core.rulesets.power_roll", "d20",
    "core.combat.map_commands", "core.combat.maneuvers.commands", "core.rulesets.srd35.commands",  # named by core.combat.commands, loaded when first used
)


def _run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def _demo(tmp_path: Path) -> Path:
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    return path


def test_opening_a_campaign_loads_nothing_the_first_frame_does_not_need(tmp_path):
    path = _demo(tmp_path)
    result = _run(
        f"""
        import json, random, sys
        import tui.cli.main
        from saves.campaign import Campaign
        from saves.session import Session
        session = Session(Campaign.open({str(path)!r}), random.Random(1))
        state = session.encounter.state
        print(json.dumps({{"loaded": [m for m in {LAZY!r} if m in sys.modules],
                          "names": [c.name for c in state.order()], "log": len(session.log),
                          "ruleset": session.encounter.ruleset.id}}))
        session.close()
        """
    )
    assert result["loaded"] == []
    assert result["names"] == ["Character 2", "Character 1", "Boar"] and result["log"] == 6
    assert result["ruleset"] == "equestria"


def test_a_command_after_a_cold_open_applies_saves_and_undoes(tmp_path):
    path = _demo(tmp_path)
    result = _run(
        f"""
        import json, random
        from saves.campaign import Campaign
        from saves.session import Session
        session = Session(Campaign.open({str(path)!r}), random.Random(1))
        from core.combat import commands as cmd
        moved = session.commit(cmd.Move("c2", (5, 5)))
        turn = session.commit(cmd.NextTurn())
        session.undo()
        session.close()
        reopened = Session(Campaign.open({str(path)!r}), random.Random(1))
        state = reopened.encounter.state
        print(json.dumps({{"events": [type(e.event).__name__ for e in moved + turn],
                          "current": state.current, "position": state.combatant("c2").position,
                          "log": [type(e.event).__name__ for e in reopened.log]}}))
        reopened.close()
        """
    )
    assert result["events"][0] == "Moved" and "TurnStarted" in result["events"]
    assert result["current"] == "c2" and result["position"] == [5, 5]  # the NextTurn was undone
    assert result["log"][6:] == result["events"] + ["Undone"]  # after the 6 lines of the demo's start


def test_rulesets_and_movement_models_load_one_at_a_time():
    result = _run(
        """
        import json, sys
        from core.rulesets import get
        from core.board.movement import model_for
        srd = get("srd35")
        model_for(srd)
        after_one = sorted(m for m in sys.modules if m.startswith(("core.rulesets.", "core.board.movement.")))
        from core.rulesets import RULESETS, DEFAULT_RULESET, RULESET_IDS
        print(json.dumps({"after_one": after_one, "ids": {k: v.id for k, v in RULESETS.items()},
                          "order": list(RULESET_IDS), "default": DEFAULT_RULESET}))
        """
    )
    loaded = set(result["after_one"])
    assert {"core.rulesets.srd35", "core.rulesets.srd35.movement"} <= loaded
    assert not loaded & {"core.rulesets.equestria", "core.rulesets.power_roll", "core.rulesets.tactical_d10",
                         "core.rulesets.equestria.movement", "core.rulesets.power_roll.movement", "core.rulesets.tactical_d10.movement"}
    assert result["ids"] == {rid: rid for rid in ("equestria", "srd35", "tactical_d10", "power_roll")}
    assert result["order"][0] == "equestria" == result["default"]  # the default first, then by name
    assert sorted(result["order"]) == ["equestria", "power_roll", "srd35", "tactical_d10"]


# The campaign tools' commands and events: loaded for a tag not among the core's (saves/codec.py).
TOOL_VOCABULARY = ("core.campaign.war.commands", "core.rulesets.equestria.table_calls", "core.campaign.training_commands", "core.campaign.energy", "core.combat.mounted.commands")


def test_reading_a_log_of_core_events_loads_no_campaign_tool(tmp_path):
    """start-up: the demo's log (core events only) decodes with
    the core's own classes; the tools' command modules (about 35 ms of
    class definitions) load only for a tag the core does not know."""
    path = _demo(tmp_path)
    result = _run(
        f"""
        import json, random, sys
        from saves.campaign import Campaign
        from saves.session import Session
        session = Session(Campaign.open({str(path)!r}), random.Random(1))
        kinds = sorted({{type(entry.event).__name__ for entry in session.log}})
        loaded = [m for m in {TOOL_VOCABULARY!r} if m in sys.modules]
        session.close()
        print(json.dumps({{"kinds": kinds, "loaded": loaded}}))
        """
    )
    assert "InitiativeRolled" in result["kinds"] and result["loaded"] == []


def test_a_campaign_tool_tag_still_decodes_in_a_fresh_process():
    """The other half: a tool's tag (a mass battle's retreat) loads its module on the way."""
    result = _run(
        """
        import json, sys
        from core.combat import commands
        from saves.codec import from_document
        value = from_document({"$type": "OrderRetreat", "side": 0}, commands.Command)
        print(json.dumps({"type": type(value).__name__, "module": type(value).__module__}))
        """
    )
    assert result == {"type": "OrderRetreat", "module": "core.campaign.war.commands"}


def test_commands_round_trip_through_the_codec_and_only_they_and_events_are_tagged():
    command = cmd.Attack("c1", "c3", advantage=cmd.Advantage.ADVANTAGE)
    doc = to_document(command)
    assert doc["$type"] == "Attack" and "$type" not in doc["weapon"]
    assert from_document(doc, cmd.Command) == command
    assert from_document(to_document(cmd.RollDice("1d6", purpose="a test")), cmd.Command) == cmd.RollDice("1d6", purpose="a test")
    event = ev.RoundStarted(2)
    assert from_document(to_document(event), ev.Event) == event


def test_the_dice_grammar_is_built_beside_the_ui_after_the_first_frame(tmp_path):
    """Every dice refusal in < 10 ms: d20 builds its
    grammar on import (0.2-1 s). It is not loaded for the first frame, and
    the app loads it in a background thread once mounted, so the first dice
    the GM types does not pay for it."""
    path = _demo(tmp_path)
    result = _run(
        f"""
        import asyncio, json, random, sys, threading
        from saves.campaign import Campaign
        from saves.session import Session
        from tui.app import EncounterApp
        before = "d20" in sys.modules
        async def main():
            app = EncounterApp(Session(Campaign.open({str(path)!r}), random.Random(1)))
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                for thread in threading.enumerate():
                    if thread.name == "dice-warm-up":
                        thread.join(30)
                return "d20" in sys.modules
        after = asyncio.run(main())
        print(json.dumps({{"before": before, "after": after}}))
        """
    )
    assert result == {"before": False, "after": True}
