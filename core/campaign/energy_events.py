"""Events of energy (ЭНЕР) and held breath (rules EQ-STAT-1, EQ-BRE-1).

Re-exported by :mod:`core.combat.events`, which defines :class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.campaign.breath import Activity
from core.combat.event_base import Event


@dataclass(frozen=True)
class EnergyChanged(Event):
    """ЭНЕР of ``combatant`` changed by ``delta`` to ``energy`` of ``energy_max``."""

    combatant: str
    name: str
    delta: int
    energy: int
    energy_max: int
    reason: str = ""


@dataclass(frozen=True)
class BreathHeld(Event):
    """``name`` holds its breath for ``seconds`` (``rounds`` of 10 s) at ``activity``."""

    combatant: str
    name: str
    activity: Activity
    seconds: int
    rounds: int


@dataclass(frozen=True)
class BreathTaken(Event):
    """``name`` breathes again after ``seconds``; ``energy_lost`` ЭНЕР past its breath."""

    combatant: str
    name: str
    seconds: int
    energy_lost: int
