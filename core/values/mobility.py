"""How a creature occupies and moves through the map: size, layer, movement type.

Plain value types shared by :mod:`core.values.combatant`, :mod:`core.board.movement` and
:mod:`core.board.geometry`. Sizes and footprints follow rule EQ-SIZE-1 (tiny 0x0,
medium 1x1, large 2x2, huge 3x3) and the d20 size ladder of ``srd35``
(SRD-MOV-4 compares sizes by steps); ``power_roll`` reads a size *number*
(PR-STAT-1: 1 = medium and smaller, 2 = a 2x2 creature, ...).
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache


class MoveType(Enum):
    """A way of moving (rule PR-MOV-1, EQ-MOV-1, TAC-MOV-2).

    ``SNEAK`` (TAC-MOV-2) and ``CRAWL`` (TAC-MOV-2, PR-MOV-3) are walking
    with a per-cell surcharge; ``JUMP`` is resolved by the jump rules, not
    by the path search.
    """

    WALK = "walk"
    FLY = "fly"
    SWIM = "swim"
    CLIMB = "climb"
    BURROW = "burrow"
    TELEPORT = "teleport"
    CRAWL = "crawl"
    SNEAK = "sneak"
    JUMP = "jump"


#: Movement types a creature needs a speed entry for (PR-MOV-1: "has fly in its speed").
SPECIAL_TYPES = (MoveType.FLY, MoveType.BURROW, MoveType.TELEPORT)


class Layer(Enum):
    """Where a creature is relative to the ground of its cell.

    With :attr:`Combatant.altitude <core.values.combatant.Combatant.altitude>`:
    ``GROUND`` (altitude 0), ``AIR`` (altitude > 0, in cells; take-off lifts
    to 3, EQ-MOV-3), ``UNDERWATER`` (altitude < 0 is the depth, EQ-MOV-7),
    ``BURROWED`` (altitude 0 = in the ground but touching the surface,
    below 0 = fully underground; PR-BUR-1).
    """

    GROUND = "ground"
    AIR = "air"
    UNDERWATER = "underwater"
    BURROWED = "burrowed"


class Size(Enum):
    """The d20 size ladder; EQ-SIZE-1's four sizes are TINY, MEDIUM, LARGE, HUGE."""

    FINE = "fine"
    DIMINUTIVE = "diminutive"
    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"
    COLOSSAL = "colossal"

    @property
    def step(self) -> int:
        """Position on the ladder: FINE 0 ... MEDIUM 4 ... COLOSSAL 8 (SRD-MOV-4)."""
        return _SIZE_ORDER.index(self)

    @property
    def default_footprint(self) -> tuple[int, int]:
        """(width, height) in cells (EQ-SIZE-1): tiny and smaller 0x0 share a cell."""
        return _FOOTPRINTS[self._name_]  # by name: a str's hash is kept, an Enum member's is worked out each time


_SIZE_ORDER = tuple(Size)
_FOOTPRINTS = {  # by member name
    "FINE": (0, 0),
    "DIMINUTIVE": (0, 0),
    "TINY": (0, 0),
    "SMALL": (1, 1),
    "MEDIUM": (1, 1),
    "LARGE": (2, 2),
    "HUGE": (3, 3),
    "GARGANTUAN": (4, 4),
    "COLOSSAL": (6, 6),
}


def footprint_offsets(footprint: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """Cells a creature covers relative to its position (its top-left cell).

    A 0x0 footprint (tiny, EQ-SIZE-1) still stands in its one cell.
    Pure in ``footprint``: remembered (asked for every creature's cells).
    """
    try:
        return _offsets(footprint)
    except TypeError:  # a footprint given as a list
        return _offsets(tuple(footprint))


@lru_cache(maxsize=256)
def _offsets(footprint: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    width, height = max(1, footprint[0]), max(1, footprint[1])
    return tuple((dx, dy) for dy in range(height) for dx in range(width))
