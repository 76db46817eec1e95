"""A line of the map pane is the cells' segments cropped to the view:
``map_row`` cuts only the segments at its two ends, and must give exactly
what Textual's ``Strip.crop`` of the whole line gives (wide characters cut
in two included), at every scroll offset and pane width."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from tui.widgets.map_rulers import RULER, map_row

PANE = Style(bgcolor="black")
GROUND = Style(bgcolor="blue")
LABEL = Segment(" 7 ", Style(color="bright_black"))


def _cells(cw: int) -> list[Segment]:
    """Eight cells of ``cw`` columns: plain terrain, a wide emoji token, a cell in two segments (a door mark)."""
    red, green = Style(color="red"), Style(color="green")
    pad = " " * (cw - 2)
    return [
        Segment("·" * cw, red), Segment("🐺" + pad, green), Segment("≈" * cw, red), Segment("·" * cw, red),
        Segment("·" * (cw - 1), green), Segment("▐", red), Segment("🐉" + pad, red), Segment("▲" * cw, green),
        Segment("·" * cw, green),
    ]


def _reference(segments: list[Segment], offset: int, map_width: int, width: int) -> Strip:
    cells = Strip(list(Segment.simplify(segments))).crop(offset, offset + map_width)
    return Strip([LABEL, *cells]).extend_cell_length(width, PANE).apply_style(GROUND)


def test_map_row_crops_as_strip_crop_does_at_every_offset_and_width():
    for cw in (2, 4):
        segments = _cells(cw)
        span = Segment.get_line_length(segments)
        for offset in range(cw):
            for map_width in range(0, span - offset + 3):
                width = RULER + map_width + 2
                ours = map_row(LABEL, list(segments), offset, map_width, width, PANE, GROUND, span)
                theirs = _reference(segments, offset, map_width, width)
                assert list(ours) == list(theirs), (cw, offset, map_width)
                assert ours.cell_length == theirs.cell_length == width


def test_map_row_measures_the_line_when_not_told_its_span():
    segments = _cells(2)
    ours = map_row(LABEL, list(segments), 1, 9, RULER + 9, PANE, GROUND)
    assert list(ours) == list(_reference(segments, 1, 9, RULER + 9))
    assert ours.text == " 7 " + Strip(segments).crop(1, 10).text
