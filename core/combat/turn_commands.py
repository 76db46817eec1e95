"""The turn order's commands: start the fight (EQ-INIT-1..3), the next and
the previous turn, a delayed turn, the end of the fight (EQ-SIT-3). Each is
a :class:`TurnChange`, stamped with the GM's clock by the presenter;
:mod:`core.combat.commands` names them with the rest."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.combat.command_base import Command


@dataclass(frozen=True)
class TurnChange(Command):
    """A command that changes whose turn it is. ``at``: the wall-clock time
    the GM gave it (seconds since the epoch), stamped by the presenter from
    an injected clock; ``None``: not timed (a test, a script). Turn times
    in the recap are the differences of these stamps; core never reads a clock.
    ``since``: when the current turn began, for a turn begun without a stamp
    (a campaign's first turn, rolled when it was made): the presenter gives
    when the campaign was opened on that turn (:mod:`core.combat.turn_times`)."""

    at: float | None = field(default=None, kw_only=True)
    since: float | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class StartCombat(TurnChange):
    """Roll initiative for everyone without one and begin round 1 (rules EQ-INIT-1, EQ-INIT-2).

    ``starter``: id of the creature that starts the fight; it gets the
    highest initiative + 1 instead of a roll (EQ-INIT-3)."""

    starter: str | None = None


@dataclass(frozen=True)
class NextTurn(TurnChange):
    """End the current turn; the next combatant's actions refresh (rule EQ-ACT-1)."""


@dataclass(frozen=True)
class PreviousTurn(TurnChange):
    """Hand the turn back to the previous combatant (a GM correction): what
    the turn change did by itself is given back (expired conditions, trigger
    damage and escalation, budgets; see :mod:`core.combat.boundary`); what the GM
    did meanwhile stays. Use undo to take an action back."""


@dataclass(frozen=True)
class DelayTurn(TurnChange):
    """The current combatant, before spending anything, acts after ``after``:
    it takes the next free initiative below ``after``'s and the turn passes on."""

    combatant: str
    after: str


@dataclass(frozen=True)
class EndCombat(TurnChange):
    """EQ-SIT-3: all sides agreed to stop; back to everyday play (initiatives cleared)."""
