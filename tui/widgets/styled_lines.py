"""A pane's content lines styled once per look, not once per repaint.

Textual turns each line a widget renders into a line of the screen (its
border, padding, tint and opacity around it: ``StylesCache.render_line``)
every time the line is repainted. A line pane (``tui/widgets/lines.py``)
repaints the lines that changed, and most of them show what one of its rows
showed before: the sheet of the creature whose turn comes round again, a
tracker row as it was a round ago, log lines moved up by half a pane, the
status line's turn message (on the demo, about 15 of the 25 lines an ``n``
repaints). :class:`StyledLines` keeps the screen line made for each content
line (a ``Strip``, the same object while its look stays:
``LinePane.render_line``) with everything else Textual's render reads, and
gives it back when the same content line comes again in a content row.

Textual's own cache of lines is dropped whenever the widget's styles
change (``Widget.refresh()`` with no region: a CSS class, focus, a theme);
so is this one. Rows that are not content (borders and their titles,
padding, an outline's first and last row) are made by Textual every time.
"""

from __future__ import annotations

from textual._styles_cache import StylesCache
from textual.strip import Strip

MAX_LOOKS = 512
"""Screen lines kept per pane; all are dropped past it (a pane shows at most a few screens' worth)."""


class StyledLines(StylesCache):
    """``StylesCache`` that makes a content row's screen line once per
    content line and look (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self._styled: dict[tuple, tuple[Strip, Strip]] = {}

    def clear(self) -> None:
        super().clear()
        self._styled.clear()

    def render_line(self, styles, y, size, content_size, padding, base_background, background, render_content_line,
                    border_title, border_subtitle, opacity, ansi_theme, native_ansi) -> Strip:
        top = styles.gutter.top
        if not (0 < y < size.height - 1 and top <= y < top + content_size.height):  # a border, padding or outline row
            return super().render_line(styles, y, size, content_size, padding, base_background, background, render_content_line,
                                       border_title, border_subtitle, opacity, ansi_theme, native_ansi)
        content = render_content_line(y - top)
        key = (id(content), size, content_size, padding, base_background, background, opacity, id(ansi_theme), native_ansi)
        kept = self._styled.get(key)
        if kept is not None and kept[0] is content:
            return kept[1]
        line = super().render_line(styles, y, size, content_size, padding, base_background, background, lambda _: content,
                                   border_title, border_subtitle, opacity, ansi_theme, native_ansi)
        if len(self._styled) >= MAX_LOOKS:
            self._styled.clear()
        self._styled[key] = (content, line)  # the content kept with it: its id names no other line meanwhile
        return line
