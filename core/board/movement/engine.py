"""The search itself: Dijkstra over cells (and diagonal parity) on a flat array.

Speed matters here (the TUI shades reach on every cursor move; ``bench/``
measures it), so the map is flattened once per :class:`~core.board.grid.Grid`
into a padded list of terrain indices (:mod:`core.board.movement.layout`), each query builds a list of entry
costs from a tiny per-terrain table, and the priority queue holds plain
ints ``cost * size + state``. Everything here works in flat indices;
:mod:`core.board.movement.api` converts to and from ``(x, y)`` cells.

Two diagonal rules exist: ``"same"`` (a diagonal step costs what a straight
one costs: EQ-MOV-2, TAC-MOV-1 DEFAULT, power_roll DEFAULT) and
``"alternate"`` (SRD-MOV-2: 1, 2, 1, 2 ... counted across the whole move,
so the state is the cell plus the parity of diagonals taken so far;
SRD-MOV-5/-7: a diagonal into terrain with k >= 1 doublings costs
3 * 2^(k-1) and counts as two diagonals, leaving the parity unchanged).
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush

_INF = 1 << 60


def _offsets(stride: int) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    straight = (-stride, -1, 1, stride)
    diagonal = (
        (-stride - 1, -stride, -1),
        (-stride + 1, -stride, 1),
        (stride - 1, stride, -1),
        (stride + 1, stride, 1),
    )
    return straight, diagonal


def search_same(
    costs: list[int | None],
    stride: int,
    solid: bytearray,
    corner: str,
    sources: dict[int, int],
    budget: int | None,
    goal: int = -1,
) -> tuple[dict[int, int], dict[int, int]]:
    """Cheapest cost to every index within ``budget`` when diagonals cost
    what straight steps cost. Returns ``(best, came_from)``; stops early
    once ``goal`` is settled. ``corner``: ``"any"``, ``"one"`` (not between
    two solid cells) or ``"both"`` (both side cells free, SRD-MOV-3).

    Costs are small positive integers, so the queue is a list of buckets
    indexed by cost (Dial's algorithm) rather than a heap.
    """
    best = dict(sources)
    came: dict[int, int] = {}
    limit = _INF if budget is None else budget
    straight, diagonal = _offsets(stride)
    check = corner != "any"
    both = corner == "both"
    get = best.get
    buckets: list[list[int]] = [[] for _ in range(min(limit, 64) + 1)]
    for i, start in sources.items():
        while start >= len(buckets):
            buckets.append([])
        buckets[start].append(i)
    cost = 0
    while cost < len(buckets):
        bucket = buckets[cost]
        if not bucket:
            cost += 1
            continue
        i = bucket.pop()
        if best[i] != cost:
            continue
        if i == goal:
            break
        for o in straight:
            n = i + o
            c = costs[n]
            if c is None:
                continue
            nc = cost + c
            if nc <= limit and nc < get(n, _INF):
                best[n] = nc
                came[n] = i
                while nc >= len(buckets):
                    buckets.append([])
                buckets[nc].append(n)
        for o, a, b in diagonal:
            n = i + o
            c = costs[n]
            if c is None:
                continue
            if check:
                if both:
                    if solid[i + a] or solid[i + b]:
                        continue
                elif solid[i + a] and solid[i + b]:
                    continue
            nc = cost + c
            if nc <= limit and nc < get(n, _INF):
                best[n] = nc
                came[n] = i
                while nc >= len(buckets):
                    buckets.append([])
                buckets[nc].append(n)
    return best, came


def search_alternate(
    multipliers: list[int | None],
    stride: int,
    solid: bytearray,
    corner: str,
    sources: dict[int, int],
    budget: int | None,
    goal: int = -1,
    settle: int = 2,
) -> tuple[dict[int, int], dict[int, int]]:
    """Like :func:`search_same` for SRD-MOV-2 diagonals; states are
    ``index * 2 + parity`` (parity 1: the next plain diagonal costs 2).
    ``multipliers`` hold 2^k for k doublings of the entered cell (SRD-MOV-7).
    Stops once ``settle`` parity states of ``goal`` are settled (2 when a
    later leg continues from either)."""
    size = len(multipliers) * 2
    best = dict(sources)
    came: dict[int, int] = {}
    heap = [c * size + s for s, c in sources.items()]
    heapify(heap)
    limit = _INF if budget is None else budget
    straight, diagonal = _offsets(stride)
    check = corner != "any"
    both = corner == "both"
    get = best.get
    settled_goal = 0
    while heap:
        key = heappop(heap)
        cost, s = divmod(key, size)
        if cost > best[s]:
            continue
        i, parity = divmod(s, 2)
        if i == goal:
            settled_goal += 1
            if settled_goal >= settle:
                break
        for o in straight:
            n = i + o
            m = multipliers[n]
            if m is None:
                continue
            nc = cost + m
            t = n * 2 + parity
            if nc <= limit and nc < get(t, _INF):
                best[t] = nc
                came[t] = s
                heappush(heap, nc * size + t)
        for o, a, b in diagonal:
            n = i + o
            m = multipliers[n]
            if m is None:
                continue
            if check:
                if both:
                    if solid[i + a] or solid[i + b]:
                        continue
                elif solid[i + a] and solid[i + b]:
                    continue
            if m == 1:
                nc = cost + 1 + parity
                t = n * 2 + 1 - parity
            else:
                nc = cost + m * 3 // 2
                t = n * 2 + parity
            if nc <= limit and nc < get(t, _INF):
                best[t] = nc
                came[t] = s
                heappush(heap, nc * size + t)
    return best, came


#: Bits of :meth:`core.board.movement.layout.Layout.leave`, in the order of
#: the straight offsets (north, west, east, south).
LEAVE_BITS = (1, 2, 4, 8)
_DIAGONAL_BITS = ((1, 2), (1, 4), (8, 2), (8, 4))  # (vertical, horizontal) bit of each diagonal


def search_walled(
    costs: list[int | None],
    stride: int,
    solid: bytearray,
    corner: str,
    leave: bytearray,
    diagonal: str,
    sources: dict[int, int],
    budget: int | None,
    goal: int = -1,
    settle: int = 1,
) -> tuple[dict[int, int], dict[int, int]]:
    """The search on a map with thin walls, doors and windows
    (:mod:`core.board.edges`): like :func:`search_same` (``diagonal ==
    "same"``, states are indices) or :func:`search_alternate` (states are
    ``index * 2 + parity``), and a step may not cross an edge that blocks
    movement. ``leave[i]`` holds :data:`LEAVE_BITS` for the straight steps
    blocked out of index ``i``. A diagonal step goes round the corner one
    of two ways (by the vertical or the horizontal neighbour); a way is shut
    by an edge on it, or (``corner`` ``"one"``/``"both"``) by a solid side
    cell: ``"any"`` and ``"one"`` need one way open, ``"both"`` both
    (SRD-MOV-3)."""
    alternate = diagonal == "alternate"
    size = len(costs) * 2 if alternate else len(costs)
    best = dict(sources)
    came: dict[int, int] = {}
    heap = [c * size + s for s, c in sources.items()]
    heapify(heap)
    limit = _INF if budget is None else budget
    straight, diagonals = _offsets(stride)
    check = corner != "any"
    both = corner == "both"
    get = best.get
    settled_goal = 0
    while heap:
        key = heappop(heap)
        cost, s = divmod(key, size)
        if cost > best[s]:
            continue
        i, parity = divmod(s, 2) if alternate else (s, 0)
        if i == goal:
            settled_goal += 1
            if not alternate or settled_goal >= settle:
                break
        out = leave[i]
        for o, bit in zip(straight, LEAVE_BITS):
            if out & bit:
                continue
            n = i + o
            m = costs[n]
            if m is None:
                continue
            nc = cost + m
            t = n * 2 + parity if alternate else n
            if nc <= limit and nc < get(t, _INF):
                best[t] = nc
                came[t] = s
                heappush(heap, nc * size + t)
        for (o, a, b), (va, hb) in zip(diagonals, _DIAGONAL_BITS):
            n = i + o
            m = costs[n]
            if m is None:
                continue
            shut_v = bool(out & va or leave[i + a] & hb)
            shut_h = bool(out & hb or leave[i + b] & va)
            if check:
                shut_v = shut_v or bool(solid[i + a])
                shut_h = shut_h or bool(solid[i + b])
            if (shut_v or shut_h) if both else (shut_v and shut_h):
                continue
            if not alternate:
                nc, t = cost + m, n
            elif m == 1:
                nc = cost + 1 + parity
                t = n * 2 + 1 - parity
            else:
                nc = cost + m * 3 // 2
                t = n * 2 + parity
            if nc <= limit and nc < get(t, _INF):
                best[t] = nc
                came[t] = s
                heappush(heap, nc * size + t)
    return best, came
