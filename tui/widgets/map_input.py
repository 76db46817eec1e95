"""What the GM does on the battle map: its keys (:data:`MAP_BINDINGS`) and
the messages they post to the screen (pick, click, cancel, the area
template's turn and size, the paint mode's brush, ground and sides, the
cursor's moves), and the map's answers to those keys and to clicks
(:class:`MapInput`, a mixin of the map).

The messages are those of :class:`tui.widgets.grid_map.GridMap` (named
there as ``GridMap.CellPicked`` ...), in its namespace: the screen's
handlers are ``on_grid_map_cell_picked`` and so on.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.message import Message

from core.board.grid import Cell
from tui.widgets.map_rulers import RULER

MAP_BINDINGS = [
    Binding("up,k", "cursor(0,-1)", "Up", show=False, id="map-up"),
    Binding("down,j", "cursor(0,1)", "Down", show=False, id="map-down"),
    Binding("left,h", "cursor(-1,0)", "Left", show=False, id="map-left"),
    Binding("right,l", "cursor(1,0)", "Right", show=False, id="map-right"),
    Binding("y", "cursor(-1,-1)", "Up-left", show=False, id="map-up-left"),
    Binding("u", "cursor(1,-1)", "Up-right", show=False, id="map-up-right"),
    Binding("b", "cursor(-1,1)", "Down-left", show=False, id="map-down-left"),
    Binding("n", "cursor(1,1)", "Down-right", show=False, id="map-down-right"),
    Binding("enter", "pick('move')", "Move here", id="map-pick-move"),
    Binding("enter", "pick('place')", "Place here", id="map-pick-place"),
    Binding("enter", "pick('offer')", "Here", id="map-pick-offer"),
    Binding("enter,space", "pick('paint')", "Paint", id="map-pick-paint"),
    *[Binding(str(n), f"brush({n})", "Terrain", show=n == 1, key_display="1-9", id=f"map-brush-{n}") for n in range(1, 10)],
    Binding("e", "side_brush", "Side", id="map-side-brush"),
    Binding("shift+up,K", "side(0,-1)", "Paint side", show=False, id="map-side-up"),
    Binding("shift+down,J", "side(0,1)", "Paint side", show=False, id="map-side-down"),
    Binding("shift+left,H", "side(-1,0)", "Paint side", show=False, id="map-side-left"),
    Binding("shift+right,L", "side(1,0)", "Paint side", show=False, id="map-side-right"),
    Binding("enter", "pick('done')", "Done", id="map-pick-done"),
    Binding("escape", "cancel", "Cancel", id="map-cancel"),
    Binding("r", "turn(1)", "Rotate", id="map-rotate"),
    Binding("R", "turn(-1)", "Rotate back", show=False, id="map-rotate-back"),
    Binding("plus,equals_sign", "grow(1)", "Bigger", id="map-grow"),
    Binding("minus", "grow(-1)", "Smaller", id="map-shrink"),
    Binding("plus,equals_sign", "ground(1)", "Raise", id="map-ground-up"),
    Binding("minus", "ground(-1)", "Lower", show=False, id="map-ground-down"),
    Binding("c", "ground(0)", "Ceiling", id="map-ceiling"),
]


class CellPicked(Message, namespace="grid_map"):
    """The GM chose ``cell`` (x, y) with Enter or a click in pick mode."""

    def __init__(self, cell: Cell) -> None:
        super().__init__()
        self.cell = cell


class CellClicked(Message, namespace="grid_map"):
    """The GM clicked ``cell`` outside pick mode (selects a token there)."""

    def __init__(self, cell: Cell) -> None:
        super().__init__()
        self.cell = cell


class PickCancelled(Message, namespace="grid_map"):
    """The GM left pick mode (``mode``: move, place, look, area, paint) with Escape."""

    def __init__(self, mode: str = "") -> None:
        super().__init__()
        self.mode = mode


class TemplateChanged(Message, namespace="grid_map"):
    """The GM turned (``turn`` = +1/-1 of 8 facings) or resized (``grow``) the area template."""

    def __init__(self, turn: int = 0, grow: int = 0) -> None:
        super().__init__()
        self.turn = turn
        self.grow = grow


class BrushChosen(Message, namespace="grid_map"):
    """The GM chose brush ``number`` (1-9) in paint mode."""

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number


class GroundChanged(Message, namespace="grid_map"):
    """In paint mode the GM raised (``step`` +1) or lowered (-1) the
    ground of ``cell``; ``cell`` None: the next ceiling (c)."""

    def __init__(self, cell: Cell | None, step: int) -> None:
        super().__init__()
        self.cell = cell
        self.step = step


class SidePainted(Message, namespace="grid_map"):
    """In paint mode the GM painted the side of ``cell`` toward
    (``dx``, ``dy``) (one of the four straight directions); ``dx == dy
    == 0``: the GM asked for the next side feature (e)."""

    def __init__(self, cell: Cell | None, dx: int, dy: int) -> None:
        super().__init__()
        self.cell = cell
        self.dx = dx
        self.dy = dy


class CursorMoved(Message, namespace="grid_map"):
    """The pick cursor is now on ``cell``."""

    def __init__(self, cell: Cell) -> None:
        super().__init__()
        self.cell = cell


class MapInput:
    """The map's answers to its keys and clicks (a mixin of
    :class:`tui.widgets.grid_map.GridMap`, which owns the cursor, the mode
    and the view these read): which keys work in which pick mode, the
    cursor's moves, and the messages above posted to the screen."""

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
        self.post_message(TemplateChanged(turn=step))

    def action_brush(self, number: int) -> None:
        self.post_message(BrushChosen(number))

    def action_ground(self, step: int) -> None:
        if self.cursor is not None:
            self.post_message(GroundChanged(self.cursor if step else None, step))

    def action_side(self, dx: int, dy: int) -> None:
        if self.cursor is not None:
            self.post_message(SidePainted(self.cursor, dx, dy))

    def action_side_brush(self) -> None:
        self.post_message(SidePainted(None, 0, 0))

    def action_grow(self, step: int) -> None:
        self.post_message(TemplateChanged(grow=step))

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
            self.refresh()  # scrolled: every line is drawn again (the lines' key has the scroll offset)
        else:
            self._refresh_cells({old, self.cursor})  # only the two cells the cursor left and entered
        self.post_message(CursorMoved(self.cursor))

    def action_pick(self, _mode: str = "") -> None:
        if self.cursor is not None:
            self.post_message(CellPicked(self.cursor))

    def action_cancel(self) -> None:
        if self.cursor is not None:
            mode = self.mode
            self.stop_pick()
            self.post_message(PickCancelled(mode))

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
            old, self.cursor = self.cursor, cell
            self._refresh_cells({old, cell} - {None})
            self.post_message(CellPicked(cell))
        else:
            self.post_message(CellClicked(cell))
