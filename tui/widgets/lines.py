"""Panes drawn from whole lines that repaint only the cells that changed.

Textual repaints a widget's whole region on ``refresh()``, and a change of
size or virtual size re-lays out (and repaints) its whole container. Over
SSH that is most of the bytes of a key press. A ``LinePane`` is given all
its visible lines at once (``set_lines``), compares them with what it shows
and refreshes only the span of columns that differ on each changed line.
Its height changes only when its number of lines does.

``text_lines`` turns rich ``Text`` into such lines (wrapped or cut to the
width, never parsed as markup; a no-break space, ``NO_BREAK``, holds the
words on either side on one line, as Rich's wrap would not).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.styled_lines import StyledLines

_CONSOLE = Console(width=1000, color_system=None, legacy_windows=False, force_terminal=False)
NO_BREAK = "\u00a0"
"""A space no line breaks at (Rich's wrap breaks at any whitespace, this one too)."""
_HELD = "\u2800"  # one cell and not whitespace: a no-break space while the text is wrapped


def text_lines(text: Text, width: int, wrap: bool = True) -> list[Strip]:
    """``text`` as lines of exactly ``width`` cells: wrapped at spaces
    (``wrap``) or cut, and padded."""
    width = max(1, width)
    held = wrap and NO_BREAK in text.plain and _HELD not in text.plain
    if held:
        text = text.copy()
        text.plain = text.plain.replace(NO_BREAK, _HELD)  # same length: the styles stay where they were
    lines = text.split("\n", allow_blank=True)
    if wrap:  # as text.wrap, which wraps each line on its own; a line that fits is kept as it is, not divided into words
        fits = text.justify in (None, "default")
        lines = [part for line in lines
                 for part in ((line,) if fits and "\t" not in line.plain and line.cell_len <= width else line.wrap(_CONSOLE, width))]
    if held:
        for line in lines:
            line.plain = line.plain.replace(_HELD, " ")
    return [_line_strip(line.plain, tuple(line.spans), line.style, width) for line in lines]


@lru_cache(maxsize=4096)
def _line_strip(plain: str, spans: tuple[Span, ...], style: str | Style, width: int) -> Strip:
    """One line of text (its characters, spans and base style) as a strip of
    ``width`` cells, rendered once per look: a sheet or a tracker row shown
    again as it was is not rendered again (Rich's render: most of a sheet's time)."""
    line = Text(plain, style=style, spans=list(spans))
    return Strip(list(line.render(_CONSOLE))).crop_extend(0, width, None)


FAR = 1_000_000  # a step past either end: Home / End


def paging_bindings(action: str, page: float) -> list[Binding]:
    """Up/Down, PgUp/PgDn and Home/End bound to ``action(step)`` with a
    step of 1, ``page`` and ``FAR`` lines, back (negative) or on."""
    steps = (("up", -1, "Back"), ("down", 1, "On"), ("pageup", -page, "Page back"), ("pagedown", page, "Page on"), ("home", -FAR, "First"), ("end", FAR, "Last"))
    return [Binding(key, f"{action}({step})", label, show=False) for key, step, label in steps]


def changed_span(old: Strip | None, new: Strip | None) -> tuple[int, int] | None:
    """Columns ``(start, end)`` where ``new`` differs from ``old``, at
    segment granularity; ``None`` when they are equal."""
    if old == new:
        return None
    if old is None or new is None:
        return 0, (old or new).cell_length  # type: ignore[union-attr]
    a, b = list(old), list(new)
    same = min(len(a), len(b))
    start = left = 0
    while left < same and a[left] == b[left]:
        start += _cells(a[left])
        left += 1
    end = max(old.cell_length, new.cell_length)
    right = 0
    while right < same - left and a[-1 - right] == b[-1 - right]:
        end -= _cells(a[-1 - right])
        right += 1
    return (start, end) if end > start else (0, end or 1)  # matches from both ends overlap: the whole line


def _cells(segment: Segment) -> int:
    return 0 if segment.control else cell_len(segment.text)


class LinePane(Widget):
    """A widget showing ``lines`` (one ``Strip`` a row, top first).

    ``set_lines(lines)`` repaints what differs from the lines on show;
    ``content_rows()`` is the height the pane asks for (``height: auto``),
    by default the number of lines. Subclasses build the lines (and
    rebuild them in ``on_resize`` when they depend on the width)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._styles_cache = StyledLines()  # a content line's screen line made once per look (its border around it)
        self._lines: list[Strip] = []
        self._rows = 0
        self._repainting = False
        self._line_style: Style | None = None  # the pane's style while a repaint is under way

    @property
    def shown_lines(self) -> list[Strip]:
        """The lines on show, top first (a test hook)."""
        return self._lines

    def content_rows(self) -> int:
        return len(self._lines)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.content_rows()

    def set_lines(self, lines: Sequence[Strip]) -> None:
        old, self._lines = self._lines, list(lines)
        rows = self.content_rows()
        if rows != self._rows:
            self._rows = rows
            height = self.styles.height
            if height is None or height.is_auto:
                self.refresh(layout=True)  # its height changes: the pane is laid out again
                if not self.size.height:
                    # Not on screen yet: a layout asked for while the screen's first one is
                    # under way is lost, and a pane of no height gets no Resize to retry.
                    self.call_after_refresh(self.refresh, layout=True)
                return
        changed = []
        for y in range(min(max(len(old), len(self._lines)), self.content_size.height)):
            span = changed_span(old[y] if y < len(old) else None, self._lines[y] if y < len(self._lines) else None)
            if span is not None:
                changed.append(Region(span[0], y, span[1] - span[0], 1))
        if changed:  # one refresh for them all: each call clears the pane's caches and asks for an idle pass
            self.refresh(*changed)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._repainting = True  # the pane's style is read once a repaint, not once a line (each reading walks the ancestors' styles)
        try:
            return super().render_lines(crop)
        finally:
            self._repainting, self._line_style = False, None

    def render_line(self, y: int) -> Strip:
        style = self._line_style
        if style is None:
            style = self.rich_style
            if self._repainting:
                self._line_style = style
        width = self.content_size.width
        if y < len(self._lines):
            return self._lines[y].crop_extend(0, width, None).apply_style(style)
        return Strip.blank(width, style)


class StatusLine(LinePane):
    """One line of text (``show(text)``), cut with an ellipsis to the width:
    a longer message never pushes the panes up (:meth:`fits` tells the
    screen to log it whole); ``render()`` is the text on show."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()

    def render(self) -> Text:
        return self._text

    def show(self, text: Text) -> None:
        self._text = text
        self._draw()

    def fits(self, text: Text) -> bool:
        """Whether ``text`` shows whole on the line (unknown width: yes)."""
        width = self.content_size.width
        return width <= 0 or (text.cell_len <= width and "\n" not in text.plain)

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        width = self.content_size.width
        if width > 0:
            line = Text(" ").join(self._text.split("\n")) if "\n" in self._text.plain else self._text.copy()
            line.truncate(width, overflow="ellipsis")
            self.set_lines(text_lines(line, width, wrap=False)[:1])
