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

