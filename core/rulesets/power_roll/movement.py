"""Movement in ``power_roll`` (seed 004): PR-MOV-1..5, PR-TEL-1, PR-BUR-1..3, PR-CLB-1.

Speed in squares; a step costs 1 (diagonal too, DEFAULT). Climbing or
swimming without that movement type costs 2 per cell (PR-MOV-2); crawling
+1 (PR-MOV-3). Fliers cross anything but solid obstacles (PR-MOV-5);
burrowers move through earth, never stone (PR-BUR-1); teleporters jump to
any free cell in line of effect within their unmodified speed (PR-TEL-1).
The maneuvers with a power roll (jump, dig earth, climbing a creature)
take the tier (1-3) as input and return what happens.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.board.grid import MoveKind, Terrain
from core.values.mobility import MoveType
from core.board.movement.falling import falls_from_flight  # PR-MOV-5
from core.board.movement.model import MoveOptions, MovementModel, Refusal, StepRules, build_rules


@dataclass(frozen=True)
class PowerRollMovementSettings:
    """Movement data of ``power_roll``; DEFAULT marks a gap in the seed."""

    speed: int = 5  # DEFAULT: the published system's usual speed
    difficult_extra: int = 1  # DEFAULT: the published system's difficult terrain (+1)
    unskilled_climb_swim_cost: int = 2  # PR-MOV-2
    crawl_extra: int = 1  # PR-MOV-3
    might_stat: str = "MIGHT"  # PR-STAT-1
    agility_stat: str = "AGILITY"  # PR-STAT-1
    jump_min: int = 1  # PR-MOV-4
    jump_height: int = 1  # PR-MOV-4
    jump_tier_bonus: tuple[int, ...] = (0, 1, 2)  # PR-MOV-4: tier 1/2/3
    dig_earth_min_speed: int = 2  # PR-BUR-3
    corner: str = "one"  # DEFAULT
    diagonal: str = "same"  # DEFAULT: a diagonal step costs what a straight one costs ("alternate": 1-2-1-2, a house rule)


class PowerRollMovement(MovementModel):
    """Rules PR-MOV-1..5, PR-TEL-1, PR-BUR-1..3, PR-CLB-1."""

    Settings = PowerRollMovementSettings
    unit = "squares"
    budget_rule = "PR-MOV-1"
    occupied_rule = "PR-MOV-1"
    blocked_rule = "PR-MOV-1"
    moves = tuple(m for m in MoveType if m is not MoveType.SNEAK)

    def speed(self, mover: Combatant, move: MoveType) -> int:
        """Squares per move: its own speed for the type; walk, climb, swim
        and crawl fall back to its walk speed (``SPEED`` stat, DEFAULT 5).
        Teleport uses the unmodified speed (PR-TEL-1)."""
        if move in (MoveType.FLY, MoveType.BURROW, MoveType.TELEPORT):
            return self.require(mover, move, "PR-MOV-1")
        own = mover.speed_of(move)
        return own or mover.speed_of(MoveType.WALK) or int(mover.stats.get("SPEED", self.settings.speed))

    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        s = self.settings
        if move is MoveType.TELEPORT:
            self.require(mover, move, "PR-MOV-1")
            return self.teleport_rules(mover, "PR-TEL-1")
        if move is MoveType.FLY:
            self.require(mover, move, "PR-MOV-1")
            return build_rules(move, _fly_price, diagonal=s.diagonal, corner=s.corner)
        if move is MoveType.BURROW:
            self.require(mover, move, "PR-MOV-1")
            return build_rules(move, _burrow_price, diagonal=s.diagonal, corner=s.corner)
        if move in (MoveType.JUMP, MoveType.SNEAK):
            raise IllegalCommand(f"{move.value} is not a path movement in power_roll", "PR-MOV-1")
        climber = bool(mover.speed_of(MoveType.CLIMB))
        swimmer = bool(mover.speed_of(MoveType.SWIM))
        extra = s.crawl_extra if move is MoveType.CRAWL else 0

        def price(t: Terrain) -> int | Refusal:
            kind = t.move
            if kind is MoveKind.BLOCKED or kind is MoveKind.CHASM:
                return (f"a {t.name} blocks movement", "PR-MOV-1")
            if kind is MoveKind.CLIMB:
                base = 1 if climber else s.unskilled_climb_swim_cost
            elif kind in (MoveKind.SWIM, MoveKind.DEEP_WATER):
                base = 1 if swimmer else s.unskilled_climb_swim_cost
            elif kind is MoveKind.DIFFICULT:
                base = 1 + s.difficult_extra
            else:
                base = 1
            return base + extra

        return build_rules(move, price, diagonal=s.diagonal, corner=s.corner)

    # -- maneuvers ------------------------------------------------------------
    def jump_distance(self, mover: Combatant, tier: int | None = None, movement_left: int | None = None,
                      in_difficult_terrain: bool = False) -> tuple[int, int]:
        """Rule PR-MOV-4: ``(length, height)`` in cells of a jump made as part
        of a move: length up to the better of Might and Agility (minimum 1),
        height 1; a test adds 0 / 1 / 2 to both at tier 1 / 2 / 3. Never more
        than ``movement_left``; no jumping out of difficult terrain."""
        s = self.settings
        if in_difficult_terrain:
            raise IllegalCommand(f"{mover.name} cannot jump out of difficult terrain", "PR-MOV-4")
        length = max(s.jump_min, mover.stat(s.might_stat), mover.stat(s.agility_stat))
        height = s.jump_height
        if tier is not None:
            bonus = s.jump_tier_bonus[_tier_index(tier)]
            length, height = length + bonus, height + bonus
        if movement_left is not None:
            length, height = min(length, movement_left), min(height, movement_left)
        return length, height

    def dig(self, mover: Combatant, grabbing_conscious: bool = False, deeper: bool = True) -> int:
        """Rule PR-BUR-1, dig maneuver: cells it may move vertically (= its
        size number). Needs a burrow speed >= its size; cannot go deeper
        while grabbing a conscious creature."""
        burrow = self.require(mover, MoveType.BURROW, "PR-BUR-1")
        size = size_number(mover)
        if burrow < size:
            raise IllegalCommand(f"digging needs a burrow speed of at least {size}, {mover.name} has {burrow}", "PR-BUR-1")
        if grabbing_conscious and deeper:
            raise IllegalCommand(f"{mover.name} cannot dig deeper while grabbing a struggling creature", "PR-BUR-1")
        return size

    def dig_earth(self, mover: Combatant, tier: int) -> DigEarth:
        """Rule PR-BUR-3, Dig Earth maneuver for a creature without burrow
        (speed >= 2): tier 1 move 1 cell, slowed and weakened (save ends);
        tier 2 spend the main action to move 1 cell, slowed (save ends);
        tier 3 move 1 cell."""
        speed = self.speed(mover, MoveType.WALK)
        if speed < self.settings.dig_earth_min_speed:
            raise IllegalCommand(f"Dig Earth needs speed {self.settings.dig_earth_min_speed}, {mover.name} has {speed}", "PR-BUR-3")
        return (
            DigEarth(1, False, ("slowed", "weakened")),
            DigEarth(1, True, ("slowed",)),
            DigEarth(1, False, ()),
        )[_tier_index(tier)]


@dataclass(frozen=True)
class DigEarth:
    """Outcome of Dig Earth (PR-BUR-3): ``cells`` moved into/out of/through
    the ground, whether it used the main action, conditions (save ends)."""

    cells: int
    uses_main_action: bool
    conditions: tuple[str, ...]


@dataclass(frozen=True)
class ClimbOutcome:
    """Outcome of PR-CLB-1: ``climbs`` (now on the creature), ``free_strike``
    (the creature may strike the climber), ``falls`` (takes fall damage),
    ``prone`` (lands prone in an adjacent cell), ``slides_off``."""

    climbs: bool = False
    free_strike: bool = False
    falls: bool = False
    prone: bool = False
    slides_off: bool = False


def climb_creature(tier: int | None, willing: bool = False, climber_size: int = 1, target_size: int = 2) -> ClimbOutcome:
    """Rule PR-CLB-1: climbing a larger creature. Willing: it climbs. Else
    a Might-or-Agility roll: tier 1 fails and the creature gets a free
    strike, tier 2 fails, tier 3 climbs on. While on it, melee against it
    has advantage."""
    if target_size <= climber_size:
        raise IllegalCommand("only a larger creature can be climbed", "PR-CLB-1")
    if willing:
        return ClimbOutcome(climbs=True)
    if tier is None:
        raise IllegalCommand("an unwilling creature: roll Might or Agility first", "PR-CLB-1")
    return (ClimbOutcome(free_strike=True), ClimbOutcome(), ClimbOutcome(climbs=True))[_tier_index(tier)]


def shake_off(tier: int) -> ClimbOutcome:
    """Rule PR-CLB-1: the climber's roll against being shaken off: tier 1
    falls to an adjacent cell, takes fall damage, prone; tier 2 slides off,
    not prone; tier 3 holds on."""
    return (
        ClimbOutcome(falls=True, prone=True),
        ClimbOutcome(slides_off=True),
        ClimbOutcome(climbs=True),
    )[_tier_index(tier)]


def burrowed_forced_move(cells: int, vertical: bool, burrowed: bool = True) -> tuple[int, int]:
    """Rule PR-BUR-2: ``(cells moved, damage)`` of forced movement on a
    creature fully underground: horizontal -> no movement and 1 damage per
    cell; vertical -> moves as through air."""
    if not burrowed or vertical:
        return cells, 0
    return 0, cells


def size_number(mover: Combatant) -> int:
    """PR-STAT-1: the size number (1 = medium and smaller, 2 = 2x2, ...),
    from a ``SIZE`` stat or the footprint."""
    if "SIZE" in mover.stats:
        return int(mover.stats["SIZE"])
    return max(1, mover.space[0], mover.space[1])


def _tier_index(tier: int) -> int:
    if tier not in (1, 2, 3):
        raise IllegalCommand(f"a power roll tier is 1, 2 or 3, not {tier}", "PR-ROLL-1")
    return tier - 1


def _fly_price(t: Terrain) -> int | Refusal:
    if t.move is MoveKind.BLOCKED:
        return (f"a {t.name} blocks flight", "PR-MOV-5")
    return 1


def _burrow_price(t: Terrain) -> int | Refusal:
    if not t.burrowable:
        return (f"cannot burrow through {t.name}: only earth, not stone", "PR-BUR-1")
    return 1
