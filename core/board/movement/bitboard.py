"""Reach on bitboards: the fast path behind reach shading (see ``bench/``).

Same answer as a plain Dijkstra (``tests/core/movement_oracle.py``; a
property test checks it), computed with Python ints as bit sets over the window of cells
within the budget: one int per entry-cost class, one per reach level.
"""

from __future__ import annotations

from itertools import accumulate, count, repeat
from operator import add

from core.board.movement.layout import Layout


def _class_rows(lay: Layout, costs: list[int | None]) -> dict[int, list[int]]:
    """Per entry cost, one int per padded row with a bit per column where a
    cell costs exactly that much (cached per cost list)."""
    key = ("rows", id(costs))
    hit = lay.cache.get(key)
    if hit is not None and hit[0] is costs:
        return hit[1]
    stride = lay.stride
    rows: dict[int, list[int]] = {}
    for c in {c for c in costs if c is not None}:
        out = []
        for y in range(len(costs) // stride):
            line = costs[y * stride : (y + 1) * stride]
            out.append(int("".join("1" if v == c else "0" for v in reversed(line)), 2))
        rows[c] = out
    lay.cache[key] = (costs, rows)
    return rows


def _solid_rows(lay: Layout, solid: bytearray) -> list[int]:
    key = ("solidrows", id(solid))
    hit = lay.cache.get(key)
    if hit is not None and hit[0] is solid:
        return hit[1]
    stride = lay.stride
    out = [int("".join("1" if v else "0" for v in reversed(solid[y * stride : (y + 1) * stride])), 2) or 0
           for y in range(len(solid) // stride)]
    lay.cache[key] = (solid, out)
    return out


def reach_bits(
    lay: Layout,
    costs: list[int | None],
    solid: bytearray,
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
    levels masked by the cells costing ``k - j``. ``costs`` must be the
    cached (unblocked) list; ``blocked`` lists indices no one may enter.
    When ``cells`` is given it is filled with ``(x, y) -> cost`` instead
    (and only the start is in the returned dict)."""
    stride = lay.stride
    height = len(costs) // stride
    sx, sy = start % stride, start // stride
    x0, x1 = max(0, sx - budget), min(stride - 1, sx + budget)
    y0, y1 = max(0, sy - budget), min(height - 1, sy + budget)
    ww = x1 - x0 + 1
    wide = ww + 1  # a guard column stops shifts wrapping into the next row
    keep = (1 << ww) - 1
    classes: dict[int, int] = {}
    for c, rows in _class_rows(lay, costs).items():
        if c > budget:
            continue
        mask = 0
        for r in range(y1 - y0 + 1):
            mask |= ((rows[y0 + r] >> x0) & keep) << (r * wide)
        if mask:
            classes[c] = mask
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
        srows = _solid_rows(lay, solid)
        smask = 0
        for r in range(y1 - y0 + 1):
            smask |= ((srows[y0 + r] >> x0) & keep) << (r * wide)
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
    flat_of, cell_of = _window(lay, x0, y0, ww, y1 - y0 + 1)
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
                result.update(zip(map(flat_of.__getitem__, at), repeat(k)))
            else:
                cells.update(zip(map(cell_of.__getitem__, at), repeat(k)))
    return result


def _window(lay: Layout, x0: int, y0: int, ww: int, wh: int) -> tuple[list[int], list[tuple[int, int]]]:
    """For each bit of a window (``ww`` columns and a guard, ``wh`` rows, at
    padded ``(x0, y0)``): its flat index and its cell (cached per window:
    the same mover after an undo, or the next reach of the turn, finds it)."""
    windows = lay.cache.setdefault("windows", {})  # a few, apart from the map's tables
    key = (x0, y0, ww, wh)
    hit = windows.get(key)
    if hit is not None:
        return hit
    stride = lay.stride
    flat_of: list[int] = []
    cell_of: list[tuple[int, int]] = []
    for r in range(wh):
        flat_of.extend(range((y0 + r) * stride + x0, (y0 + r) * stride + x0 + ww + 1))
        cell_of.extend((x0 + col - 1, y0 + r - 1) for col in range(ww + 1))
    if len(windows) >= 8:
        windows.pop(next(iter(windows)))
    windows[key] = (flat_of, cell_of)
    return flat_of, cell_of
