"""Every event whose kind a rule decides names that rule in the log line
and the recap's JSON (:func:`core.combat.event_rules.rule_of`)."""

from __future__ import annotations

import dataclasses
import re

from core.combat.event_base import Event
from core.combat.event_rules import GENERIC, _CONDITION_EVENTS, rule_of
from core.combat.registry import EVENT_MODULES
from core.rulesets import get, known_ids
from saves import codec

# The GM's choices that merely cite a rule: the breathing a creature has
# (exempt from EQ-BRE-1), a named action (the action decides, by ruleset:
# its ``action`` field: dash, dodge, defend).
GM_CHOICES = frozenset({"BreathingSet", "ActionTaken"})

RULE_ID = re.compile(r"\b(?:EQ|SRD|TAC|PR)-[A-Z]+-\d+\b")


def _event_classes() -> dict[str, type]:
    found = {**codec._core_tagged(), **codec._family_tagged()}
    for path in EVENT_MODULES:  # the actions', the map's and the maneuvers' events
        found.update(codec._event_module_tagged(path))
    return {name: cls for name, cls in found.items() if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event}


def test_every_event_class_whose_docstring_cites_a_rule_gets_a_rule_in_the_log():
    """A class that says which rule decides it (its docstring names an ID)
    is in :data:`GENERIC`, carries a ``rule`` field, or is a condition's
    event (the catalogue's rule)."""
    missing = []
    for name, cls in sorted(_event_classes().items()):
        if not RULE_ID.search(cls.__doc__ or "") or name in GM_CHOICES:
            continue
        carried = any(f.name == "rule" for f in dataclasses.fields(cls))
        if name in GENERIC or carried or name in _CONDITION_EVENTS:
            continue
        if all(name in get(ruleset_id).event_rules for ruleset_id in known_ids()):
            continue
        missing.append(name)
    assert missing == []


def test_a_mapped_event_shows_its_rule_in_the_dice_log_line():
    """The line of a rule-decided event ends with its rule (EQ-INIT-5 for a
    newcomer's first turn next round, EQ-BRE-1 DEFAULT when srd35 borrows it)."""
    from core.combat.events import FirstTurnNextRound
    from tui.rendering.describe import describe
    from tui.rendering.lines import with_rule
    newcomer = FirstTurnNextRound("w1", "Wolf 1", 2)
    assert rule_of(newcomer, get("equestria")) == "EQ-INIT-5"
    assert "EQ-INIT-5" in with_rule(describe(newcomer), rule_of(newcomer, get("equestria"))).plain
    assert rule_of(newcomer, get("srd35")) == "EQ-INIT-5 DEFAULT"
