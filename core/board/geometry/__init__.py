"""Geometry of the battle map: distances, areas, line of sight, cover, flanking.

Areas (EQ-MAP-1, EQ-MAP-2, EQ-GEN-3, TAC-ATK-2, TAC-DMG-2) live in
:mod:`core.board.geometry.areas`; sight, cover and flanking (EQ-COV-1..2, PR-BUR-1,
TAC-POS-2) in :mod:`core.board.geometry.sight`. Everything is a pure query.
"""

from core.board.geometry.areas import DIRECTIONS, Area, ConeSettings, Weapon, cone, distance, explosion, large_cone, line, radius, small_cone, weapon_pattern, zone
from core.board.geometry.sight import Sight, SightSettings, cover_between, crossed_cells, flanked, flankers, line_of_effect, line_of_sight, sight, sight_blockers

__all__ = [
    "DIRECTIONS", "Area", "ConeSettings", "Sight", "SightSettings", "Weapon", "cone", "cover_between",
    "crossed_cells", "distance", "explosion", "flanked", "flankers", "large_cone", "line",
    "line_of_effect", "line_of_sight", "radius", "sight", "sight_blockers", "small_cone",
    "weapon_pattern", "zone",
]
