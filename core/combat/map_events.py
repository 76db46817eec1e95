"""Events of map editing, placing, altitude, the creature sheet and what
the GM keeps from the players (hidden creatures, secrets).

Re-exported by :mod:`core.combat.events`, which defines :class:`Event`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.event_base import Event
from core.board.grid import Cell


@dataclass(frozen=True)
class SheetEdited(Event):
    """A creature sheet changed; ``changes`` reads like ``("STR +1 -> +2",)``;
    ``name`` is the name after the edit, ``old_name`` before it."""

    combatant: str
    name: str
    changes: tuple[str, ...]
    old_name: str = ""


@dataclass(frozen=True)
class Placed(Event):
    """A token was put on ``cell`` by the GM (``start`` is where it was, if anywhere)."""

    combatant: str
    name: str
    cell: Cell
    start: Cell | None = None


@dataclass(frozen=True)
class TerrainPainted(Event):
    """``count`` cells became ``terrain``."""

    terrain: str
    count: int


@dataclass(frozen=True)
class GroundSet(Event):
    """``count`` cells now stand ``height`` cells high (EQ-MAP-3)."""

    height: int
    count: int


@dataclass(frozen=True)
class WaterDepthSet(Event):
    """``count`` water cells are now ``depth`` cells deep (``None``: as deep
    as the ruleset's setting for their terrain, ``now`` cells here)."""

    depth: int | None
    count: int
    now: int = 0


@dataclass(frozen=True)
class CeilingSet(Event):
    """The map's ceiling is now ``ceiling`` cells above the ground (``None``:
    open sky), was ``old``."""

    ceiling: int | None
    old: int | None


@dataclass(frozen=True)
class MapResized(Event):
    old_width: int
    old_height: int
    width: int
    height: int


@dataclass(frozen=True)
class AltitudeChanged(Event):
    """``how`` (take_off, land, dive) left the creature at ``altitude`` cells
    (above 0: flying; below 0: under water)."""

    combatant: str
    name: str
    how: str
    altitude: int


@dataclass(frozen=True)
class HiddenChanged(Event):
    """The GM hid ``combatant`` from the players (``hidden``) or revealed it."""

    combatant: str
    name: str
    hidden: bool


@dataclass(frozen=True)
class SecretChanged(Event):
    """The GM made ``what`` (a condition's name, or ``notes``) of ``combatant`` secret or not."""

    combatant: str
    name: str
    what: str
    secret: bool
