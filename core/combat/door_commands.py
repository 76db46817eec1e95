"""Commands and events of doors and the map's cell sides (handled by
:mod:`core.combat.doors`): open, close, lock, unlock, break a door in, and
the brush that paints walls, doors and windows on cell sides
(:mod:`core.board.edges`). Named by :mod:`core.combat.commands` too."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.board.edges import Feature, Side
from core.board.grid import Cell
from core.combat.commands import Command
from core.combat.event_base import Event
from core.dice.checks import CheckResult


class DoorUse(Enum):
    """What a creature does with a door."""

    OPEN = "open"
    CLOSE = "close"
    LOCK = "lock"
    UNLOCK = "unlock"


@dataclass(frozen=True)
class UseDoor(Command):
    """``combatant`` (``None``: the GM) opens, closes, locks or unlocks the
    door on the ``side`` of ``cell``."""

    combatant: str | None
    cell: Cell
    side: Side
    use: DoorUse


@dataclass(frozen=True)
class BreakDoor(Command):
    """``combatant`` tries to break in the closed or locked door on the
    ``side`` of ``cell``: a check (EQ-CHK-3)."""

    combatant: str
    cell: Cell
    side: Side


@dataclass(frozen=True)
class PaintEdges(Command):
    """The GM's brush: put ``feature`` (``None``: clear) on the cell sides
    ``edges`` (pairs of a cell and its east or south side)."""

    edges: tuple[tuple[Cell, Side], ...]
    feature: Feature | None


@dataclass(frozen=True)
class DoorChanged(Event):
    """The door on ``side`` of ``cell`` went from ``old`` to ``new``;
    ``combatant``/``name`` did it (empty: the GM); ``spent``: what it cost."""

    combatant: str
    name: str
    cell: Cell
    side: Side
    old: Feature
    new: Feature
    spent: str = ""


@dataclass(frozen=True)
class DoorForced(Event):
    """``name`` tried to break in the door on ``side`` of ``cell``:
    ``check``; ``broken`` when it gave way; ``hurt``: damage taken on a
    critical failure (EQ-CHK-3)."""

    combatant: str
    name: str
    cell: Cell
    side: Side
    check: CheckResult
    broken: bool
    spent: str = ""
    hurt: int = 0


@dataclass(frozen=True)
class EdgesPainted(Event):
    """The brush put ``feature`` (``None``: cleared) on ``count`` cell sides."""

    feature: Feature | None
    count: int
