"""The forecast's worker process: ``python -m core.forecast.worker FD``.

It reads jobs from the socket ``FD`` (pickled, framed by
:class:`multiprocessing.connection.Connection`) and answers each: a job
``(generation, pickled, seed, first, runs)`` gets ``(generation, first,
tally, seconds)`` (``pickled``: the pickle of ``(state, ruleset)``, made
once for every worker; ``None`` in the later batches of a forecast: those
of its first batch are kept), the :class:`~core.forecast.odds.Tally` of fights
``first .. first + runs - 1`` (:func:`~core.forecast.odds.play_many`), or
instead of it the text of the error that stopped them. It ends when the
socket closes (its parent is gone). Only its own parent writes to it.

The batches of one forecast (the same ``generation`` and ``seed``) share
the first batch's copy of the state and one :class:`~core.forecast.memo.Memo`,
so the tactics' answers carry over from batch to batch. The process runs
at the lowest priority the system gives (``SCHED_IDLE``, else ``nice``
19): it takes only the time the UI leaves unused, never a frame's. It
lowers itself before it loads the rules (their import is most of its
start-up), so a worker started beside the UI's first frames
(:meth:`tui.forecast_runner.ForecastRunner.warm_up`) never takes their time.
It loads what every played-out fight needs before it waits for its first
job (:func:`load_rules`): the command handlers and the dice parser, which
the first applied command and the first roll would load otherwise (about
0.15 s of the first batch of the session's first forecast).
"""

from __future__ import annotations

import os
import pickle
import socket
import sys
import time
from multiprocessing.connection import Connection
from typing import Any


def load_rules() -> None:
    """Import the forecast, the generic command handlers
    (:func:`core.combat.encounter.handlers`) and d20's grammar
    (:func:`core.dice.rolls.warm_up`): loaded on first use elsewhere, here
    before the first job. A ruleset's own handlers load with its first fight."""
    from core.combat.encounter import handlers
    from core.dice.rolls import warm_up

    handlers()
    warm_up()


def serve(connection: Connection) -> None:
    """Answer jobs until the other end closes."""
    from core.forecast.memo import Memo  # the rules load here, once the process is at its lowest priority
    from core.forecast.odds import play_many

    load_rules()

    forecast: tuple[Any, Any, Any, Memo] | None = None  # ((generation, seed), its state, its ruleset, its memo)
    while True:
        try:
            generation, pickled, seed, first, runs = connection.recv()
        except (EOFError, OSError):
            return
        began = time.perf_counter()
        if pickled is not None and (forecast is None or forecast[0] != (generation, seed)):
            state, ruleset = pickle.loads(pickled)
            forecast = ((generation, seed), state, ruleset, Memo(state))
        try:
            if forecast is None or forecast[0] != (generation, seed):
                raise LookupError(f"no state sent for forecast {generation}")
            _, state, ruleset, memo = forecast
            tally: Any = play_many(state, ruleset, seed, runs, first, memo=memo)
        except Exception as problem:  # noqa: BLE001 - a failed played-out fight ends this forecast, not the worker
            tally = f"{type(problem).__name__}: {problem}"
        try:
            connection.send((generation, first, tally, time.perf_counter() - began))
        except OSError:
            return


def lowest_priority() -> str:
    """Run this process only when nothing else wants the processor: the
    idle scheduling class where there is one (Linux), else ``nice`` 19.
    Returns which one it got ("" when neither)."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return "idle"
    except (AttributeError, OSError):
        pass
    try:
        os.nice(19)
        return "nice"
    except (AttributeError, OSError):
        return ""


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].isdigit():
        print("usage: python -m core.forecast.worker FD (run by the encounter app)", file=sys.stderr)
        return 2
    lowest_priority()
    sock = socket.socket(fileno=int(argv[0]))
    serve(Connection(sock.detach()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
