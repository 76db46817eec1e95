"""Probes of the house rules that offer seed 001's campaign tools in each
ruleset (:mod:`core.rulesets.campaign_tools`): light and weather (EQ-VIS-1..2,
an attack in darkness), the travel planner (EQ-TRV-1..2), the in-game clock
with training and ruses (EQ-ANI-1, EQ-TRK-1) and mass battle (EQ-WAR-1..4):
what the tool's key says. Format: ``house_rule_probes_shared``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from core.board.vision import Conditions
from core.dice.modifiers import assemble
from core.errors import EncounterError
from core.offers.attacks import attack_command
from core.rulesets import get
from core.rulesets.base import Ruleset
from core.rulesets.campaign_tools import TOOLS, tool_refusal
from core.values.combatant import Side
from tests.core.house_rule_probe_support import RULESETS, creature, encounter


def _attack_in_darkness(ruleset: Ruleset) -> object:
    """A shot at a foe 3 cells off in darkness (DEFAULT 0/0 sight, no darkvision):
    beyond sight, the target counts as invisible (EQ-VIS-1) where the light is in play."""
    enc = encounter(ruleset, creature(ruleset, "a", (2, 2)), creature(ruleset, "b", (5, 2), Side.FOE))
    enc.state = replace(enc.state, vision=Conditions("darkness"))
    try:
        attack = attack_command(enc.state, ruleset, "a", "b", "1d6 ranged")
    except EncounterError as refusal:
        return f"refused: {refusal}"
    assembly = assemble(ruleset.settings, attack.situation)
    return attack.situation.unseen, attack.situation.sight_reason, assembly.disadvantage_reasons


def _key(tool: str) -> Any:
    return lambda ruleset: tool_refusal(ruleset, tool)


def _flipped(rid: str, name: str) -> str:
    """What the form takes to change the DEFAULT: ``off`` where the tool is on (equestria, srd35's light), else ``on``."""
    return "off" if getattr(get(rid).settings, name) else "on"


PROBED = {"light_and_weather": _attack_in_darkness, **{TOOLS[tool].setting: _key(tool) for tool in ("travel", "time", "battle", "energy")}}

PROBES: dict[str, tuple[str, Any]] = {f"{rid}.{name}": (_flipped(rid, name), probe) for name, probe in PROBED.items() for rid in RULESETS
                                     if hasattr(get(rid).settings, name)}  # power_roll has no mass battle (core.rulesets.campaign_tools)
