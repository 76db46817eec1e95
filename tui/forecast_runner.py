"""The skirmish forecast run beside the UI, in a process of its own.

:class:`ForecastRunner` keeps :data:`WORKERS` worker processes
(:mod:`core.forecast.worker`, each at the system's lowest priority: they
take only the processor time the UI leaves) that
play fights out in batches (:func:`core.forecast.odds.play_many`) and send
back each batch's :class:`~core.forecast.odds.Tally`. Batches are added up
in the order of their fights, whichever worker ends first, so a seeded
forecast counts the same fights however the workers are scheduled. The UI's interpreter only pickles a
state and reads small answers, through a pipe the event loop watches
(``loop.add_reader``: no thread, no polling); the state goes with the
first batch of a forecast only, later batches name it by its generation,
and it is pickled once for all the workers (a map's cached tables and
paths are left out: :meth:`core.board.grid.Grid.__getstate__`).
The workers start once (:meth:`ForecastRunner.warm_up`, which the GM's
screen calls right after its first frame, or the first forecast) and are
kept across forecasts: a forecast then starts with them loaded and waiting,
not with two interpreters to start (about a second of a loaded machine).
One batch is in flight per worker; when the state changes (:meth:`ForecastRunner.start`), the answer in
flight is dropped and the new fight's first batch goes next, so a forecast
is never of a stale state and a key never waits for one. It stops when the
chances are known within :data:`core.forecast.odds.WIDTH` or after
:data:`MOST_FIGHTS`; then nothing runs and nothing is drawn.

Each forecast gets its own seed from the injected ``seeds`` (a
``random.Random``), so a test repeats one. Outside Textual, like
:mod:`tui.presenter`.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from typing import Any

from core.forecast.odds import Tally
from core.forecast.skirmish import over, unforeseeable
from core.values.combatant import Side

MOST_FIGHTS = 20_000
"""Fights played for one state at most."""

BATCH_SECONDS = 0.15
"""About how long one batch runs in the worker (it is cut to fit)."""

LAST_BATCH = 8
"""Fights a batch holds at least once the forecast guesses how many are left."""

GUESS_FROM = 40
"""Fights counted before the widths are trusted to guess how many are left."""

WORKERS = max(1, min(2, os.cpu_count() or 1))
"""Worker processes: one a core, two at most (the UI's core too: at the
lowest priority a worker yields it whenever the UI wants it)."""


@dataclass(frozen=True)
class Reading:
    """What the forecast knows now: ``tally`` of the fights played for the
    state of ``generation``; ``done`` when it stopped (settled or at the
    limit); ``unforeseeable``: names of creatures "as the GM decides" (then
    nothing is played); ``problem``: why the forecast cannot run."""

    generation: int
    tally: Tally
    done: bool = False
    unforeseeable: tuple[str, ...] = ()
    problem: str = ""
    ended: bool = False  # the fight is already over: nothing to forecast

    def party_text(self) -> str:
        """A few characters for the tracker: ``win 72%`` once settled, ``win ~70%``
        (to 5 points, so that the title is not redrawn after every batch) before."""
        if self.problem or self.unforeseeable or self.ended:
            return ""
        if self.tally.runs == 0:
            return "win \u2026"
        if self.tally.chance(None).value >= 0.5:  # most fights undecided after the round limit: no side's chance to show
            return "win ?"
        share = 100 * self.tally.chance(Side.PARTY).value
        return f"win {round(share)}%" if self.tally.settled() else f"win ~{5 * round(share / 5)}%"


class _Worker:
    """One worker process and its end of the socket pair."""

    def __init__(self, process: Any, connection: Connection) -> None:
        self.process = process
        self.connection = connection
        self.in_flight = False
        self.has = 0  # the generation whose state it holds (0: none)

    def alive(self) -> bool:
        return self.process.poll() is None

    def end(self) -> None:
        self.connection.close()
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.process.kill()


class ForecastRunner:
    """``ForecastRunner(publish, seeds)``: ``publish(reading)`` is called in
    the event loop after each batch (and once at each start)."""

    def __init__(self, publish: Callable[[Reading], None], seeds: random.Random | None = None, most: int = MOST_FIGHTS,
                 workers: int = WORKERS) -> None:
        self.publish = publish
        self.seeds = seeds if seeds is not None else random.Random()
        self.most = most
        self.workers = max(1, workers)
        self.generation = 0
        self.reading: Reading | None = None
        self._job: tuple[Any, Any, int] | None = None  # (state, ruleset, seed) of the current generation
        self._pickled: bytes | None = None  # (state, ruleset) of the current generation, pickled once for every worker
        self._tally = Tally()  # of fights 0 .. self._counted - 1
        self._counted = 0
        self._waiting: dict[int, Tally] = {}  # first fight -> a batch's tally that came before an earlier batch's
        self._sizes: dict[int, int] = {}  # first fight -> fights of each batch sent for this generation
        self._next_first = 0
        self._runs = 4  # fights in the next batch, grown to fill BATCH_SECONDS
        self._workers: list[_Worker] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def processes(self) -> tuple[Any, ...]:
        """The worker processes running now (a test hook)."""
        return tuple(w.process for w in self._workers)

    # -- the workers ------------------------------------------------------------
    def _ensure_workers(self) -> None:
        if len(self._workers) == self.workers and all(w.alive() for w in self._workers):
            return
        self.close()
        self._loop = asyncio.get_running_loop()
        for _ in range(self.workers):
            mine, theirs = socket.socketpair()
            try:  # a fresh interpreter (no fork of a process with threads, the UI's), on its own module
                process = subprocess.Popen(
                    [sys.executable, "-P", "-m", "core.forecast.worker", str(theirs.fileno())], pass_fds=[theirs.fileno()],
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )
            except OSError:
                mine.close()
                self.close()
                raise
            finally:
                theirs.close()
            worker = _Worker(process, Connection(mine.detach()))
            self._workers.append(worker)
            self._loop.add_reader(worker.connection.fileno(), self._answered, worker)

    def warm_up(self) -> None:
        """Start the workers now, before any forecast, in the running event
        loop; they load the rules at their lowest priority and wait. A
        failure to start is said by the first forecast, not here."""
        try:
            self._ensure_workers()
        except OSError:
            return

    def close(self) -> None:
        """End the workers (the app is closing, or the forecast is turned off)."""
        for worker in self._workers:
            if self._loop is not None:
                self._loop.remove_reader(worker.connection.fileno())
            worker.end()
        self._workers = []

    # -- forecasts ------------------------------------------------------------------
    def start(self, state: Any, ruleset: Any) -> None:
        """Forecast ``state`` from scratch (the previous forecast is dropped)."""
        self.generation += 1
        self._tally, self._counted, self._next_first, self._job, self._pickled = Tally(), 0, 0, None, None
        self._waiting, self._sizes = {}, {}
        names = unforeseeable(state)
        if names:
            self._say(Reading(self.generation, Tally(), done=True, unforeseeable=names))
            return
        if state.round == 0 and not state.combatants or over(state):
            self._say(Reading(self.generation, Tally(), done=True, ended=True))
            return
        self._job = (state, ruleset, self.seeds.randrange(2**32))
        self._say(Reading(self.generation, Tally()))
        try:
            self._ensure_workers()
        except OSError as problem:
            self._say(Reading(self.generation, Tally(), done=True, problem=f"the forecast could not start: {problem}"))
            return
        for worker in self._workers:
            if not worker.in_flight:
                self._send(worker)

    def show_again(self, reading: Reading) -> None:
        """Show ``reading``, made before for the very state on show now (the
        real fight's, back after a dropped what-if), as this state's
        forecast: nothing is played again, the forecast under way stops."""
        self.generation += 1
        self._tally, self._counted, self._next_first, self._job = reading.tally, reading.tally.runs, 0, None
        self._waiting, self._sizes = {}, {}
        self._say(replace(reading, generation=self.generation))

    def stop(self) -> None:
        """Stop forecasting (what was shown stays as it is)."""
        self.generation += 1
        self._job = None
        self.close()

    def _send(self, worker: _Worker) -> None:
        if self._job is None:
            return
        state, ruleset, seed = self._job
        runs = min(self._runs, self.most - self._next_first, self._share_left())
        if runs <= 0:
            return
        pickled = None  # it has this state already: send nothing big
        if worker.has != self.generation:
            if self._pickled is None:
                self._pickled = pickle.dumps((state, ruleset), pickle.HIGHEST_PROTOCOL)
            pickled = self._pickled
        try:
            worker.connection.send((self.generation, pickled, seed, self._next_first, runs))
        except (BrokenPipeError, OSError) as problem:
            self._say(Reading(self.generation, self._tally, done=True, problem=f"the forecast stopped: {problem}"))
            self._job = None
            self.close()
            return
        worker.has = self.generation
        self._sizes[self._next_first] = runs
        self._next_first += runs
        worker.in_flight = True

    def _share_left(self) -> int:
        """Fights for one worker's next batch as the forecast nears its end:
        its share of those the widths say are still needed
        (:meth:`core.forecast.odds.Tally.fights_needed`, less those sent), at
        least :data:`LAST_BATCH`; so that the last batches stop near the
        settling point instead of a whole batch past it. Before
        :data:`GUESS_FROM` fights are counted, no limit."""
        if self._tally.runs < GUESS_FROM:
            return self.most
        left = self._tally.fights_needed() - self._next_first
        return max(LAST_BATCH, -(-left // self.workers))

    def _answered(self, worker: _Worker) -> None:
        if worker not in self._workers:
            return
        try:
            generation, first, tally, seconds = worker.connection.recv()
        except (EOFError, OSError):
            self._say(Reading(self.generation, self._tally, done=True, problem="the forecast's process ended"))
            self._job = None
            self.close()
            return
        worker.in_flight = False
        if generation != self.generation or self._job is None:  # of a state that is gone
            self._send(worker)
            return
        if isinstance(tally, str):
            self._say(Reading(generation, self._tally, done=True, problem=f"a played-out fight failed: {tally}"))
            self._job = None
            return
        if seconds > 0:
            self._runs = max(1, min(500, int(self._sizes.get(first, self._runs) * BATCH_SECONDS / seconds) or 1))
        self._waiting[first] = tally
        counted = self._counted
        while self._counted in self._waiting:  # add up in the order of the fights
            start = self._counted
            self._tally = self._tally + self._waiting.pop(start)
            self._counted = start + self._sizes.pop(start)
        if self._counted == counted:  # an earlier batch is still out: nothing new to say
            self._send(worker)
            return
        done = self._tally.settled() or self._tally.runs >= self.most
        self._say(Reading(generation, self._tally, done=done))
        if done:
            self._job = None
        else:
            self._send(worker)

    def _say(self, reading: Reading) -> None:
        self.reading = reading
        self.publish(reading)
