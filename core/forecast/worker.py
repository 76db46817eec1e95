"""The forecast's worker process: ``python -m core.forecast.worker FD``.

It reads jobs from the socket ``FD`` (pickled, framed by
:class:`multiprocessing.connection.Connection`) and answers each: a job
``(generation, state, ruleset, seed, first, runs)`` gets ``(generation,
first, tally, seconds)``, the :class:`~core.forecast.odds.Tally` of fights
``first .. first + runs - 1`` (:func:`~core.forecast.odds.play_many`), or
instead of it the text of the error that stopped them. It ends when the
socket closes (its parent is gone). Only its own parent writes to it.
"""

from __future__ import annotations

import socket
import sys
import time
from multiprocessing.connection import Connection
from typing import Any

from core.forecast.odds import play_many


def serve(connection: Connection) -> None:
    """Answer jobs until the other end closes."""
    while True:
        try:
            generation, state, ruleset, seed, first, runs = connection.recv()
        except (EOFError, OSError):
            return
        began = time.perf_counter()
        try:
            tally: Any = play_many(state, ruleset, seed, runs, first)
        except Exception as problem:  # noqa: BLE001 - a failed played-out fight ends this forecast, not the worker
            tally = f"{type(problem).__name__}: {problem}"
        try:
            connection.send((generation, first, tally, time.perf_counter() - began))
        except OSError:
            return


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not argv[0].isdigit():
        print("usage: python -m core.forecast.worker FD (run by the encounter app)", file=sys.stderr)
        return 2
    sock = socket.socket(fileno=int(argv[0]))
    serve(Connection(sock.detach()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
