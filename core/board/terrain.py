"""The terrain catalogue: each kind of cell and its rule properties.

The seed 003 legend (rule TAC-MAP-1) mapped onto the three independent
obstacle properties of rule EQ-MAP-4 (blocks movement, blocks sight, slows
movement) plus a movement kind and a cover grade; each kind has an emoji and
an ASCII glyph (:data:`BY_GLYPH` reads both back). Used by
:class:`core.board.grid.Grid`, which re-exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Cover(Enum):
    """Cover grade a cell gives to a creature behind it (rule EQ-COV-2)."""

    NONE = "none"
    QUARTER = "quarter"
    HALF = "half"
    THREE_QUARTERS = "three-quarters"
    FULL = "full"

    @property
    def rank(self) -> int:
        """Order of grades, NONE 0 .. FULL 4: only the best applies (EQ-COV-1)."""
        return _COVER_RANK[self]


_COVER_RANK = {c: i for i, c in enumerate(Cover)}


class MoveKind(Enum):
    """How a creature must move to enter a cell (rules TAC-MAP-1, EQ-MOV-5).

    ``CHASM`` blocks walkers but not fliers (EQ-MAP-4); ``DEEP_WATER`` is
    water a creature must swim in and may dive into (EQ-MOV-7).
    """

    NORMAL = "normal"
    DIFFICULT = "difficult"
    CLIMB = "climb"
    SWIM = "swim"
    DEEP_WATER = "deep water"
    CHASM = "chasm"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class Terrain:
    """One terrain kind: its id, name, glyphs and rule properties.

    ``height`` is how tall the obstacle stands above its cell's ground, in
    cells (EQ-MAP-3; used by line of sight); ``burrowable`` is earth a
    burrower can move through, not stone (PR-BUR-1); ``depth`` is the depth
    of liquid in cells (PR-FALL-1, EQ-MOV-7).
    """

    id: str
    name: str
    emoji: str
    ascii: str
    move: MoveKind
    blocks_sight: bool
    cover: Cover
    height: int = 0
    burrowable: bool = False
    depth: int = 0
    screen_emoji: str = ""
    """What the map draws in its emoji glyphs: ``emoji`` itself when
    terminals agree it is two columns wide (Unicode 6.0 or earlier), else
    this older stand-in (text maps keep ``emoji``: a stand-in there is a creature); ``""``: ``emoji``."""

    @property
    def map_emoji(self) -> str:
        """The emoji the map pane draws for this terrain (see ``screen_emoji``)."""
        return self.screen_emoji or self.emoji

    @property
    def blocks_movement(self) -> bool:
        return self.move is MoveKind.BLOCKED


# Heights and depths are DEFAULTs (the seeds draw these obstacles, not their
# size): a wall is one storey (EQ-MAP-3), a tree a little more.
WALL = Terrain("wall", "wall", "\u2b1b", "#", MoveKind.BLOCKED, True, Cover.FULL, height=3)
GROUND = Terrain("ground", "open ground", "\u2b1c", ".", MoveKind.NORMAL, False, Cover.NONE, burrowable=True, screen_emoji="  ")
TREE = Terrain("tree", "tree", "\U0001f333", "&", MoveKind.BLOCKED, True, Cover.FULL, height=4)
BOULDER = Terrain("boulder", "boulder", "\U0001faa8", "o", MoveKind.DIFFICULT, False, Cover.HALF, height=1, screen_emoji="\u26ab")
ROCK = Terrain("rock", "rock / cliff", "\U0001f7eb", "^", MoveKind.CLIMB, False, Cover.NONE, screen_emoji="\U0001f5fb")
WATER = Terrain("water", "water", "\U0001f30a", "~", MoveKind.SWIM, False, Cover.NONE, depth=1)
# EQ-MAP-4's other examples: a chasm and a glass wall block movement only,
# bushes block sight only, a swamp slows (TAC-MOV-1).
DEEP_WATER = Terrain("deep_water", "deep water", "\U0001f7e6", "=", MoveKind.DEEP_WATER, False, Cover.NONE, depth=4, screen_emoji="\U0001f4a7")
CHASM = Terrain("chasm", "chasm", "\U0001f573\ufe0f", ":", MoveKind.CHASM, False, Cover.NONE, screen_emoji="\U0001f311")
GLASS = Terrain("glass", "glass wall", "\U0001fa9f", "|", MoveKind.BLOCKED, False, Cover.FULL, height=3, screen_emoji="\U0001f532")
BUSH = Terrain("bush", "bushes", "\U0001f33f", "%", MoveKind.NORMAL, True, Cover.NONE, height=2, burrowable=True)
SWAMP = Terrain("swamp", "swamp", "\U0001f7e9", ",", MoveKind.DIFFICULT, False, Cover.NONE, burrowable=True, depth=0, screen_emoji="\U0001f438")

TERRAINS: dict[str, Terrain] = {
    t.id: t for t in (WALL, GROUND, TREE, BOULDER, ROCK, WATER, DEEP_WATER, CHASM, GLASS, BUSH, SWAMP)
}
BY_GLYPH: dict[str, Terrain] = {}
for _t in TERRAINS.values():
    BY_GLYPH[_t.emoji] = _t
    BY_GLYPH[_t.ascii] = _t
#: Terrain by glyph (emoji or ASCII), for reading text maps.
# Common variants people paste: a variation selector after the emoji, and a
# lone space-free "_" for open ground in hand-typed ASCII.
BY_GLYPH["\U0001faa8\ufe0f"] = BOULDER
BY_GLYPH["\u2b1b\ufe0f"] = WALL
BY_GLYPH["\u2b1c\ufe0f"] = GROUND
BY_GLYPH["\U0001f573"] = CHASM
