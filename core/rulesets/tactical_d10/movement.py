"""Movement in ``tactical_d10`` (seed 003): rules TAC-MOV-1..3, TAC-MAP-1.

5 movement points (MP) a turn; a step costs 1 MP, a boulder or swamp 2, a
cliff (climb) or lake (swim) 3 per cell; sneaking +1 and crawling +2 per
cell. Diagonal steps cost what straight ones cost (DEFAULT); trees and
walls block (DEFAULT, TAC-MAP-1: setting ``obstacle_crossing``). MP actions
(crouch, prone, stand, draw, pick up) and the jump check are here too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.values.kinds import MpAction  # TAC-MOV-2, shared with core.combat.commands.SpendMovement
from core.board.grid import MoveKind, Terrain
from core.values.mobility import MoveType
from core.board.movement.model import MoveOptions, MovementModel, Refusal, StepRules, build_rules


@dataclass(frozen=True)
class TacticalMovementSettings:
    """Movement data of ``tactical_d10``; DEFAULT marks a gap in the seed."""

    movement_points: int = 5  # TAC-MOV-1
    cell_cost: int = 1  # TAC-MOV-1: MP per cell of open ground
    difficult_cost: int = 2  # TAC-MOV-1: swamp, crossing a boulder
    climb_cost: int = 3  # TAC-MOV-2
    swim_cost: int = 3  # TAC-MOV-2 (lake)
    deep_water_cost: int = 3  # TAC-MOV-2
    sneak_extra: int = 1  # TAC-MOV-2
    crawl_extra: int = 2  # TAC-MOV-2
    crouch_mp: int = 2  # TAC-MOV-2
    prone_mp: int = 3  # TAC-MOV-2
    stand_mp: int = 2  # TAC-MOV-2
    draw_quick_mp: int = 1  # TAC-MOV-2 (belt)
    draw_slow_mp: int = 5  # TAC-MOV-2 (pack)
    pick_up_mp: int = 2  # TAC-MOV-2
    minor_mp: int = 1  # TAC-MOV-2
    jump_mp: tuple[int, ...] = (2, 3, 4)  # TAC-MOV-3: clear 1/2/3 obstacle cells
    jump_difficulty: tuple[int, ...] = (4, 6, 8)  # TAC-MOV-3
    jump_stat: str = "MUSCLES"  # TAC-MOV-3: 1d10 + Muscles
    jump_die: int = 10  # TAC-MOV-3
    obstacle_crossing: tuple[tuple[str, int], ...] = ()  # TAC-MAP-1 DEFAULT: tree and wall block; a house rule gives one a cost in MP per cell ("tree 3")
    corner: str = "one"  # DEFAULT
    diagonal: str = "same"  # DEFAULT: a diagonal step costs what a straight one costs ("alternate": 1-2-1-2, a house rule)


class TacticalMovement(MovementModel):
    """Rules TAC-MOV-1..3."""

    Settings = TacticalMovementSettings
    unit = "MP"
    budget_rule = "TAC-MOV-1"
    occupied_rule = "TAC-MOV-1"
    blocked_rule = "TAC-MAP-1"
    moves = (MoveType.WALK, MoveType.SNEAK, MoveType.CRAWL, MoveType.CLIMB, MoveType.SWIM, MoveType.FLY, MoveType.TELEPORT)

    def speed(self, mover: Combatant, move: MoveType) -> int:
        """Rule TAC-MOV-1: 5 MP (or its own ``walk`` speed / ``MP`` stat)."""
        if move in (MoveType.FLY, MoveType.TELEPORT):
            return self.require(mover, move, "TAC-MOV-1")
        if move is MoveType.BURROW:
            raise IllegalCommand("tactical_d10 has no burrowing", "TAC-MOV-2")
        return mover.speed_of(MoveType.WALK) or int(mover.stats.get("MP", self.settings.movement_points))

    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        s = self.settings
        if move is MoveType.TELEPORT:
            self.require(mover, move, "TAC-MOV-1")
            return self.teleport_rules(mover, "TAC-MAP-1")
        if move is MoveType.FLY:
            self.require(mover, move, "TAC-MOV-1")
            return build_rules(move, _fly_price, diagonal=s.diagonal, corner=s.corner)
        if move is MoveType.BURROW:
            raise IllegalCommand("tactical_d10 has no burrowing", "TAC-MOV-2")
        extra = {MoveType.SNEAK: s.sneak_extra, MoveType.CRAWL: s.crawl_extra}.get(move, 0)

        crossing = dict(s.obstacle_crossing)

        def price(t: Terrain) -> int | Refusal:
            kind = t.move
            if kind is MoveKind.BLOCKED and t.id in crossing:  # TAC-MAP-1: a house rule lets a tree or wall be crossed
                return crossing[t.id] + extra
            if kind is MoveKind.BLOCKED or kind is MoveKind.CHASM:
                return (f"a {t.name} blocks movement", "TAC-MAP-1")
            base = {
                MoveKind.DIFFICULT: s.difficult_cost,
                MoveKind.CLIMB: s.climb_cost,
                MoveKind.SWIM: s.swim_cost,
                MoveKind.DEEP_WATER: s.deep_water_cost,
            }.get(kind, s.cell_cost)
            return base + extra

        return build_rules(move, price, diagonal=s.diagonal, corner=s.corner)

    def action_cost(self, action: MpAction) -> int:
        """Rule TAC-MOV-2: MP an action costs (crouch 2, prone 3, stand 2,
        draw from belt 1, from pack 5, pick up 2, minor 1)."""
        s = self.settings
        return {
            MpAction.CROUCH: s.crouch_mp,
            MpAction.PRONE: s.prone_mp,
            MpAction.STAND: s.stand_mp,
            MpAction.DRAW_QUICK: s.draw_quick_mp,
            MpAction.DRAW_SLOW: s.draw_slow_mp,
            MpAction.PICK_UP: s.pick_up_mp,
            MpAction.MINOR: s.minor_mp,
        }[action]

    def spend_action(self, mp_left: int, action: MpAction) -> int:
        """MP left after ``action``; refused (TAC-MOV-2) when it costs more than is left."""
        cost = self.action_cost(action)
        if cost > mp_left:
            raise IllegalCommand(f"{action.value} costs {cost} MP, {mp_left} left", "TAC-MOV-2")
        return mp_left - cost

    # -- jump (TAC-MOV-3) ---------------------------------------------------
    def jump_option(self, obstacle_cells: int) -> tuple[int, int]:
        """Rule TAC-MOV-3: ``(MP cost, difficulty)`` to clear 1/2/3 obstacle
        cells: (2, 4), (3, 6), (4, 8)."""
        s = self.settings
        if not 1 <= obstacle_cells <= len(s.jump_mp):
            raise IllegalCommand(f"a jump clears 1 to {len(s.jump_mp)} cells, not {obstacle_cells}", "TAC-MOV-3")
        return s.jump_mp[obstacle_cells - 1], s.jump_difficulty[obstacle_cells - 1]

    def jump(self, muscles: int, obstacle_cells: int, mp_left: int, natural: int | None = None,
             rng: random.Random | None = None) -> TacJump:
        """Rule TAC-MOV-3: check 1d10 + Muscles against the difficulty.

        Success: spend the jump's MP and land ``obstacle_cells + 1`` cells
        on, paying nothing for the cleared cells. Failure: move 1 cell and
        lose all MP. Give ``natural`` (the die) or an ``rng`` to roll it.
        """
        cost, difficulty = self.jump_option(obstacle_cells)
        if cost > mp_left:
            raise IllegalCommand(f"this jump costs {cost} MP, {mp_left} left", "TAC-MOV-3")
        if natural is None:
            if rng is None:
                raise ValueError("give the natural roll or an rng")
            natural = rng.randint(1, self.settings.jump_die)
        total = natural + muscles
        if total >= difficulty:
            return TacJump(True, natural, total, difficulty, obstacle_cells + 1, mp_left - cost)
        return TacJump(False, natural, total, difficulty, 1, 0)


@dataclass(frozen=True)
class TacJump:
    """Outcome of a TAC-MOV-3 jump: ``cells`` moved, ``mp_left`` after."""

    success: bool
    natural: int
    total: int
    difficulty: int
    cells: int
    mp_left: int


def _fly_price(t: Terrain) -> int | Refusal:
    if t.move is MoveKind.BLOCKED:
        return (f"a {t.name} blocks flight", "TAC-MAP-1")
    return 1
