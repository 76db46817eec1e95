"""Events of campaign time, animal training, ruses and breath at turn
boundaries (rules EQ-ANI-1, EQ-TRK-1, EQ-BRE-1, EQ-DAY-3, EQ-TRV-2).

Re-exported through :mod:`saves.codec`'s tagged classes like the other
campaign tools' events.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.event_base import Event


@dataclass(frozen=True)
class ClockAdvanced(Event):
    """The in-game clock went from ``before`` to ``after`` (seconds since day 1, 00:00) for ``reason``."""

    before: int
    after: int
    reason: str = ""


@dataclass(frozen=True)
class TrainingStarted(Event):
    """``animal`` (ИНТ ``intelligence``) begins learning ``trick`` from ``trainer``: ``needed`` days (EQ-ANI-1)."""

    animal: str
    trick: str
    trainer: str
    intelligence: int
    needed: int


@dataclass(frozen=True)
class TrainingProgressed(Event):
    """``days`` more of training: ``done`` of ``needed`` days; ``learned`` once done (EQ-ANI-1)."""

    animal: str
    trick: str
    days: int
    done: int
    needed: int
    learned: bool = False


@dataclass(frozen=True)
class TrainingDropped(Event):
    """The training of ``animal`` in ``trick`` is taken off the list after ``done`` days."""

    animal: str
    trick: str
    done: int


@dataclass(frozen=True)
class RuseAdded(Event):
    """A trick or ruse the party invented (EQ-TRK-1); ``bought`` as an ability it never wears out."""

    name: str
    bought: bool = False


@dataclass(frozen=True)
class RuseUsed(Event):
    """``name`` used once more: ``uses`` so far, ``left`` uses before word spreads (``None``: bought)."""

    name: str
    uses: int
    left: int | None


@dataclass(frozen=True)
class RuseDropped(Event):
    name: str


@dataclass(frozen=True)
class BreathRunningOut(Event):
    """EQ-BRE-1: ``name`` has ``seconds`` of air left: it runs out before its next turn."""

    combatant: str
    name: str
    seconds: int


@dataclass(frozen=True)
class BreathingSet(Event):
    """``name`` breathes ``breathing`` (air; water or none: exempt from EQ-BRE-1)."""

    combatant: str
    name: str
    breathing: str


@dataclass(frozen=True)
class TravelInterrupted(Event):
    """EQ-TRV-2: the journey stopped (``reason``); ``names`` lost ``amount`` ЭНЕР each (``skipped``: no ЭНЕР tracked)."""

    amount: int
    names: tuple[str, ...]
    skipped: tuple[str, ...] = ()
    reason: str = ""
