"""Commands of the maneuvers: jumps, falls,
squeezing, teleport, burrowing and digging, climbing a creature, thrown
items and reactions, weapon areas, the spear wall, the minimum move.
Re-exported by :mod:`core.combat.commands`, which names every command."""

from __future__ import annotations

from dataclasses import dataclass

from core.combat.attacks import Weapon
from core.dice.checks import Advantage
from core.board.grid import Cell
from core.combat.commands import Attack, Command


@dataclass(frozen=True)
class Jump(Command):
    """Jump ``combatant`` to ``to`` (x, y) by its ruleset's jump rule
    (EQ-MOV-6, TAC-MOV-3, PR-MOV-4; see :mod:`core.combat.maneuvers.jumps`). ``run_up``:
    cells of straight run-up just made (EQ-MOV-6); ``with_action``: pay
    the full action instead of the movement (EQ-MOV-6); ``test``: roll
    the Might/Agility test for extra length (PR-MOV-4)."""

    combatant: str
    to: Cell
    run_up: int = 0
    with_action: bool = False
    test: bool = False


@dataclass(frozen=True)
class Fall(Command):
    """``combatant`` falls ``height`` cells (``None``: from its altitude,
    or its mount's back) by its ruleset's falling rule (EQ-MOV-8,
    PR-FALL-1..3), lands on the ground (dismounted, altitude 0).
    ``onto``: the creature it lands on (PR-FALL-2); ``controlled``: an
    Acrobatics check first, success falls 4 less (EQ-FALL-2); ``cause``
    for the log (knocked prone in flight, thrown from a mount, ...)."""

    combatant: str
    height: int | None = None
    onto: str | None = None
    controlled: bool = False
    cause: str = ""


@dataclass(frozen=True)
class Squeeze(Command):
    """SRD-MOV-8: ``combatant`` starts (``on``) or stops squeezing: each
    square costs double, -4 to its attacks and to its AC. ``along``
    (SRD-MOV-17): "ns" or "ew", the way a 1-square passage runs for a
    creature wider than 1 square: it takes half its width across it."""

    combatant: str
    on: bool = True
    along: str = ""


@dataclass(frozen=True)
class Teleport(Command):
    """PR-TEL-1: ``teleporter`` teleports itself to ``to`` within its
    unmodified speed (spends that movement); with ``target`` (PR-TEL-2) it
    sends another creature up to ``distance`` cells (the effect's). ``stand``:
    a prone creature stands on arrival."""

    teleporter: str
    to: Cell
    target: str | None = None
    distance: int | None = None
    stand: bool = False


@dataclass(frozen=True)
class Dig(Command):
    """PR-BUR-1 dig maneuver: a burrower goes ``down`` (or up) as many cells as its size."""

    combatant: str
    down: bool = True


@dataclass(frozen=True)
class DigEarth(Command):
    """PR-BUR-3 Dig Earth maneuver (speed >= 2), Might power roll: 1 cell ``down`` or up."""

    combatant: str
    down: bool = True


@dataclass(frozen=True)
class PullOut(Command):
    """PR-BUR-4: ``puller`` on the ground pulls the adjacent, willing, fully underground ``burrower`` 1 cell up."""

    puller: str
    burrower: str


@dataclass(frozen=True)
class ForcedMove(Command):
    """PR-BUR-2, PR-FALL-4, seed 004's forced movement (RULES.md Revision 3):
    ``target`` is moved ``cells`` in a straight line: ``kind`` "push" (away
    from ``source``), "pull" (toward ``source``) or "slide" (``direction``:
    n, ne, e, se, s, sw, w, nw); it provokes nothing and stops at an
    obstacle, taking 1 damage per cell it could not move. A burrowed
    creature moved sideways does not move and takes 1 damage per cell;
    pushed ``down`` from the air it falls."""

    target: str
    cells: int
    down: bool = False
    kind: str = "push"
    source: str = ""
    direction: str = ""


@dataclass(frozen=True)
class ClimbCreature(Command):
    """PR-CLB-1: ``climber`` climbs the larger ``creature``; unwilling: a
    Might-or-Agility power roll (t1 fails with a free strike, t2 fails, t3 climbs)."""

    climber: str
    creature: str
    willing: bool = False


@dataclass(frozen=True)
class ShakeOff(Command):
    """PR-CLB-1: ``creature`` tries to shake ``climber`` off; the climber rolls
    (t1 falls to an adjacent cell with fall damage, prone; t2 slides off; t3 holds)."""

    creature: str
    climber: str


@dataclass(frozen=True)
class ThrowItem(Command):
    """EQ-ACT-4 quick action: ``thrower`` throws ``item`` to ``catcher``
    (thrower's DEX check); ``catch``: the catcher spends its reaction on a
    DEX check, else the item drops next to it."""

    thrower: str
    catcher: str
    item: str
    catch: bool = True


@dataclass(frozen=True)
class DefendedAttack(Command):
    """EQ-ACT-4 reaction: ``attack`` (an :class:`Attack`) where the target,
    if hit, spends its reaction to ``how`` = ``dodge`` (DEX check) or
    ``block`` (shield and STR >= +1; STR check) before damage is rolled:
    success takes no damage."""

    attack: Attack
    how: str = "dodge"


@dataclass(frozen=True)
class AreaAttack(Command):
    """TAC-ATK-2, TAC-ATK-3: ``attacker`` swings ``weapon`` facing
    ``facing`` (a direction (dx, dy)); every creature in the pattern of the
    weapon's damage type gets its own attack check and those hit share one
    damage roll equally (rounded down). With ``epicentre`` an explosive
    weapon hits everyone within ``radius`` of that cell (TAC-DMG-2)."""

    attacker: str
    weapon: Weapon
    facing: Cell = (1, 0)
    side: int = 1
    epicentre: Cell | None = None
    radius: int = 1
    advantage: Advantage = Advantage.NONE


@dataclass(frozen=True)
class SpearWall(Command):
    """TAC-DMG-2 action: ``combatant`` braces a piercing ``weapon`` facing
    ``facing``: until its next turn the first enemy that dashes into one of
    the 3 cells in front takes the weapon's damage."""

    combatant: str
    weapon: Weapon
    facing: Cell = (1, 0)


@dataclass(frozen=True)
class MinimumMove(Command):
    """SRD-MOV-10: a full round always moves ``combatant`` 1 square to ``to``
    (diagonal too) unless that square is blocked outright, whatever it costs;
    it provokes attacks of opportunity as usual (SRD-MOV-18)."""

    combatant: str
    to: Cell


# srd35's movement details: their own module, re-exported here so saves know them
