"""The cells a strip of Textual's writes: characters and how they look.

What :class:`tui.terminal.frame_diff.TerminalCells` remembers of the
terminal, cell by cell, and compares with each update: per column the
character and its look (the SGR codes and link the terminal is sent for
its style; a space's look is only what shows of it).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from textual.strip import Strip

Cells = tuple[list, list]
"""A run of cells: ``(characters, looks)``, one entry per terminal column;
the right half of a wide character is ``""``; ``None`` means unknown. A
look is what the terminal is sent for a style (its SGR codes, and its link
if any): two styles that differ only in what Textual keeps for itself
(mouse offsets, meta) look the same."""


def cells_of(strip: Strip, color_system) -> tuple[list, list, list] | None:
    """The cells a strip writes: ``(characters, styles, looks)``, one entry
    per column (see :data:`Cells`; a space's look is :func:`space_look`'s),
    each segment's cells made once (:func:`segment_cells`); ``None`` if it
    holds control codes."""
    chars: list = []
    styles: list = []
    looks: list = []
    for text, style, control in strip:
        if control:
            return None
        cells = _SEGMENT_CELLS.get((text, style, color_system))
        if cells is None or (style is not None and style._link):  # a link's id is its style's own: never another's
            cells = segment_cells(text, style, color_system)
        lead, seg_chars, seg_styles, seg_looks = cells
        if lead and chars:
            chars[-1] += lead  # combining marks that start a segment join the cell before it
        chars.extend(seg_chars)
        styles.extend(seg_styles)
        looks.extend(seg_looks)
    return chars, styles, looks


_SEGMENT_CELLS: dict[tuple, tuple[str, list, list, list]] = {}


def segment_cells(text: str, style: Style | None, color_system) -> tuple[str, list, list, list]:
    """One segment's cells ``(lead, characters, styles, looks)`` (see
    :func:`cells_of`), remembered: a frame writes mostly segments written
    before (a pane's lines shown again, moved by a row). ``lead`` is the
    zero-width marks before its first cell, which join the cell before
    the segment."""
    seen = look(style, color_system)
    blank = space_look(style, color_system) if " " in text else seen
    lead = ""
    if text.isascii():
        chars = list(text)
        styles = [style] * len(text)
        looks = [blank if char == " " else seen for char in text] if blank is not seen else [seen] * len(text)
    else:
        chars, styles, looks = [], [], []
        for char in text:
            width = cell_len(char)
            if width == 0:
                if chars:
                    chars[-1] += char  # a combining mark joins the cell before it
                else:
                    lead += char
            elif width == 2:
                chars.extend((char, ""))
                styles.extend((style, style))
                looks.extend((seen, seen))
            elif width == 1:
                chars.append(char)
                styles.append(style)
                looks.append(blank if char == " " else seen)
    if len(_SEGMENT_CELLS) > 4096:
        _SEGMENT_CELLS.clear()
    cells = _SEGMENT_CELLS[(text, style, color_system)] = (lead, chars, styles, looks)
    return cells


def look(style: Style | None, color_system) -> object:
    """What the terminal is sent for ``style``, as ``Strip.render`` sends it."""
    if style is None:
        return ""
    ansi = style._ansi
    if ansi is None:
        ansi = Strip.render_ansi(style, color_system)
    return (ansi, style._link) if style._link else ansi


_SPACE_LOOKS: dict[Style, object] = {}


def space_look(style: Style | None, color_system) -> object:
    """How a space in ``style`` looks: only its background (and reverse,
    underline, strike, overline, links) show, not its colour, bold or italic."""
    if style is None:
        return ""
    found = _SPACE_LOOKS.get(style)
    if found is None:
        if style.reverse or style.underline or style.underline2 or style.strike or style.overline or style.link:
            found = look(style, color_system)
        else:
            found = ("space", look(Style(bgcolor=style.bgcolor), color_system))
        if len(_SPACE_LOOKS) > 4096:
            _SPACE_LOOKS.clear()
        _SPACE_LOOKS[style] = found
    return found

