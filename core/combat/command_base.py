"""The base of every command (:class:`Command`), apart from the commands
themselves, so that the command modules and :mod:`core.combat.commands`,
which names them all, import it without importing each other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """Base of all commands."""
