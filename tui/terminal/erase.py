"""Long runs of blanks sent as one erase, not as spaces.

A shaded reach, a dialog's padded lines and a status line cleared are
mostly blanks in one background: 36 spaces of a map row cost 36 bytes.
On a terminal that erases with the current background colour (terminfo's
``bce``, :func:`tui.terminal.terminfo.erases_with_background`) the same
cells are ``ESC [ 36 X`` (erase 36 characters from the cursor, which does
not move), then ``ESC [ 36 C`` (36 to the right) if more of the run
follows: 10 bytes. A blank is erased only where it would look the same as
a space: its style shows only its background (no reverse, underline,
strike, overline or link: :data:`tui.terminal.sgr.SHOWN_ON_BLANKS`),
and only when that is shorter.
"""

from __future__ import annotations

import re

from rich.style import Style

from tui.terminal import sgr

BLANKS = re.compile(r" {6,}")
"""Runs of spaces long enough that an erase can be shorter (``ESC[6X`` is 4 bytes)."""


def erasable(style: Style | str | None) -> bool:
    """Whether a space in ``style`` (a Rich style or its SGR codes) shows only its background."""
    if style is None:
        return True
    if isinstance(style, Style):
        return not (style.reverse or style.underline or style.underline2 or style.strike or style.overline or style._link)
    parsed = sgr.parse(style)
    return parsed is not None and not parsed[0] & sgr.SHOWN_ON_BLANKS


def render_from(current: str, pieces, color_system) -> tuple[str, str]:
    """:func:`tui.terminal.sgr.render_from`, with each run of blanks that
    :func:`erasable` allows written as an erase where that is shorter
    (the run's last blanks need no move past them: what follows a run
    places the cursor itself)."""
    pieces = list(pieces)
    out: list[str] = []
    for index, (text, style, *_) in enumerate(pieces):
        if "      " not in text or not erasable(style):
            written, current = sgr.render_from(current, [(text, style)], color_system)
            out.append(written)
            continue
        last_piece = index == len(pieces) - 1
        start = 0
        for blanks in BLANKS.finditer(text):
            count = blanks.end() - blanks.start()
            at_end = last_piece and blanks.end() == len(text)
            erase = f"\x1b[{count}X" + ("" if at_end else f"\x1b[{count}C")
            if len(erase) >= count:
                continue
            written, current = sgr.render_from(current, [(text[start:blanks.start()], style)], color_system)
            out.append(written)  # the blanks' background set, even with no text before them
            out.append(erase)
            start = blanks.end()
        if start < len(text):
            written, current = sgr.render_from(current, [(text[start:], style)], color_system)
            out.append(written)
    return "".join(out), current
