"""The battle map pane: terrain and tokens, with column and row rulers
that stay put while the map scrolls.

A cell is ``cell_size`` = (columns, lines): two columns and one line
(small) up to eight columns and four lines. Unless the GM pins a size
(``Z``: :meth:`GridMap.cycle_zoom`), the map takes the largest of
:data:`CELL_SIZES` with which the whole map fits its pane, so a big
terminal shows a big map; a map too big for the pane in small cells
scrolls.

Drawn through Textual's line API (``render_line``): only the rows and cells
in view are produced, so a 500x500 map costs what the viewport costs. In
pick mode a cursor moves over the cells and Enter (or a click) picks one.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.combat.state import EncounterState
from core.board.grid import Cell
from tui.rendering.glyphs import THEMES, GlyphTheme, mark_line
from tui.widgets import map_input
from tui.widgets.map_cells import RULER, RULER_STYLE, MapCells, column_ruler, map_row, row_label
from tui.widgets.map_view import MapView as _View
from tui.widgets.map_view import changed_cells, tokens_of

CELL_SIZES: tuple[tuple[int, int], ...] = ((2, 1), (3, 2), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4))
"""(columns, lines) of a cell the automatic size chooses from, smallest
first: about square on a terminal (a line is about two columns tall),
the in-between ones within a quarter of square so the map fills more."""
PINNED_SIZES: tuple[tuple[int, int], ...] = ((2, 1), (4, 2), (6, 3), (8, 4))
"""The square sizes ``Z`` steps through (then back to automatic)."""
SIZE_NAMES = {(2, 1): "small", (4, 2): "large", (6, 3): "larger", (8, 4): "largest"}


class GridMap(MapCells, ScrollView, can_focus=True):
    """The map. ``show(state, current, selected)`` redraws it; ``start_pick``
    enters cursor mode and posts :class:`CellPicked` or :class:`PickCancelled`."""

    BINDINGS = map_input.MAP_BINDINGS

    CellPicked = map_input.CellPicked
    CellClicked = map_input.CellClicked
    PickCancelled = map_input.PickCancelled
    TemplateChanged = map_input.TemplateChanged
    BrushChosen = map_input.BrushChosen
    GroundChanged = map_input.GroundChanged
    SidePainted = map_input.SidePainted
    CursorMoved = map_input.CursorMoved

    def __init__(self, *, theme: str = "unicode", id: str | None = None) -> None:
        super().__init__(id=id)
        self._view: _View | None = None
        self.glyphs: GlyphTheme = THEMES[theme]
        self.cursor: Cell | None = None
        self.mode: str = ""  # "move", "look" or "area" while picking
        self.reach: dict[Cell, int] = {}
        self.path: frozenset[Cell] = frozenset()
        self.area: frozenset[Cell] = frozenset()
        self.pinned: tuple[int, int] | None = None
        """The cell size the GM pinned with ``Z``; ``None``: it follows the pane."""
        self.odds: dict[Cell, float] = {}
        """Chance to hit the chosen target from each reachable cell (the odds map), 0..1."""
        self.best: frozenset[Cell] = frozenset()
        """The cells with the best odds, marked."""
        self.fog: frozenset[Cell] | None = None
        """Cells seen now (the players' view); ``None``: no fog, every cell shows."""
        self.remembered: frozenset[Cell] = frozenset()
        """Cells seen before: drawn greyed under the fog."""
        self.cell_size: tuple[int, int] = (2, 1)
        """(columns, lines) of one cell now."""
        self._styles_now: tuple[Style, Style] | None = None  # (rich_style, ground) until the styles or the whole pane change
        self._put_at: Offset | None = None  # where follow() last left the view: moved since, the GM looked away
        self._follow_later: tuple[Cell, bool] | None = None  # a cell to follow once the pane has its size

    def _line_styles(self) -> tuple[Style, Style]:
        """The pane's style and the ground under its cells (:meth:`_ground`),
        read once per repaint of the whole pane or change of style, not per
        line (each reading walks the pane's ancestors)."""
        if self._styles_now is None:
            self._styles_now = (self.rich_style, self._ground())
        return self._styles_now

    def notify_style_update(self) -> None:
        self._styles_now = None
        super().notify_style_update()

    def refresh(self, *regions: Region, **kwargs) -> GridMap:  # type: ignore[override]
        if not regions:
            self._styles_now = None
        super().refresh(*regions, **kwargs)
        return self

    def _refresh_cells(self, cells) -> None:
        """Repaint only ``cells`` (those in view: a region each), or the whole
        pane when they are many."""
        if self._view is None or len(cells) > 64:
            self.refresh()
        elif cells:
            self.refresh(*self._cell_regions(cells))  # one call: the pane's offsets read once, not once a cell

    @property
    def zoom(self) -> int:
        """Lines per cell now (1 in small cells)."""
        return self.cell_size[1]

    # -- data in ------------------------------------------------------------
    def show(self, state: EncounterState, current: str | None, selected: str | None) -> None:
        old, size = self._view, self.cell_size
        self._view = _View(state, tokens_of(state), current, selected)
        self._fit()
        new_map = old is None or (old.state.grid is not state.grid and old.state.grid != state.grid)  # a reread campaign: an equal map
        if new_map or size != self.cell_size:
            self.refresh()
        else:
            # Only the cells whose tokens changed: fewer bytes to the terminal.
            changed = self.changed_cells(old, self._view)
            if changed:
                self.refresh(*self._cell_regions(changed))
        if not self.size.area:
            self.call_after_refresh(self._refit)  # first show: the pane's size is not known yet

    def set_fog(self, seen: frozenset[Cell] | None, remembered: frozenset[Cell] = frozenset()) -> None:
        """Show only ``seen`` cells (``remembered`` ones greyed, the rest
        blank), or every cell with ``None``; repaints the cells that changed."""
        old_seen, old_remembered = self.fog, self.remembered
        self.fog, self.remembered = seen, remembered
        if old_seen is None or seen is None or self._view is None:
            self.refresh()
            return
        changed = (old_seen ^ seen) | (old_remembered ^ remembered)
        if changed:
            self.refresh(*self._cell_regions(changed))

    def _cell_regions(self, cells) -> list[Region]:
        """The pane's regions (content coordinates) of ``cells``."""
        cw, ch = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        return [Region(RULER + x * cw - scroll_x, 1 + y * ch - scroll_y, cw, ch) for x, y in cells]

    changed_cells = staticmethod(changed_cells)  # the cells to repaint from one view to the next (tui.widgets.map_view)

    def _refit(self) -> None:
        self._fit()
        self.refresh()
        if self._follow_later is not None and self.size.area:
            self.follow(*self._follow_later)

    def _fit(self) -> None:
        """Pick the cell size (the pinned one, else the largest of
        :data:`CELL_SIZES` with which the whole map fits the pane) and size
        the scroll area to match."""
        if self._view is None:
            return
        grid = self._view.state.grid
        self.cell_size = self.pinned or self.fitting_size(grid.width, grid.height, self.size.width, self.size.height)
        cw, ch = self.cell_size
        size = Size(RULER + grid.width * cw, 1 + grid.height * ch)
        if size != self.virtual_size:
            self.virtual_size = size

    @staticmethod
    def fitting_size(cells_wide: int, cells_high: int, width: int, height: int) -> tuple[int, int]:
        """The largest of :data:`CELL_SIZES` with which a map of ``cells_wide``
        x ``cells_high`` cells fits ``width`` x ``height`` columns and lines
        with its rulers (and a column to spare); the smallest when none does."""
        fitting = [(cw, ch) for cw, ch in CELL_SIZES[1:] if width >= RULER + cells_wide * cw + 1 and height >= 1 + cells_high * ch]
        return fitting[-1] if fitting else CELL_SIZES[0]

    def on_resize(self) -> None:
        self._fit()
        if self._follow_later is not None and self.size.area:
            self.follow(*self._follow_later)
        # Repaint now, with the resize: Textual marks a resized pane wholly dirty
        # without scheduling it, and would otherwise send the whole map with
        # the next token that moves (the first key after start).
        self.refresh()

    def cycle_zoom(self) -> str:
        """Automatic -> small -> large -> larger -> largest (each pinned: a
        resize keeps it) -> automatic; returns what it is now, for the status line."""
        if self.pinned is None:
            self.pinned = PINNED_SIZES[0]
        elif self.pinned == PINNED_SIZES[-1]:
            self.pinned = None
        else:
            self.pinned = PINNED_SIZES[PINNED_SIZES.index(self.pinned) + 1] if self.pinned in PINNED_SIZES else PINNED_SIZES[0]
        self._fit()
        self.refresh()
        cw, ch = self.cell_size
        if self.pinned is None:
            return f"automatic, the largest the pane has room for (now {cw}x{ch})"
        following = "automatic" if self.pinned == PINNED_SIZES[-1] else "a size larger"
        return f"{SIZE_NAMES[self.pinned]} ({cw} columns by {ch} line{'s' if ch > 1 else ''}), pinned; Z again: {following}"

    def set_theme(self, name: str) -> None:
        self.glyphs = THEMES[name]
        self.refresh()

    def follow(self, cell: Cell, centre: bool = False, unless_looked_away: bool = False) -> None:
        """Scroll so that ``cell`` is in view (the rulers never cover it):
        by as little as it takes, or (``centre``) to the middle of the view
        when it is out of view, so that turn after turn the view (and the
        whole-pane repaint a scroll costs) moves less often. At once, with no
        animation (over SSH an animation is many frames late). With
        ``unless_looked_away`` (a new turn), not when the GM scrolled the view
        since it was last put somewhere. Before the pane has its size, the
        cell is followed as soon as it has (the map opens on it)."""
        if unless_looked_away and self._put_at is not None and self.scroll_offset != self._put_at:
            return
        if not self.size.area:
            self._follow_later = (cell, centre)
            return
        self._follow_later = None
        cw, ch = self.cell_size
        x, y = cell[0] * cw, cell[1] * ch
        view_w = max(1, self.scrollable_content_region.width - RULER)
        view_h = max(1, self.scrollable_content_region.height - 1)
        scroll_x, scroll_y = self.scroll_offset
        new_x = scroll_x
        if x < scroll_x or x + cw > scroll_x + view_w:
            new_x = max(0, x + cw // 2 - view_w // 2) if centre else x if x < scroll_x else x + cw - view_w
        new_y = scroll_y
        if y < scroll_y or y + ch > scroll_y + view_h:
            new_y = max(0, y + ch // 2 - view_h // 2) if centre else y if y < scroll_y else y + ch - view_h
        if (new_x, new_y) != (scroll_x, scroll_y):
            self.scroll_to(new_x, new_y, animate=False, immediate=True)
        self._put_at = self.scroll_offset

    def start_pick(self, cell: Cell, reach: dict[Cell, int] | None = None, mode: str = "move") -> None:
        self.cursor = cell
        self.mode = mode
        self.reach = dict(reach or {})
        self.focus()
        self.follow(cell)
        self.refresh()

    def stop_pick(self) -> None:
        self.cursor = None
        self.mode = ""
        self.reach = {}
        self.path = frozenset()
        self.area = frozenset()
        self.odds = {}
        self.best = frozenset()
        self.refresh()

    def mark(self, path: frozenset[Cell] | None = None, area: frozenset[Cell] | None = None) -> None:
        """Highlight a previewed ``path`` and/or ``area`` (cells); repaints
        only the cells that changed."""
        changed: set[Cell] = set()
        if path is not None:
            changed |= self.path ^ path
            self.path = path
        if area is not None:
            changed |= self.area ^ area
            self.area = area
        if changed:
            self._refresh_cells(changed)

    @property
    def picking(self) -> bool:
        return self.cursor is not None

    def allow_focus(self) -> bool:
        """Focusable only while picking (a map mode: move, look, area, place,
        paint): outside one no key of the map does anything, so Tab goes
        from the tracker to the log and back, never to a dead pane."""
        return self.picking

    # -- input ----------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            wanted = parameters[0] if parameters else "done"
            mode = self.mode if self.mode in ("move", "place", "paint", "offer") else "done"
            return self.picking and wanted == mode
        if action in ("cursor", "cancel"):
            return self.picking
        if action in ("turn", "grow"):
            return self.mode == "area"
        if action in ("brush", "side", "side_brush", "ground"):
            return self.mode == "paint"
        return True

    def action_turn(self, step: int) -> None:
        self.post_message(self.TemplateChanged(turn=step))

    def action_brush(self, number: int) -> None:
        self.post_message(self.BrushChosen(number))

    def action_ground(self, step: int) -> None:
        if self.cursor is not None:
            self.post_message(self.GroundChanged(self.cursor if step else None, step))

    def action_side(self, dx: int, dy: int) -> None:
        if self.cursor is not None:
            self.post_message(self.SidePainted(self.cursor, dx, dy))

    def action_side_brush(self) -> None:
        self.post_message(self.SidePainted(None, 0, 0))

    def action_grow(self, step: int) -> None:
        self.post_message(self.TemplateChanged(grow=step))

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None or self._view is None:
            return
        grid = self._view.state.grid
        x = min(max(self.cursor[0] + dx, 0), grid.width - 1)
        y = min(max(self.cursor[1] + dy, 0), grid.height - 1)
        old, self.cursor = self.cursor, (x, y)
        scrolled = self.scroll_offset
        self.follow(self.cursor)
        if self.scroll_offset != scrolled:
            self.refresh()
        else:
            self._refresh_cells({old, self.cursor})  # only the two cells the cursor left and entered
        self.post_message(self.CursorMoved(self.cursor))

    def action_pick(self, _mode: str = "") -> None:
        if self.cursor is not None:
            self.post_message(self.CellPicked(self.cursor))

    def action_cancel(self) -> None:
        if self.cursor is not None:
            mode = self.mode
            self.stop_pick()
            self.post_message(self.PickCancelled(mode))

    def cell_at(self, offset_x: int, offset_y: int) -> Cell | None:
        """The cell under a point of the widget's content, or ``None``."""
        if self._view is None or offset_x < RULER or offset_y < 1:
            return None
        scroll_x, scroll_y = self.scroll_offset
        cell = ((offset_x - RULER + scroll_x) // self.cell_size[0], (offset_y - 1 + scroll_y) // self.cell_size[1])
        return cell if self._view.state.grid.contains(cell) else None

    def on_click(self, event: events.Click) -> None:
        cell = self.cell_at(event.x - self.gutter.left, event.y - self.gutter.top)
        if cell is None:
            return
        if self.picking:
            self.cursor = cell
            self.refresh()
            self.post_message(self.CellPicked(cell))
        else:
            self.post_message(self.CellClicked(cell))

    # -- drawing ------------------------------------------------------------
    def _marked(self, cell: Cell) -> bool:
        return cell == self.cursor or cell in self.reach or cell in self.path or cell in self.area

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        view = self._view
        pane, ground = self._line_styles()
        if view is None:
            return Strip.blank(width, pane)
        cw, ch = self.cell_size
        scroll_x, scroll_y = self.scroll_offset
        map_width = max(0, width - RULER)
        first = scroll_x // cw
        last = min(view.state.grid.width, (scroll_x + map_width) // cw + 1)
        offset = scroll_x - first * cw
        if y == 0:
            cells = Strip([Segment(column_ruler(first, last, cw, view.state.grid.width), RULER_STYLE)]).crop(offset, offset + map_width)
            return Strip([Segment(" " * RULER, RULER_STYLE), *cells]).extend_cell_length(width, pane).apply_style(ground)
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
        return map_row(label, segments, offset, map_width, width, pane, ground)
