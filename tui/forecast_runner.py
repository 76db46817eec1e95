"""The skirmish forecast run beside the UI, in a process of its own.

:class:`ForecastRunner` keeps one worker process (:mod:`core.forecast.worker`,
started on first use) that plays fights out in batches
(:func:`core.forecast.odds.play_many`) and sends back each batch's
:class:`~core.forecast.odds.Tally`. The UI's interpreter only pickles a
state and reads small answers, through a pipe the event loop watches
(``loop.add_reader``: no thread, no polling); the state goes with the
first batch of a forecast only, later batches name it by its generation.
One batch is in flight at a time; when the state changes (:meth:`ForecastRunner.start`), the answer in
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
import random
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from core.forecast.odds import Tally
from core.forecast.skirmish import over, unforeseeable
from core.values.combatant import Side

MOST_FIGHTS = 20_000
"""Fights played for one state at most."""

BATCH_SECONDS = 0.15
"""About how long one batch runs in the worker (it is cut to fit)."""


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


class ForecastRunner:
    """``ForecastRunner(publish, seeds)``: ``publish(reading)`` is called in
    the event loop after each batch (and once at each start)."""

    def __init__(self, publish: Callable[[Reading], None], seeds: random.Random | None = None, most: int = MOST_FIGHTS) -> None:
        self.publish = publish
        self.seeds = seeds if seeds is not None else random.Random()
        self.most = most
        self.generation = 0
        self.reading: Reading | None = None
        self._job: tuple[Any, Any, int] | None = None  # (state, ruleset, seed) of the current generation
        self._tally = Tally()
        self._next_first = 0
        self._runs = 4  # fights in the next batch, grown to fill BATCH_SECONDS
        self._in_flight = False
        self._worker_has = 0  # the generation whose state the worker holds (0: none)
        self._process: Any = None
        self._connection: Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # -- the worker -------------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        self.close()
        mine, theirs = socket.socketpair()
        try:  # a fresh interpreter (no fork of a process with threads, the UI's), on its own module
            self._process = subprocess.Popen(
                [sys.executable, "-m", "core.forecast.worker", str(theirs.fileno())], pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
        finally:
            theirs.close()
        self._connection = Connection(mine.detach())
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self._connection.fileno(), self._answered)
        self._in_flight = False
        self._worker_has = 0

    def close(self) -> None:
        """End the worker (the app is closing, or the forecast is turned off)."""
        if self._connection is not None:
            if self._loop is not None:
                self._loop.remove_reader(self._connection.fileno())
            self._connection.close()
            self._connection = None
        if self._process is not None:
            if self._process.poll() is None:
                self._process.terminate()
            try:
                self._process.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._process.kill()
            self._process = None
        self._in_flight = False

    # -- forecasts ------------------------------------------------------------------
    def start(self, state: Any, ruleset: Any) -> None:
        """Forecast ``state`` from scratch (the previous forecast is dropped)."""
        self.generation += 1
        self._tally, self._next_first, self._job = Tally(), 0, None
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
            self._ensure_worker()
        except OSError as problem:
            self._say(Reading(self.generation, Tally(), done=True, problem=f"the forecast could not start: {problem}"))
            return
        if not self._in_flight:
            self._send()

    def stop(self) -> None:
        """Stop forecasting (what was shown stays as it is)."""
        self.generation += 1
        self._job = None
        self.close()

    def _send(self) -> None:
        if self._job is None or self._connection is None:
            return
        state, ruleset, seed = self._job
        runs = min(self._runs, self.most - self._tally.runs)
        if self._worker_has == self.generation:  # it has this state already: send nothing big
            state = ruleset = None
        try:
            self._connection.send((self.generation, state, ruleset, seed, self._next_first, runs))
            self._worker_has = self.generation
        except (BrokenPipeError, OSError) as problem:
            self._say(Reading(self.generation, self._tally, done=True, problem=f"the forecast stopped: {problem}"))
            self.close()
            return
        self._next_first += runs
        self._in_flight = True

    def _answered(self) -> None:
        connection = self._connection
        if connection is None:
            return
        try:
            generation, first, tally, seconds = connection.recv()
        except (EOFError, OSError):
            self._say(Reading(self.generation, self._tally, done=True, problem="the forecast's process ended"))
            self.close()
            return
        self._in_flight = False
        if generation != self.generation or self._job is None:  # of a state that is gone
            if self._job is not None:
                self._send()
            return
        if isinstance(tally, str):
            self._say(Reading(generation, self._tally, done=True, problem=f"a played-out fight failed: {tally}"))
            self._job = None
            return
        self._tally = self._tally + tally
        if seconds > 0:
            self._runs = max(1, min(500, int(self._runs * BATCH_SECONDS / seconds) or 1))
        done = self._tally.settled() or self._tally.runs >= self.most
        self._say(Reading(generation, self._tally, done=done))
        if done:
            self._job = None
        else:
            self._send()

    def _say(self, reading: Reading) -> None:
        self.reading = reading
        self.publish(reading)
