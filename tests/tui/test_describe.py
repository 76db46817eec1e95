"""Every core event has a log line; user text in it is literal."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys

from core.combat import events as ev
from core.combat.demo import demo_encounter
from core.combat import commands as cmd
from core.combat.registry import EVENT_MODULES
from tui.rendering.describe import describe, load_every_line


def test_every_event_type_has_a_description():
    load_every_line()  # the families' lines register with their first event
    modules = [ev, *map(importlib.import_module, EVENT_MODULES)]  # the actions', the map's and the maneuvers' events, named by ev on first use
    kinds = [c for m in modules for c in vars(m).values() if isinstance(c, type) and issubclass(c, ev.Event) and c is not ev.Event]
    assert len(kinds) > 10 and ev.Placed in kinds and ev.Jumped in kinds
    fallback = describe.dispatch(ev.Event)
    assert [k.__name__ for k in kinds if describe.dispatch(k) is fallback] == []


def test_a_familys_lines_load_with_its_first_event():
    """The map's and the actions' lines (tui.rendering.map_lines, combat) and
    events are not loaded by the log's face; the first event of each family
    loads its line module, and the line reads right."""
    code = (
        "import sys\n"
        "from tui.rendering.describe import describe\n"
        "families = ('tui.rendering.map_lines', 'core.combat.map_events', 'tui.rendering.groups', 'tui.rendering.combat', 'core.combat.action_events')\n"
        "loaded = {m for m in families if m in sys.modules}\n"
        "from core.combat.events import Placed\n"
        "print(sorted(loaded), describe(Placed('w1', 'Wolf 1', (3, 4))).plain, 'tui.rendering.map_lines' in sys.modules, 'tui.rendering.combat' in sys.modules)\n"
        "from core.combat.events import Defeated\n"
        "print(describe(Defeated('w1', 'Wolf 1')).plain, 'tui.rendering.combat' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[] Wolf 1 is placed at (3, 4) True False", "Wolf 1 is defeated True"]


def test_demo_events_read_well():
    encounter, events = demo_encounter(random.Random(3))
    lines = [describe(e).plain for e in events]
    assert any("initiative 1d20" in line for line in lines)
    roll = encounter.apply(cmd.RollDice("4d6kh3 stats"))
    text = describe(roll[-1]).plain
    assert "4d6kh3 [" in text and "stats" in text


def test_names_with_markup_and_escapes_are_literal():
    line = describe(ev.TurnStarted(1, "c1", "Orc [/] \x1b[31m"))
    assert line.plain == "Turn: Orc [/] \\x1b[31m"


def test_the_log_folds_the_hp_line_that_repeats_a_damage_line():
    from core.combat.damage import DamageOutcome
    from saves.records import LogEntry
    from tui.widgets.dice_log import DiceLog

    outcome = DamageOutcome(parts=(), rolled=5, total=5)
    damage = ev.DamageTaken("c3", "Boar", (), outcome, 0, 11, 0, 16)
    hp = ev.HitPointsChanged("c3", "Boar", -5, -5, 11, 16)
    plain = ev.HitPointsChanged("c3", "Boar", -2, -2, 9, 16)
    log = DiceLog()
    log.entries = [LogEntry(1, 1, "c1", damage), LogEntry(2, 1, "c1", hp), LogEntry(3, 1, "c1", plain)]
    assert [e.seq for e in log.visible()] == [1, 3]


def test_rerolled_dice_show_the_face_they_rolled_struck_through():
    from core.dice.rolls import roll
    from tui.rendering.describe import roll_text

    rolled = next(r for r in (roll("10d6ro<3", random.Random(seed)) for seed in range(50)) if not all(d.kept for d in r.dice))
    text = roll_text(rolled)
    shown = text.plain[text.plain.index("[") + 1 : text.plain.index("]")].split(", ")
    assert shown == [str(d.value) for d in rolled.dice]
    assert "0" not in shown
    struck = [text.plain[span.start : span.end] for span in text.spans if "strike" in str(span.style)]
    assert struck == [str(d.value) for d in rolled.dice if not d.kept] and all(int(v) < 3 for v in struck)


def test_a_condition_for_some_rounds_reads_as_a_sentence():
    """A try-out read "Character 2 is bleeding 2 3 rounds"."""
    from core.values.conditions import Condition

    condition = Condition("bleeding", 2)
    line = describe(ev.ConditionAdded("c2", "Character 2", condition, until="3 rounds (to the start of Boar's turn)")).plain
    assert line == "Character 2 is bleeding 2 for 3 rounds (to the start of Boar's turn)"
    line = describe(ev.ConditionAdded("c2", "Character 2", condition, until="until the end of Boar's turn")).plain
    assert line == "Character 2 is bleeding 2 until the end of Boar's turn"


def test_a_contest_line_gives_every_modifier_its_reason():
    """A try-out read "1d10-4 [5] = 1 vs 1d10+1" for a trip: the -4 had no reason (TAC-ACT-2)."""
    from core.dice.checks import Modifier
    from core.rulesets import get

    ruleset = get("tactical_d10")
    rng = random.Random(1)
    attack = ruleset.roll_check(rng, 1, 0, modifiers=(Modifier(-4, "trip", "TAC-ACT-2"),), purpose="trip")
    defence = ruleset.roll_check(rng, 1, 0, purpose="resist trip")
    line = describe(ev.ContestRolled("a", "Aria", "g", "Goblin", "trip", attack, defence, True, 1, "a")).plain
    assert "(-4 trip)" in line


def test_the_campaign_tools_lines_load_with_their_first_event():
    """start-up: the mass combat and campaign time lines (and the
    events they import) are not loaded for a log that has none; the first
    such event loads them, and it and the next are described in full."""
    import json
    import subprocess
    import sys
    import textwrap
    from pathlib import Path

    code = textwrap.dedent(
        """
        import json, sys
        import tui.app
        from tui.rendering.describe import describe
        before = [m for m in ("tui.rendering.war", "tui.rendering.campaign_time", "core.campaign.war.events", "core.campaign.time_events") if m in sys.modules]
        from core.campaign.war.events import BattleSetUp
        from core.campaign.time_events import ClockAdvanced
        lines = [describe(BattleSetUp(("North", "South"), (10000, 7000), (10, 7))).plain,
                 describe(ClockAdvanced(0, 86400 + 3600, "travel")).plain]
        print(json.dumps({"before": before, "lines": lines}))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.splitlines()[-1])
    assert result["before"] == []
    assert result["lines"][0] == "Battle: North 10,000 -> 10 BP vs South 7,000 -> 7 BP"
    assert result["lines"][1].startswith("Time: Day 1 00:00 -> Day 2 01:00")


def test_a_power_roll_attack_line_names_its_tier_not_a_number_to_beat():
    """PR-ROLL-1: an attack's tier comes from its total; a try-out's lines
    said "vs 0"."""
    from core.board.grid import Grid
    from core.combat.encounter import Encounter
    from core.combat.state import EncounterState
    from core.rulesets import get
    from core.values.combatant import Combatant, Side

    hero = Combatant("h", "Hero", Side.PARTY, {"MIGHT": 2}, 20, 20, position=(1, 1), initiative=10)
    foe = Combatant("f", "Foe", Side.FOE, {}, 20, 20, position=(2, 1), initiative=5)
    encounter = Encounter(EncounterState("t", Grid.filled(4, 3), (hero, foe)), get("power_roll"), random.Random(1))
    encounter.apply(cmd.StartCombat())
    attack = next(e for e in encounter.apply(cmd.Attack("h", "f")) if isinstance(e, ev.AttackRolled))
    line = describe(attack).plain
    assert " vs " not in line and f"= {attack.result.total} (+2 MIGHT): tier" in line


def test_a_hit_that_deals_no_damage_does_not_read_as_healing():
    """A zero-damage hit (armour took it all) logged "heals 0"."""
    line = describe(ev.HitPointsChanged("b", "Boar", 0, 0, 16, 16)).plain
    assert "heals" not in line and line == "Boar loses no HP -> HP 16/16"
