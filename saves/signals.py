"""Leaving cleanly when the terminal goes away.

SIGHUP (the SSH connection dropped, the terminal closed) and SIGTERM
(``kill``, a shutdown) call ``request_exit(signum)`` — the app asks itself
to quit, then the caller closes the campaign. Nothing is lost either way:
every acknowledged action is already on disk, and what the disk refused
goes to a rescue copy (saves.rescue), written by the caller as it closes
or, if the process is stuck, by ``last_resort`` on another thread. SIGXFSZ is ignored, so that
hitting a file size limit makes the write fail with ``EFBIG`` (shown as
"not saved", retried) instead of killing the program. SIGUSR1 is another
encounter taking the campaign over (:func:`install_takeover_handler`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

EXIT_SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def install_exit_handlers(request_exit: Callable[[int], None], last_resort: Callable[[], int] | None = None,
                          leave_within: float = 5.0) -> Callable[[], None]:
    """Route SIGTERM/SIGHUP to ``request_exit(signum)``; returns a function
    that puts the previous handlers back. ``last_resort``: when the process
    has not ended ``leave_within`` seconds after the signal (its main thread
    stuck writing to a terminal that is gone), it is called on another
    thread — write what is not saved to a rescue copy (saves.rescue) — and
    the process ends with the exit status it returns."""
    previous: dict[int, Any] = {}
    started: list[threading.Thread] = []

    def rescue_then_leave() -> None:
        time.sleep(leave_within)
        code = 1
        try:
            code = last_resort() if last_resort is not None else 1
        finally:
            os._exit(code)

    def handler(signum: int, _frame: object) -> None:
        if last_resort is not None and not started:
            started.append(threading.Thread(target=rescue_then_leave, name="encounter-last-resort", daemon=True))
            started[0].start()
        request_exit(signum)

    for signum in EXIT_SIGNALS:
        previous[signum] = signal.signal(signum, handler)
    if hasattr(signal, "SIGXFSZ"):
        previous[signal.SIGXFSZ] = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def restore() -> None:
        for signum, old in previous.items():
            signal.signal(signum, old)

    return restore


def exit_soon(stop: Callable[[], object]) -> Callable[[int], None]:
    """A ``request_exit`` for an asyncio program: schedules ``stop()`` on the
    running loop (safe inside a signal handler); with no loop running it
    raises ``SystemExit(128 + signum)`` so ``finally`` blocks still run."""

    def request_exit(signum: int) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            raise SystemExit(128 + signum) from None
        loop.call_soon_threadsafe(stop)

    return request_exit


# -- take-over (saves.takeover) ------------------------------------------------------
TAKEOVER_SIGNAL = getattr(signal, "SIGUSR1", 10)
LEAVE_WITHIN = 5.0  # seconds after handing over; then the process ends even if its terminal hangs


def install_takeover_handler(hand_over: Callable[[], bool], leave: Callable[[], object], leave_within: float = LEAVE_WITHIN) -> Callable[[], None]:
    """Route :data:`TAKEOVER_SIGNAL` (another encounter taking the campaign
    over) to ``hand_over()`` — write everything and release the lock, e.g.
    :meth:`saves.campaign.Campaign.hand_over` — run in a thread, so that it
    also works while the main thread is stuck writing to a dead terminal.
    When it returns ``True``, ``leave()`` is called (ask the app to quit; on
    the running asyncio loop when there is one) and
    the process ends after ``leave_within`` seconds if it has not by itself
    (exit status 0: nothing is lost, the other encounter has it all).
    Returns a function that puts the previous handler back."""

    def work(loop: asyncio.AbstractEventLoop | None) -> None:
        if not hand_over():
            return  # the disk refused: keep the campaign, the other one is told it could not take over
        try:
            if loop is not None:
                loop.call_soon_threadsafe(leave)
            else:
                leave()
        except Exception:  # noqa: BLE001 - the loop may be gone; the timer below still ends the process
            pass
        time.sleep(leave_within)
        os._exit(0)

    def handler(_signum: int, _frame: object) -> None:
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        threading.Thread(target=work, args=(loop,), name="encounter-takeover", daemon=True).start()

    previous = signal.signal(TAKEOVER_SIGNAL, handler)

    def restore() -> None:
        signal.signal(TAKEOVER_SIGNAL, previous)

    return restore
