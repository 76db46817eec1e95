"""The map pane's rulers and its lines: the column ruler over the cells
(:func:`column_ruler`, a number every :func:`label_step` cells), the row
ruler's label (:func:`row_label`, :data:`RULER` columns) and one line of
the pane from the label and the cells' segments, cropped to the view
(:func:`map_row`). Drawn by :class:`tui.widgets.map_cells.MapCells`."""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

RULER = 3  # columns of the row ruler on the left; one line of column ruler on top
RULER_STYLE = Style(color="bright_black")


def label_step(width: int, cells: int) -> int:
    """Cells from one column number to the next on a map ``cells`` wide
    whose cells are ``width`` columns: every cell when its whole number and
    a blank fit in one cell, else every 5 (every 10 when 5 cells are too
    narrow for it). Numbers are never cut: fewer of them show."""
    room = len(str(max(0, cells - 1))) + 1
    return next(step for step in (1, 5, 10, 50) if step * width >= room or step == 50)


def column_ruler(first: int, last: int, width: int, cells: int) -> str:
    """The column ruler over cells ``first`` .. ``last - 1`` (``width``
    columns each) of a map ``cells`` wide: the whole number of every
    :func:`label_step`-th cell from its left edge, a ``·`` tick on the
    others (a number runs over the ticks after it)."""
    step = label_step(width, cells)
    start = first - first % step  # a number just left of the view runs into it
    line = [" "] * ((last - start) * width)
    for x in range(start, last):
        if x % step:
            line[(x - start) * width] = "\u00b7"
    for x in range(start, last, step):
        at = (x - start) * width
        for i, digit in enumerate(str(x)[:len(line) - at]):
            line[at + i] = digit
    return "".join(line[(first - start) * width:])


def row_label(row: int) -> str:
    """The row ruler's :data:`RULER` columns for ``row``: its whole number
    (up to 999, the largest map's last row), right-aligned, a blank after
    while it fits."""
    return f"{row:>2d} " if row < 100 else f"{row:>3d}"


def map_row(label: Segment, segments: list[Segment], offset: int, map_width: int, width: int, pane: Style, ground: Style,
            span: int | None = None) -> Strip:
    """One line of the map pane, ``width`` cells: the row ruler's ``label``
    (:data:`RULER` cells), then the cells' ``segments`` (``span`` columns
    in all: measured when ``None``) from column ``offset`` (the scroll
    within the first cell), at most ``map_width`` of them, padded in
    ``pane``'s style, all on ``ground``. Exactly what ``Strip.simplify``,
    ``crop``, ``extend_cell_length`` and ``apply_style`` would make, as one
    Strip (each Strip sets up its own caches: a line a frame of a shaded
    reach made six); the crop measures and cuts only the segments at the
    two ends (a line of a big map has a cell cut at the pane's edge)."""
    if span is None:
        span = Segment.get_line_length(segments)
    cells = list(Segment.simplify(_cropped(segments, offset, span - offset - map_width)))
    length = min(span - offset, map_width) if span > offset else 0
    line = [label, *cells]
    length += RULER
    if length < width:
        line.append(Segment(" " * (width - length), pane))
        length = width
    return Strip(Segment.apply_style(line, ground), length)


def _cropped(segments: list[Segment], left: int, right: int) -> list[Segment]:
    """``segments`` without their first ``left`` and last ``right`` columns
    (a wide character cut in two becomes blanks, as in ``Strip.crop``);
    measures only the segments at the two ends."""
    out = segments
    while left > 0 and out:
        size = cell_len(out[0].text)
        if size > left:
            out = [out[0].split_cells(left)[1], *out[1:]]
            break
        out = out[1:]
        left -= size
    while right > 0 and out:
        size = cell_len(out[-1].text)
        if size > right:
            out = [*out[:-1], out[-1].split_cells(size - right)[0]]
            break
        out = out[:-1]
        right -= size
    return out
