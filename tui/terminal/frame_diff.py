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
from typing import NamedTuple

from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.strip import Strip

from tui.terminal import cursor_moves, erase, sgr
from tui.terminal.cursor_moves import Position
from tui.terminal.strip_cells import Cells, cells_of, space_look
from tui.terminal.terminfo import erases_with_background

GAP = 8
"""At most this many unchanged cells between two changed runs of a row are
written again (from memory) to join the runs, where that is shorter than
the cursor move over them (:meth:`TerminalCells._emit`): a move costs 3-8
bytes, a cell at least one."""


def changed_runs(old: Cells, new: Cells, x: int) -> Iterator[tuple[int, int]]:
    """``(start, end)`` offsets into ``new`` (written at column ``x`` of a
    row whose cells are ``old``) that differ, runs at most :data:`NEAR`
    unchanged cells apart joined, never splitting a wide character. Cells
    are compared :data:`CHUNK` at a time first (list slices: the unchanged
    part of a line costs a few comparisons, not one a cell)."""
    old_chars, old_looks = old
    new_chars, new_looks = new
    start = last = None
    count, known = len(new_chars), len(old_chars)
    if old_chars[x:x + count] == new_chars and old_looks[x:x + count] == new_looks:
        return  # the terminal shows them all already
    for chunk in range(0, count, CHUNK):
        end = chunk + CHUNK if chunk + CHUNK < count else count
        if old_chars[x + chunk:x + end] == new_chars[chunk:end] and old_looks[x + chunk:x + end] == new_looks[chunk:end]:
            continue
        for i in range(chunk, end):
            j = x + i
            if j < known and old_chars[j] == new_chars[i] and old_looks[j] == new_looks[i]:
                continue
            if start is None:
                start = i
            elif i - last - 1 > NEAR:
                yield _whole(new_chars, start, last + 1)
                start = i
            last = i
    if start is not None:
        yield _whole(new_chars, start, last + 1)


NEAR = 1
"""Unchanged cells between two changed cells of one write that
:func:`changed_runs` keeps in their run: one cell costs about what the
shortest move over it (``ESC[C``) does, and fewer runs are less work;
runs further apart are joined only where that is shorter
(:meth:`TerminalCells._emit`)."""

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
    if not looks:
        return segments
    start, current, style = 0, looks[0], styles[0]
    blank = None  # how a space looks in the run's style: asked once a run
    for i, this_look in enumerate(looks):
        if this_look is current or this_look == current:
            continue
        if chars[i] == " ":
            if blank is None:
                blank = space_look(style, color_system)
            if blank == this_look:
                continue
        segments.append(Segment("".join(chars[start:i]), style))
        start, current, style, blank = i, this_look, styles[i], None
    segments.append(Segment("".join(chars[start:]), style))
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
        """The runs written one after the other, each reached by the
        shortest cursor move from where the one before left the cursor
        (:mod:`tui.terminal.cursor_moves`), or joined to the run before it
        on its row through the few unchanged cells between them (written
        again from memory, at most :data:`GAP`) where the joined run is
        shorter. The style carries from one run to the next (a cursor move
        keeps it), so each says only what changes; a run Textual wrote as
        it is starts reset, and so does what follows the update."""
        out: list[str] = []
        width = self.size[0] if self.size else 0
        last: _Written | None = None  # the run before, not yet in out: the next may join it
        style, cursor = "", None  # the terminal's style and cursor after out (and last)
        for run in runs:
            if isinstance(run, str):
                if last is not None:
                    out.append(last.text)
                    last = None
                out.append(sgr.change(style, ""))
                out.append(run)
                style, cursor = "", None
                continue
            y, x, end, pieces = run
            this = _written(y, x, end, pieces, style, cursor, width, self.render_pieces, color_system)
            if last is not None and last.y == y and 0 <= x - last.end <= GAP:
                between = self._known(y, last.end, x)
                if between is not None and (x - last.end < this.move or all(not text.strip(" ") for text, _ in between)):
                    joined = _written(y, last.x, end, last.pieces + between + pieces, last.style_before, last.cursor_before,
                                      width, self.render_pieces, color_system)
                    if cursor_moves.wire_length(joined.text) < cursor_moves.wire_length(last.text + this.text):
                        last = this = joined
            if last is not None and this is not last:
                out.append(last.text)
            last = this
            style, cursor = this.style_after, cursor_moves.cursor_after(this.x, y, end, this.text, width)
        if last is not None:
            out.append(last.text)
        out.append(sgr.change(style, ""))
        return "".join(out)

    def _known(self, y: int, start: int, end: int) -> list | None:
        """The cells ``start..end`` of row ``y`` as pieces ``(text, SGR
        codes)``, one for each run of the same look, from memory; ``None``
        when one is unknown or linked."""
        chars, looks = self.rows[y]
        if end > len(chars):
            return None
        pieces = []
        for char, seen in zip(chars[start:end], looks[start:end]):
            if isinstance(seen, tuple) and seen[0] == "space":
                seen = seen[1]
            if char is None or not isinstance(seen, str):
                return None
            if pieces and pieces[-1][1] == seen:
                pieces[-1] = (pieces[-1][0] + char, seen)
            else:
                pieces.append((char, seen))
        return pieces


class _Written(NamedTuple):
    """A run as written: its row, columns and pieces, the style and cursor
    it starts from, its text (the move to it first) and the style it leaves."""

    y: int
    x: int
    end: int
    pieces: list
    style_before: str
    cursor_before: Position | None
    text: str
    style_after: str
    move: int
    """Bytes of the move that starts :attr:`text`."""


def _written(y: int, x: int, end: int, pieces: list, style: str, cursor: Position | None, width: int, render_pieces,
             color_system) -> _Written:
    text, after = render_pieces(style, pieces, color_system)
    move = cursor_moves.move((x, y), cursor)
    return _Written(y, x, end, pieces, style, cursor, move + text, after, cursor_moves.wire_length(move))


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
        self.frames_written = 0
        """Updates written to the terminal so far (a dialog reads it: :func:`tui.screens.prompt.rows_kept`)."""

    def _display(self, screen, renderable) -> None:
        if isinstance(renderable, (LayoutUpdate, ChopsUpdate)) and not self._driver_is_inline():
            if self._writes_now():
                text = self.terminal_cells.render(renderable, self.console)
                cursor = self.screen.outer_size.clamp_offset(self.cursor_position)
                if not text and cursor == self._previous_cursor_position:
                    return
                self.frames_written += 1
                renderable = WrittenUpdate(text)
            else:  # Textual may not write it: the cells' memory changes only if it does
                renderable = DiffedUpdate(renderable, self.terminal_cells)
        super()._display(screen, renderable)

    _pointer_shape: str | None = None

    def _set_pointer_shape(self, shape: str) -> None:
        """Textual's mouse pointer shape (``OSC 22``), sent only when it is
        another than the one sent last: Textual sends it again with each
        screen it shows (13 bytes a dialog, the terminal's pointer unchanged)."""
        if shape != self._pointer_shape:
            self._pointer_shape = shape
            super()._set_pointer_shape(shape)  # type: ignore[misc]

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
