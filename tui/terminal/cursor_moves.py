"""The shortest move of the cursor to the next run of cells.

Textual puts the cursor at every run it writes with ``ESC [ row ; col H``
(CUP, 6-8 bytes at 120x40). The frame diff often knows where the cursor
already is, after the run it just wrote (:func:`cursor_after`); then a
shorter move often does, as curses chooses among its moves (``mvcur``):

- on the same row: ``ESC [ n C`` / ``ESC [ n D`` (n columns right or
  left; ``ESC [ C`` for one) or ``ESC [ col G`` (CHA, to a column);
- in the same column: ``ESC [ n B`` / ``ESC [ n A`` (down or up) or
  ``ESC [ row d`` (VPA, to a row);
- to the next row: a line feed, then ``ESC [ col G``: the column is set
  again because a line feed may also return the carriage (the tty's
  ``onlcr`` turns it into CR LF, 2 bytes on the wire: counted so). A line
  feed never scrolls here: the cursor is above the row it goes to.

A carriage return is never sent (``ESC [ G`` goes to the first column):
the terminal-output checker refuses CR as text can hide behind it. Where
the cursor is not known (the first run of an update, after a run Textual
wrote as it is, after a run that reached the last column, where terminals
differ about where the cursor waits), the move is CUP.
"""

from __future__ import annotations

import re

Position = tuple[int, int]
"""``(column, row)``, 0-based."""

TRAILING_ERASE = re.compile(r"\x1b\[(\d+)X\Z")
"""A run that ends erasing (``tui/terminal/erase.py``) leaves the cursor before its last blanks: an erase does not move it."""


def move(to: Position, at: Position | None) -> str:
    """The shortest sequence that moves the cursor from ``at`` (``None``:
    not known) to ``to``, counting a line feed as the 2 bytes ``onlcr``
    makes of it."""
    x, y = to
    best = f"\x1b[{y + 1};{x + 1}H" if x else f"\x1b[{y + 1}H"
    if at is None:
        return best
    column, row = at
    if row == y:
        if column == x:
            return ""
        options = (_relative(x - column, "C", "D"), f"\x1b[{x + 1}G")
    elif column == x:
        options = (_relative(y - row, "B", "A"), f"\x1b[{y + 1}d")
    elif y == row + 1:
        options = ("\n" + (f"\x1b[{x + 1}G" if x else "\x1b[G"),)
    else:
        return best
    for option in options:
        if wire_length(option) < len(best):
            best = option
    return best


def _relative(count: int, forward: str, back: str) -> str:
    final = forward if count > 0 else back
    return f"\x1b[{final}" if abs(count) == 1 else f"\x1b[{abs(count)}{final}"


def wire_length(sequence: str) -> int:
    """Bytes ``sequence`` (ASCII) takes on the wire: a line feed is 2 (``onlcr``)."""
    return len(sequence) + sequence.count("\n")


def cursor_after(x: int, y: int, end: int, written: str, width: int) -> Position | None:
    """Where the cursor is after ``written`` put cells ``x..end`` of row
    ``y`` on a screen ``width`` columns wide: before the blanks a last
    erase left (an erase does not move it), else at ``end``; ``None`` once
    the run wrote the last column (terminals differ about where the cursor
    waits then)."""
    erased = TRAILING_ERASE.search(written)
    if erased:
        return (end - int(erased.group(1)), y)
    return (end, y) if end < width else None
