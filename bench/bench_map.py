"""Map refresh cost follows the viewport, not the map (goal <= 1.2).

Renders every line of the map pane (Textual's line API, ``render_line``)
after :meth:`GridMap.show` in one 80x24 terminal, for a 500x500 and a
20x20 map in turns (A B A B, the first calls included), each with a token
in view: one row of ``python -m bench`` with the ratio of the medians
500x500 / 20x20, both medians and p95s and the number of runs. At 80x24
both maps fill the pane in small cells, so the viewport holds the same
cells. Run alone:

    python bench/bench_map.py
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.values.combatant import Combatant, Side  # noqa: E402
from core.combat.state import EncounterState  # noqa: E402
from core.board.grid import TERRAINS, Grid  # noqa: E402
from core.rulesets import get  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.session import Session  # noqa: E402
from tui.app import EncounterApp  # noqa: E402
from tui.widgets.grid_map import GridMap  # noqa: E402
from bench.common import Row, Sample, interleaved, ratio_row  # noqa: E402

RUNS = 200
KINDS = [t for t in TERRAINS if t in ("ground", "tree", "boulder", "rock", "water")]
TERMINAL = (80, 24)
GOAL = 1.2


def state(size: int) -> EncounterState:
    rnd = random.Random(size)
    rows = tuple(tuple("ground" if rnd.random() < 0.7 else rnd.choice(KINDS) for _ in range(size)) for _ in range(size))
    hero = Combatant("c1", "Hero", Side.PARTY, {"DEX": 1}, 10, 10, position=(5, 5))
    rows = tuple(tuple("ground" if (x, y) == (5, 5) else t for x, t in enumerate(row)) for y, row in enumerate(rows))
    return EncounterState(f"map {size}", Grid(rows), (hero,))


async def measure(folder: Path, runs: int, terminal: tuple[int, int] = TERMINAL) -> tuple[Sample, Sample]:
    """(500x500, 20x20) samples of one full refresh of the map pane, in turns in one app."""
    small, large = state(20), state(500)
    campaign = Campaign.create(folder / "map.json", "map", get("equestria"), small)
    app = EncounterApp(Session(campaign, random.Random(1)))
    try:
        async with app.run_test(size=terminal) as pilot:
            await pilot.pause()
            grid_map = app.query_one(GridMap)
            height = grid_map.scrollable_content_region.height

            def refresh(shown: EncounterState):
                def once() -> float:
                    start = time.perf_counter()
                    grid_map.show(shown, shown.current, "c1")
                    for y in range(height):
                        grid_map.render_line(y)
                    return time.perf_counter() - start
                return once

            return interleaved(refresh(large), refresh(small), runs, warmup=0)
    finally:
        campaign.close()


def rows(quick: bool = False) -> list[Row]:
    runs = 20 if quick else RUNS
    with tempfile.TemporaryDirectory(prefix="bench-map-") as folder:
        large, small = asyncio.run(measure(Path(folder), runs))
    size = f"{TERMINAL[0]}x{TERMINAL[1]}"
    return [ratio_row(f"map refresh 500x500 / 20x20 at {size}", large, small, GOAL, labels=("500x500", "20x20"))]


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(rows()))
