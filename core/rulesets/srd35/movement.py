"""Movement in ``srd35`` (seed 002): rules SRD-MOV-1..13, -15, -16, -19.

Costs are in squares (1 square = 5 ft, SRD-MOV-1). Diagonals alternate
1, 2, 1, 2 across the whole move (SRD-MOV-2, handled by the engine's
``"alternate"`` search); difficult terrain doubles, doublings multiply
(x2 -> 2, diagonal 3; x4 -> 4, diagonal 6; SRD-MOV-5, -7). No diagonal
past a wall's corner (SRD-MOV-3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from core.values.combatant import Combatant
from core.board.grid import MoveKind, Terrain
from core.values.mobility import MoveType, Size
from core.board.movement.falling import nearest  # SRD-MOV-11, also where a falling creature lands
from core.board.movement.model import MoveOptions, MovementModel, Passage, Refusal, StepRules, build_rules, small


@dataclass(frozen=True)
class SrdMovementSettings:
    """Movement data of ``srd35``; DEFAULT marks a gap in the seed."""

    speed_feet: int = 30  # SRD-MOV-1 (a typical speed)
    speed_stat: str = "SPEED"  # SRD-MOV-1: a creature's speed in feet on its sheet (a roster, an SRD stat block)
    feet_per_square: int = 5  # SRD-MOV-1
    difficult_doublings: int = 1  # SRD-MOV-5
    climb_doublings: int = 2  # DEFAULT: climbing at a quarter speed
    swim_doublings: int = 2  # DEFAULT: swimming at a quarter speed
    squeeze_doublings: int = 1  # SRD-MOV-8
    double_move: int = 2  # SRD-MOV-9
    run_multiplier: int = 4  # SRD-MOV-9
    run_multiplier_heavy: int = 3  # SRD-MOV-9 (heavy armour)
    pass_size_steps: int = 3  # SRD-MOV-4: 3+ sizes larger or smaller pass
    corner: str = "both"  # SRD-MOV-3
    diagonal: str = "alternate"  # SRD-MOV-2: diagonals cost 1, 2, 1, 2 ... ("same": every step 1, a house rule)
    # SRD-MOV-13: reductions are not in the seed; DEFAULT the d20 SRD armour and load tables
    encumbered_speeds: tuple[tuple[int, int], ...] = (
        (20, 15), (30, 20), (40, 30), (50, 35), (60, 40), (70, 50), (80, 55), (90, 60), (100, 70), (110, 75), (120, 80),
    )  # DEFAULT (d20 SRD): base feet -> feet in medium/heavy armour or load; others: 2/3 rounded up to 5 ft
    slowing_armour: tuple[str, ...] = ("medium", "heavy")  # DEFAULT (d20 SRD)
    slowing_loads: tuple[str, ...] = ("medium", "heavy")  # DEFAULT (d20 SRD)
    heavy_loads_run: tuple[str, ...] = ("heavy",)  # DEFAULT (d20 SRD): a heavy load runs x3 like heavy armour
    bonus_lost_in_heavy_armour: tuple[str, ...] = ("barbarian",)  # SRD-MOV-13 (seed: barbarian +10 ft)
    bonus_lost_in_armour: tuple[str, ...] = ("monk",)  # DEFAULT (d20 SRD): a monk's bonus needs no armour, light load
    # SRD-MOV-15: helpless bodies that are obstacles
    obstacle_size: str = "huge"  # DEFAULT: Huge and larger (or a GM-flagged body "obstacle")
    obstacle_doublings: int = 1  # SRD-MOV-15: each square of the body costs 2


class Pace(Enum):
    """How far a creature goes in a round (SRD-MOV-9)."""

    MOVE = "move"
    DOUBLE = "double move"
    RUN = "run"
    FIVE_FOOT_STEP = "5-ft step"


class SrdMovement(MovementModel):
    """Rules SRD-MOV-1..13, SRD-MOV-15, -16 (passing a creature tumbled past or overrun), -19 (the budget)."""

    Settings = SrdMovementSettings
    unit = "squares"
    budget_rule = "SRD-MOV-9"
    occupied_rule = "SRD-MOV-4"
    blocked_rule = "SRD-MOV-6"
    moves = (MoveType.WALK, MoveType.CLIMB, MoveType.SWIM, MoveType.FLY, MoveType.TELEPORT)

    def speed(self, mover: Combatant, move: MoveType) -> int:
        """Squares per move action: its speed for ``move`` in squares
        (``speeds`` hold squares; a 30-ft speed is 6), or the ``SPEED``
        stat in feet / 5 (SRD-MOV-1)."""
        if move in (MoveType.FLY, MoveType.TELEPORT, MoveType.BURROW):
            return self.require(mover, move, "SRD-MOV-1")
        if move is MoveType.WALK:
            return self.land_speed(mover)[0] // self.settings.feet_per_square
        own = mover.speed_of(MoveType.WALK)
        if own:
            return own
        return int(mover.stats.get(self.settings.speed_stat, self.settings.speed_feet)) // self.settings.feet_per_square

    def land_speed(self, mover: Combatant) -> tuple[int, str]:
        """Rule SRD-MOV-13: land speed in feet, and how it was reached: the
        base (its walk speed in squares x 5 ft, else its ``speed_stat`` (``SPEED``) in feet,
        else ``speed_feet``), plus the best bonus of each type (a barbarian's
        is lost in heavy armour, a monk's in any armour or a heavier load),
        then slowed by medium/heavy armour or load (``encumbered_speeds``)."""
        s = self.settings
        own = mover.speed_of(MoveType.WALK)
        base = own * s.feet_per_square if own else int(mover.stats.get(s.speed_stat, s.speed_feet))
        armour, load = mover.armour_weight, mover.load
        words = [f"base {base} ft"]
        feet = base
        for kind, bonus in sorted(mover.speed_bonuses.items()):
            if kind in s.bonus_lost_in_heavy_armour and armour == "heavy":
                words.append(f"{kind} {bonus:+d} ft lost in heavy armour")
            elif kind in s.bonus_lost_in_armour and (armour or load in s.slowing_loads):
                words.append(f"{kind} {bonus:+d} ft lost in armour or under load")
            else:
                feet += bonus
                words.append(f"{kind} {bonus:+d} ft")
        slowed = [f"{armour} armour"] if armour in s.slowing_armour else []
        slowed += [f"{load} load"] if load in s.slowing_loads else []
        if slowed and feet > 0:
            reduced = dict(s.encumbered_speeds).get(feet)
            if reduced is None:
                step = s.feet_per_square
                reduced = -(-feet * 2 // (3 * step)) * step
            words.append(f"{' and '.join(slowed)}: {feet} -> {reduced} ft")
            feet = reduced
        return max(0, feet), ", ".join(words)

    def runs_heavy(self, mover: Combatant) -> bool:
        """Rule SRD-MOV-9: runs x3, not x4 (heavy armour: ``armour_weight``
        or stat ``HEAVY_ARMOUR``; DEFAULT also a heavy load)."""
        return mover.armour_weight == "heavy" or mover.stat("HEAVY_ARMOUR") > 0 or mover.load in self.settings.heavy_loads_run

    def allowance(self, speed_squares: int, pace: Pace, heavy_armour: bool = False) -> int:
        """Rule SRD-MOV-9: squares this round: move = speed, double move =
        2 x speed, run = 4 x speed (3 x in heavy armour), 5-ft step = 1."""
        s = self.settings
        if pace is Pace.MOVE:
            return speed_squares
        if pace is Pace.DOUBLE:
            return s.double_move * speed_squares
        if pace is Pace.RUN:
            return (s.run_multiplier_heavy if heavy_armour else s.run_multiplier) * speed_squares
        return 1

    def feet(self, squares: int) -> int:
        """Rule SRD-MOV-1: squares to feet (x5)."""
        return squares * self.settings.feet_per_square

    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        s = self.settings
        if move is MoveType.TELEPORT:
            self.require(mover, move, "SRD-MOV-1")
            return self.teleport_rules(mover, "SRD-MOV-6")
        if move is MoveType.BURROW:
            self.require(mover, move, "SRD-MOV-1")
        flying = move is MoveType.FLY
        if flying:
            self.require(mover, move, "SRD-MOV-1")
        extra = max(0, options.extra_doublings)

        def price(t: Terrain) -> int | Refusal:
            kind = t.move
            if kind is MoveKind.BLOCKED:
                return (f"a {t.name} blocks movement", "SRD-MOV-6")
            if kind is MoveKind.CHASM and not flying:
                return (f"a {t.name} cannot be crossed on foot", "SRD-MOV-6")
            if flying:
                doublings = 0  # SRD-MOV-5: fliers ignore difficult terrain
            else:
                doublings = {
                    MoveKind.DIFFICULT: s.difficult_doublings,
                    MoveKind.CLIMB: s.climb_doublings,
                    MoveKind.SWIM: s.swim_doublings,
                    MoveKind.DEEP_WATER: s.swim_doublings,
                }.get(kind, 0)
                if doublings and options.running:
                    return (f"no running or charging through {t.name}", "SRD-MOV-5")
            return 2 ** (doublings + extra)

        return build_rules(move, price, diagonal=s.diagonal, corner=s.corner)

    def passage(self, mover: Combatant, other: Combatant, options: MoveOptions) -> Passage:
        """Rule SRD-MOV-4: friends pass (not when charging); enemies block
        unless helpless; nobody ends in an occupied square unless its
        occupant is helpless; tiny and smaller enter others' squares;
        creatures 3+ sizes apart pass through each other."""
        if other.defeated:
            return Passage.SHARE  # helpless
        if f"pass:{other.id}" in mover.budget.marks:
            return Passage.PASS  # SRD-MOV-16: tumbled past or overran it this turn
        if other.layer is not mover.layer:
            return Passage.SHARE
        if small(mover.size) or small(other.size):
            return Passage.SHARE
        if abs(mover.size.step - other.size.step) >= self.settings.pass_size_steps:
            return Passage.PASS
        if self.allied(mover, other):
            return Passage.BLOCK if options.charging else Passage.PASS
        return Passage.BLOCK

    def body_doublings(self, mover: Combatant, other: Combatant) -> int:
        """Rule SRD-MOV-15: a helpless body that is an obstacle (``obstacle_size``
        and larger, or ``body == "obstacle"``): each of its squares costs 2."""
        s = self.settings
        if not other.defeated or other.layer is not mover.layer:
            return 0
        if other.body == "obstacle" or other.size.step >= Size(s.obstacle_size).step:
            return s.obstacle_doublings
        return 0


