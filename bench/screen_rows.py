"""Where a frame's bytes go: bytes written to each screen row.

Textual positions the cursor with ``ESC [ row ; col H`` before every run
of cells it writes; the frame diff also moves it by shorter ways
(``tui/terminal/cursor_moves.py``: a line feed to the next row, ``ESC [ n
A``/``B`` up or down, ``ESC [ row d`` to a row). The bytes after each move
to a row belong to that row.
"""

from __future__ import annotations

import re

MOVE = re.compile(rb"\x1b\[(\d*)(?:;\d*)?H|\x1b\[(\d*)([ABd])|(\n)")


def _rows_after(output: bytes):
    """``(start, end, row)`` for each stretch of ``output`` between two moves
    to a row (0-based; -1 before the first cursor position)."""
    row, start = -1, 0
    for move in MOVE.finditer(output):
        yield start, move.start(), row
        count, final = move.group(2), move.group(3)
        if final is None and move.group(4) is None:
            row = int(move.group(1) or 1) - 1
        elif final == b"d":
            row = int(count or 1) - 1
        else:
            row += -int(count or 1) if final == b"A" else int(count or 1)
        start = move.start()
    yield start, len(output), row


def bytes_per_row(output: bytes) -> dict[int, int]:
    """``{row (0-based): bytes}`` for the rows written, in row order; bytes
    before the first cursor move go to row -1."""
    counts: dict[int, int] = {}
    for start, end, row in _rows_after(output):
        counts[row] = counts.get(row, 0) + end - start
    return {r: n for r, n in sorted(counts.items()) if n}


CSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def row_text(output: bytes, row: int) -> bytes:
    """The cells written to screen ``row`` (0-based), escape sequences removed, in the order written."""
    parts = [output[start:end] for start, end, at in _rows_after(output) if at == row]
    return CSI.sub(b"", b"".join(parts)).replace(b"\n", b"")
