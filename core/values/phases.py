"""Phases of a scene (rules EQ-SIT-1..3).

EVERYDAY: free order, no turns (EQ-SIT-1). PREPARATION: the side that
springs an ambush declares actions that cost no turn, possibly with a
GM-granted bonus (EQ-SIT-2). COMBAT: strict turn order after initiative.
Combat ends when all sides agree (EQ-SIT-3) and the scene is EVERYDAY again.
"""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    EVERYDAY = "everyday"
    PREPARATION = "preparation"
    COMBAT = "combat"
