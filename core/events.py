"""What happened: the encounter returns these from ``apply`` for the log.

Events carry names as well as ids, so a log stays readable after a
combatant is renamed or removed. Turning them into text is the UI's job.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.checks import CheckResult
from core.dice import DiceRoll
from core.grid import Cell


@dataclass(frozen=True)
class Event:
    """Base of all events."""


@dataclass(frozen=True)
class InitiativeRolled(Event):
    """``value`` is the final, unique initiative; ``rolloff`` the tie dice (rule EQ-INIT-2)."""

    combatant: str
    name: str
    roll: DiceRoll
    value: int
    rolloff: tuple[int, ...] = ()


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class TurnStarted(Event):
    round: int
    combatant: str
    name: str


@dataclass(frozen=True)
class TurnReturned(Event):
    """The GM handed the turn back (``PreviousTurn``)."""

    round: int
    combatant: str
    name: str


@dataclass(frozen=True)
class HitPointsChanged(Event):
    """Damage (``delta`` < 0) or healing (``delta`` > 0) as applied after the bounds."""

    combatant: str
    name: str
    requested: int
    delta: int
    hp: int
    hp_max: int


@dataclass(frozen=True)
class Defeated(Event):
    combatant: str
    name: str


@dataclass(frozen=True)
class Moved(Event):
    """``path`` excludes the start cell; ``cost`` and ``movement_left`` in cells."""

    combatant: str
    name: str
    start: Cell
    path: tuple[Cell, ...]
    cost: int
    movement_left: int


@dataclass(frozen=True)
class ActionSpent(Event):
    combatant: str
    name: str
    kind: str
    left: int


@dataclass(frozen=True)
class FullActionExchanged(Event):
    """Rule EQ-ACT-3: the full action became ``quick_gained`` quick actions."""

    combatant: str
    name: str
    quick_gained: int


@dataclass(frozen=True)
class DiceRolled(Event):
    roll: DiceRoll
    combatant: str | None = None
    name: str = ""


@dataclass(frozen=True)
class CheckRolled(Event):
    combatant: str
    name: str
    stat: str
    result: CheckResult


@dataclass(frozen=True)
class CombatantAdded(Event):
    combatant: str
    name: str


@dataclass(frozen=True)
class CombatantRemoved(Event):
    combatant: str
    name: str
