"""The reference reach the fast searches are checked against.

A plain Dijkstra over the flat map of :mod:`core.board.movement.layout`, written
for being obviously right rather than fast: eight neighbours, each entered
for the cost of the cell entered, a diagonal refused by the corner rule.
"""

from __future__ import annotations

from heapq import heappop, heappush


def reach_same(costs: list[int | None], stride: int, solid: bytearray, corner: str, start: int, budget: int) -> dict[int, int]:
    """Cheapest cost of every flat index within ``budget`` of ``start`` when a
    diagonal costs what a straight step costs; ``corner``: ``"any"``, ``"one"``
    (not between two solid cells) or ``"both"`` (both side cells free)."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, i = heappop(queue)
        if cost > best[i]:
            continue
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if not dx and not dy:
                    continue
                n = i + dy * stride + dx
                if costs[n] is None:
                    continue
                if dx and dy:
                    side_a, side_b = solid[i + dx], solid[i + dy * stride]
                    if corner == "one" and side_a and side_b:
                        continue
                    if corner == "both" and (side_a or side_b):
                        continue
                new = cost + costs[n]
                if new <= budget and new < best.get(n, budget + 1):
                    best[n] = new
                    heappush(queue, (new, n))
    return best


def walk_back(best: dict[int, int], costs: list[int | None], stride: int, solid: bytearray, corner: str, goal: int) -> list[int]:
    """Flat indices from the start (cost 0) to ``goal`` along cheapest steps
    of a reach ``best`` (flat index -> cost): from each index back to a
    neighbour costing its own cost less its entry cost, straight steps
    first (from the south, east, west, north), then diagonals (from the
    south-east, south-west, north-east, north-west) the corner rule allows."""
    straight = ((0, 1), (1, 0), (-1, 0), (0, -1))
    diagonal = ((1, 1), (-1, 1), (1, -1), (-1, -1))
    chain = [goal]
    i = goal
    while best[i] > 0:
        here = best[i] - costs[i]
        for dx, dy in straight + diagonal:
            p = i + dy * stride + dx
            if best.get(p) != here:
                continue
            if dx and dy:
                side_a, side_b = solid[p - dx], solid[p - dy * stride]  # the cells beside the step from p to i
                if corner == "one" and side_a and side_b:
                    continue
                if corner == "both" and (side_a or side_b):
                    continue
            break
        else:
            raise AssertionError("no cheapest step back")
        chain.append(p)
        i = p
    chain.reverse()
    return chain
