"""Reach on bitboards: the fast path behind reach shading (see ``bench/``).

Same answer as a plain Dijkstra (``tests/core/movement_oracle.py``; a
property test checks it), computed with Python ints as bit sets over the window of cells
within the budget: one int per entry-cost class, one per reach level, and
the cost of each cell read back from the levels in one pass of C loops
(:func:`_costs_by_bit`). Only that window of the map is read
(:mod:`core.board.movement.tables`) and no table of it is kept: the first
reach on a new 1000x1000 map costs what a later one does. The result, a
:class:`BitReach`, keeps the window's costs by bit, so the path to a
reached cell is a walk back of its steps inside the window
(:meth:`BitReach.walk_back`), no search and no table of the map.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator
from functools import reduce
from itertools import compress, product
from operator import xor

from core.board.movement.layout import Layout
from core.board.movement.tables import CostView, SolidView


class BitReach:
    """One bitboard reach over its window: ``columns`` x ``rows`` cells from
    padded ``(x0, y0)``, a guard bit after each row (``wide`` bits a row);
    ``by_bit[b]`` the cheapest cost of bit ``b`` (0 where not reached, and
    at ``origin``, the start), ``classes`` the bits entered for each cost
    (the mover's entry costs, blocked cells taken out), ``solid`` the bits
    the corner rule counts as walls (``corner``: ``"any"``, ``"one"``,
    ``"both"``, SRD-MOV-3). Costs in the ruleset's movement unit."""

    def __init__(self, x0: int, y0: int, columns: int, rows: int, origin: int, by_bit: bytes | array,
                 classes: dict[int, int], solid: int, corner: str) -> None:
        self.x0, self.y0, self.columns, self.rows = x0, y0, columns, rows
        self.wide = columns + 1
        self.origin = origin
        self.by_bit = by_bit
        self.classes = classes
        self.solid = solid
        self.corner = corner
        self._entry: bytes | array | None = None  # per bit, its entry cost: made by the first walk back
        self._solid_flags: bytes | None = None  # per bit, 1 where solid: the same

    def cells(self) -> dict[tuple[int, int], int]:
        """``(x, y) -> cost`` of every reached cell, the start first at 0.
        The costs are read column by column (one C slice a column), so that
        ``itertools.product`` makes the cells in the same order."""
        wide, columns = self.wide, self.columns
        found = {self.cell(self.origin): 0}
        by_bit = self.by_bit
        costs: bytes | Iterator[int]
        if isinstance(by_bit, bytes):
            joined = b"".join([by_bit[c::wide] for c in range(columns)])
            costs = joined.translate(None, b"\0")  # the reached costs in order: one C pass, no test of each slot
            by_column: bytes | list[int] = joined
        else:
            by_column = [cost for c in range(columns) for cost in by_bit[c::wide]]
            costs = filter(None, by_column)
        x, y = self.x0 - 1, self.y0 - 1
        found.update(zip(compress(product(range(x, x + columns), range(y, y + self.rows)), by_column), costs))
        return found

    def by_index(self, stride: int) -> dict[int, int]:
        """Flat index (of a layout of ``stride``) -> cost of every reached cell."""
        wide, x0, y0 = self.wide, self.x0, self.y0
        found = {y0 * stride + x0 + self.origin % wide + (self.origin // wide) * stride: 0}
        indices = (y * stride + x for y in range(y0, y0 + self.rows) for x in range(x0, x0 + wide))
        found.update(zip(compress(indices, self.by_bit), filter(None, self.by_bit)))
        return found

    def cell(self, bit: int) -> tuple[int, int]:
        """The cell ``(x, y)`` of a bit of the window."""
        r, c = divmod(bit, self.wide)
        return (self.x0 + c - 1, self.y0 + r - 1)

    def cells_of(self, bits: list[int]) -> tuple[tuple[int, int], ...]:
        """The cells ``(x, y)`` of ``bits``, in order (:meth:`cell` of each)."""
        x, y, wide = self.x0 - 1, self.y0 - 1, self.wide
        return tuple([(x + b % wide, y + b // wide) for b in bits])

    def bit(self, cell: tuple[int, int]) -> int:
        """The bit of ``cell``; -1 outside the window."""
        c, r = cell[0] + 1 - self.x0, cell[1] + 1 - self.y0
        return r * self.wide + c if 0 <= c < self.columns and 0 <= r < self.rows else -1

    def entry_costs(self) -> bytes | array:
        """Per bit, its entry cost (the cost of the class that holds it; 0
        outside every class: blocked, off the map, past the budget), in
        slots of one byte while costs stay under 256 (as
        :func:`_costs_by_bit`'s); made on the first call, in C loops."""
        if self._entry is None:
            width = (max(self.classes, default=1).bit_length() + 7) // 8
            total = sum(cost * _spread(mask, width) for cost, mask in self.classes.items())  # the classes are disjoint
            self._entry = _slots(total, len(self.by_bit), width)
        return self._entry

    def solid_flags(self) -> bytes:
        """Per bit, 1 where the corner rule counts it as a wall (``solid``),
        else 0; made on the first call."""
        if self._solid_flags is None:
            self._solid_flags = _spread(self.solid, 1).to_bytes(len(self.by_bit), "little")
        return self._solid_flags

    def walk_back(self, goal: int) -> list[int]:
        """Bits from the start to the reached bit ``goal`` along cheapest
        steps: from each bit back to a neighbour whose cost is its own
        less its entry cost (:meth:`entry_costs`) (straight steps first, then diagonals the
        corner rule allows). At most one step a unit of the goal's cost;
        each step reads a few slots, nothing of the size of the window."""
        by_bit, wide, origin = self.by_bit, self.wide, self.origin
        entry = self.entry_costs()
        solid = self.solid_flags() if self.corner != "any" else b""
        last = len(by_bit)
        straight = (-wide, -1, 1, wide)
        diagonal = ((-wide - 1, -wide, -1), (-wide + 1, -wide, 1), (wide - 1, wide, -1), (wide + 1, wide, 1))
        one, both = self.corner == "one", self.corner == "both"
        chain = [goal]
        i = goal
        while i != origin:
            here = by_bit[i] - entry[i]
            step = -1
            if here == 0:  # only the start costs 0 among reached bits
                step = origin
            else:
                for o in straight:
                    p = i - o
                    if 0 <= p < last and by_bit[p] == here:
                        step = p
                        break
                else:
                    for o, a, b in diagonal:
                        p = i - o
                        if not (0 <= p < last) or by_bit[p] != here:
                            continue
                        if both and (solid[p + a] or solid[p + b]):
                            continue
                        if one and solid[p + a] and solid[p + b]:
                            continue
                        step = p
                        break
            if step < 0:
                raise ValueError(f"no cheapest step back from bit {i}: a broken reach")
            chain.append(step)
            i = step
        chain.reverse()
        return chain


def reach_window(
    lay: Layout,
    costs: CostView,
    solid: SolidView,
    corner: str,
    start: int,
    budget: int,
    blocked: frozenset[int] | set[int] = frozenset(),
) -> BitReach:
    """The reach of the mover at flat index ``start`` within ``budget``
    (diagonals cost what straight steps cost), computed on bitboards: the window
    of cells within ``budget`` of ``start`` becomes one int per cost class,
    and level k of the reach is the 8-neighbour dilation of the earlier
    levels masked by the cells costing ``k - j``. ``costs`` is the mover's
    view of the map without ``blocked`` (indices no one may enter), which are
    taken out of the window here."""
    stride = lay.stride
    height = lay.height + 2
    sx, sy = start % stride, start // stride
    x0, x1 = max(0, sx - budget), min(stride - 1, sx + budget)
    y0, y1 = max(0, sy - budget), min(height - 1, sy + budget)
    ww = x1 - x0 + 1
    wh = y1 - y0 + 1
    wide = ww + 1  # a guard column stops shifts wrapping into the next row
    classes = costs.window(x0, y0, ww, wh, budget)
    for i in blocked:
        bx, by = i % stride - x0, i // stride - y0
        if 0 <= bx < ww and 0 <= by < wh:
            bit = ~(1 << (by * wide + bx))
            for c in classes:
                classes[c] &= bit
    # diagonal moves allowed from each source cell (corner rule)
    diagonals = []
    ok = {}
    smask = solid.window(x0, y0, ww, wh) if corner != "any" else 0
    window = (1 << (wide * wh)) - 1  # every bit of the window: the masks stay non-negative (an & with a negative int copies it first)
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        d = dy * wide + dx
        if corner != "any":
            a = smask >> dx if dx > 0 else smask << -dx
            b = smask >> wide if dy > 0 else smask << wide
            bad = (a | b) if corner == "both" else (a & b)
            ok[d] = window & ~bad
        diagonals.append(d)
    origin = (sy - y0) * wide + (sx - x0)
    levels = [1 << origin]
    grown: list[int] = []
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
    # the cost of every reached bit but the start's (0), in bit order: C loops only
    by_bit = _costs_by_bit(levels[: last + 1], wide * wh) if last else bytes(wide * wh)
    return BitReach(x0, y0, ww, wh, origin, by_bit, classes, smask, corner)


def _costs_by_bit(levels: list[int], bits: int) -> bytes | array:
    """Per bit of the window, the first level that holds it (0 where none
    does, and at the start), from ``levels`` (each holds the one before,
    the last is the reach). Level ``k`` holds a bit iff its cost is at most
    ``k``, so the cost is how many of levels 0 .. K - 1 lack it; its binary
    digit ``j`` is the parity of that count over the levels ``k - 1`` with
    ``k`` mod ``2 ** (j + 1)`` in ``{0, 2 ** j}`` (one C ``reduce`` of their
    XOR). Each digit's bit set is spread to one slot a bit (its binary
    text, highest bit first, read as big-endian slots after one C
    translation ``"1"`` -> 1) and the slots summed: no loop over the bits
    in Python."""
    top = len(levels) - 1
    reached = levels[top]
    below = levels[:top]  # level k - 1 at index k - 1, for k = 1 .. top
    width = (top.bit_length() + 7) // 8  # bytes a slot
    total = 0
    j = 0
    while 1 << j <= top:
        period, low = 1 << (j + 1), 1 << j
        terms = below[low - 1 :: period] + below[period - 1 :: period]
        digit = reduce(xor, terms, 0)  # inside the reach: every level is
        if len(terms) & 1:  # the count is of the levels that lack a bit: complements within the reach
            digit ^= reached
        if digit:
            total += _spread(digit, width) << j
        j += 1
    return _slots(total, bits, width)


def _spread(mask: int, width: int) -> int:
    """``mask`` with its bit ``b`` moved to the lowest bit of slot ``b``
    (slots of ``width`` bytes, slot 0 lowest): its binary text, highest bit
    first, read as big-endian slots after one C translation ``"1"`` -> 1 (no
    loop over the bits in Python). ``mask`` >= 0."""
    if width == 1:
        return int.from_bytes(bin(mask).encode("ascii").translate(_ONE_A_BYTE), "big")  # "0b" reads as two zero slots
    text = bin(mask)[2:].replace("0", "\0" * width).replace("1", "\0" * (width - 1) + "\1")
    return int.from_bytes(text.encode("latin-1"), "big")


def _slots(total: int, bits: int, width: int) -> bytes | array:
    """The first ``bits`` slots of ``width`` bytes of ``total`` (slot 0
    lowest), one item a slot: bytes for one byte a slot, else an array of
    2- or 4-byte items."""
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


_ONE_A_BYTE = bytes.maketrans(b"01b", b"\x00\x01\x00")
