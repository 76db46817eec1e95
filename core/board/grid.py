"""The battle map: a rectangle of cells, each of one terrain kind.

Coordinates are ``(x, y)``: column and row, 0-based, ``(0, 0)`` top left, in
cells. The terrain catalogue (the seed 003 legend, rule TAC-MAP-1, on the
obstacle properties of rule EQ-MAP-4) is :mod:`core.board.terrain`.

Text maps (:func:`from_text`, :func:`to_text`) use either the seed's emoji
legend or a plain ASCII legend; a line may mix both. Any other emoji or
letter is a creature token standing on open ground.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from core.values import limits as lim
from core.errors import MapFormatError
from core.board.edges import Edge, EdgeMap, Feature, Side, check_edges
from core.board.terrain import (
    BOULDER, BUSH, BY_GLYPH, CHASM, DEEP_WATER, GLASS, GROUND, ROCK, SWAMP, TERRAINS, TREE, WALL, WATER, Cover, MoveKind,
    Terrain,
)

__all__ = [  # the terrain catalogue (core.board.terrain) is read from here too
    "BOULDER", "BUSH", "CHASM", "DEEP_WATER", "GLASS", "GROUND", "ROCK", "SWAMP", "TERRAINS", "TREE", "WALL", "WATER",
    "Cell", "Cover", "Grid", "MoveKind", "Terrain", "TextMap", "Token", "as_cell", "ascii_token_glyphs", "distance",
    "from_text", "is_token_glyph", "split_glyphs", "to_text",
]

Cell = tuple[int, int]


def as_cell(pair: tuple[int, int] | list[int]) -> Cell:
    """``pair`` (x, y) as the tuple cells are keyed by: a command may carry
    a list (read back from a save, or built by a caller)."""
    x, y = pair
    return (x, y)


@dataclass(frozen=True)
class Token:
    """A creature token found in a text map: its glyph and cell."""

    glyph: str
    cell: Cell


def _edge_order(edge: Edge) -> tuple[int, int, str]:
    return (edge.cell[1], edge.cell[0], edge.side.value)


@dataclass(frozen=True)
class Grid:
    """A rectangular battle map, ``width`` x ``height`` cells.

    ``rows`` holds terrain ids, one tuple per row. ``elevation`` holds the
    ground height of each cell in cells (EQ-MAP-3: a storey is 3), one tuple
    per row, or ``()`` for flat ground at 0. ``ceiling`` is the free height
    above the ground in cells (``None``: open sky; EQ-MOV-3 needs 3 to fly).
    ``edges``: the thin walls, doors and windows on the lines between cells
    (:mod:`core.board.edges`), each between two cells of the map.
    ``depths``: the water cells a GM gave a depth of their own, ``(cell,
    cells deep)`` in reading order; any other water cell is as deep as the
    ruleset's setting says (:func:`core.board.water.water_depth`).
    Immutable: editing returns a new grid via :meth:`with_terrain` and
    :meth:`with_edges`.
    """

    rows: tuple[tuple[str, ...], ...]
    elevation: tuple[tuple[int, ...], ...] = ()
    ceiling: int | None = None
    edges: tuple[Edge, ...] = ()
    depths: tuple[tuple[Cell, int], ...] = ()

    def __post_init__(self) -> None:
        if not self.rows or not self.rows[0]:
            raise MapFormatError("the map has no cells")
        width = len(self.rows[0])
        for number, row in enumerate(self.rows, start=1):
            if len(row) != width:
                raise MapFormatError(f"row has {len(row)} cells, expected {width}", number)
            for terrain_id in row:
                if terrain_id not in TERRAINS:
                    raise MapFormatError(f"unknown terrain {terrain_id!r}", number)
        if self.elevation and (
            len(self.elevation) != len(self.rows) or any(len(r) != width for r in self.elevation)
        ):
            raise MapFormatError("the elevation layer does not match the map size")
        if self.edges:
            check_edges(self.edges, width, len(self.rows))
            ordered = tuple(sorted(self.edges, key=_edge_order))  # one order: equal maps compare equal
            if ordered != self.edges:
                object.__setattr__(self, "edges", ordered)
        if self.depths:
            self._check_depths()

    def __getstate__(self) -> dict:
        """What a pickle holds (a state sent to the forecast's workers): the
        fields, none of what is cached on the map (its layout with the
        search's whole-map tables and remembered paths, its edge index:
        rebuilt on use), which on a big map would be megabytes."""
        return {name: value for name, value in self.__dict__.items() if not name.startswith("_")}

    def _check_depths(self) -> None:
        """Each painted depth on a water cell of the map, 1 to
        :data:`core.values.limits.MAX_GROUND_HEIGHT` cells, a cell once; in reading order."""
        seen: set[Cell] = set()
        for cell, depth in self.depths:
            if not self.contains(cell):
                raise MapFormatError(f"a water depth at ({cell[0]}, {cell[1]}) is off the {self.width}x{self.height} map")
            if not self.terrain(cell).depth:
                raise MapFormatError(f"a water depth at ({cell[0]}, {cell[1]}), which is {self.terrain(cell).name}, not water")
            if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= lim.MAX_GROUND_HEIGHT:
                raise MapFormatError(f"the water at ({cell[0]}, {cell[1]}) must be 1 to {lim.MAX_GROUND_HEIGHT} cells deep, not {depth!r}")
            if cell in seen:
                raise MapFormatError(f"two water depths at ({cell[0]}, {cell[1]})")
            seen.add(cell)
        ordered = tuple(sorted(((as_cell(c), d) for c, d in self.depths), key=lambda e: (e[0][1], e[0][0])))
        if ordered != self.depths:
            object.__setattr__(self, "depths", ordered)

    def depth_at(self, cell: Cell) -> int | None:
        """The depth in cells the GM painted on water ``cell``, or ``None`` (the ruleset's)."""
        return next((d for c, d in self.depths if c == cell), None) if self.depths else None

    @property
    def edge_map(self) -> EdgeMap:
        """The edges by key, for lookups (built once per grid)."""
        cached = self.__dict__.get("_edge_map")
        if cached is None:
            cached = EdgeMap(self.edges)
            object.__setattr__(self, "_edge_map", cached)
        return cached

    def edge_feature(self, a: Cell, b: Cell) -> Feature | None:
        """What stands between orthogonal neighbours ``a`` and ``b``."""
        return self.edge_map.feature(a, b) if self.edges else None

    def with_edges(self, changes: Mapping[tuple[Cell, Side], Feature | None]) -> Grid:
        """A new grid with the features of ``changes`` set (``None``
        removes what stood there), in reading order."""
        by_key = dict(self.edge_map.by_key)
        for key, feature in changes.items():
            if feature is None:
                by_key.pop(key, None)
            else:
                by_key[key] = feature
        edges = tuple(Edge(cell, side, f) for (cell, side), f in by_key.items())
        return Grid(self.rows, self.elevation, self.ceiling, edges, self.depths)

    @classmethod
    def filled(cls, width: int, height: int, terrain: Terrain = GROUND) -> Grid:
        """A ``width`` x ``height`` map of one terrain (cells)."""
        return cls(tuple(tuple(terrain.id for _ in range(width)) for _ in range(height)))

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def contains(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain(self, cell: Cell) -> Terrain:
        """The terrain at ``cell``; raises ``IndexError`` off the map."""
        x, y = cell
        if not self.contains(cell):
            raise IndexError(f"cell {cell} is off the {self.width}x{self.height} map")
        return TERRAINS[self.rows[y][x]]

    def with_terrain(self, cell: Cell, terrain: Terrain) -> Grid:
        x, y = cell
        row = list(self.rows[y])
        row[x] = terrain.id
        depths = self.depths if terrain.depth else tuple(e for e in self.depths if e[0] != (x, y))  # dry land keeps no depth
        return Grid(self.rows[:y] + (tuple(row),) + self.rows[y + 1 :], self.elevation, self.ceiling, self.edges, depths)

    def elevation_at(self, cell: Cell) -> int:
        """Ground height of ``cell`` in cells (EQ-MAP-3); 0 on a flat map."""
        if not self.elevation:
            return 0
        x, y = cell
        return self.elevation[y][x]

    def count(self) -> dict[str, int]:
        """Number of cells per terrain id."""
        totals: dict[str, int] = {}
        for row in self.rows:
            for terrain_id in row:
                totals[terrain_id] = totals.get(terrain_id, 0) + 1
        return totals


@dataclass(frozen=True)
class TextMap:
    """A parsed text map: the terrain grid and the creature tokens on it."""

    grid: Grid
    tokens: tuple[Token, ...]


def split_glyphs(line: str) -> list[str]:
    """Split a line into glyphs: an emoji with its variation selectors,
    skin-tone modifiers and zero-width-joined parts counts as one.
    Time linear in the length of ``line``."""
    parts: list[list[str]] = []
    joining = False
    for ch in line:
        code = ord(ch)
        attaches = (
            code in (0xFE0E, 0xFE0F, 0x20E3)
            or 0x1F3FB <= code <= 0x1F3FF
            or 0xE0020 <= code <= 0xE007F
            or unicodedata.combining(ch)
        )
        if parts and (attaches or joining):
            parts[-1].append(ch)
            joining = False
        elif code == 0x200D and parts:
            parts[-1].append(ch)
            joining = True
        else:
            parts.append([ch])
    return ["".join(p) for p in parts]


def _is_token(glyph: str) -> bool:
    base = glyph[0]
    if base.isalnum():
        return True
    category = unicodedata.category(base)
    return ord(base) >= 0x2000 and category == "So"


def is_token_glyph(glyph: str) -> bool:
    """Whether :func:`from_text` reads ``glyph`` (one glyph, no spaces) as a
    creature token: a letter, digit or symbol emoji that is no terrain."""
    if not glyph or glyph.isspace() or len(glyph) > lim.MAX_GLYPH_CHARS or split_glyphs(glyph) != [glyph]:
        return False
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c.isspace() for c in glyph):
        return False
    return glyph not in BY_GLYPH and _is_token(glyph)


def from_text(text: str) -> TextMap:
    """Read a text map in the emoji or ASCII legend (rule TAC-MAP-1).

    Blank lines before and after the map and spaces between cells are
    ignored. Raises :class:`MapFormatError` naming the line for ragged rows,
    control characters or glyphs that are neither terrain nor token, and for
    a map over the limits of :mod:`core.values.limits` (``MAX_MAP_WIDTH`` x
    ``MAX_MAP_HEIGHT`` cells, ``MAX_COMBATANTS`` tokens), checked before
    an overlong line is read. Time linear in the length of ``text``.
    """
    if len(text) > lim.MAX_MAP_TEXT:
        raise MapFormatError(f"the text has {len(text):,} characters; a map file may have {lim.MAX_MAP_TEXT:,}")
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    while len(lines) > first and not lines[-1].strip():
        lines.pop()
    lines = lines[first:]
    if not lines:
        raise MapFormatError("the text is empty")
    if len(lines) > lim.MAX_MAP_HEIGHT:
        raise MapFormatError(f"the map has {len(lines)} rows; at most {lim.MAX_MAP_HEIGHT} (MAX_MAP_HEIGHT)")
    rows: list[tuple[str, ...]] = []
    tokens: list[Token] = []
    for y, line in enumerate(lines):
        number = y + 1
        if not line.strip():
            raise MapFormatError("blank line inside the map", number)
        if len(line) > lim.MAX_MAP_WIDTH * lim.MAX_GLYPH_CHARS:
            raise MapFormatError(f"the line has {len(line):,} characters; a map is at most {lim.MAX_MAP_WIDTH} cells wide (MAX_MAP_WIDTH)", number)
        row = _read_row(line, y, tokens)
        if rows and len(row) != len(rows[0]):
            raise MapFormatError(f"row has {len(row)} cells, the first row has {len(rows[0])}", number)
        if len(row) * (y + 1) > lim.MAX_MAP_CELLS:
            raise MapFormatError(f"the map has more than {lim.MAX_MAP_CELLS:,} cells (MAX_MAP_CELLS)", number)
        rows.append(tuple(row))
    return TextMap(Grid(tuple(rows)), tuple(tokens))


def _read_row(line: str, y: int, tokens: list[Token]) -> list[str]:
    """Terrain ids of one map line; its creature tokens go to ``tokens``."""
    number = y + 1
    row: list[str] = []
    for glyph in split_glyphs(line):
        if glyph.isspace():
            continue
        if len(glyph) > lim.MAX_GLYPH_CHARS:
            raise MapFormatError(f"a glyph of {len(glyph)} characters in column {len(row) + 1}; at most {lim.MAX_GLYPH_CHARS}", number)
        if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in glyph):
            raise MapFormatError("control character", number)
        terrain = BY_GLYPH.get(glyph)
        if terrain is not None:
            row.append(terrain.id)
        elif _is_token(glyph):
            if len(tokens) >= lim.MAX_COMBATANTS:
                raise MapFormatError(f"more than {lim.MAX_COMBATANTS} creature tokens; an encounter has at most {lim.MAX_COMBATANTS} combatants (MAX_COMBATANTS)", number)
            tokens.append(Token(glyph, (len(row), y)))
            row.append(GROUND.id)
        else:
            raise MapFormatError(f"unknown glyph {glyph!r} in column {len(row) + 1}", number)
        if len(row) > lim.MAX_MAP_WIDTH:
            raise MapFormatError(f"the row has more than {lim.MAX_MAP_WIDTH} cells (MAX_MAP_WIDTH)", number)
    return row


def ascii_token_glyphs(tokens: tuple[Token, ...]) -> dict[Cell, str]:
    """ASCII glyphs for tokens: ASCII letters and digits stay, others get
    ``A``, ``B``, ... in reading order, skipping letters already in use."""
    used = {t.glyph for t in tokens if t.glyph.isascii() and t.glyph.isalnum()}
    free = (c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" if c not in used)
    glyphs: dict[Cell, str] = {}
    for token in sorted(tokens, key=lambda t: (t.cell[1], t.cell[0])):
        if token.glyph.isascii() and token.glyph.isalnum():
            glyphs[token.cell] = token.glyph
        else:
            glyphs[token.cell] = next(free, "?")
    return glyphs


def to_text(text_map: TextMap, legend: str = "emoji") -> str:
    """Write a map in the ``"emoji"`` or ``"ascii"`` legend, one row a line.

    Tokens keep their glyph in the emoji legend; in ASCII, non-ASCII tokens
    become letters (see :func:`ascii_token_glyphs`). Raises ``ValueError``
    for another legend.
    """
    if legend not in ("emoji", "ascii"):
        raise ValueError(f"unknown legend {legend!r}: use 'emoji' or 'ascii'")
    if legend == "ascii":
        token_glyphs = ascii_token_glyphs(text_map.tokens)
    else:
        token_glyphs = {t.cell: t.glyph for t in text_map.tokens}
    lines = []
    for y, row in enumerate(text_map.grid.rows):
        out = []
        for x, terrain_id in enumerate(row):
            glyph = token_glyphs.get((x, y))
            if glyph is None:
                terrain = TERRAINS[terrain_id]
                glyph = terrain.emoji if legend == "emoji" else terrain.ascii
            out.append(glyph)
        lines.append("".join(out))
    return "\n".join(lines) + "\n"


def distance(a: Cell, b: Cell, diagonal: str = "same") -> int:
    """Cells between ``a`` and ``b``: Chebyshev (``"same"``, EQ-MOV-2) or
    1-2-1-2 diagonals (``"alternate"``, SRD-MOV-2: 3 diagonals -> 4)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonal == "alternate":
        diagonals, straight = min(dx, dy), abs(dx - dy)
        return straight + diagonals + diagonals // 2
    return max(dx, dy)
