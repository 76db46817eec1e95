"""The base of every event (:class:`Event`), apart from the events themselves,
so that the families' event modules and :mod:`core.combat.events`, which
re-exports some of them, import it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """Base of all events: a frozen fact of what happened, returned by
    :meth:`core.combat.encounter.Encounter.apply` for the log."""
