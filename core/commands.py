"""Every GM action is one of these frozen commands, applied by
:meth:`core.encounter.Encounter.apply`. Combatants are named by id."""

from __future__ import annotations

from dataclasses import dataclass

from core.checks import Advantage
from core.combatant import Combatant
from core.grid import Cell


@dataclass(frozen=True)
class Command:
    """Base of all commands."""


@dataclass(frozen=True)
class StartCombat(Command):
    """Roll initiative for everyone without one and begin round 1 (rules EQ-INIT-1, EQ-INIT-2)."""


@dataclass(frozen=True)
class NextTurn(Command):
    """End the current turn; the next combatant's actions refresh (rule EQ-ACT-1)."""


@dataclass(frozen=True)
class PreviousTurn(Command):
    """Hand the turn back to the previous combatant (a GM correction).
    Actions already spent stay spent; use undo to take an action back."""


@dataclass(frozen=True)
class Damage(Command):
    """``amount`` hit points of damage to ``target``; HP never drops below 0."""

    target: str
    amount: int


@dataclass(frozen=True)
class Heal(Command):
    """``amount`` hit points of healing to ``target``; HP never exceeds its maximum."""

    target: str
    amount: int


@dataclass(frozen=True)
class Move(Command):
    """Move ``combatant`` along the cheapest legal path to ``to`` (x, y),
    spending movement (rule EQ-MOV-2)."""

    combatant: str
    to: Cell


@dataclass(frozen=True)
class SpendAction(Command):
    """Mark one ``kind`` action (``full``, ``quick``, ``reaction``) as used (rules EQ-ACT-1, EQ-ACT-2)."""

    combatant: str
    kind: str


@dataclass(frozen=True)
class ExchangeFullAction(Command):
    """Trade the full action for extra quick actions (rule EQ-ACT-3)."""

    combatant: str


@dataclass(frozen=True)
class RollDice(Command):
    """Roll any dice expression; free text after it is a comment.
    ``combatant`` (optional) is who rolls."""

    expression: str
    combatant: str | None = None


@dataclass(frozen=True)
class RollCheck(Command):
    """A check: 1d20 + the combatant's current ``stat`` against ``difficulty``
    (``None``: the ruleset's default, 12 in ``equestria``; rules EQ-CHK-1, EQ-CHK-2)."""

    combatant: str
    stat: str
    difficulty: int | None = None
    advantage: Advantage = Advantage.NONE


@dataclass(frozen=True)
class AddCombatant(Command):
    """Add a combatant; its id must be new."""

    combatant: Combatant


@dataclass(frozen=True)
class RemoveCombatant(Command):
    """Take a combatant out of the encounter; the turn passes on if it was theirs."""

    combatant: str
