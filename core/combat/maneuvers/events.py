"""Events of jumps, falls, burrowing, climbing, teleports, squeezing and
reactions. Re-exported by :mod:`core.combat.events`.

Each carries the ``rule`` it applied and the check or dice it rolled, so
the log shows both."""

from __future__ import annotations

from dataclasses import dataclass

from core.dice.checks import CheckResult
from core.dice.rolls import DiceRoll
from core.combat.event_base import Event
from core.board.grid import Cell


@dataclass(frozen=True)
class Jumped(Event):
    """A jump from ``start`` toward ``aimed``; it landed on ``landed``
    (``distance`` cells). ``check`` when one was rolled; ``spent`` says
    what it cost (``movement``, ``full``, ``3 MP``)."""

    combatant: str
    name: str
    rule: str
    start: Cell
    aimed: Cell
    landed: Cell
    distance: int
    spent: str
    check: CheckResult | None = None
    succeeded: bool = True


@dataclass(frozen=True)
class Fell(Event):
    """A fall of ``height`` cells (``effective_height`` after Agility, water,
    a controlled fall): ``dice`` rolled or a fixed ``damage`` (before
    armour; the damage event follows), ``prone`` on landing at ``landed``.
    ``rounds_left``: a long fall goes on (PR-FALL-3, EQ-MOV-8)."""

    combatant: str
    name: str
    rule: str
    height: int
    effective_height: int
    damage: int
    prone: bool
    landed: Cell | None = None
    dice: DiceRoll | None = None
    cause: str = ""
    onto: str = ""
    onto_name: str = ""
    rounds_left: int = 0
    controlled: CheckResult | None = None


@dataclass(frozen=True)
class Maneuvered(Event):
    """A maneuver of ``combatant`` (dig, dig earth, climb, shake off, pull
    out, forced movement, teleport, squeeze, throw, catch, dodge, block):
    ``what`` it tried, ``outcome`` in words, ``check`` if rolled, ``other`` /
    ``other_name`` the creature it concerned."""

    combatant: str
    name: str
    rule: str
    what: str
    outcome: str
    check: CheckResult | None = None
    other: str = ""
    other_name: str = ""
