"""The movement numbers of ``equestria`` (seed 000: EQ-MOV-1..8,
EQ-MAP-3..4) as its settings hold them, apart from its movement model
(:mod:`core.rulesets.equestria.movement`, loaded with the first move or
turn that needs it). Speeds and costs in cells, heights and depths in cells.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EquestriaMovementSettings:
    """Movement data of ``equestria``; DEFAULT marks a gap in the seeds."""

    walk_speed: int = 6  # EQ-MOV-1, cells per turn
    fly_speed: int = 8  # EQ-MOV-1 (creatures that fly)
    swim_speed: int = 3  # EQ-MOV-1, on the surface
    underwater_speed: int = 2  # EQ-MOV-1
    difficult_cost: int = 2  # EQ-MAP-4 "slows" (DEFAULT: x2)
    swim_cost: int = 2  # DEFAULT: walk 6 / swim 3 -> a walker pays 2 per water cell
    deep_water_cost: int = 2  # DEFAULT: as water
    climb_cost: int = 2  # EQ-MOV-5 (DEFAULT cost)
    crawl_extra: int = 1  # DEFAULT, as in power_roll PR-MOV-3: a prone creature crawls at +1 per cell (seed 000 is silent)
    climb_min_dex: int = 1  # EQ-MOV-5
    dex_stat: str = "DEX"  # EQ-MOV-5, EQ-MOV-6
    takeoff_height: int = 3  # EQ-MOV-3
    min_flight_ceiling: int = 3  # EQ-MOV-3
    takeoff_action: str = "full"  # EQ-MOV-3 (most creatures)
    jump_offset: int = -1  # EQ-MOV-6: distance = DEX - 1
    run_up_cells: int = 3  # EQ-MOV-6
    run_up_bonus: int = 1  # EQ-MOV-6
    dive_depth: int = 3  # EQ-MOV-7
    dive_action: str = "full"  # EQ-MOV-7
    max_safe_depth: int = 12  # EQ-MOV-7
    allies_block: bool = True  # EQ-MAP-4: "an allied medium creature" blocks movement
    corner: str = "one"  # DEFAULT: no diagonal squeeze between two walls
    diagonal: str = "same"  # EQ-MOV-2: a diagonal step costs 1 like a straight one ("alternate": 1-2-1-2, a house rule)
