"""An older campaign keeps the campaign tools its encounters used.

Seed 001's tools (light and weather, the travel planner, the clock with
training and ruses, mass battle) became house rules outside equestria
(:mod:`core.rulesets.campaign_tools`), off by DEFAULT. A campaign saved
before that may hold what a tool made: an encounter's light or weather other
than a clear day or a light source (``vision``), an animal in training or a
ruse (``trainings``, ``ruses``), a mass battle (``battle``), a creature
holding its breath or with its ЭНЕР tracked (``breath``, ``energy_max``). Opening it turns
that tool's house rule on (the GM used it; its fights keep reading the
light), once: the campaign's header then records ``campaign_tools_read``, so
a GM who turns the house rule off later keeps it off. Every change of the
house rules records it too (:meth:`saves.campaign_records.CampaignRecords.set_house_rules`).

The travel planner leaves no record in an encounter's state (its journey
lives in the screen), but its log keeps what it did: a march is a clock
entry whose reason starts ``travel: `` (:data:`core.campaign.travel_settings.MARCH_REASON`),
an interrupted journey a ``TravelInterrupted`` (EQ-TRV-2); either turns
``travel_planner`` on. The logs are read only while no state showed it, once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from core.board.vision import Conditions
from core.campaign.travel_settings import MARCH_REASON
from core.rulesets.base import Ruleset
from core.rulesets.campaign_tools import TOOLS, tool_on
from saves.codec import to_document

READ_KEY = "campaign_tools_read"
"""The campaign header's mark: the tools in use were read (or the GM has set the house rules since)."""

_CLEAR_DAY = to_document(Conditions())


def travelled(entry: Any) -> bool:
    """Whether a log entry document (``{seq, round, turn, event}``) is a march or
    an interrupted journey of the travel planner (EQ-TRV-2)."""
    event = entry.get("event") if isinstance(entry, dict) else None
    if not isinstance(event, dict):
        return False
    kind = event.get("$type")
    reason = event.get("reason")
    return kind == "TravelInterrupted" or (kind == "ClockAdvanced" and isinstance(reason, str) and reason.startswith(MARCH_REASON))


def tools_in_use(states: Iterable[dict[str, Any]], logs: Iterable[Iterable[Any]] = ()) -> tuple[str, ...]:
    """The tools (keys of :data:`core.rulesets.campaign_tools.TOOLS`) whose
    records these encounter state documents hold, or (the travel planner)
    these encounters' logs (each an iterable of log entry documents), in that order."""
    used: set[str] = set()
    for state in states:
        if not isinstance(state, dict):
            continue
        vision = state.get("vision")
        if vision is not None and vision != _CLEAR_DAY:
            used.add("vision")
        if state.get("trainings") or state.get("ruses"):
            used.add("time")
        if state.get("battle"):
            used.add("battle")
        if any(isinstance(c, dict) and (c.get("breath") or c.get("energy_max")) for c in state.get("combatants") or ()):
            used.add("energy")
    if any(travelled(entry) for log in logs for entry in log):
        used.add("travel")
    return tuple(tool for tool in TOOLS if tool in used)


def turned_on(ruleset: Ruleset, states: Iterable[dict[str, Any]], logs: Iterable[Iterable[Any]] = ()) -> tuple[Ruleset, tuple[str, ...]]:
    """``(ruleset with the house rule of every tool in use on, what the GM is
    told of each one turned on)``; ``ruleset`` itself and nothing to tell when none is."""
    off = [tool for tool in TOOLS if hasattr(ruleset.settings, TOOLS[tool].setting) and not tool_on(ruleset, tool)]
    if not off:
        return ruleset, ()  # equestria: every tool is on, no encounter is read
    wanted = [tool for tool in tools_in_use(states, logs if "travel" in off else ()) if tool in off]  # a tool no house rule offers (srd35's battle) stays off
    if not wanted:
        return ruleset, ()
    on = ruleset.with_house_rules({**ruleset.house_rules(), **{TOOLS[tool].setting: True for tool in wanted}})
    told = tuple(f"{TOOLS[tool].label} (key {TOOLS[tool].key}, as in equestria {TOOLS[tool].rules}): this campaign's encounters "
                 f"use it, so its house rule {TOOLS[tool].setting} is on (House rules turns it off)." for tool in wanted)
    return on, told
