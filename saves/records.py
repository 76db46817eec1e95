"""Log records of the save layer.

:class:`LogEntry` is one line of an encounter's log. The log is append-only:
undoing an action does not erase its lines, it adds an :class:`Undone`
line (and redo a :class:`Redone` one), so the table's history stays
readable. ``Undone`` / ``Redone`` are :class:`core.combat.events.Event` subclasses
so that the log holds one kind of thing; the codec stores them with the
same ``"$type"`` tag as core events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from core.combat import events


@dataclass(frozen=True)
class LogEntry:
    """One line of the encounter log: ``seq`` from 1, the ``round`` and
    the id of the combatant whose turn it was (``turn``) when it happened."""

    seq: int
    round: int
    turn: str | None
    event: events.Event


@dataclass(frozen=True)
class Undone(events.Event):
    """Step ``step`` (``label``: what it was, e.g. ``"Damage"``) was undone;
    its log lines were ``first_seq..last_seq``."""

    step: int
    label: str
    first_seq: int = 0
    last_seq: int = 0


@dataclass(frozen=True)
class Redone(events.Event):
    """Step ``step`` (``label``) was redone: the state after it is back."""

    step: int
    label: str
    first_seq: int = 0
    last_seq: int = 0


def make_entries(state, new_events: Iterable[events.Event], first_seq: int) -> list[LogEntry]:
    """Number ``new_events`` from ``first_seq``, stamped with ``state``'s round and turn
    (``state``: a :class:`core.combat.state.EncounterState`)."""
    return [LogEntry(first_seq + i, state.round, state.current, e) for i, e in enumerate(new_events)]


@dataclass(frozen=True)
class Unreadable(events.Event):
    """A log entry that could not be read back (a damaged history); ``reason`` says why."""

    reason: str
