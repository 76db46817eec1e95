"""Movement in ``equestria`` (seed 000): rules EQ-MOV-1..8, EQ-MAP-3..4.

Every step, straight or diagonal, costs 1 movement (EQ-MOV-2); terrain that
slows costs more (DEFAULT numbers below). Budgets are cells per turn: walk 6,
fly 8, swim 3 on the surface, 2 under water (EQ-MOV-1).
"""

from __future__ import annotations


from core.values.combatant import Combatant
from core.errors import IllegalCommand
from core.board.grid import Grid, MoveKind, Terrain
from core.values.mobility import Layer, MoveType
from core.rulesets.equestria.movement_settings import EquestriaMovementSettings
from core.board.movement.model import MoveOptions, MovementModel, Refusal, StepRules, build_rules


class EquestriaMovement(MovementModel):
    """Rules EQ-MOV-1..8."""

    Settings = EquestriaMovementSettings
    unit = "cells"
    budget_rule = "EQ-MOV-2"
    occupied_rule = "EQ-MAP-4"
    blocked_rule = "EQ-MAP-4"
    moves = (MoveType.WALK, MoveType.CRAWL, MoveType.FLY, MoveType.SWIM, MoveType.CLIMB, MoveType.TELEPORT)

    @property
    def allies_block(self) -> bool:  # type: ignore[override]
        return self.settings.allies_block

    def speed(self, mover: Combatant, move: MoveType) -> int:
        """Rule EQ-MOV-1: walk 6 (or its ``SPEED`` stat), fly 8 for fliers,
        swim 3 on the surface and 2 under water; its own speeds override."""
        s = self.settings
        own = mover.speed_of(move)
        if move in (MoveType.WALK, MoveType.CLIMB, MoveType.SNEAK, MoveType.CRAWL):
            return own or mover.speed_of(MoveType.WALK) or int(mover.stats.get("SPEED", s.walk_speed))
        if move is MoveType.FLY:  # a creature in the air without a listed fly speed flies at the standard 8
            if own or mover.layer is not Layer.AIR:
                return self.require(mover, move, "EQ-MOV-1")
            return s.fly_speed
        if move is MoveType.SWIM:
            return own or (s.underwater_speed if mover.layer is Layer.UNDERWATER else s.swim_speed)
        if move is MoveType.TELEPORT:
            return self.require(mover, move, "EQ-MOV-1")
        raise IllegalCommand(f"equestria has no {move.value} movement", "EQ-MOV-1")

    def rules(self, mover: Combatant, move: MoveType, ceiling: int | None, options: MoveOptions) -> StepRules:
        s = self.settings
        if move is MoveType.TELEPORT:
            self.require(mover, move, "EQ-MOV-1")
            return self.teleport_rules(mover, "EQ-MAP-4")
        if move is MoveType.FLY:
            self.speed(mover, move)
            check_ceiling(ceiling, s.min_flight_ceiling)
            return build_rules(move, _fly_price, diagonal=s.diagonal, corner=s.corner)
        if move is MoveType.SWIM:
            return build_rules(move, _swim_price, diagonal=s.diagonal, corner=s.corner)
        if move not in (MoveType.WALK, MoveType.CLIMB, MoveType.SNEAK, MoveType.CRAWL):
            raise IllegalCommand(f"equestria has no {move.value} movement", "EQ-MOV-1")
        dex = mover.stat(s.dex_stat)
        # The costs read the settings, the movement type and DEX (and the
        # name, in a refusal to climb): the same for every query of this
        # creature until one of them changes, so kept (a few per model).
        key = (move, dex, mover.name if dex < s.climb_min_dex else "")
        kept: tuple[object, dict[tuple[MoveType, int, str], StepRules]] | None = self.__dict__.get("_walk_rules")
        if kept is None or kept[0] is not s or len(kept[1]) > 64:
            kept = self.__dict__["_walk_rules"] = (s, {})
        hit = kept[1].get(key)
        if hit is not None:
            return hit

        def price(t: Terrain) -> int | Refusal:
            kind = t.move
            if kind is MoveKind.BLOCKED or kind is MoveKind.CHASM:
                return (f"a {t.name} blocks movement", "EQ-MAP-4")
            if kind is MoveKind.DIFFICULT:
                return s.difficult_cost
            if kind is MoveKind.SWIM:
                return s.swim_cost
            if kind is MoveKind.DEEP_WATER:
                return s.deep_water_cost
            if kind is MoveKind.CLIMB:
                if dex < s.climb_min_dex:
                    return (f"climbing the {t.name} needs {s.dex_stat} {s.climb_min_dex:+d}, {mover.name} has {dex:+d}", "EQ-MOV-5")
                return s.climb_cost
            return 1

        def crawling(t: Terrain) -> int | Refusal:  # the walking price + crawl_extra
            base = price(t)
            return base if isinstance(base, tuple) else base + s.crawl_extra

        found = kept[1][key] = build_rules(move, crawling if move is MoveType.CRAWL else price, diagonal=s.diagonal, corner=s.corner)
        return found

    # -- flight and diving (EQ-MOV-3, EQ-MOV-7) ------------------------------
    def take_off(self, mover: Combatant, grid: Grid) -> tuple[str, int]:
        """Rule EQ-MOV-3: ``(action kind spent, altitude after)`` = ("full", 3).
        Refused without a fly speed, when already flying, or under a ceiling
        below 3."""
        s = self.settings
        self.require(mover, MoveType.FLY, "EQ-MOV-1")
        if mover.layer is Layer.AIR:
            raise IllegalCommand(f"{mover.name} is already flying", "EQ-MOV-3")
        check_ceiling(grid.ceiling, s.min_flight_ceiling)
        return s.takeoff_action, s.takeoff_height

    def land(self, mover: Combatant) -> tuple[str, int]:
        """Rule EQ-MOV-3: landing costs the full action; altitude 0 after."""
        if mover.layer is not Layer.AIR:
            raise IllegalCommand(f"{mover.name} is not flying", "EQ-MOV-3")
        return self.settings.takeoff_action, 0

    def dive(self, mover: Combatant, water_depth: int | None = None) -> tuple[str, int]:
        """Rule EQ-MOV-7: ``(action, new altitude)``: a full action, 3 lower.
        Refused below the safe depth of 12 (or below the water's depth)."""
        s = self.settings
        new = mover.altitude - s.dive_depth
        if -new > s.max_safe_depth:
            raise IllegalCommand(f"{mover.name} cannot safely dive deeper than {s.max_safe_depth}", "EQ-MOV-7")
        if water_depth is not None and -new > water_depth:
            raise IllegalCommand(f"the water is only {water_depth} deep", "EQ-MOV-7")
        return s.dive_action, new

    def jump_distance(self, mover: Combatant, run_up: int = 0) -> int:
        """Rule EQ-MOV-6 for ``mover``: see :func:`equestria_jump_distance`."""
        return equestria_jump_distance(mover.stat(self.settings.dex_stat), run_up, self.settings)


def check_ceiling(ceiling: int | None, minimum: int) -> None:
    """Rule EQ-MOV-3: no flight where the free height is below ``minimum`` (3)."""
    if ceiling is not None and ceiling < minimum:
        raise IllegalCommand(f"the ceiling is {ceiling} high; flying needs {minimum}", "EQ-MOV-3")


def equestria_jump_distance(dex: int, run_up: int = 0, settings: EquestriaMovementSettings | None = None) -> int:
    """Rule EQ-MOV-6: jump length in cells = current DEX - 1; after a
    straight run-up of >= 3 cells in the jump's direction, +1 (= DEX).
    DEX <= 0: 0 (cannot jump out of its cell). Never negative."""
    s = settings or EquestriaMovementSettings()
    if dex <= 0:
        return 0
    distance = dex + s.jump_offset
    if run_up >= s.run_up_cells:
        distance += s.run_up_bonus
    return max(0, distance)


def _fly_price(t: Terrain) -> int | Refusal:
    if t.move is MoveKind.BLOCKED:
        return (f"a {t.name} blocks flight", "EQ-MAP-4")
    return 1


def _swim_price(t: Terrain) -> int | Refusal:
    if t.move not in (MoveKind.SWIM, MoveKind.DEEP_WATER):
        return (f"cannot swim through {t.name}", "EQ-MOV-1")
    return 1
