"""The numbers of travel over days (EQ-TRV-1..2, seed 001) as a ruleset's
settings hold them, apart from the travel plans themselves
(:mod:`core.campaign.travel`), so that a ruleset names its DEFAULTs without
loading the campaign tool. Distances in km, energy in ЭНЕР points.
"""

from __future__ import annotations

from dataclasses import dataclass

MARCH_REASON = "travel: "
"""How the reason of a march's :class:`core.campaign.timekeeping.AdvanceClock` starts
(``travel: 21 km in 3 days``, EQ-TRV-2): the log's mark that the planner was
used (:mod:`saves.tools_in_use`; here, where loading a campaign may read it)."""


def march_reason(km: int, days: int) -> str:
    """``travel: 21 km in 3 days (EQ-TRV-2)``: the clock's reason for a march of ``km`` over ``days``."""
    return f"{MARCH_REASON}{km} km in {days} day{'s' if days != 1 else ''} (EQ-TRV-2)"


@dataclass(frozen=True)
class TravelSettings:
    """EQ-TRV-1..2 as data; DEFAULT marks a gap in the seed."""

    km_per_move: int = 10  # EQ-TRV-1: 10 x ДВИЖ km a day
    terrain_divisor: tuple[tuple[str, int], ...] = (("terrible", 5), ("bad", 2), ("normal", 1))  # EQ-TRV-1
    rain_divisor: int = 2  # EQ-TRV-1, not on roads
    snow_divisor: int = 2  # EQ-TRV-1
    deep_snow_divisor: int = 4  # EQ-TRV-1 "four times or more"
    road_terrains: tuple[str, ...] = ("road",)  # EQ-TRV-1: rain does not slow a road
    move_stat: str = "MOVE"  # EQ-STAT-1 ДВИЖ; DEFAULT: the walking speed in cells when the sheet has no MOVE
    interruption_energy: int = 2  # EQ-TRV-2 DEFAULT: the GM sets it; 2 like a lost breath period (EQ-BRE-1)
    legs_share_days: bool = True  # DEFAULT: a leg finished mid-day lets the next leg start that day

    def divisor(self, terrain_class: str) -> int:
        return dict(self.terrain_divisor)[terrain_class]
