"""LAN-MOV-1: movement in paces. A creature has ``walk_paces`` (8) a turn;
a step onto open ground costs 2 paces, into difficult ground 3, diagonal
or straight alike; walls, chasms and water cannot be entered."""

from __future__ import annotations

from dataclasses import dataclass

from core.board.grid import MoveKind, Terrain
from core.board.movement.model import MoveOptions, MovementModel, Refusal, StepRules, build_rules
from core.errors import IllegalCommand
from core.values.combatant import Combatant
from core.values.mobility import MoveType


@dataclass(frozen=True)
class LanternMovementSettings:
    walk_paces: int = 8  # LAN-MOV-1, paces a turn
    step_paces: int = 2  # LAN-MOV-1, a step onto open ground
    rough_paces: int = 3  # LAN-MOV-1, a step into difficult ground


class LanternMovement(MovementModel):
    """LAN-MOV-1."""

    Settings = LanternMovementSettings
    unit = "paces"
    budget_rule = "LAN-MOV-1"
    occupied_rule = "LAN-MOV-1"
    blocked_rule = "LAN-MOV-1"
    moves = (MoveType.WALK,)

    def speed(self, mover: Combatant, move: MoveType) -> int:
        if move is not MoveType.WALK:
            raise IllegalCommand(f"lantern creatures only walk, not {move.value}", "LAN-MOV-1")
        return self.settings.walk_paces

    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        s = self.settings
        self.speed(mover, move)

        def price(t: Terrain) -> int | Refusal:
            if t.move in (MoveKind.BLOCKED, MoveKind.CHASM, MoveKind.SWIM, MoveKind.DEEP_WATER):
                return (f"a {t.name} cannot be walked", "LAN-MOV-1")
            return s.rough_paces if t.move is MoveKind.DIFFICULT else s.step_paces

        return build_rules(move, price)
