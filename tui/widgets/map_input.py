"""What the GM does on the battle map: its keys (:data:`MAP_BINDINGS`) and
the messages they post to the screen (pick, click, cancel, the area
template's turn and size, the paint mode's brush, ground and sides, the
cursor's moves).

The messages are those of :class:`tui.widgets.grid_map.GridMap` (named
there as ``GridMap.CellPicked`` ...), in its namespace: the screen's
handlers are ``on_grid_map_cell_picked`` and so on.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.message import Message

from core.board.grid import Cell

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
