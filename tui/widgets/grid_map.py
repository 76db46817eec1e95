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

from collections.abc import Iterator
from contextlib import contextmanager

from textual import events
from textual.geometry import Offset, Region, Size
from textual.scroll_view import ScrollView

from core.combat.state import EncounterState
from core.board.grid import Cell
from tui.rendering.glyphs import THEMES, GlyphTheme
from tui.widgets import map_input
from tui.widgets.map_cells import MapCells
from tui.widgets.map_rulers import RULER
from tui.widgets.map_view import MapView as _View
from tui.widgets.map_view import changed_cells, tokens_of

TITLE_RULES = frozenset({"border_title_color", "auto_border_title_color", "border_title_background", "border_title_style"})
"""The style rules the pane's ``:focus`` changes (tui/app.tcss): its title lit."""

CELL_SIZES: tuple[tuple[int, int], ...] = ((2, 1), (3, 2), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4))
"""(columns, lines) of a cell the automatic size chooses from, smallest
first: about square on a terminal (a line is about two columns tall),
the in-between ones within a quarter of square so the map fills more."""
PINNED_SIZES: tuple[tuple[int, int], ...] = ((2, 1), (4, 2), (6, 3), (8, 4))
"""The square sizes ``Z`` steps through (then back to automatic)."""
SIZE_NAMES = {(2, 1): "small", (4, 2): "large", (6, 3): "larger", (8, 4): "largest"}


def _on_cell_edge(offset: int, cell: int, up: bool = False) -> int:
    """``offset`` (pane columns or lines) moved down (``up``: up) to the
    nearest multiple of ``cell``, the cell's width or height."""
    return -(-offset // cell) * cell if up else offset // cell * cell


class GridMap(MapCells, map_input.MapInput, ScrollView, can_focus=True):
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
        self._lines = {}
        self._put_at: Offset | None = None  # where follow() last left the view: moved since, the GM looked away
        self._follow_later: tuple[Cell, bool] | None = None  # a cell to follow once the pane has its size

    @property
    def zoom(self) -> int:
        """Lines per cell now (1 in small cells)."""
        return self.cell_size[1]

    # -- the lit title -------------------------------------------------------
    _title_only = False
    """True while a style change touches only :data:`TITLE_RULES`."""

    def update_node_styles(self, animate: bool = True) -> None:
        """Textual's restyle on a change of pseudo classes (the focus taken
        with ``m`` or left with Esc): when it changes only the title's
        rules, only the pane's top line (the border with its title) is
        drawn again, not every line of the map (Textual would repaint the
        whole pane: at 120x40 a frame's worth of compositing for one word)."""
        before = self._rules_but_title()
        with self._title_only_refresh():
            super().update_node_styles(animate)
        if self._rules_but_title() != before:
            self.refresh()

    def _on_focus(self, event: events.Focus) -> None:
        """Textual's focus handler, whose repaint of the pane is one of its title (:meth:`update_node_styles`)."""
        event.prevent_default()  # Widget._on_focus would run after this one
        with self._title_only_refresh():
            super()._on_focus(event)

    def _on_blur(self, event: events.Blur) -> None:
        """As :meth:`_on_focus`, when the focus leaves (Esc, Enter)."""
        event.prevent_default()
        with self._title_only_refresh():
            super()._on_blur(event)

    @contextmanager
    def _title_only_refresh(self) -> Iterator[None]:
        was, self._title_only = self._title_only, True
        try:
            yield
        finally:
            self._title_only = was

    def _rules_but_title(self) -> dict:
        return {rule: value for rule, value in self.styles.get_rules().items() if rule not in TITLE_RULES}

    def refresh(self, *regions: Region, **kwargs):
        """As :meth:`MapCells.refresh`; during a restyle of the title only
        (:meth:`update_node_styles`), a refresh of the whole pane is one of
        its top line."""
        if self._title_only and not regions:
            top = self.content_offset
            regions = (Region(-top.x, -top.y, self.outer_size.width, 1),)
        return super().refresh(*regions, **kwargs)

    # -- data in ------------------------------------------------------------
    def show(self, state: EncounterState, current: str | None, selected: str | None) -> None:
        old, size = self._view, self.cell_size
        self._view = _View(state, tokens_of(state, old), current, selected)  # from old's tokens: only the creatures that changed
        self._fit()
        new_map = old is None or (old.state.grid is not state.grid and old.state.grid != state.grid)  # a reread campaign: an equal map
        if new_map or size != self.cell_size:
            self.repaint()
        else:
            # Only the cells whose tokens changed: fewer bytes to the terminal.
            regions = self._cell_regions(self.changed_cells(old, self._view))
            if regions:  # none in view: nothing to draw (no regions would repaint the whole pane)
                self.refresh(*regions)
        if not self.size.area:
            self.call_after_refresh(self._refit)  # first show: the pane's size is not known yet

    def set_fog(self, seen: frozenset[Cell] | None, remembered: frozenset[Cell] = frozenset()) -> None:
        """Show only ``seen`` cells (``remembered`` ones greyed, the rest
        blank), or every cell with ``None``; repaints the cells that changed."""
        old_seen, old_remembered = self.fog, self.remembered
        self.fog, self.remembered = seen, remembered
        if old_seen is None or seen is None or self._view is None:
            self.repaint()
            return
        regions = self._cell_regions((old_seen ^ seen) | (old_remembered ^ remembered))
        if regions:
            self.refresh(*regions)

    changed_cells = staticmethod(changed_cells)  # the cells to repaint from one view to the next (tui.widgets.map_view)

    def _refit(self) -> None:
        self._fit()
        self.repaint()
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
        self.repaint()

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
        self.repaint()
        cw, ch = self.cell_size
        if self.pinned is None:
            return f"automatic, the largest the pane has room for (now {cw}x{ch})"
        following = "automatic" if self.pinned == PINNED_SIZES[-1] else "a size larger"
        return f"{SIZE_NAMES[self.pinned]} ({cw} columns by {ch} line{'s' if ch > 1 else ''}), pinned; Z again: {following}"

    def set_theme(self, name: str) -> None:
        self.glyphs = THEMES[name]
        self.repaint()

    def follow(self, cell: Cell, centre: bool = False, unless_looked_away: bool = False) -> None:
        """Scroll so that ``cell`` is in view (the rulers never cover it):
        by as little as it takes, or (``centre``) to the middle of the view
        when it is out of view, so that turn after turn the view (and the
        whole-pane repaint a scroll costs) moves less often. At once, with no
        animation (over SSH an animation is many frames late). With
        ``unless_looked_away`` (a new turn), not when the GM scrolled the view
        since it was last put somewhere. Before the pane has its size, the
        cell is followed as soon as it has (the map opens on it). The view
        it scrolls to starts on a cell's edge, never half-way into one
        (whose other half would stand beside the row number)."""
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
            new_x = _on_cell_edge(max(0, x + cw // 2 - view_w // 2), cw) if centre else x if x < scroll_x else _on_cell_edge(x + cw - view_w, cw, up=True)
        new_y = scroll_y
        if y < scroll_y or y + ch > scroll_y + view_h:
            new_y = _on_cell_edge(max(0, y + ch // 2 - view_h // 2), ch) if centre else y if y < scroll_y else _on_cell_edge(y + ch - view_h, ch, up=True)
        if (new_x, new_y) != (scroll_x, scroll_y):
            self.scroll_to(new_x, new_y, animate=False, immediate=True)
        self._put_at = self.scroll_offset

    def start_pick(self, cell: Cell, reach: dict[Cell, int] | None = None, mode: str = "move") -> None:
        """Enter cursor mode at ``cell`` with ``reach`` (cell -> cost) shaded:
        the lines of the reach and the cursor are drawn again, not the pane."""
        old = self._marked_cells()
        self.cursor = cell
        self.mode = mode
        self.reach = dict(reach or {})
        self.screen.set_focus(self)  # now, not with call_later: the footer shows the map's keys in this frame
        self.follow(cell)
        self._refresh_cells(old | self._marked_cells())

    def stop_pick(self) -> None:
        old = self._marked_cells()
        self.cursor = None
        self.mode = ""
        self.reach = {}
        self.path = frozenset()
        self.area = frozenset()
        self.odds = {}
        self.best = frozenset()
        self._refresh_cells(old)

    def show_odds(self, odds: dict[Cell, float], best: frozenset[Cell]) -> None:
        """Shade the reachable cells by ``odds`` (cell -> chance to hit, 0..1),
        ``best`` marked; repaints the lines of the cells that changed."""
        old = set(self.odds) | self.best
        self.odds, self.best = dict(odds), best
        self._refresh_cells(old | set(odds) | best)

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

