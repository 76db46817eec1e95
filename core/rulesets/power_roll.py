"""The ``power_roll`` ruleset (seed 004): power roll (DEFAULT 2d10) +
characteristic read as tiers 1-3 (PR-ROLL-1); main action, maneuver, move."""

from __future__ import annotations

from dataclasses import dataclass

from core.checks import Tier
from core.combatant import ActionBudget, Combatant
from core.errors import IllegalCommand
from core.grid import MoveKind, Terrain
from core.rulesets.base import Ruleset
from core.rulesets.common import CommonSettings


@dataclass(frozen=True)
class PowerRollSettings(CommonSettings):
    """Ruleset data; DEFAULT marks what seed 004 leaves open."""

    stats: tuple[str, ...] = ("MIGHT", "AGILITY", "REASON", "INTUITION", "PRESENCE")  # PR-STAT-1
    default_difficulty: int = 12  # PR-ROLL-1: tier 2 starts at 12 (tiers ignore difficulty)
    tier2_min: int = 12  # PR-ROLL-1
    tier3_min: int = 17  # PR-ROLL-1
    initiative_stat: str = "AGILITY"  # DEFAULT
    speed: int = 5  # DEFAULT (published system), stat SPEED overrides
    weakened_penalty: int = -2  # DEFAULT (published system's bane)
    difficult_cost: int = 2  # PR-MOV-2


class PowerRoll(Ruleset):
    """Rules PR-* of ``RULES.md``."""

    id = "power_roll"
    name = "Power roll (seed 004)"
    Settings = PowerRollSettings
    check_sides = 10
    check_count = 2  # DEFAULT: 2d10
    initiative_sides = 10
    attack_stat = "MIGHT"
    action_kinds = ("main", "maneuver")
    attack_kind = "main"
    tiers = (Tier.TIER_1, Tier.TIER_2, Tier.TIER_3)
    attack_tiers = tiers
    condition_names = (
        "burning", "poisoned", "frozen", "iced", "corrosion", "bleeding", "stunned", "dazed", "blinded",
        "prone", "crouched", "grappled", "slowed", "weakened", "invisible", "hidden", "flying", "wet",
    )

    def tier(self, natural: int, total: int, difficulty: int) -> Tier:
        """Rule PR-ROLL-1: total <= 11 tier 1, 12-16 tier 2, >= 17 tier 3."""
        s = self.settings
        if total >= s.tier3_min:
            return Tier.TIER_3
        if total >= s.tier2_min:
            return Tier.TIER_2
        return Tier.TIER_1

    def initiative_modifier(self, combatant: Combatant) -> int:
        return combatant.stat(self.settings.initiative_stat)

    def fresh_budget(self, combatant: Combatant) -> ActionBudget:
        """One main action, one maneuver, one move (speed in cells)."""
        speed = self.movement_speed(combatant)
        return ActionBudget(actions={"main": 1, "maneuver": 1}, movement=speed, movement_max=speed)

    def exchange(self, combatant: Combatant) -> tuple[str, str, int]:
        """DEFAULT (published system): the main action may be used as a maneuver."""
        return ("main", "maneuver", 1)

    def step_cost(self, combatant: Combatant, terrain: Terrain) -> int:
        """Rule PR-MOV-2: climb or swim without that movement type costs 2 per cell."""
        kind = terrain.move
        if kind is MoveKind.BLOCKED:
            raise IllegalCommand(f"a {terrain.name} blocks movement")
        if kind in (MoveKind.DIFFICULT, MoveKind.SWIM, MoveKind.CLIMB):
            return self.settings.difficult_cost
        return 1
