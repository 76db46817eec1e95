"""Map refresh cost follows the viewport, not the map (goal <= 1.2).

Renders every line of the map pane (Textual's line API, ``render_line``)
in the same terminal for a 20x20 and a 500x500 map, each with a token in
view, and prints the median time per full refresh and the ratio
500x500 / 20x20, both measured in this run. At 80x24 both maps fill the
pane, so the viewport holds the same cells. Run:

    python bench/bench_map.py
"""

from __future__ import annotations

import asyncio
import random
import statistics
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

RUNS = 200
KINDS = [t for t in TERRAINS if t in ("ground", "tree", "boulder", "rock", "water")]


def state(size: int) -> EncounterState:
    rnd = random.Random(size)
    rows = tuple(tuple("ground" if rnd.random() < 0.7 else rnd.choice(KINDS) for _ in range(size)) for _ in range(size))
    hero = Combatant("c1", "Hero", Side.PARTY, {"DEX": 1}, 10, 10, position=(5, 5))
    rows = tuple(tuple("ground" if (x, y) == (5, 5) else t for x, t in enumerate(row)) for y, row in enumerate(rows))
    return EncounterState(f"map {size}", Grid(rows), (hero,))


async def measure(size: int, folder: Path, terminal: tuple[int, int]) -> float:
    path = folder / f"m{size}.json"
    campaign = Campaign.create(path, f"map {size}", get("equestria"), state(size))
    app = EncounterApp(Session(campaign, random.Random(1)))
    times = []
    async with app.run_test(size=terminal) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        height = grid_map.scrollable_content_region.height
        for _ in range(RUNS):
            start = time.perf_counter()
            grid_map.show(app.presenter.state, app.presenter.state.current, app.encounter_screen.selected)
            for y in range(height):
                grid_map.render_line(y)
            times.append(time.perf_counter() - start)
    campaign.close()
    return statistics.median(times)


def main() -> None:
    """At 80x24 both maps fill the map pane (the same viewport of cells);
    at 120x40 the 20x20 map leaves part of the pane empty, shown for scale."""
    for terminal, target in (((80, 24), 1.2), ((120, 40), None)):
        with tempfile.TemporaryDirectory() as tmp:
            small = asyncio.run(measure(20, Path(tmp), terminal))
            large = asyncio.run(measure(500, Path(tmp), terminal))
        ratio = large / small
        size = f"{terminal[0]}x{terminal[1]}"
        verdict = "" if target is None else f" (target <= {target}) {'PASS' if ratio <= target else 'OVER'}"
        print(f"map refresh at {size}: 20x20 {small * 1e3:.3f} ms, 500x500 {large * 1e3:.3f} ms, ratio {ratio:.2f}{verdict}")


if __name__ == "__main__":
    main()
