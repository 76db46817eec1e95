"""Runs of one character sent as the character and a repeat.

A map's wall row is 66 ``▓`` (3 bytes each in UTF-8: 198 bytes), a
dialog's rule a run of ``─``, water a run of ``≈``. On a terminal whose
terminfo entry repeats the character before (``rep`` as ECMA-48's REP,
:func:`tui.terminal.terminfo.repeats_characters`: xterm and its kin) the
same cells are the character once and ``ESC [ n b`` (n more of it, the
cursor moving on as if they were written): ``▓ESC[65b`` is 8 bytes. Only
where that is shorter, only for a character one cell wide, and never for
a run that a combining mark follows (it would join the last repeated cell
on one terminal and the character written on another).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len

RUN = re.compile(r"(.)\1{2,}", re.S)
"""Three or more of one character: the shortest run a repeat can shorten (``▓▓▓``: 9 bytes, ``▓ESC[2b``: 7)."""


def repeated(text: str) -> str:
    """``text`` with each run of one character written as the character and
    ``ESC [ n b`` where that is shorter (see the module's docstring)."""
    if len(text) < 3:
        return text
    return RUN.sub(lambda run: _shorter(run, text), text)


def _shorter(run: re.Match, text: str) -> str:
    char, count = run.group(1), run.end() - run.start()
    if cell_len(char) != 1 or (run.end() < len(text) and cell_len(text[run.end()]) == 0):
        return run.group()
    written = f"{char}\x1b[{count - 1}b"
    return written if len(written.encode()) < count * len(char.encode()) else run.group()


RenderPieces = Callable[[str, list, object], tuple[str, str]]


def with_repeats(render_pieces: RenderPieces) -> RenderPieces:
    """``render_pieces`` (``sgr.render_from`` or ``erase.render_from``) with
    each piece's text :func:`repeated` first (blanks are left as they are
    for the erase to take)."""

    def render_from(current: str, pieces: list, color_system) -> tuple[str, str]:
        return render_pieces(current, [(_blanks_kept(text), style) for text, style, *_ in pieces], color_system)

    return render_from


def _blanks_kept(text: str) -> str:
    """:func:`repeated` for all but runs of spaces, which the erase writes shorter still."""
    if " " not in text:
        return repeated(text)
    return " ".join(repeated(part) for part in text.split(" "))
