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


LAG = 8
"""Bytes a run's last erase must save to leave the cursor behind its
blanks (no move past them): the next move, from there, can be that much
longer (a cursor position of up to 11 bytes where ``ESC[B`` would do)."""


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
    (the run's last blanks need no move past them where that saves more
    than :data:`LAG`: what follows a run moves the cursor itself). Neighbouring pieces that look the same are
    one run first (:func:`merged`), so blanks split over them are one erase."""
    pieces = merged(pieces, color_system)
    out: list[str] = []
    plain: list = []  # pieces with no erase, written in one call (sgr.render_from carries the style from one to the next)
    for index, (text, style, *_) in enumerate(pieces):
        if "      " not in text or not erasable(style):
            plain.append((text, style))
            continue
        if plain:
            written, current = sgr.render_from(current, plain, color_system)
            out.append(written)
            plain = []
        last_piece = index == len(pieces) - 1
        start = 0
        for blanks in BLANKS.finditer(text):
            count = blanks.end() - blanks.start()
            erase = f"\x1b[{count}X"
            if not (last_piece and blanks.end() == len(text) and count - len(erase) > LAG):
                erase += f"\x1b[{count}C"  # the cursor moved past them, where the next cells or move expect it
            if len(erase) >= count:
                continue
            written, current = sgr.render_from(current, [(text[start:blanks.start()], style)], color_system)
            out.append(written)  # the blanks' background set, even with no text before them
            out.append(erase)
            start = blanks.end()
        if start < len(text):
            written, current = sgr.render_from(current, [(text[start:], style)], color_system)
            out.append(written)
    if plain:
        written, current = sgr.render_from(current, plain, color_system)
        out.append(written)
    return "".join(out), current


def merged(pieces: list, color_system) -> list:
    """``pieces`` ``(text, style)`` with neighbours that look the same
    joined: the same SGR codes, or blanks that look the same in the other's
    style (the same background, a style :func:`erasable` allows), which the
    joined piece takes. Links stay apart (each link's style is its own)."""
    if len(pieces) < 2 or not _blanks_across(pieces):  # no erase to gain
        return pieces
    out: list[list] = []
    for text, style, *_ in pieces:
        codes = style if isinstance(style, str) or style is None else style if style._link else sgr.ansi_of(style, color_system)
        if out and isinstance(codes, str) and isinstance(out[-1][2], str):
            before = out[-1]
            if before[2] == codes:
                before[0] += text
                continue
            if not text.strip(" ") and _same_background(before[2], codes):  # blanks after: they take the style before
                before[0] += text
                continue
            if not before[0].strip(" ") and _same_background(codes, before[2]):  # blanks before: they take this style
                before[0], before[1], before[2] = before[0] + text, style, codes
                continue
        out.append([text, style, codes])
    return [(text, style) for text, style, _ in out]


def _blanks_across(pieces: list) -> bool:
    """Whether a run of blanks long enough to erase (:data:`BLANKS`) goes
    over the border of two pieces."""
    streak = 0  # blanks at the end of the pieces so far
    for text, *_ in pieces:
        lead = len(text) - len(text.lstrip(" "))
        if streak and lead and streak + lead >= 6:
            return True
        streak = streak + lead if lead == len(text) else len(text) - len(text.rstrip(" "))
    return False


def _same_background(style: str, blanks: str) -> bool:
    """Whether blanks in SGR codes ``blanks`` look the same in ``style``."""
    if not erasable(style) or not erasable(blanks):
        return False
    ours, theirs = sgr.parse(style), sgr.parse(blanks)
    return ours is not None and theirs is not None and ours[2] == theirs[2]
