"""The battle map pane: terrain and tokens, two terminal columns per cell.

Draws through Textual's line API (``render_line``), producing only the rows
and cells in view, so a 500x500 map costs what the viewport costs. In pick
mode a cursor moves over the cells and Enter picks one.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.combatant import Combatant, Side
from core.encounter import EncounterState
from core.grid import Cell
from tui.text import clean

# Unicode theme: glyph (two columns) and style per terrain id. Colours are
# the 16 ANSI ones so the map reads the same on xterm and xterm-256color.
TERRAIN_LOOK: dict[str, tuple[str, Style]] = {
    "wall": ("\u2588\u2588", Style(color="bright_black")),
    "ground": ("\u00b7 ", Style(color="bright_black")),
    "tree": ("\u2663 ", Style(color="green", bold=True)),
    "boulder": ("\u25cf ", Style(color="white")),
    "rock": ("\u25b2 ", Style(color="yellow")),
    "water": ("\u2248\u2248", Style(color="blue", bold=True)),
}
UNKNOWN_LOOK = ("??", Style(color="magenta"))
SIDE_STYLE = {
    Side.PARTY: Style(color="bright_white", bgcolor="blue", bold=True),
    Side.FOE: Style(color="bright_white", bgcolor="red", bold=True),
    Side.NEUTRAL: Style(color="black", bgcolor="yellow", bold=True),
}
CURRENT_STYLE = Style(underline=True)
DEFEATED_STYLE = Style(color="bright_black", bgcolor="black", strike=True)
CURSOR_STYLE = Style(reverse=True, bold=True)
REACH_STYLE = Style(bgcolor="#1e3a1e")


def token_label(combatant: Combatant) -> str:
    """Exactly two columns: the combatant's initials, padded."""
    label = ""
    for ch in clean(combatant.initials):
        if cell_len(label + ch) > 2:
            break
        label += ch
    return label + " " * (2 - cell_len(label))


@dataclass(frozen=True)
class _View:
    state: EncounterState
    tokens: dict[Cell, Combatant]
    current: str | None
    selected: str | None


class GridMap(ScrollView, can_focus=True):
    """The map. ``show(state, current, selected)`` redraws it; ``start_pick``
    enters cursor mode and posts :class:`CellPicked` or :class:`PickCancelled`."""

    BINDINGS = [
        Binding("up,k", "cursor(0,-1)", "Up", show=False, id="map-up"),
        Binding("down,j", "cursor(0,1)", "Down", show=False, id="map-down"),
        Binding("left,h", "cursor(-1,0)", "Left", show=False, id="map-left"),
        Binding("right,l", "cursor(1,0)", "Right", show=False, id="map-right"),
        Binding("y", "cursor(-1,-1)", "Up-left", show=False, id="map-up-left"),
        Binding("u", "cursor(1,-1)", "Up-right", show=False, id="map-up-right"),
        Binding("b", "cursor(-1,1)", "Down-left", show=False, id="map-down-left"),
        Binding("n", "cursor(1,1)", "Down-right", show=False, id="map-down-right"),
        Binding("enter", "pick", "Move here", id="map-pick"),
        Binding("escape", "cancel", "Cancel", id="map-cancel"),
    ]

    class CellPicked(Message):
        """The GM chose ``cell`` (x, y) with Enter."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class PickCancelled(Message):
        """The GM left pick mode with Escape."""

    class CursorMoved(Message):
        """The pick cursor is now on ``cell``."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._view: _View | None = None
        self.cursor: Cell | None = None
        self.reach: dict[Cell, int] = {}

    # -- data in ------------------------------------------------------------
    def show(self, state: EncounterState, current: str | None, selected: str | None) -> None:
        tokens = {c.position: c for c in state.combatants if c.position is not None}
        self._view = _View(state, tokens, current, selected)
        self.virtual_size = Size(state.grid.width * 2, state.grid.height)
        self.refresh()

    def follow(self, cell: Cell) -> None:
        """Scroll so that ``cell`` is in view."""
        self.scroll_to_region(Region(cell[0] * 2, cell[1], 2, 1), animate=False, spacing=None)

    def start_pick(self, cell: Cell, reach: dict[Cell, int] | None = None) -> None:
        self.cursor = cell
        self.reach = dict(reach or {})
        self.focus()
        self.follow(cell)
        self.refresh()

    def stop_pick(self) -> None:
        self.cursor = None
        self.reach = {}
        self.refresh()

    @property
    def picking(self) -> bool:
        return self.cursor is not None

    # -- actions ------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "pick", "cancel"):
            return self.picking
        return True

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is None or self._view is None:
            return
        grid = self._view.state.grid
        x = min(max(self.cursor[0] + dx, 0), grid.width - 1)
        y = min(max(self.cursor[1] + dy, 0), grid.height - 1)
        self.cursor = (x, y)
        self.follow(self.cursor)
        self.refresh()
        self.post_message(self.CursorMoved(self.cursor))

    def action_pick(self) -> None:
        if self.cursor is not None:
            self.post_message(self.CellPicked(self.cursor))

    def action_cancel(self) -> None:
        if self.cursor is not None:
            self.stop_pick()
            self.post_message(self.PickCancelled())

    # -- drawing ------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        view = self._view
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        if view is None or row >= view.state.grid.height:
            return Strip.blank(width, self.rich_style)
        grid = view.state.grid
        first = scroll_x // 2
        last = min(grid.width, (scroll_x + width) // 2 + 1)
        terrain_row = grid.rows[row]
        segments = []
        for x in range(first, last):
            segments.append(self._cell_segment((x, row), terrain_row[x], view))
        strip = Strip(segments)
        offset = scroll_x - first * 2
        return strip.crop(offset, offset + width).extend_cell_length(width, self.rich_style)

    def _cell_segment(self, cell: Cell, terrain_id: str, view: _View) -> Segment:
        combatant = view.tokens.get(cell)
        if combatant is not None:
            style = DEFEATED_STYLE if combatant.defeated else SIDE_STYLE[combatant.side]
            if combatant.id == view.current:
                style = style + CURRENT_STYLE
            text = token_label(combatant)
        else:
            text, style = TERRAIN_LOOK.get(terrain_id, UNKNOWN_LOOK)
            if cell in self.reach:
                style = style + REACH_STYLE
        if cell == self.cursor:
            style = style + CURSOR_STYLE
        return Segment(text, style)
