"""Reach on bitboards: the fast path behind reach shading (see ``bench/``).

Same answer as a plain Dijkstra (``tests/core/movement_oracle.py``; a
property test checks it), computed with Python ints as bit sets over the window of cells
within the budget: one int per entry-cost class, one per reach level. Only
that window of the map is read (:mod:`core.board.movement.tables`): the
first reach on a new 1000x1000 map costs what a later one does.
"""

from __future__ import annotations

from itertools import accumulate, count, repeat
from operator import add

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
    at_bit = _window(lay, x0, y0, ww, y1 - y0 + 1, cells is not None)
    # Level k only grows from the levels at most ``longest`` steps back, so
    # once that many levels in a row added nothing, nothing more can come
    # (a huge budget, e.g. moving before combat, stops at the map's reach).
    longest = max(classes, default=1)
    idle = 0
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
        fresh = now & ~prev
        idle = 0 if fresh else idle + 1
        if fresh:
            # the set bits' positions, found by C loops: the lengths of the runs of
            # zeros between them, summed, plus one per bit before
            at = map(add, accumulate(map(len, bin(fresh)[:1:-1].split("1")[:-1])), count())
            if cells is None:
                result.update(zip(map(at_bit.__getitem__, at), repeat(k)))
            else:
                cells.update(zip(map(at_bit.__getitem__, at), repeat(k)))
    return result


def _window(lay: Layout, x0: int, y0: int, ww: int, wh: int, as_cells: bool) -> list:
    """For each bit of a window (``ww`` columns and a guard, ``wh`` rows, at
    padded ``(x0, y0)``): its cell ``(x, y)`` when ``as_cells``, else its flat
    index (cached per window: the same mover after an undo, or the next reach
    of the turn, finds it)."""
    windows = lay.cache.setdefault("windows", {})  # a few, apart from the map's tables
    key = (x0, y0, ww, wh, as_cells)
    hit = windows.get(key)
    if hit is not None:
        return hit
    stride = lay.stride
    if as_cells:
        found: list = [(x, y) for y in range(y0 - 1, y0 - 1 + wh) for x in range(x0 - 1, x0 + ww)]
    else:
        found = [i for y in range(y0, y0 + wh) for i in range(y * stride + x0, y * stride + x0 + ww + 1)]
    if len(windows) >= 8:
        windows.pop(next(iter(windows)))
    windows[key] = found
    return found
