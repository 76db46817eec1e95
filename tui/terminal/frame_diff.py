"""Only the cells that change reach the terminal.

Textual repaints whole regions: a dialog opening or closing, a pane whose
layout moved or a footer rebuilt sends every cell of the screen or of the
pane again (30-120 KB at 120x40, too much over SSH), although most of them
are already on the terminal as they are. :class:`TerminalCells` remembers
what was written to each cell (its character and style) and turns each
update the compositor makes into writes of the cells that differ, as
curses does, each run with only the style changes between its cells
(:mod:`tui.terminal.sgr`). It sits at the one place screen updates are written,
``App._display`` (see :class:`DiffedDisplay`); what is written is exactly
what Textual would have written minus cells the terminal already shows.

The memory is dropped (every cell unknown, so the next frame is sent
whole) when the screen size changes, on every resize event and when the
app resumes after a suspend: then the terminal's content is not ours.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.cells import cell_len
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

from tui.terminal import cursor_moves, erase, sgr
from tui.terminal.cursor_moves import Position
from tui.terminal.terminfo import erases_with_background

GAP = 6
"""Unchanged cells between two changed runs of one write that are written
anyway: cheaper than the cursor move that would skip them."""

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


def changed_runs(old: Cells, new: Cells, x: int) -> Iterator[tuple[int, int]]:
    """``(start, end)`` offsets into ``new`` (written at column ``x`` of a
    row whose cells are ``old``) that differ, runs closer than :data:`GAP`
    joined, never splitting a wide character. Cells are compared
    :data:`CHUNK` at a time first (list slices: the unchanged part of a
    line costs a few comparisons, not one a cell)."""
    old_chars, old_looks = old
    new_chars, new_looks = new
    start = last = None
    count = len(new_chars)
    for chunk in range(0, count, CHUNK):
        end = min(chunk + CHUNK, count)
        if old_chars[x + chunk:x + end] == new_chars[chunk:end] and old_looks[x + chunk:x + end] == new_looks[chunk:end]:
            continue
        for i in range(chunk, end):
            j = x + i
            if j < len(old_chars) and old_chars[j] == new_chars[i] and old_looks[j] == new_looks[i]:
                continue
            if start is None:
                start = i
            elif i - last > GAP:
                yield _whole(new_chars, start, last + 1)
                start = i
            last = i
    if start is not None:
        yield _whole(new_chars, start, last + 1)


CHUNK = 8
"""Cells compared at once by :func:`changed_runs` before it looks cell by cell."""


def _whole(chars: list, start: int, end: int) -> tuple[int, int]:
    if start > 0 and chars[start] == "":
        start -= 1
    if end < len(chars) and chars[end] == "":
        end += 1
    return start, end


def _segments(chars: list, styles: list, looks: list, color_system) -> list[Segment]:
    """Segments for these cells, one per run of the same look (a space
    joins the run before it when it would look the same in its style)."""
    segments: list[Segment] = []
    run: list[str] = []
    current, style = (looks[0], styles[0]) if looks else (None, None)
    for char, this_style, this_look in zip(chars, styles, looks):
        if this_look != current and not (char == " " and space_look(style, color_system) == this_look):
            segments.append(Segment("".join(run), style))
            run, current, style = [], this_look, this_style
        run.append(char)
    if run:
        segments.append(Segment("".join(run), style))
    return segments


class TerminalCells:
    """What the terminal shows, cell by cell, as far as this app wrote it."""

    def __init__(self, erase_blanks: bool = False) -> None:
        self.rows: list[Cells] = []
        self.size: tuple[int, int] | None = None
        self.render_pieces = erase.render_from if erase_blanks else sgr.render_from
        """How a run's pieces are written: long runs of blanks as erases
        (:mod:`tui.terminal.erase`) on a terminal that erases with the
        background colour, else every cell as it is."""

    def forget(self) -> None:
        """Every cell unknown: the next update is written whole."""
        self.rows, self.size = [], None

    def render(self, update: CompositorUpdate, console: Console) -> str:
        """The terminal sequences for ``update``, less the cells unchanged."""
        if isinstance(update, LayoutUpdate):
            size = (update.region.width, update.region.height)
            if size != self.size:
                self.rows = [([None] * size[0], [None] * size[0]) for _ in range(size[1])]
                self.size = size
            writes = [(y, update.region.x, Strip.join(line)) for y, line in enumerate(update.strips, update.region.y)]
        elif isinstance(update, ChopsUpdate) and self.size is not None:
            writes = list(_chops_writes(update))
        else:
            self.forget()
            return update.render_segments(console)
        color_system = console._color_system or ColorSystem.TRUECOLOR
        runs: list = []
        for y, x, strip in writes:
            runs.extend(self._write(y, x, strip, console, color_system))
        return self._emit(runs, color_system)

    def _write(self, y: int, x: int, strip: Strip, console: Console, color_system) -> list:
        """The changed runs of one write, ``(row, first column, end column,
        pieces)`` (or a string to write as it is); the memory updated."""
        new = cells_of(strip, color_system)
        while y >= len(self.rows):
            self.rows.append(([], []))
        old = self.rows[y]
        if new is None:  # not ours to read: written as it is, the row then unknown
            self.rows[y] = ([None] * len(old[0]), [None] * len(old[0]))
            return [_move_to(x, y) + strip.render(console)]
        chars, styles, looks = new
        runs = [
            (y, x + start, x + end, _segments(chars[start:end], styles[start:end], looks[start:end], color_system))
            for start, end in changed_runs(old, (chars, looks), x)
        ]
        width = x + len(chars)
        if len(old[0]) < width:
            old[0].extend([None] * (width - len(old[0])))
            old[1].extend([None] * (width - len(old[1])))
        old[0][x:width] = chars
        old[1][x:width] = looks
        return runs

    def _emit(self, runs: list, color_system) -> str:
        """The runs written, one after the other on a row joined through the
        few unchanged cells between them (written again from memory: cheaper
        than moving the cursor over them, e.g. between two footer keys).
        The style carries from one run to the next (a cursor move keeps it),
        so each says only what changes; a run Textual wrote as it is starts
        reset, and so does what follows the update. Each run is reached by
        the shortest move from where the one before left the cursor
        (:mod:`tui.terminal.cursor_moves`)."""
        out: list[str] = []
        pending = None
        current = ""  # the terminal's style (SGR codes) after what out holds
        cursor: Position | None = None  # where out leaves the cursor, if known
        width = self.size[0] if self.size else 0
        for run in runs:
            if isinstance(run, str):
                current, cursor = _render_run(out, pending, current, cursor, width, color_system, self.render_pieces)
                pending = None
                out.append(sgr.change(current, ""))
                out.append(run)
                current, cursor = "", None
                continue
            if pending is not None and run[0] == pending[0] and 0 <= run[1] - pending[2] <= GAP:
                between = self._known(run[0], pending[2], run[1])
                if between is not None:
                    pending = (pending[0], pending[1], run[2], pending[3] + between + run[3])
                    continue
            current, cursor = _render_run(out, pending, current, cursor, width, color_system, self.render_pieces)
            pending = run
        current, cursor = _render_run(out, pending, current, cursor, width, color_system, self.render_pieces)
        out.append(sgr.change(current, ""))
        return "".join(out)

    def _known(self, y: int, start: int, end: int) -> list | None:
        """The cells ``start..end`` of row ``y`` as pieces ``(text, SGR
        codes)``, from memory; ``None`` when one is unknown or linked."""
        chars, looks = self.rows[y]
        if end > len(chars):
            return None
        pieces = []
        for char, seen in zip(chars[start:end], looks[start:end]):
            if isinstance(seen, tuple) and seen[0] == "space":
                seen = seen[1]
            if char is None or not isinstance(seen, str):
                return None
            pieces.append((char, seen))
        return pieces


def _render_run(out: list[str], run, current: str, cursor: Position | None, width: int, color_system,
                render_pieces=sgr.render_from) -> tuple[str, Position | None]:
    """Append ``run`` (if any) to ``out`` on a terminal in style ``current``
    with the cursor at ``cursor`` (``None``: not known); the style and the
    cursor it leaves."""
    if run is None:
        return current, cursor
    y, x, end, pieces = run
    text, current = render_pieces(current, pieces, color_system)
    out.append(cursor_moves.move((x, y), cursor))
    out.append(text)
    return current, cursor_moves.cursor_after(x, y, end, text, width)


def _move_to(x: int, y: int) -> str:
    return f"\x1b[{y + 1};{x + 1}H"


def _chops_writes(update: ChopsUpdate) -> Iterator[tuple[int, int, Strip]]:
    """The ``(row, column, strip)`` writes of ``update``, exactly as
    ``ChopsUpdate.render_segments`` makes them."""
    for y, x1, x2 in update.spans:
        line = update.chops[y]
        for end, (x, strip) in zip(update.chop_ends[y], line.items()):
            if strip is None or x > x2 or end <= x1:
                continue
            if x2 > x >= x1 and end <= x2:
                yield y, x, strip
            else:
                yield y, x, strip.crop(0, min(end, x2) - x)


class DiffedUpdate(CompositorUpdate):
    """A compositor update written through :class:`TerminalCells`: only
    when Textual writes it does the memory of the cells change."""

    def __init__(self, update: CompositorUpdate, cells: TerminalCells) -> None:
        self.update = update
        self.cells = cells

    def render_segments(self, console: Console) -> str:
        return self.cells.render(self.update, console)


class WrittenUpdate(CompositorUpdate):
    """An update already turned into its terminal sequences (``text``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def render_segments(self, console: Console) -> str:
        return self.text


class DiffedDisplay:
    """Mixin for the App (before ``App`` in the bases): every screen update
    goes through one :class:`TerminalCells`. An update that changes no cell
    and leaves the cursor where it is writes nothing at all (not even the
    cursor move and synchronized-output marks Textual wraps every frame in):
    the terminal already shows it, and a late empty frame would be a write
    the key did not cause."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.terminal_cells = TerminalCells(erase_blanks=erases_with_background())

    def _display(self, screen, renderable) -> None:
        if isinstance(renderable, (LayoutUpdate, ChopsUpdate)) and not self._driver_is_inline():
            if self._writes_now():
                text = self.terminal_cells.render(renderable, self.console)
                cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
                if not text and cursor == self._previous_cursor_position:
                    return
                renderable = WrittenUpdate(text)
            else:  # Textual may not write it: the cells' memory changes only if it does
                renderable = DiffedUpdate(renderable, self.terminal_cells)
        super()._display(screen, renderable)

    def _writes_now(self) -> bool:
        """Whether ``App._display`` would write an update now (its own conditions)."""
        return bool(self._running and not self._closed and not self.is_headless and self._driver is not None and not self._batch_count)

    def _driver_is_inline(self) -> bool:
        driver = getattr(self, "_driver", None)
        return driver is not None and driver.is_inline

    # Textual calls the handler of every class in the MRO (App's own too).
    def _on_resize(self, event) -> None:
        self.terminal_cells.forget()  # the terminal may have reflowed or cleared

    def _on_mount(self, event) -> None:
        self.app_resume_signal.subscribe(self, lambda _app: self.terminal_cells.forget())
