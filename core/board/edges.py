"""Thin walls, doors and windows on the lines between cells.

An :class:`Edge` stands between two orthogonally adjacent cells and is
keyed by the west or north one of them: ``Edge((x, y), EAST, ...)`` lies
between ``(x, y)`` and ``(x + 1, y)``, ``Edge((x, y), SOUTH, ...)`` between
``(x, y)`` and ``(x, y + 1)``. What stands there is a :class:`Feature`: a
wall, a door (closed, open, locked, broken) or a window. Rule EQ-MAP-4's
three obstacle properties apply to edges as to cells: a wall and a closed or
locked door block movement and sight; an open or broken door blocks
nothing; a window blocks movement but not sight (DEFAULT, the setting
``window_blocks_sight`` of :class:`core.board.geometry.sight.SightSettings`).

A diagonal step or a sight line through the corner point of four cells
passes when at least one of the two ways round the corner (the two
orthogonal L-steps) crosses no blocking edge: it may graze the end of a
wall, never cross a wall that runs through the corner.

Text notation (map files, :func:`from_text` / :func:`to_text`), one line a
run of edges, the same in the emoji and the ASCII legend::

    edge wall 2,3 south 6        # the south sides of (2,3) .. (7,3)
    edge wall 4,0 east 3         # the east sides of (4,0) .. (4,2)
    edge door 5,3 east closed    # one door; closed, open, locked or broken
    edge window 1,1 south

Coordinates are the 0-based column and row of the cell shown in the map
pane. A run of ``south`` sides goes east along the row, a run of ``east``
sides south along the column.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from core.errors import MapFormatError

Cell = tuple[int, int]

#: Most edges a map may hold (a 500x500 map has about 500,000 inner lines).
MAX_EDGES = 200_000


class Side(Enum):
    """Which side of its cell an edge lies on (the other two sides belong
    to the neighbours' edges)."""

    EAST = "east"
    SOUTH = "south"


class Feature(Enum):
    """What stands on an edge (EQ-MAP-4 properties: see the module)."""

    WALL = "wall"
    DOOR_CLOSED = "door closed"
    DOOR_OPEN = "door open"
    DOOR_LOCKED = "door locked"
    DOOR_BROKEN = "door broken"
    WINDOW = "window"

    @property
    def is_door(self) -> bool:
        return self in _DOORS

    @property
    def blocks_movement(self) -> bool:
        """Walls, closed and locked doors and windows (EQ-MAP-4)."""
        return self not in (Feature.DOOR_OPEN, Feature.DOOR_BROKEN)

    def blocks_sight(self, window_blocks_sight: bool = False) -> bool:
        """Walls, closed and locked doors; a window only when
        ``window_blocks_sight`` (DEFAULT no)."""
        if self is Feature.WINDOW:
            return window_blocks_sight
        return self.blocks_movement

    @property
    def blocks_effect(self) -> bool:
        """Whether an area or a teleport passes it: as movement (a window's
        glass stops a blast, PR-TEL-1 line of effect)."""
        return self.blocks_movement

    @property
    def label(self) -> str:
        """``"closed door"``, ``"wall"``, ``"window"``: for messages."""
        if self.is_door:
            return f"{self.value.split()[1]} door"
        return self.value


_DOORS = frozenset({Feature.DOOR_CLOSED, Feature.DOOR_OPEN, Feature.DOOR_LOCKED, Feature.DOOR_BROKEN})
_DOOR_STATES = {"closed": Feature.DOOR_CLOSED, "open": Feature.DOOR_OPEN, "locked": Feature.DOOR_LOCKED, "broken": Feature.DOOR_BROKEN}


@dataclass(frozen=True)
class Edge:
    """One feature on one cell side: ``cell`` (x, y) and its ``side``."""

    cell: Cell
    side: Side
    feature: Feature

    @property
    def cells(self) -> tuple[Cell, Cell]:
        """The two cells it stands between (west/north first)."""
        x, y = self.cell
        return (self.cell, (x + 1, y) if self.side is Side.EAST else (x, y + 1))

    @property
    def key(self) -> tuple[Cell, Side]:
        return (self.cell, self.side)


def edge_key(a: Cell, b: Cell) -> tuple[Cell, Side] | None:
    """The key of the edge between orthogonal neighbours ``a`` and ``b``
    (``None`` when they are not orthogonally adjacent)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dy == 0 and abs(dx) == 1:
        return ((min(a[0], b[0]), a[1]), Side.EAST)
    if dx == 0 and abs(dy) == 1:
        return ((a[0], min(a[1], b[1])), Side.SOUTH)
    return None


def between(a: Cell, b: Cell, feature: Feature) -> Edge:
    """The edge with ``feature`` between orthogonal neighbours ``a`` and
    ``b``; raises ``ValueError`` when they are not."""
    key = edge_key(a, b)
    if key is None:
        raise ValueError(f"{a} and {b} are not side by side")
    return Edge(key[0], key[1], feature)


def check_edges(edges: Iterable[Edge], width: int, height: int) -> None:
    """Raise :class:`MapFormatError` for an edge with a side off a
    ``width`` x ``height`` map, one listed twice, or too many."""
    seen: set[tuple[Cell, Side]] = set()
    for edge in edges:
        x, y = edge.cell
        far = edge.cells[1]
        if not (0 <= x < width and 0 <= y < height and far[0] < width and far[1] < height):
            raise MapFormatError(f"the {edge.feature.label} on the {edge.side.value} side of ({x}, {y}) is not between two cells of the {width}x{height} map")
        if edge.key in seen:
            raise MapFormatError(f"two features on the {edge.side.value} side of ({x}, {y})")
        seen.add(edge.key)
        if len(seen) > MAX_EDGES:
            raise MapFormatError(f"more than {MAX_EDGES:,} walls, doors and windows on the map (MAX_EDGES)")


def _cell(word: str) -> Cell:
    parts = word.split(",")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 4 for p in parts):
        raise MapFormatError(f"{word[:20]!r} is not a cell: write column,row such as 3,4")
    return (int(parts[0]), int(parts[1]))


def from_text(line: str, number: int = 0) -> tuple[Edge, ...]:
    """The edges of one ``edge ...`` line (see the module); raises
    :class:`MapFormatError` naming line ``number``."""
    words = line.split("#", 1)[0].split()
    if not words or words[0].lower() != "edge":
        raise MapFormatError("an edge line starts with 'edge'", number)
    words = [w.lower() for w in words[1:]]
    usage = "write: edge wall|door|window COLUMN,ROW east|south [COUNT] [closed|open|locked|broken]"
    if len(words) < 3:
        raise MapFormatError(usage, number)
    kind, where, side_word, rest = words[0], words[1], words[2], words[3:]
    try:
        cell = _cell(where)
    except MapFormatError as problem:
        raise MapFormatError(problem.reason, number) from None
    try:
        side = Side(side_word)
    except ValueError:
        raise MapFormatError(f"the side is east or south, not {side_word[:20]!r}", number) from None
    count = 1
    if rest and rest[0].isascii() and rest[0].isdigit():
        if len(rest[0]) > 4 or not 1 <= int(rest[0]) <= 1000:
            raise MapFormatError(f"a run has 1 to 1000 edges, not {rest[0][:10]}", number)
        count = int(rest[0])
        rest = rest[1:]
    if kind == "wall":
        feature = Feature.WALL
    elif kind == "window":
        feature = Feature.WINDOW
    elif kind == "door":
        state = rest.pop(0) if rest else "closed"
        if state not in _DOOR_STATES:
            raise MapFormatError(f"a door is closed, open, locked or broken, not {state[:20]!r}", number)
        feature = _DOOR_STATES[state]
    else:
        raise MapFormatError(f"an edge is a wall, a door or a window, not {kind[:20]!r}", number)
    if rest:
        raise MapFormatError(f"unexpected {' '.join(rest)[:30]!r}; {usage}", number)
    dx, dy = (0, 1) if side is Side.EAST else (1, 0)
    return tuple(Edge((cell[0] + dx * k, cell[1] + dy * k), side, feature) for k in range(count))


def is_edge_line(line: str) -> bool:
    """Whether a map file line is an edge line (starts with the word ``edge``)."""
    words = line.split(None, 1)
    return bool(words) and words[0].lower() == "edge"


def to_text(edges: Iterable[Edge]) -> list[str]:
    """Edge lines for ``edges``, runs joined, in reading order; reads back
    with :func:`from_text` to the same edges."""
    by_key = {e.key: e.feature for e in edges}
    done: set[tuple[Cell, Side]] = set()
    lines = []
    for (cell, side) in sorted(by_key, key=lambda k: (k[1].value, k[0][1], k[0][0]) if k[1] is Side.SOUTH else (k[1].value, k[0][0], k[0][1])):
        if (cell, side) in done:
            continue
        feature = by_key[(cell, side)]
        dx, dy = (0, 1) if side is Side.EAST else (1, 0)
        count = 0
        while count < 1000 and by_key.get(((cell[0] + dx * count, cell[1] + dy * count), side)) is feature:
            done.add(((cell[0] + dx * count, cell[1] + dy * count), side))
            count += 1
        kind, _, state = feature.value.partition(" ")
        words = ["edge", kind, f"{cell[0]},{cell[1]}", side.value]
        if count > 1:
            words.append(str(count))
        if state:
            words.append(state)
        lines.append(" ".join(words))
    return lines


class EdgeMap:
    """Edges of one map by key, for lookups: ``feature(a, b)`` between two
    orthogonal neighbours (``None``: nothing there)."""

    def __init__(self, edges: Iterable[Edge]) -> None:
        self.by_key: dict[tuple[Cell, Side], Feature] = {e.key: e.feature for e in edges}

    def __bool__(self) -> bool:
        return bool(self.by_key)

    def feature(self, a: Cell, b: Cell) -> Feature | None:
        key = edge_key(a, b)
        return None if key is None else self.by_key.get(key)

    def blocks(self, a: Cell, b: Cell, what: str = "movement", window_blocks_sight: bool = False) -> bool:
        """Whether the edge between orthogonal neighbours blocks ``what``
        (``"movement"``, ``"sight"`` or ``"effect"``)."""
        f = self.feature(a, b)
        if f is None:
            return False
        if what == "sight":
            return f.blocks_sight(window_blocks_sight)
        return f.blocks_movement

    def step_blocked(self, a: Cell, b: Cell, what: str = "movement", window_blocks_sight: bool = False) -> bool:
        """Whether a step from ``a`` to the neighbour ``b`` (diagonal too)
        crosses a blocking edge: straight, the edge between; diagonal, both
        ways round the corner (see the module)."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if not (dx and dy):
            return self.blocks(a, b, what, window_blocks_sight)
        via_x, via_y = (a[0] + dx, a[1]), (a[0], a[1] + dy)
        round_x = self.blocks(a, via_x, what, window_blocks_sight) or self.blocks(via_x, b, what, window_blocks_sight)
        round_y = self.blocks(a, via_y, what, window_blocks_sight) or self.blocks(via_y, b, what, window_blocks_sight)
        return round_x and round_y


@dataclass(frozen=True)
class DoorSettings:
    """What a ruleset's doors cost and how hard they are to break (RULES.md
    Revision 3, "Doors", from seed 000's EQ-CHK-3 example of kicking a door
    in). A ruleset's ``Settings`` inherits these fields and sets its own;
    read them with ``ruleset.settings_for(DoorSettings)``.

    ``door_action``: the action kind opening, closing, locking or unlocking
    spends ("" none); ``door_movement``: the movement points it spends
    instead (tactical_d10 1 MP); ``break_action``: what breaking one in
    spends; ``break_stat`` and ``break_difficulty``: the check;
    ``door_reach``: cells from the nearer of the door's two cells the
    creature may stand (DEFAULT 0: in one of them). The fumble of a break is
    :class:`DoorFumbleSettings`'.
    """

    door_action: str = "quick"  # Revision 3 Doors: equestria a quick action (DEFAULT)
    door_movement: int = 0  # Revision 3 Doors: MP spent instead (tactical_d10 1)
    break_action: str = "full"  # DEFAULT: kicking a door in is the creature's main action
    break_stat: str = "STR"  # EQ-CHK-3: a STR check
    break_difficulty: int = 12  # Revision 3 Doors: 12 in equestria (DEFAULT); elsewhere default difficulty + 2
    door_reach: int = 0  # DEFAULT: stand in one of the two cells the door lies between


@dataclass(frozen=True)
class DoorFumbleSettings:
    """What a critical failure to break a door in does to the breaker, in a
    ruleset whose checks fail critically (equestria EQ-CHK-3: 1d6;
    tactical_d10 none, a house rule): ``break_fumble_damage`` dice, "" none.
    srd35 checks and power rolls have no critical failure, so those rulesets
    hold no such setting; read it with ``ruleset.settings_for(DoorFumbleSettings)``."""

    break_fumble_damage: str = ""  # DEFAULT: no fumble damage (equestria's EQ-CHK-3: 1d6)
