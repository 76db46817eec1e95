"""Leaving cleanly when the terminal goes away.

SIGHUP (the SSH connection dropped, the terminal closed) and SIGTERM
(``kill``, a shutdown) call ``request_exit(signum)`` — the app asks itself
to quit, then the caller closes the campaign. Nothing is lost either way:
every acknowledged action is already on disk. SIGXFSZ is ignored, so that
hitting a file size limit makes the write fail with ``EFBIG`` (shown as
"not saved", retried) instead of killing the program.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from typing import Any

EXIT_SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


def install_exit_handlers(request_exit: Callable[[int], None]) -> Callable[[], None]:
    """Route SIGTERM/SIGHUP to ``request_exit(signum)``; returns a function
    that puts the previous handlers back."""
    previous: dict[int, Any] = {}

    def handler(signum: int, _frame: object) -> None:
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
