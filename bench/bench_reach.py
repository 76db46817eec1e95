"""Reach and paths on big maps, each ratio interleaved.

- reach of a speed-16 walker on 200x200 against networkx's distances only
  (``single_source_dijkstra_path_length``, the graph built beforehand), our
  side the first call on a map new to the process (a fresh ``Grid`` of the
  same cells each run: its whole-map tables are built inside the timing, as
  when the GM first presses ``m`` on it) (target <= 0.1);
- the same first call on a new 1000x1000 map against networkx on the same
  graph (target <= 1); networkx gets the graph of the cells within the
  walker's reach plus one (Dijkstra with a cutoff touches no other node,
  so its time on the whole graph is the same; the whole 1000x1000 graph
  would take gigabytes);
- the first reach after an undo (or redo) on 500x500 against a reach with
  warm caches (target <= 1.5);
- a move preview step (the app's answer to one cursor move) on 200x200 with
  speed 40 against one full reach (target <= 0.1).

Verdicts on the median (too few runs for a tail), p95 shown.

The maps: 30% swamp (difficult, 2 per cell in ``equestria``), 5% walls, the
rest open ground, seeded.

    python -m bench reach
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import tempfile
from pathlib import Path

import networkx as nx

from bench.common import Row, Sample, interleaved, ratio_row, timed
from core.combat import commands as cmd
from core.values.combatant import Combatant, Side
from core.combat.encounter import Encounter
from core.combat.state import EncounterState
from core.board.grid import Grid
from core.values.mobility import MoveType
from core.board.movement import model_for, reach, reachable
from core.board.movement.layout import TERRAIN_INDEX
from core.board.movement.model import MoveOptions
from core.rulesets import get as get_ruleset
from saves.campaign import Campaign
from saves.session import Session


def build_map(size: int, seed: int = 3) -> Grid:
    rnd = random.Random(seed)
    rows = []
    for _ in range(size):
        row = []
        for _ in range(size):
            r = rnd.random()
            row.append("wall" if r < 0.05 else "swamp" if r < 0.35 else "ground")
        rows.append(row)
    centre = size // 2
    rows[centre][centre] = "ground"
    return Grid(tuple(tuple(r) for r in rows))


def build_graph(grid: Grid, walker: Combatant, radius: int | None = None) -> nx.DiGraph:
    """The same graph for networkx: 8 neighbours, the entry cost of the
    target cell, the corner rule of ``equestria`` ("one"); with ``radius``,
    only the cells within that many steps of the walker."""
    rules = model_for("equestria").rules(walker, MoveType.WALK, None, MoveOptions())
    wx, wy = walker.position
    near = (lambda x, y: True) if radius is None else (lambda x, y: abs(x - wx) <= radius and abs(y - wy) <= radius)
    cost = {(x, y): rules.costs[TERRAIN_INDEX[t]] for y, row in enumerate(grid.rows) for x, t in enumerate(row) if near(x, y)}
    solid = {c for c in cost if grid.terrain(c).blocks_movement}
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
                    continue
                graph.add_edge(src, (x, y), weight=c)
    return graph


def campaign(folder: Path, size: int, speed: int) -> Session:
    """A session on a ``size`` x ``size`` map, one walker of ``speed`` in the
    middle and a foe in a corner, combat started (round 1)."""
    centre = size // 2
    walker = Combatant("w", "Walker", Side.PARTY, {"DEX": 5}, 10, 10, position=(centre, centre), speeds={"walk": speed})
    foe = Combatant("f", "Foe", Side.FOE, {}, 10, 10, position=(1, 1))
    grid = build_map(size)
    grid = grid.with_terrain((1, 1), grid.terrain((centre, centre)))
    encounter = Encounter(EncounterState(f"map {size}", grid, (walker, foe)), get_ruleset("equestria"), random.Random(1))
    first = encounter.apply(cmd.StartCombat())
    if encounter.state.current != "w":
        encounter.apply(cmd.NextTurn())
    path = folder / f"m{size}-speed{speed}.json"
    if not path.exists():
        Campaign.create(path, f"map {size}", encounter.ruleset, encounter.state, first).close()
    return Session(Campaign.open(path), random.Random(2))


def _reach_of(session: Session, budget: int) -> float:
    state = session.encounter.state
    walker = state.combatant("w")
    return timed(lambda: reachable(state.grid, session.encounter.ruleset, walker, state.combatants, budget))


def against_networkx(folder: Path, size: int, runs: int, limit: float) -> Row:
    """Our first reach on a new ``size`` x ``size`` map (speed 16) / networkx's distances."""
    session = campaign(folder, size, 16)
    state = session.encounter.state
    walker = state.combatant("w")
    graph = build_graph(state.grid, walker, None if size <= 200 else 17)
    ruleset = session.encounter.ruleset
    ours = reachable(state.grid, ruleset, walker, state.combatants, 16)
    theirs = nx.single_source_dijkstra_path_length(graph, walker.position, cutoff=16)
    foe_cells = {c.position for c in state.combatants if c.id != "w"}
    assert dict(ours) == {c: d for c, d in theirs.items() if c not in foe_cells}, "the two searches disagree"
    session.close()
    fresh: list[Grid] = []

    def first_call() -> float:
        grid = fresh.pop()
        return timed(lambda: reachable(grid, ruleset, walker, state.combatants, 16))

    def networkx() -> float:
        return timed(lambda: nx.single_source_dijkstra_path_length(graph, walker.position, cutoff=16))

    warmup = 1
    for _ in range(runs + warmup):  # made outside the timing: a map the process has never searched
        fresh.append(dataclasses.replace(state.grid))
    a, b = interleaved(first_call, networkx, runs, warmup=warmup)
    return ratio_row(f"reach {size}x{size} speed 16: ours, first call on a new map / networkx distances", a, b, limit,
                     labels=("ours", "networkx"))


def undo_keeps_caches(folder: Path, runs: int) -> Row:
    session = campaign(folder, 500, 16)
    _reach_of(session, 16)  # the map's tables, built once per map
    travel = [session.undo, session.redo]
    first, warm = [], []
    session.commit(cmd.Damage("f", 1))
    for n in range(runs):
        travel[n % 2]()
        first.append(_reach_of(session, 16))
        warm.append(_reach_of(session, 16))
    session.close()
    return ratio_row("first reach after undo/redo on 500x500 / warm reach", Sample.of(first), Sample.of(warm), 1.5,
                     labels=("after undo", "warm"))


async def _preview(folder: Path, runs: int) -> tuple[Sample, Sample]:
    from tui.app import EncounterApp

    session = campaign(folder, 200, 40)
    app = EncounterApp(session)
    rnd = random.Random(5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        state = app.presenter.state
        walker = state.combatant("w")
        cells = sorted(app.encounter_screen.map_modes.reach.costs)
        assert len(cells) > 1000, "speed 40 reaches far"

        def step() -> float:
            cell = rnd.choice(cells)
            return timed(lambda: app.encounter_screen.map_modes.move_preview(walker, cell))

        def full() -> float:
            return timed(lambda: reach(state.grid, session.encounter.ruleset, walker, state.combatants, walker.budget.movement))

        result = interleaved(step, full, runs)
        await pilot.press("escape")
    session.close()
    return result


def preview(folder: Path, runs: int) -> Row:
    a, b = asyncio.run(_preview(folder, runs))
    return ratio_row("move preview step 200x200 speed 40 / one full reach", a, b, 0.1, labels=("step", "reach"))


def rows(quick: bool = False) -> list[Row]:
    runs = 8 if quick else 40
    with tempfile.TemporaryDirectory(prefix="bench-reach-") as folder:
        return [against_networkx(Path(folder), 200, runs, 0.1), against_networkx(Path(folder), 1000, 3 if quick else 20, 1.0),
                undo_keeps_caches(Path(folder), runs), preview(Path(folder), runs)]


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(rows()))
