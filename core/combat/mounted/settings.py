"""DEFAULTs of mounted combat (EQ-MNT-1..9) and falling objects (EQ-FALL-1)
as a settings mixin: :class:`core.rulesets.equestria.EquestriaSettings`
inherits it, so a campaign may override each value as a house rule.
Every value names its rule; DEFAULT marks a gap the seed leaves."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MountedSettings:
    riding_skill: str = "RIDING"  # EQ-MNT-1: Riding (Верховая езда), 0 when untrained (EQ-STAT-1)
    riding_difficulty: int = 12  # DEFAULT: the seed gives none; EQ-CHK-2's medium difficulty
    no_reins_penalty: int = -3  # EQ-MNT-1: no hand on the reins
    frightened_penalty: int = -6  # EQ-MNT-1: an untrained animal frightened (shots, hurt kin)
    passenger_penalty: int = -1  # EQ-MNT-8: the rider carries a passenger
    passenger_stat: str = "STR"  # EQ-MNT-8: the passenger rolls the lower of the rider's Riding and its own STR
    charge_cells: int = 2  # EQ-MNT-1: +charge_damage per this many ДВИЖ moved toward the enemy
    charge_damage: int = 1  # EQ-MNT-1
    mounting_costs_movement: bool = True  # EQ-MNT-2 DEFAULT: a change-posture maneuver costs the movement
    mount_average_height: int = 4  # EQ-MNT-6 DEFAULT: a thrown rider falls thrown_rider_fall (5) + (mount's height - this); a huge mount is 4 tall (EQ-MAP-3 DEFAULT)
    mounted_dodge_base: int = 5  # EQ-MNT-4: half the rider's effective Riding + 5
    mounted_dodge_divisor: int = 2  # EQ-MNT-4 (rounded down, EQ-GEN-1)
    callback_retry_minutes: int = 5  # EQ-MNT-7: a failed call may be retried every 5 minutes
    dropping_skill: str = "DROPPING"  # EQ-FALL-1: a dropped item hits by the Dropping skill (0 untrained)
