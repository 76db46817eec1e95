"""The last check or attack roll of the fight, kept on the encounter state so
that what follows a critical can be offered (rules EQ-CHK-6, EQ-CHK-7).

:func:`note_rolls` reads the events of every applied command: a check,
attack, contest, jump or maneuver roll becomes the :class:`LastRoll`; a new
turn clears it (the moment to follow up a critical has passed); the commands
of :mod:`core.combat.maneuvers.mishaps` consume it.
"""

from __future__ import annotations

from dataclasses import dataclass
from core.values.frozen import replace
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.dice.checks import CheckResult, Tier

if TYPE_CHECKING:
    from core.combat.state import EncounterState

CRITICALS = (Tier.CRITICAL_FAILURE, Tier.CRITICAL_SUCCESS)


@dataclass(frozen=True)
class LastRoll:
    """The roll ``combatant`` (``name``) made last: its ``tier``, what it was
    for (``purpose``) and the creature it concerned (``other``, may be "")."""

    combatant: str
    name: str
    tier: Tier
    purpose: str = ""
    other: str = ""

    @property
    def critical(self) -> bool:
        return self.tier in CRITICALS


def _roll_of(event: ev.Event) -> LastRoll | None:
    result: CheckResult | None = None
    who = name = other = ""
    if isinstance(event, ev.CheckRolled):
        result, who, name = event.result, event.combatant, event.name
    elif isinstance(event, ev.AttackRolled):
        result, who, name, other = event.result, event.attacker, event.attacker_name, event.target
    elif isinstance(event, ev.ContestRolled):
        result, who, name, other = event.attack, event.attacker, event.attacker_name, event.target
    elif isinstance(event, (ev.Jumped, ev.Maneuvered)) and event.check is not None:
        result, who, name = event.check, event.combatant, event.name
        other = getattr(event, "other", "")
    if result is None:
        return None
    return LastRoll(who, name, result.tier, result.purpose, other)


def note_rolls(state: EncounterState, events: tuple[ev.Event, ...]) -> Any:
    """``state`` with :attr:`last_roll` following ``events``: a turn start
    clears it, each roll replaces it (the last one wins)."""
    last = state.last_roll
    for event in events:
        if isinstance(event, ev.TurnStarted):
            last = None
            continue
        found = _roll_of(event)
        if found is not None:
            last = found
    return state if last == state.last_roll else replace(state, last_roll=last)
