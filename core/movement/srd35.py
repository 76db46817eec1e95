"""Movement in ``srd35`` (seed 002): rules SRD-MOV-1..12.

Costs are in squares (1 square = 5 ft, SRD-MOV-1). Diagonals alternate
1, 2, 1, 2 across the whole move (SRD-MOV-2, handled by the engine's
``"alternate"`` search); difficult terrain doubles, doublings multiply
(x2 -> 2, diagonal 3; x4 -> 4, diagonal 6; SRD-MOV-5, -7). No diagonal
past a wall's corner (SRD-MOV-3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from core.combatant import Combatant
from core.errors import IllegalCommand
from core.grid import Cell, MoveKind, Terrain
from core.mobility import MoveType
from core.movement.model import MoveOptions, MovementModel, Passage, Refusal, StepRules, build_rules, small


@dataclass(frozen=True)
class SrdMovementSettings:
    """Movement data of ``srd35``; DEFAULT marks a gap in the seed."""

    speed_feet: int = 30  # SRD-MOV-1 (a typical speed)
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


class Pace(Enum):
    """How far a creature goes in a round (SRD-MOV-9)."""

    MOVE = "move"
    DOUBLE = "double move"
    RUN = "run"
    FIVE_FOOT_STEP = "5-ft step"


class SrdMovement(MovementModel):
    """Rules SRD-MOV-1..12."""

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
        own = mover.speed_of(MoveType.WALK)
        if own:
            return own
        return int(mover.stats.get("SPEED", self.settings.speed_feet)) // self.settings.feet_per_square

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

        return build_rules(move, price, diagonal="alternate", corner=s.corner)

    def passage(self, mover: Combatant, other: Combatant, options: MoveOptions) -> Passage:
        """Rule SRD-MOV-4: friends pass (not when charging); enemies block
        unless helpless; nobody ends in an occupied square unless its
        occupant is helpless; tiny and smaller enter others' squares;
        creatures 3+ sizes apart pass through each other."""
        if other.defeated:
            return Passage.SHARE  # helpless
        if other.layer is not mover.layer:
            return Passage.SHARE
        if small(mover.size) or small(other.size):
            return Passage.SHARE
        if abs(mover.size.step - other.size.step) >= self.settings.pass_size_steps:
            return Passage.PASS
        if self.allied(mover, other):
            return Passage.BLOCK if options.charging else Passage.PASS
        return Passage.BLOCK


def diagonal_cost(diagonals_so_far: int, doublings: int = 0) -> int:
    """Squares one diagonal step costs (SRD-MOV-2, -5, -7): 1 or 2 by the
    parity of earlier diagonals; 3 * 2^(k-1) into terrain with k doublings."""
    if doublings == 0:
        return 1 + diagonals_so_far % 2
    return 3 * 2 ** (doublings - 1)


def nearest(origin: Cell, cells: Sequence[Cell], rng: random.Random) -> Cell:
    """Rule SRD-MOV-11: the nearest of ``cells`` to ``origin`` (SRD distance,
    see :func:`core.geometry.distance`); ties are broken at random."""
    from core.geometry.areas import distance

    if not cells:
        raise IllegalCommand("no cell to choose from", "SRD-MOV-11")
    scored = [(distance(origin, c, "alternate"), c) for c in cells]
    low = min(d for d, _ in scored)
    tied = sorted(c for d, c in scored if d == low)
    return tied[0] if len(tied) == 1 else rng.choice(tied)
