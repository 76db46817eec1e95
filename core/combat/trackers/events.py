"""Events of reminders and limited uses (see :mod:`core.values.trackers`); the
save codec registers them with the other events (``saves/codec.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from core.dice.rolls import DiceRoll
from core.combat.event_base import Event
from core.values.trackers import LimitedUse, Reminder


@dataclass(frozen=True)
class ReminderAdded(Event):
    """``name`` carries ``reminder``; ``anchor_name`` names whose turn times it."""

    combatant: str
    name: str
    reminder: Reminder
    anchor_name: str = ""


@dataclass(frozen=True)
class ReminderRemoved(Event):
    """``reminder`` was taken off ``name`` (``reason``: by the GM, its anchor left...)."""

    combatant: str
    name: str
    reminder: Reminder
    reason: str = ""


@dataclass(frozen=True)
class ReminderFired(Event):
    """``reminder`` on ``name`` fired; ``why``: "start of Wolf's turn",
    "after 3 rounds", "took 4 damage". When it has a ``stat``, the check is
    due (``RollReminder``)."""

    combatant: str
    name: str
    reminder: Reminder
    why: str


@dataclass(frozen=True)
class UseAdded(Event):
    combatant: str
    name: str
    use: LimitedUse


@dataclass(frozen=True)
class UseChanged(Event):
    """``use`` of ``name`` now (after it was spent, ``delta`` < 0, or
    restored, ``delta`` > 0); ``reason``: by the GM, the fight ended..."""

    combatant: str
    name: str
    use: LimitedUse
    delta: int
    reason: str = ""


@dataclass(frozen=True)
class UseRemoved(Event):
    combatant: str
    name: str
    use: LimitedUse


@dataclass(frozen=True)
class UseRecharged(Event):
    """The recharge die of ``use`` at the start of ``name``'s turn:
    ``roll`` (1d6...), ``recharged`` when it fell in the range; ``use`` as after."""

    combatant: str
    name: str
    use: LimitedUse
    roll: DiceRoll
    recharged: bool
