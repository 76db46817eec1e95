"""The skirmish forecast's goals (core.forecast, tui.forecast_runner).

- simulation overhead: one fight played out by the tactics / the same
  ``apply`` calls replayed bare on the same dice: <= 1.5 (median, fights
  interleaved A B A B); the fights share one :class:`core.forecast.memo.Memo`
  as the worker's fights of one forecast do (it starts empty: its warming
  up is measured too), and watch their dice and sum their control features
  as the worker's do (:class:`core.forecast.dice_watch.WatchedDice`,
  :meth:`core.forecast.odds.Tally.of`), the bare replay on plain dice of
  the same seed (the same faces);
- the UI while forecasting: the longest key to frame of ``n`` on the demo with
  the forecast on / off, two apps side by side at 120x40, keys interleaved:
  <= 1.3;
- enough fights for a +-3 point interval on the demo: the time the workers
  take to settle the demo's forecast / 20 median key-to-frames of ``n``
  (measured in the same run): <= 1. Judged: the warm settle, the workers
  started by :meth:`tui.forecast_runner.ForecastRunner.warm_up` and loaded
  (given 3 s, as the app starts them a second after its first frame and
  the GM reads the screen before ``F``) when the forecast starts: that is
  what a GM waits for, the first ``F`` of a session as after each action
  (the workers are kept). Shown too: the cold settle, a runner whose first
  forecast starts its workers (the interpreters' start and the rules'
  import counted), as a GM who presses ``F`` within a second of opening
  would wait. Each is run twice, cold and warm in turns. The fights it
  took are shown: a Wilson interval of +-3 points needs about
  1.96^2 p (1 - p) / 0.03^2 fights (p = 0.84 on the demo: about 570; but
  every interval shown must be that narrow, and a party member's chance to
  go down near 1/2 needs about 1070).

    python -m bench forecast
"""

from __future__ import annotations

import asyncio
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

from bench.common import Row, Sample, interleaved, ms, ratio_row
from bench.terminal import encounter_argv, settled, start
from core.combat.demo import demo_encounter
from core.combat.encounter import Encounter
from core.forecast.dice_watch import WatchedDice
from core.forecast.memo import Memo
from core.forecast.odds import Tally
from core.forecast.skirmish import play_out


def _overhead(runs: int) -> Row:
    table, _ = demo_encounter(random.Random(1))
    state, ruleset = table.state, table.ruleset
    seeds = iter(range(10**6))
    recorded: list = []
    memo = Memo(state)

    def simulated() -> float:
        seed = next(seeds)
        recorded.clear()
        began = time.perf_counter()
        Tally.of([play_out(state, ruleset, WatchedDice(seed), record=recorded, memo=memo)])
        took = time.perf_counter() - began
        recorded.append(seed)
        return took

    def bare() -> float:
        *commands, seed = recorded
        replay = Encounter(state, ruleset, random.Random(seed))
        began = time.perf_counter()
        for command in commands:
            replay.apply(command)
        return time.perf_counter() - began

    a, b = interleaved(simulated, bare, runs, warmup=3)
    return ratio_row("forecast: one simulated fight / its apply calls replayed bare", a, b, 1.5, labels=("simulated", "bare"))


def _press_turn(proc) -> float:
    """``n``, then the seconds until the frame that says whose turn it is."""
    mark = proc.mark()
    sent = proc.send(b"n")
    arrived = proc.wait_for(b"Turn: ", timeout=30, since=mark)
    proc.read_until_quiet(0.05)
    return arrived - sent


def _settle_seconds(pairs: int = 2) -> tuple[list[float], list[float], int, list[float]]:
    """Seconds from a state to its settled forecast through the real workers
    (processes of their own at the lowest priority): cold (the forecast
    starts them) and warm (started by ``warm_up`` 3 s before), in turns,
    each with a fresh runner and another seed; the fights the last took;
    and the processor seconds the warm runs' workers used in all (their
    start and import too), which a loaded machine does not inflate."""
    from tui.forecast_runner import ForecastRunner

    table, _ = demo_encounter(random.Random(1))
    seeds = random.Random(1)

    async def settle(warm: bool) -> tuple[float, int, float]:
        readings: list = []
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        runner = ForecastRunner(readings.append, random.Random(seeds.randrange(2**32)))
        try:
            if warm:
                runner.warm_up()
                await asyncio.sleep(3.0)
            began = time.perf_counter()
            runner.start(table.state, table.ruleset)
            while not (readings and readings[-1].done):
                await asyncio.sleep(0.01)
            took = time.perf_counter() - began
        finally:
            runner.close()  # the workers end and are waited for: their processor time is counted below
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return took, readings[-1].tally.runs, cpu

    async def run() -> tuple[list[float], list[float], int, list[float]]:
        cold, warm, fights, cpu = [], [], 0, []
        for _ in range(pairs):
            took, fights, _ = await settle(False)
            cold.append(took)
            took, fights, used = await settle(True)
            warm.append(took)
            cpu.append(used)
        return cold, warm, fights, cpu

    return asyncio.run(run())


def _ui(runs: int) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="bench-forecast-") as folder:
        home_on, home_off = Path(folder) / "on", Path(folder) / "off"
        home_on.mkdir()
        home_off.mkdir()
        with start(encounter_argv(None), home_on, (120, 40)) as on, start(encounter_argv(None), home_off, (120, 40)) as off:
            settled(on, b"Round 1")
            settled(off, b"Round 1")
            on.send(b"F")
            on.wait_for(b"Party wins", timeout=60)
            on.send(b"\x1b")
            on.read_until_quiet(0.5)
            for _ in range(2):  # warm-up: the first turns load the handler modules
                _press_turn(on)
                _press_turn(off)
            with_forecast, without = [], []
            for _ in range(runs):
                with_forecast.append(_press_turn(on))
                without.append(_press_turn(off))
            for proc in (on, off):
                proc.send(b"q")
                proc.wait(10)
    ratio = max(with_forecast) / max(without)
    on_sample, off_sample = Sample.of(with_forecast), Sample.of(without)
    longest = Row("forecast: UI while forecasting, longest key to frame of n, on / off", "<= 1.3",
                  f"{ratio:.2f} (longest; on {ms(max(with_forecast))} (median {ms(on_sample.median)}), off {ms(max(without))} "
                  f"(median {ms(off_sample.median)}); {runs}+{runs} keys interleaved)", ratio <= 1.3)
    cold, warm, fights, cpu = _settle_seconds()
    budget = 20 * off_sample.median
    settle = statistics.median(warm)
    enough = Row("forecast: +-3 points on the demo / 20 median key-to-frames", "<= 1",
                 f"{settle / budget:.2f} (warm: workers started before, settled in {', '.join(f'{w:.2f}' for w in warm)} s, median {settle:.2f} s; "
                 f"{fights} fights, {1000 * settle / max(1, fights):.1f} ms each; "
                 f"the workers' processor time {', '.join(f'{c:.2f}' for c in cpu)} s, {1000 * statistics.median(cpu) / max(1, fights):.2f} ms a fight; cold, the forecast starting them: "
                 f"{', '.join(f'{c:.2f}' for c in cold)} s = {statistics.median(cold) / budget:.2f}; 20 x {ms(off_sample.median)} = {budget:.2f} s)",
                 settle <= budget)
    return [longest, enough]


def rows(quick: bool = False) -> list[Row]:
    return [_overhead(10 if quick else 60), *_ui(20 if quick else 500)]


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(rows()))
