"""The rule ID after a log line belongs to the ruleset in play, or says
where it comes from (RULES.md Revision 3)."""

from __future__ import annotations

from core.combat import events as ev
from core.values.phases import Phase
from core.rulesets import get
from saves.records import LogEntry
from tui.widgets.dice_log import line_text


def test_a_borrowed_rule_reads_default_as_in_its_seed_and_an_own_rule_as_it_is():
    everyday = LogEntry(1, 0, None, ev.PhaseChanged(Phase.EVERYDAY))
    assert line_text(everyday, get("srd35")).plain.endswith(" \u00b7 DEFAULT, as in equestria EQ-SIT-3")
    assert line_text(everyday, get("equestria")).plain.endswith(" \u00b7 EQ-SIT-3")
