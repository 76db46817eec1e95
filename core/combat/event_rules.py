"""The rule that decided an event, for the log line and the recap's JSON.

:func:`rule_of` gives an event's rule ID: the one it carries (its ``rule``
field: initiatives placed by EQ-INIT-3..5, maneuvers, falls, the end of a
fight), else the ruleset's own for the event's kind
(:attr:`core.rulesets.base.Ruleset.event_rules`), else the generic rule of
:data:`GENERIC`, marked ``DEFAULT`` where a ruleset borrows another seed's
rule (RULES.md: a seed's number fills another's gap; EQ-INIT-2 holds in all
four). ``""``: no rule decided it (the GM typed it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from core.values.phases import Phase

if TYPE_CHECKING:
    from core.combat.event_base import Event
    from core.rulesets.base import Ruleset

_PHASE_RULE = {Phase.COMBAT: "EQ-SIT-1", Phase.PREPARATION: "EQ-SIT-2", Phase.EVERYDAY: "EQ-SIT-3"}
_TRIGGER_RULE = {"burning": "TAC-EFF-1", "poisoned": "TAC-EFF-4"}

GENERIC: dict[str, str | Callable[[Any], str]] = {
    "InitiativeRolled": lambda e: "EQ-INIT-2" if e.rolloff else "EQ-INIT-1",  # a roll; a tie's roll-off
    "TurnStarted": "EQ-ACT-1",  # the budget refreshes at the start of one's own turn
    "GroundSet": "EQ-MAP-3",  # ground heights on the map (the brush's + and -)
    "TurnDelayed": "EQ-INIT-2",  # the next free value below the one waited for
    "ActionSpent": "EQ-ACT-1",
    "FullActionExchanged": "EQ-ACT-3",
    "CheckRolled": "EQ-CHK-2",  # the tier by the difficulty
    "AttackRolled": "EQ-ACT-4",  # an attack with an equipped item, a full action
    "Died": "TAC-HP-1",
    "ConditionTriggered": lambda e: _TRIGGER_RULE.get(e.condition, ""),
    "Mounted": "EQ-MNT-1",
    "Dismounted": "EQ-MNT-1",
    "CoatingApplied": "EQ-DAY-3",
    "CoatingEnded": "EQ-DAY-3",
    "PhaseChanged": lambda e: _PHASE_RULE.get(e.phase, ""),
    "PreparationTaken": "EQ-SIT-2",
    "SceneEventAdded": "EQ-INIT-2",  # its count is unique
    "Moved": "EQ-MOV-2",  # a step costs its movement points
    "MovementActionSpent": "TAC-MOV-2",
    "DamageTaken": "TAC-DMG-1",  # typed damage: resistances, weaknesses, armour
    "ContestRolled": "TAC-ACT-2",
    "FirstTurnNextRound": "EQ-INIT-5",  # a creature joining above the count played acts next round
    "BreathHeld": "EQ-BRE-1",
    "BreathRunningOut": "EQ-BRE-1",
    "BreathTaken": "EQ-BRE-1",
    "DoorForced": "EQ-CHK-3",  # a STR check; a critical failure hurts
    "TrainingStarted": "EQ-ANI-1",
    "TrainingProgressed": "EQ-ANI-1",
    "RuseAdded": "EQ-TRK-1",
    "RuseUsed": "EQ-TRK-1",  # works once, maybe twice
    "VisionChanged": "EQ-VIS-1",  # light and weather give the sight ranges
    "TravelInterrupted": "EQ-TRV-2",
    "BattleSetUp": "EQ-WAR-1",  # the larger army has 10 BP
    "BattleCheckRolled": "EQ-WAR-1",
    "MoraleChecked": "EQ-WAR-1",
    "HeroFought": "EQ-WAR-2",
    "BattleRecovered": "EQ-WAR-3",
    "RetreatOrdered": "EQ-WAR-4",
}
"""Event class name -> the rule that decides events of that kind (a rule ID,
or a function of the event giving one), in the equestria seed's terms."""

EVERYWHERE = frozenset({"EQ-INIT-2"})
"""Rules every ruleset plays as its own (RULES.md: "Ties: EQ-INIT-2 in all")."""


def rule_of(event: Event, ruleset: Ruleset | None = None) -> str:
    """The rule ID that decided ``event`` (see the module doc); ``ruleset``
    (``None``: none known) gives its own rules and marks borrowed ones."""
    own = _carried(event)
    if own:
        return own
    kind = type(event).__name__
    if ruleset is not None and kind in ruleset.event_rules:
        return ruleset.event_rules[kind]
    condition = _condition_rule(event, ruleset)
    if condition:
        return condition
    found = GENERIC.get(kind, "")
    rule = found(event) if callable(found) else found
    prefix = ruleset.rule_prefix if ruleset is not None else ""
    if rule and prefix and not rule.startswith(prefix + "-") and rule not in EVERYWHERE:
        return f"{rule} DEFAULT"
    return rule


_CONDITION_EVENTS = frozenset({"ConditionAdded", "ConditionRemoved", "ConditionExpired", "ConditionTriggered"})


def _condition_rule(event: Event, ruleset: Ruleset | None) -> str:
    """A condition's own rule (its catalogue entry in ``ruleset``: burning TAC-EFF-1, ...)."""
    if ruleset is None or type(event).__name__ not in _CONDITION_EVENTS:
        return ""
    condition = getattr(event, "condition", None)
    name = condition if isinstance(condition, str) else getattr(condition, "name", "")
    spec = ruleset.conditions.get(name)
    return spec.rule if spec is not None else ""


def _carried(event: Event) -> str:
    """The event's own ``rule`` field, if it has one and it is set."""
    if not dataclasses.is_dataclass(event):
        return ""
    for field in dataclasses.fields(event):
        if field.name == "rule":
            value = getattr(event, "rule")
            return value if isinstance(value, str) else ""
    return ""
