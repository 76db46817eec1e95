"""Reach on bitboards: the fast path behind reach shading (see ``bench/``).

Same answer as a plain Dijkstra (``tests/core/movement_oracle.py``; a
property test checks it), computed with Python ints as bit sets over the window of cells
within the budget: one int per entry-cost class, one per reach level, and
the cost of each cell read back from the levels in one pass of C loops
(:func:`_costs_by_bit`). Only that window of the map is read
(:mod:`core.board.movement.tables`) and no table of it is kept: the first
reach on a new 1000x1000 map costs what a later one does.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from itertools import chain, compress, repeat

from core.board.movement.layout import Layout
from core.board.movement.tables import CostView, SolidView


def reach_bits(
    lay: Layout,
    costs: CostView,
    solid: SolidView,
    corner: str,
    start: int,
    budget: int,
    blocked: frozenset[int] | set[int] = frozenset(),
    cells: dict[tuple[int, int], int] | None = None,
) -> dict[int, int]:
    """Cheapest cost of each flat index within ``budget`` of ``start`` (diagonals
    cost what straight steps cost), computed on bitboards: the window
    of cells within ``budget`` of ``start`` becomes one int per cost class,
    and level k of the reach is the 8-neighbour dilation of the earlier
    levels masked by the cells costing ``k - j``. ``costs`` is the mover's
    view of the map without ``blocked`` (indices no one may enter), which are
    taken out of the window here.
    When ``cells`` is given it is filled with ``(x, y) -> cost`` instead
    (and only the start is in the returned dict)."""
    stride = lay.stride
    height = lay.height + 2
    sx, sy = start % stride, start // stride
    x0, x1 = max(0, sx - budget), min(stride - 1, sx + budget)
    y0, y1 = max(0, sy - budget), min(height - 1, sy + budget)
    ww = x1 - x0 + 1
    wide = ww + 1  # a guard column stops shifts wrapping into the next row
    classes = costs.window(x0, y0, ww, y1 - y0 + 1, budget)
    for i in blocked:
        bx, by = i % stride - x0, i // stride - y0
        if 0 <= bx < ww and 0 <= by <= y1 - y0:
            bit = ~(1 << (by * wide + bx))
            for c in classes:
                classes[c] &= bit
    # diagonal moves allowed from each source cell (corner rule)
    diagonals = []
    ok = {}
    if corner != "any":
        smask = solid.window(x0, y0, ww, y1 - y0 + 1)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        d = dy * wide + dx
        if corner != "any":
            a = smask >> dx if dx > 0 else smask << -dx
            b = smask >> wide if dy > 0 else smask << wide
            bad = (a | b) if corner == "both" else (a & b)
            ok[d] = ~bad
        diagonals.append(d)
    origin = (sy - y0) * wide + (sx - x0)
    levels = [1 << origin]
    grown: list[int] = []
    result = {start: 0}
    if cells is not None:
        cells[(sx - 1, sy - 1)] = 0
    wh = y1 - y0 + 1
    # Level k only grows from the levels at most ``longest`` steps back, so
    # once that many levels in a row added nothing, nothing more can come
    # (a huge budget, e.g. moving before combat, stops at the map's reach).
    longest = max(classes, default=1)
    idle = 0
    last = 0  # the last level that added cells
    for k in range(1, budget + 1):
        if idle >= longest:
            break
        prev = levels[k - 1]
        x = prev
        g = x | (x << 1) | (x >> 1) | (x << wide) | (x >> wide)
        for d in diagonals:
            src = x & ok[d] if ok else x
            g |= src << d if d > 0 else src >> -d
        grown.append(g)
        now = prev
        for c, mask in classes.items():
            if c <= k:
                now |= grown[k - c] & mask
        levels.append(now)
        if now != prev:
            idle, last = 0, k
        else:
            idle += 1
    if last:
        # the cost of every reached bit but the start's (0), in bit order: C loops only
        costs_by_bit = _costs_by_bit(levels[: last + 1], wide * wh)
        if cells is None:
            result.update(zip(compress(_indices(stride, x0, y0, ww, wh), costs_by_bit), filter(None, costs_by_bit)))
        else:
            cells.update(zip(compress(_cells(x0, y0, ww, wh), costs_by_bit), filter(None, costs_by_bit)))
    return result


def _cells(x0: int, y0: int, ww: int, wh: int) -> Iterator[tuple[int, int]]:
    """The cell ``(x, y)`` of each bit of a window (``ww`` columns and a
    guard, ``wh`` rows, at padded ``(x0, y0)``), in bit order, made as
    read: a cell passed over costs no new tuple (``zip`` reuses it), and
    the first reach on a new map builds no table of the window."""
    return chain.from_iterable(zip(range(x0 - 1, x0 + ww), repeat(y)) for y in range(y0 - 1, y0 - 1 + wh))


def _indices(stride: int, x0: int, y0: int, ww: int, wh: int) -> Iterator[int]:
    """Like :func:`_cells`, the flat index of each bit."""
    return chain.from_iterable(range(y * stride + x0, y * stride + x0 + ww + 1) for y in range(y0, y0 + wh))


def _costs_by_bit(levels: list[int], bits: int) -> bytes | array:
    """Per bit of the window, the first level that holds it (0 where none
    does, and at the start), from ``levels`` (each holds the one before,
    the last is the reach). Level ``k`` holds a bit iff its cost is at most
    ``k``, so the cost is how many of levels 0 .. K - 1 lack it; its binary
    digit ``j`` is the parity of that count over the levels ``k - 1`` with
    ``k`` mod ``2 ** (j + 1)`` in ``{0, 2 ** j}``. Each digit's bit set is
    spread to one slot a bit (``"1"`` -> 1 by one C translation) and the
    slots summed: no loop over the bits in Python."""
    top = len(levels) - 1
    reached = levels[top]
    width = (top.bit_length() + 7) // 8  # bytes a slot
    total = 0
    j = 0
    while 1 << j <= top:
        period, low = 1 << (j + 1), 1 << j
        digit, terms = 0, 0
        for first in (low, period):
            for k in range(first, top + 1, period):
                digit ^= levels[k - 1]
                terms += 1
        if terms & 1:  # the count is of the levels that lack a bit: complements
            digit = ~digit
        digit &= reached
        if digit:
            text = bin(digit)[:1:-1]  # bit 0 first
            if width == 1:
                spread = text.encode("ascii").translate(_ONE_A_BYTE)
            else:
                spread = text.replace("0", "\0" * width).replace("1", "\1" + "\0" * (width - 1)).encode("latin-1")
            total += int.from_bytes(spread, "little") << j
        j += 1
    raw = total.to_bytes(bits * width, "little")
    if width == 1:
        return raw
    slots = array("H" if width == 2 else "I")  # 2 and 4 bytes on every platform Python runs on
    slots.frombytes(raw if width == slots.itemsize else _widen(raw, width, slots.itemsize))
    if sys.byteorder == "big":
        slots.byteswap()
    return slots


def _widen(raw: bytes, width: int, size: int) -> bytes:
    """Little-endian slots of ``width`` bytes as slots of ``size`` bytes."""
    return b"".join(raw[i : i + width] + bytes(size - width) for i in range(0, len(raw), width))


_ONE_A_BYTE = bytes.maketrans(b"01", b"\x00\x01")
