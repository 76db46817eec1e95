"""The ``power_roll`` ruleset (seed 004): power roll (DEFAULT 2d10) +
characteristic read as tiers 1-3 (PR-ROLL-1); main action, maneuver, move."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from core.dice.checks import Tier
from core.values.combatant import ActionBudget, Combatant
from core.board.movement.falling import Fall, FallingRules, PowerRollFallSettings, power_roll_fall
from core.rulesets.power_roll.movement import PowerRollMovement, PowerRollMovementSettings, size_number
from core.rulesets.base import ActionKind, Ruleset
from core.rulesets.campaign_tools import CampaignToolSettings
from core.rulesets.common import AC_ATTACK_SETTINGS, CommonSettings
from core.board.edges import DoorSettings
from core.board.water import WaterSettings


@dataclass(frozen=True)
class PowerRollSettings(CommonSettings, CampaignToolSettings, DoorSettings, PowerRollMovementSettings, PowerRollFallSettings, WaterSettings):
    """Every DEFAULT of ``power_roll``: these fields, the movement ones
    (:class:`PowerRollMovementSettings`), falling
    (:class:`PowerRollFallSettings`), the depth of water a fall lands in
    (:class:`core.board.water.WaterSettings`, PR-FALL-1) and the shared ones. DEFAULT marks what
    seed 004 leaves open."""

    door_action: str = "maneuver"  # Revision 3 Doors: power_roll a maneuver (DEFAULT)
    break_action: str = "main"  # DEFAULT: breaking a door is a main action
    break_stat: str = "MIGHT"  # Revision 3 Doors: the strength check (PR-STAT-1 Might)
    break_difficulty: int = 14  # Revision 3 Doors: default difficulty 12 + 2 (DEFAULT; tiers 2 and 3 break it)
    stats: tuple[str, ...] = ("MIGHT", "AGILITY", "REASON", "INTUITION", "PRESENCE")  # PR-STAT-1
    extinguish_stat: str = "MIGHT"  # TAC-EFF-1 DEFAULT here: the Body check is power_roll's Might (there is no BODY)
    theft_stat: str = ""  # EQ-DAY-2 is equestria's: no stat, no theft rule here (a house rule names one, AGILITY say)
    default_difficulty: int = 12  # PR-ROLL-1: tier 2 starts at 12 (tiers ignore difficulty)
    tier2_min: int = 12  # PR-ROLL-1
    tier3_min: int = 17  # PR-ROLL-1
    initiative_stat: str = "AGILITY"  # DEFAULT
    weakened_penalty: int = -2  # DEFAULT (published system's bane)
    prone_flier_falls: bool = True  # PR-MOV-5
    forced_obstacle_damage: int = 1  # DEFAULT (RULES.md Revision 3, as PR-BUR-2): forced into an obstacle, 1 damage per cell not moved
    dig_action: str = "maneuver"  # PR-BUR-1, PR-BUR-3, PR-BUR-4: the dig and Dig Earth maneuvers, pulling out
    shake_off_action: str = "main"  # PR-CLB-1 DEFAULT: shaking a climber off takes the creature's main action
    power_roll_die_count: int = 2  # PR-ROLL-1 DEFAULT: the power roll is 2d10 (the seed gives no dice)
    power_roll_die_sides: int = 10  # PR-ROLL-1 DEFAULT


class PowerRoll(Ruleset):
    """Rules PR-* of ``RULES.md``."""

    id = "power_roll"
    name = "Power roll (seed 004)"
    rule_prefix = "PR"
    event_rules = {"AttackRolled": "PR-ROLL-1", "CheckRolled": "PR-ROLL-1"}  # the log's rule IDs
    Settings = PowerRollSettings
    retired_settings = frozenset((*AC_ATTACK_SETTINGS, "break_fumble_damage"))  # no AC, no critical tier (PR-ROLL-1): an older version offered them
    initiative_sides = 10
    attack_stat = "MIGHT"
    kinds = (
        ActionKind("main", "Main action", "M", rule="PR-ROLL-1"),
        ActionKind("maneuver", "Maneuver", "N", rule="PR-ROLL-1"),
    )
    attack_kind = "main"
    tiers = (Tier.TIER_1, Tier.TIER_2, Tier.TIER_3)
    attack_tiers = tiers
    attacks_beat_a_number = False  # PR-ROLL-1: an attack's tier comes from its total, not from a number to beat
    hit_tiers = (Tier.TIER_2, Tier.TIER_3)  # every tier hits (PR-ROLL-1); the map's figure is tier 2 or better
    condition_names = (
        "burning", "poisoned", "frozen", "iced", "corrosion", "bleeding", "stunned", "dazed", "blinded",
        "prone", "crouched", "grappled", "slowed", "weakened", "invisible", "hidden", "flying", "wet",
        "falling", "climbing",
    )

    def __init__(self, settings: Any | None = None) -> None:
        super().__init__(settings)
        self.check_count = self.settings.power_roll_die_count  # PR-ROLL-1 DEFAULT 2d10, a house rule
        self.check_sides = self.settings.power_roll_die_sides

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

    @cached_property
    def jump(self) -> Any:
        """Capability: PowerRoll's jump (:mod:`core.rulesets.power_roll.jump`)."""
        from core.rulesets.power_roll.jump import PowerRollJump

        return PowerRollJump()

    def movement_model(self) -> type[PowerRollMovement]:
        return PowerRollMovement

    @property
    def weakened_penalty(self) -> int:
        """PR-BUR-3: a weakened creature's attacks (setting ``weakened_penalty``)."""
        return self.settings.weakened_penalty

    @property
    def burrowing(self) -> Any:
        """Capability: PR-BUR-1..4 and PR-CLB-1 (settings ``dig_action``, ``shake_off_action``)."""
        from core.combat.maneuvers.moves import BurrowingRules
        from core.rulesets.power_roll.movement import burrowed_forced_move, climb_creature, shake_off

        s = self.settings
        return BurrowingRules(s.dig_action, s.shake_off_action, lambda cells, vertical: burrowed_forced_move(cells, vertical=vertical),
                              climb_creature, shake_off, size_number, s.forced_obstacle_damage)

    @property
    def falling(self) -> FallingRules:
        """Capability: PR-FALL-1 (Agility softens), PR-FALL-2 (landing on a
        creature: the faller ends prone, the creature too when the faller's
        size exceeds its Might), PR-FALL-3 (100 cells the first round, 100 more each further)."""
        s = self.settings
        return FallingRules("PR-FALL-1", "PR-FALL-3", s.long_fall_first_round, s.long_fall_per_round, rounds_by_dice=False,
                            agility_stat=s.agility_stat, lands_prone_on_creature=True, knockdown_stat=s.might_stat, size_of=size_number)

    def fall(self, height: int, agility: int = 0, liquid_depth: int = 0) -> Fall:
        """Rules PR-FALL-1..3 (settings ``fall_*``, ``long_fall_*``)."""
        return power_roll_fall(height, agility, liquid_depth, self.settings)

    def extra_offers(self, context: Any) -> tuple[Any, ...]:
        """PR-BUR-1..4 burrowing, PR-CLB-1 climbing a creature, PR-TEL-2, PR-FALL-2."""
        from core.offers.maneuvers import power_roll

        return power_roll(context)
