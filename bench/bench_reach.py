"""Reach of a speed-16 walker on a 200x200 map: ours against networkx.

The map: 30% difficult terrain (swamp, 2 per cell in ``equestria``), 5%
scattered walls, the rest open ground (seeded). networkx gets the same
graph (8 neighbours, entry cost of the target cell, the same corner rule)
built beforehand; both searches use the cutoff 16. Prints the times and the
ratio ours / networkx (target <= 0.2). Run:

    python bench/bench_reach.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import networkx as nx  # noqa: E402

from core.combatant import Combatant, Side  # noqa: E402
from core.grid import Grid  # noqa: E402
from core.movement import model_for, reachable  # noqa: E402
from core.movement.layout import TERRAIN_INDEX  # noqa: E402
from core.mobility import MoveType  # noqa: E402
from core.movement.model import MoveOptions  # noqa: E402

SIZE, SPEED, RUNS = 200, 16, 30


def build_map(seed: int = 3) -> Grid:
    rnd = random.Random(seed)
    rows = []
    for _ in range(SIZE):
        row = []
        for _ in range(SIZE):
            r = rnd.random()
            row.append("wall" if r < 0.05 else "swamp" if r < 0.35 else "ground")
        rows.append(tuple(row))
    centre = SIZE // 2
    rows[centre] = tuple("ground" if x == centre else t for x, t in enumerate(rows[centre]))
    return Grid(tuple(rows))


def build_graph(grid: Grid, walker: Combatant) -> nx.DiGraph:
    rules = model_for("equestria").rules(walker, MoveType.WALK, None, MoveOptions())
    cost = {(x, y): rules.costs[TERRAIN_INDEX[t]] for y, row in enumerate(grid.rows) for x, t in enumerate(row)}
    solid = {c for c, v in cost.items() if grid.terrain(c).blocks_movement}
    graph = nx.DiGraph()
    for (x, y), c in cost.items():
        if c is None:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                src = (x - dx, y - dy)
                if (dx, dy) == (0, 0) or cost.get(src) is None:
                    continue
                if dx and dy and (x - dx, y) in solid and (x, y - dy) in solid:
                    continue  # corner rule "one" (DEFAULT in equestria)
                graph.add_edge(src, (x, y), weight=c)
    return graph


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    grid = build_map()
    start = (SIZE // 2, SIZE // 2)
    walker = Combatant("w", "Walker", Side.PARTY, {}, 10, 10, position=start, speeds={"walk": SPEED})
    graph = build_graph(grid, walker)

    t0 = time.perf_counter()
    ours = reachable(grid, "equestria", walker, [walker], SPEED)
    cold = time.perf_counter() - t0
    dist, _ = nx.single_source_dijkstra(graph, start, cutoff=SPEED)
    assert ours == dist, "the two searches disagree"

    ours_t = timed(lambda: reachable(grid, "equestria", walker, [walker], SPEED), RUNS)
    theirs_t = timed(lambda: nx.single_source_dijkstra(graph, start, cutoff=SPEED), RUNS)
    mine, theirs = statistics.median(ours_t), statistics.median(theirs_t)
    print(f"map {SIZE}x{SIZE}, 30% difficult, 5% walls, speed {SPEED}: {len(ours)} cells reached")
    print(f"ours (first call, builds the flat map): {cold * 1000:.2f} ms")
    print(f"ours (median of {RUNS}):     {mine * 1000:.2f} ms")
    print(f"networkx (median of {RUNS}): {theirs * 1000:.2f} ms")
    print(f"ratio ours / networkx: {mine / theirs:.3f} (target <= 0.2)")
    print(f"ratio incl. first call: {cold / theirs:.3f}")


if __name__ == "__main__":
    main()
