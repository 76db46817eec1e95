"""RULES.md Revision 3: "A rule ID shown to a GM of another ruleset says
where it comes from: 'DEFAULT, as in equestria EQ-SIT-3'" (issue 26 item 5).

Each ruleset plays its common actions on the demo map (initiative, a group
of three with one roll, a move, an attack into full cover, bleeding, the
next turns) and every text a GM reads is gathered: the offers (labels,
rules, refusals, prompts), the previews (refusals, notes), the
group-initiative choice and the log lines as the log pane writes them.
Every rule ID in them is the ruleset's own, or said as another seed's
DEFAULT."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from core.board.grid import from_text
from core.combat import commands as cmd
from core.combat.add_group import AddGroup
from core.combat.demo import demo_roster, seed_map_text, state_from_map
from core.combat.encounter import Encounter
from core.combat.groups import GroupInitiative
from core.dice.modifiers import Cover, Situation
from core.offers.base import offers, preview
from core.rulesets import get
from core.rulesets.base import RULE_PREFIXES
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from saves.records import LogEntry
from tui.widgets.dice_log import line_text

ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")


def foreign(text: str, prefix: str) -> list[str]:
    """The rule IDs of ``text`` neither of the ruleset's ``prefix`` nor said as
    "as in <their ruleset> ID" (or next in such a run: "as in equestria EQ-INIT-2, EQ-INIT-6")."""
    wrong, said, end = [], "", -1
    for m in ID.finditer(text):
        seed = m.group(0).split("-")[0]
        run = said == seed and text[end:m.start()] in (", ", "/", " and ", " or ")
        if seed != prefix and not run and not text[:m.start()].endswith(f"as in {RULE_PREFIXES[seed]} "):
            wrong.append(m.group(0))
        said, end = ("" if m.group(0) in wrong else seed), m.end()
    return wrong


def _shown(enc: Encounter) -> list[str]:
    state, ruleset = enc.state, enc.ruleset
    texts: list[str] = []
    for offer in offers(state, ruleset, target="c3"):
        texts += [offer.label, offer.rule, offer.prompt, offer.refusal or ""]
    actor = state.current or "c1"
    for command in (cmd.Attack(actor, "c3", situation=Situation(cover=Cover.FULL)), cmd.Move(actor, (1, 1))):
        seen = preview(state, ruleset, command)
        texts += [seen.refusal or "", *seen.notes]
    return texts


@pytest.mark.parametrize("rid", ["equestria", "srd35", "tactical_d10", "power_roll"])
def test_every_rule_id_a_gm_reads_is_the_rulesets_own_or_a_default_said_as_such(rid):
    ruleset = get(rid)
    state = state_from_map("Demo", from_text(seed_map_text()), demo_roster(ruleset.stat_names))
    boar = state.combatant("c3")
    state = state.replace_combatant(replace(boar, position=(11, 2)))
    enc = Encounter(state, ruleset, random.Random(3))
    events = list(enc.apply(cmd.StartCombat()))
    texts = [mode.label_in(ruleset) for mode in GroupInitiative]
    events += enc.apply(AddGroup(Combatant("new", "Goblin", Side.FOE, {}, 5, 5), 3, "", GroupInitiative.GROUP))
    texts += _shown(enc)
    events += enc.apply(cmd.AddCondition("c3", Condition("bleeding", 2)))
    for _ in range(4):
        texts += _shown(enc)
        events += enc.apply(cmd.NextTurn())
    texts += [line_text(LogEntry(n, enc.state.round, None, e), ruleset).plain for n, e in enumerate(events, 1)]
    prefix = ruleset.rule_prefix
    wrong = sorted({(rule, text) for text in texts for rule in foreign(text, prefix)})
    assert wrong == []
    assert any("as in equestria EQ-INIT-2" in text for text in texts) == (rid != "equestria")


# -- seed 001's campaign tools: their screens, prompts and key help (core.rulesets.campaign_tools) -----------
def _texts_on(screen) -> list[str]:
    """Every text the screen shows now: each Static's content as the terminal prints it, and the border titles."""
    from rich.console import Console
    from textual.widgets import Static

    texts = []
    for widget in screen.query("*"):
        texts.append(str(widget.border_title or ""))
        if isinstance(widget, Static):
            console = Console(record=True, width=300)
            console.print(widget.content)
            texts.append(console.export_text())
    return texts


TOOL_KEYS = {"L": "light_and_weather", "J": "travel_planner", "T": "campaign_clock", "W": "mass_battle"}


@pytest.mark.parametrize("rid", ["equestria", "srd35", "tactical_d10", "power_roll"])
async def test_the_campaign_tools_cite_equestrias_rules_as_such_in_every_ruleset(tmp_path, rid):
    """Issue 26 item 5 for seed 001's tools: with their house rules on, the light prompt,
    the travel, time and battle screens and the help screen's key lines say EQ- IDs as
    "DEFAULT, as in equestria" outside equestria; off, the key's refusal says "as in equestria"."""
    from saves.campaign import Campaign
    from saves.session import Session, create_campaign
    from tui.app import EncounterApp
    from tui.screens.encounter.screen import EncounterScreen
    from core.rulesets.campaign_tools import TOOLS, tool_refusal
    from tui.keys import ACTIONS, help_in

    base = get(rid)
    offered = {name: True for name in TOOL_KEYS.values() if hasattr(base.settings, name)}
    texts = [tool_refusal(base, tool) or "" for tool in TOOLS]
    ruleset = get(rid, offered)
    texts += [help_in(action, ruleset) for action in ACTIONS] + [help_in(action, base) for action in ACTIONS]
    path = tmp_path / f"{rid}.json"
    create_campaign(path, "t", ruleset, from_text(seed_map_text()), random.Random(2), demo_roster(ruleset.stat_names)).close()
    app = EncounterApp(Session(Campaign.open(path), random.Random(3)))
    opened = []
    async with app.run_test(size=(100, 30)) as pilot:
        for key, name in TOOL_KEYS.items():
            if name not in offered:
                continue
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, EncounterScreen), key
            opened.append(key)
            texts += _texts_on(app.screen)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        texts += _texts_on(app.screen)
    app.presenter.session.campaign.close()
    prefix = ruleset.rule_prefix
    wrong = sorted({(rule, text) for text in texts for rule in foreign(text, prefix)})
    assert wrong == []
    assert opened == [key for key, name in TOOL_KEYS.items() if name in offered]
    assert any("as in equestria EQ-TRV-1" in text for text in texts) == (rid != "equestria")
