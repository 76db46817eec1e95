"""Where a frame's bytes go: bytes written to each screen row.

Textual positions the cursor with ``ESC [ row ; col H`` before every run
of cells it writes, so the bytes after each such move belong to that row.
"""

from __future__ import annotations

import re

MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")


def bytes_per_row(output: bytes) -> dict[int, int]:
    """``{row (0-based): bytes}`` for the rows written, in row order; bytes
    before the first cursor move go to row -1."""
    counts: dict[int, int] = {}
    row, start = -1, 0
    for move in MOVE.finditer(output):
        counts[row] = counts.get(row, 0) + move.start() - start
        row, start = int(move.group(1)) - 1, move.start()
    counts[row] = counts.get(row, 0) + len(output) - start
    return {r: n for r, n in sorted(counts.items()) if n}


CSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def row_text(output: bytes, row: int) -> bytes:
    """The cells written to screen ``row`` (0-based), escape sequences removed, in the order written."""
    parts, current, start = [], -1, 0
    for move in MOVE.finditer(output):
        if current == row:
            parts.append(output[start:move.start()])
        current, start = int(move.group(1)) - 1, move.end()
    if current == row:
        parts.append(output[start:])
    return CSI.sub(b"", b"".join(parts))



ESCAPE = re.compile(rb"\x1b\[([0-9;?]*)([A-Za-z])|\x1b[^\[]")


def row_shown(output: bytes, row: int, before: str = "") -> str:
    """What screen ``row`` (0-based) shows after ``output``, characters only,
    when it showed ``before`` (``""``: ``output`` is all since the program
    started): every write replayed on a model of the row, cursor moves
    (``ESC [ row ; col H``) followed, other escape sequences skipped; a wide
    character takes one entry. The frame diff writes only changed cells, so
    the bytes of one frame (:func:`row_text`) may not hold a word the row shows."""
    cells = dict(enumerate(before))
    y = x = -1
    at = 0

    def put(text: bytes) -> None:
        nonlocal x
        if y != row:
            return
        for char in text.decode("utf-8", "replace"):
            if char >= " ":
                cells[x] = char
                x += 1

    for match in ESCAPE.finditer(output):
        put(output[at:match.start()])
        at = match.end()
        if match.group(2) == b"H":
            numbers = (match.group(1) or b"").split(b";")
            y = int(numbers[0] or 1) - 1
            x = int(numbers[1] or 1) - 1 if len(numbers) > 1 else 0
    put(output[at:])
    return "".join(cells.get(i, " ") for i in range(max(cells, default=-1) + 1)).rstrip()
