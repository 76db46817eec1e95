"""The forecast's runner (tui.forecast_runner) beside an event loop, without the app.

Two workers play batches of one forecast at the same time; their tallies
are added in the order of the fights, so the forecast counts exactly the
fights ``play_many`` plays with the same seed, whichever worker ends first.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from core.combat.demo import demo_encounter
from core.forecast.odds import play_many
from tui.forecast_runner import ForecastRunner


async def finished(runner: ForecastRunner, readings: list, seconds: float = 120.0):
    for _ in range(int(seconds / 0.02)):
        if readings and readings[-1].done:
            return readings[-1]
        await asyncio.sleep(0.02)
    raise AssertionError(f"no forecast after {seconds} s: {readings[-1] if readings else None}")


@pytest.mark.asyncio
async def test_two_workers_count_the_fights_of_one_seeded_run(tmp_path, monkeypatch):
    """Run from a folder with a ``core`` package of its own (another checkout): the workers still load the app's."""
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "__init__.py").write_text("raise ImportError('the core of the current folder')\n")
    monkeypatch.chdir(tmp_path)
    table, _ = demo_encounter(random.Random(1))
    readings: list = []
    runner = ForecastRunner(readings.append, random.Random(7), most=24, workers=2)
    try:
        runner.start(table.state, table.ruleset)
        reading = await finished(runner, readings)
        assert len(runner.processes) == 2
    finally:
        runner.close()
    seed = random.Random(7).randrange(2**32)
    assert reading.tally == play_many(table.state, table.ruleset, seed, 24)
    assert [r.tally.runs for r in readings] == sorted(r.tally.runs for r in readings)  # never a batch counted out of order


@pytest.mark.asyncio
async def test_workers_warmed_up_before_a_forecast_are_the_ones_it_uses():
    """``warm_up`` (the app calls it after its first frame) starts the workers; the first forecast keeps them."""
    table, _ = demo_encounter(random.Random(1))
    readings: list = []
    runner = ForecastRunner(readings.append, random.Random(7), most=8, workers=2)
    try:
        runner.warm_up()
        started = runner.processes
        assert len(started) == 2 and all(p.poll() is None for p in started)
        assert readings == []  # nothing forecast, nothing said, until a forecast starts
        runner.start(table.state, table.ruleset)
        reading = await finished(runner, readings)
        assert runner.processes == started
    finally:
        runner.close()
    assert reading.tally == play_many(table.state, table.ruleset, random.Random(7).randrange(2**32), 8)
