"""How the battle map is drawn: each cell (terrain, token with its
marks, HP bar in large cells, reach, path, area, odds-map shade, cursor
and fog), the lines of the pane from them with the rulers beside
(:mod:`tui.widgets.map_rulers`), and which
lines are drawn again when something changes. A mixin of
:class:`tui.widgets.grid_map.GridMap`, which owns the state these read
(``glyphs``, ``cell_size``, ``fog``, ``reach``, ``path``, ``area``,
``odds``, ``best``, ``cursor``, its view).

A drawn line is kept until a cell on it changes (:meth:`MapCells.repaint`
drops them all, a refresh of regions those lines): a repaint Textual asks
for itself sends the kept lines, and the map is drawn again only where
the reach is shaded, not line by line over the whole pane. The pane's
title lit when it takes the focus (the move cursor, ``m``) repaints only
its top line (:meth:`tui.widgets.grid_map.GridMap.update_node_styles`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

from core.board.edges import Feature, Side
from core.board.grid import Cell
from tui.widgets.map_rulers import RULER, RULER_STYLE, column_ruler, map_row, row_label
from tui.rendering.glyphs import SIDE_STYLE, TERRAIN_STYLE, UNKNOWN_STYLE, cell_text, hp_segment, mark_line

if TYPE_CHECKING:
    from tui.widgets.grid_map import _View

CURRENT_STYLE = Style(underline=True)
SELECTED_STYLE = Style(italic=True)
DEFEATED_STYLE = Style(color="bright_black", strike=True)
CURSOR_STYLE = Style(reverse=True, bold=True)
REACH_STYLE = Style(bgcolor="green", color="black")
"""A reachable cell: in a cell taller than one line, its lines but the
glyph's (:func:`mark_line`), a green band under the glyph, whose line
stays as it was (and costs no bytes to shade and unshade: a blank line
is an erase in the band's colour), whole on the path; a one-line cell of
ground whole."""
REACH_UNEVEN_STYLE = Style(underline=True, bold=True)
"""Reach where the green would not show: a one-line cell of other
terrain (its own colours kept), a band on terrain already green (trees)."""
PATH_STYLE = Style(color="bright_white", bold=True)
PATH_GLYPH = "\u2022 "
AREA_STYLE = Style(bgcolor="magenta", color="bright_white")

_PLAIN: dict[tuple[str, str, tuple[int, int], int], Segment] = {}
BEST_GLYPH = "**"
ODDS_STYLES = (  # (at least this chance to hit, background): readable in 16 colours too
    (0.75, Style(bgcolor="bright_green", color="black")),
    (0.5, Style(bgcolor="green", color="black")),
    (0.25, Style(bgcolor="yellow", color="black")),
    (0.0, Style(bgcolor="red", color="white")),
)


def odds_style(chance: float) -> Style:
    """The shade of a cell of the odds map; no chance at all stays unshaded."""
    if chance <= 0:
        return Style(dim=True)
    return next(style for floor, style in ODDS_STYLES if chance >= floor)
FOG_STYLE = Style(color="bright_black", bgcolor="black")


class MapCells:
    """The cell and line painter of the map pane (see the module docstring)."""

    _lines: dict[int, Strip]
    """Lines drawn (line of the pane's content -> strip) for ``_lines_key``."""
    _lines_key: tuple | None = None
    """What every kept line depends on besides the cells: scroll offset,
    width, cell size, the pane's style and ground; another key drops them."""
    _styles_now: tuple[Style, Style] | None = None
    """(rich_style, ground) until the styles or the whole pane change."""

    def _line_styles(self) -> tuple[Style, Style]:
        """The pane's style and the ground under its cells (:meth:`_ground`),
        read once per repaint of the whole pane or change of style, not per
        line (each reading walks the pane's ancestors)."""
        if self._styles_now is None:
            self._styles_now = (self.rich_style, self._ground())
        return self._styles_now

    def notify_style_update(self) -> None:
        self._styles_now = None
        super().notify_style_update()  # type: ignore[misc]

    def refresh(self, *regions: Region, **kwargs):
        """Textual's refresh; the kept lines in ``regions`` are dropped (the
        whole pane's without: kept, each checked against ``_lines_key``, so
        a repaint for a style change (the lit title) draws no cell again;
        a change of the cells calls :meth:`repaint`)."""
        if regions:
            lines = getattr(self, "_lines", None)
            if lines:
                for region in regions:
                    for y in region.line_range:
                        lines.pop(y, None)
        else:
            self._styles_now = None
        return super().refresh(*regions, **kwargs)  # type: ignore[misc]

    def repaint(self) -> None:
        """Draw every line again: what the cells show changed all over."""
        self._lines = {}
        self.refresh()

    def _cell_regions(self, cells) -> list[Region]:
        """The pane's regions (content coordinates) of those of ``cells`` in
        view, one a row of cells, from its leftmost cell to its rightmost,
        and one for rows one under another with the same span (a path's
        straight column: the same lines and columns, fewer regions for
        Textual to mark): a cell scrolled out of the pane draws nothing, so
        it is not marked (a long path on a big map is mostly out of view).
        The unchanged cells between two on a row cost no bytes (the frame
        diff sends changed cells only), and a row's line is drawn whole
        either way."""
        cw, ch = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        width, height = self.size
        left, top = RULER - scroll_x, 1 - scroll_y
        spans: dict[int, list[int]] = {}
        for x, y in cells:
            if -cw < left + x * cw < width and -ch < top + y * ch < height:
                span = spans.get(y)
                if span is None:
                    spans[y] = [x, x]
                elif x < span[0]:
                    span[0] = x
                elif x > span[1]:
                    span[1] = x
        regions: list[Region] = []
        run: list[int] = []  # [first row, last row, leftmost, rightmost] of rows with the same span, one after another
        for y in sorted(spans):
            x0, x1 = spans[y]
            if run and y == run[1] + 1 and x0 == run[2] and x1 == run[3]:  # a straight column of a path: one region
                run[1] = y
                continue
            if run:
                regions.append(Region(left + run[2] * cw, top + run[0] * ch, (run[3] - run[2] + 1) * cw, (run[1] - run[0] + 1) * ch))
            run = [y, y, x0, x1]
        if run:
            regions.append(Region(left + run[2] * cw, top + run[0] * ch, (run[3] - run[2] + 1) * cw, (run[1] - run[0] + 1) * ch))
        return regions

    def _refresh_cells(self, cells) -> None:
        """Repaint only ``cells``: a region each, or (many of them: a reach)
        a region for each run of lines they are on, from the column of
        the leftmost of them to that of the rightmost."""
        if self._view is None:
            self.repaint()
            return
        cells = [cell for cell in cells if cell is not None]
        if len(cells) <= 64:
            regions = self._cell_regions(cells)
            if regions:  # none in view: nothing to draw (no regions would repaint the whole pane)
                self.refresh(*regions)  # one call: the pane's offsets read once, not once a cell
            return
        cw, ch = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        rows = sorted({y for _x, y in cells})
        left = RULER + min(x for x, _y in cells) * cw - scroll_x
        right = RULER + (max(x for x, _y in cells) + 1) * cw - scroll_x
        runs: list[list[int]] = []
        for row in rows:
            if runs and row == runs[-1][1] + 1:
                runs[-1][1] = row
            else:
                runs.append([row, row])
        self.refresh(*(Region(left, 1 + first * ch - scroll_y, right - left, (last - first + 1) * ch) for first, last in runs))

    def _marked(self, cell: Cell) -> bool:
        return cell == self.cursor or cell in self.reach or cell in self.path or cell in self.area

    def _marked_cells(self) -> set[Cell]:
        """Every cell drawn otherwise than plain by the pick: the cursor, reach, path, area, odds and best."""
        cells = set(self.reach) | self.path | self.area | set(self.odds) | self.best
        if self.cursor is not None:
            cells.add(self.cursor)
        return cells

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the pane's content: kept from before while nothing
        on it changed (see the module docstring), else drawn."""
        width = self.scrollable_content_region.width
        pane, ground = self._line_styles()
        key = (self.scroll_offset, width, self.cell_size, pane, ground)
        if key != self._lines_key or not hasattr(self, "_lines"):
            self._lines, self._lines_key = {}, key
        line = self._lines.get(y)
        if line is None:
            line = self._lines[y] = self._draw_line(y, width, pane, ground)
        return line

    def _draw_line(self, y: int, width: int, pane: Style, ground: Style) -> Strip:
        view = self._view
        if view is None:
            return Strip.blank(width, pane)
        cw, ch = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        map_width = max(0, width - RULER)
        first = scroll_x // cw
        last = min(view.state.grid.width, (scroll_x + map_width) // cw + 1)
        offset = scroll_x - first * cw
        if y == 0:
            ruler = column_ruler(first, last, cw, view.state.grid.width)[offset:offset + map_width]  # one column a character
            return map_row(Segment(" " * RULER, RULER_STYLE), [Segment(ruler, RULER_STYLE)], 0, map_width, width, pane, ground, len(ruler))
        line = scroll_y + y - 1
        row, sub = divmod(line, ch)
        if row >= view.state.grid.height:
            return Strip.blank(width, pane)
        terrain_row = view.state.grid.rows[row]
        segments = []
        for x in range(first, last):
            part = self._cell_segment((x, row), terrain_row[x], view, sub)
            if isinstance(part, list):  # a cell with a thin wall, door or window on a side
                segments.extend(part)
            else:
                segments.append(part)
        label = Segment(row_label(row) if sub == mark_line(ch) else " " * RULER, RULER_STYLE)
        return map_row(label, segments, offset, map_width, width, pane, ground, (last - first) * cw)  # each cell is cw columns

    def _ground(self) -> Style:
        """The pane's background under cells that have none of their own:
        the same on the main screen and under a dialog (which fills cells
        without one with its own), so a dialog opening or closing does not
        rewrite the map on the terminal."""
        return Style(bgcolor=self.rich_style.bgcolor)

    def _fog_segment(self, terrain_id: str, sub: int, remembered: bool) -> Segment:
        """A cell nobody of the side sees now: its terrain greyed when seen before, else blank."""
        width, height = self.cell_size
        if not remembered:
            return Segment(" " * width, FOG_STYLE)
        return Segment(cell_text(self.glyphs.terrain.get(terrain_id, self.glyphs.unknown), width, height, sub), FOG_STYLE)

    def _plain_segment(self, terrain_id: str, sub: int) -> Segment:
        """The segment of a cell with nothing on or over it (cached)."""
        key = (self.glyphs.name, terrain_id, self.cell_size, sub)
        segment = _PLAIN.get(key)
        if segment is None:
            text = cell_text(self.glyphs.terrain.get(terrain_id, self.glyphs.unknown), *self.cell_size, sub)
            segment = _PLAIN[key] = Segment(text, TERRAIN_STYLE.get(terrain_id, UNKNOWN_STYLE))
        return segment

    def _token_text(self, combatant, cell: Cell, sub: int) -> str | None:
        """Line ``sub`` of a token's cell: the token with its marks on the
        :func:`mark_line` (the large token from four columns), its hit
        points as a bar under it (``None``: :func:`hp_segment`), blank
        lines in its colour elsewhere and on the other cells of a big
        creature's footprint (EQ-SIZE-1)."""
        width, height = self.cell_size
        line = mark_line(height)
        if cell != combatant.position or (height > 1 and sub != line and sub != line + 1):
            return " " * width
        if height > 1 and sub == line + 1:
            return None
        large = width >= 4
        text = self.glyphs.marked_token(combatant, large=large)
        left = (width - (4 if large else 2)) // 2
        text = " " * left + text
        return text + " " * (width - cell_len(text))

    def _cell_segment(self, cell: Cell, terrain_id: str, view: _View, sub: int = 0) -> Segment | list[Segment]:
        """The cell's text: one segment, or (a thin wall, door or window on
        its east or south side) a few."""
        segment = self._cell_body(cell, terrain_id, view, sub)
        grid = view.state.grid
        if not grid.edges or (self.fog is not None and cell not in self.fog and cell not in self.remembered):
            return segment
        return _with_sides(segment, grid.edge_map.by_key, cell, sub, self.cell_size, self.glyphs.name == "ascii", cell in view.tokens)

    def _cell_body(self, cell: Cell, terrain_id: str, view: _View, sub: int = 0) -> Segment:
        if self.fog is not None and cell not in self.fog:
            return self._fog_segment(terrain_id, sub, cell in self.remembered)
        if cell not in view.tokens and not self._marked(cell):
            return self._plain_segment(terrain_id, sub)
        combatant = view.tokens.get(cell)
        width, height = self.cell_size
        if combatant is not None:
            style = SIDE_STYLE[combatant.side]
            if combatant.defeated:
                style = style + DEFEATED_STYLE
            if combatant.id == view.current:
                style = style + CURRENT_STYLE
            if combatant.id == view.selected:
                style = style + SELECTED_STYLE
            text = self._token_text(combatant, cell, sub)
            if text is None:
                return hp_segment(combatant, style, width)
        else:
            text = self.glyphs.terrain.get(terrain_id, self.glyphs.unknown)
            style = TERRAIN_STYLE.get(terrain_id, UNKNOWN_STYLE)
            if cell in self.odds:
                style = style + odds_style(self.odds[cell])
                if cell in self.best:
                    text = BEST_GLYPH
            elif cell in self.reach:
                if height > 1 and sub == mark_line(height) and cell not in self.path:
                    pass  # the glyph's line of a cell taller than one stays as it was
                elif terrain_id == "ground" or (height > 1 and style.bgcolor != REACH_STYLE.bgcolor):
                    style = style + REACH_STYLE
                else:
                    style = style + REACH_UNEVEN_STYLE
            if cell in self.path:
                text, style = PATH_GLYPH, style + PATH_STYLE
            text = cell_text(text, width, height, sub)
        if cell in self.area:
            style = style + AREA_STYLE
        if cell == self.cursor:
            style = style + CURSOR_STYLE
        return Segment(text, style)


#: The mark of a feature on a cell's east side (the cell's last column):
#: unicode, then ASCII (:mod:`core.board.edges`).
EAST_MARKS = {
    Feature.WALL: ("\u2503", "|"),
    Feature.DOOR_CLOSED: ("\u2590", "]"),
    Feature.DOOR_LOCKED: ("\u2590", "}"),
    Feature.DOOR_OPEN: ("\u2571", "/"),
    Feature.DOOR_BROKEN: ("\u2573", "x"),
    Feature.WINDOW: ("\u250a", ":"),
}
#: Colours of the features: doors stand out from walls, windows from both;
#: a south side is the cell underlined in its feature's colour.
SIDE_COLOURS = {
    Feature.WALL: "bright_white",
    Feature.DOOR_CLOSED: "yellow",
    Feature.DOOR_LOCKED: "red",
    Feature.DOOR_OPEN: "green",
    Feature.DOOR_BROKEN: "bright_black",
    Feature.WINDOW: "cyan",
}


def _with_sides(segment: Segment, by_key: dict, cell: Cell, sub: int, size: tuple[int, int], ascii_only: bool, token: bool) -> list[Segment]:
    """``segment`` with the thin walls, doors and windows on ``cell``'s east
    side (a mark in its last column, in the feature's colour) and south side
    (the cell's bottom line underlined: in the feature's colour, or the
    token's own on a creature)."""
    east = by_key.get((cell, Side.EAST))
    width, height = size
    south = by_key.get((cell, Side.SOUTH)) if sub == height - 1 else None
    if east is None and south is None:
        return [segment]
    text, style = segment.text, segment.style or Style()
    if south is not None:
        style = style + Style(underline=True) + (Style() if token else Style(color=SIDE_COLOURS[south]))
    if east is not None and len(text) == width and all(ord(c) < 0x2E80 for c in text):  # narrow characters, not an emoji
        mark = EAST_MARKS[east][1 if ascii_only else 0]
        return [Segment(text[:-1], style), Segment(mark, style + Style(color=SIDE_COLOURS[east], bold=True))]
    return [Segment(text, style)]
