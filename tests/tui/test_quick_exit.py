"""Quitting gives the terminal back without waiting for the key reader's poll.

Textual's key reader waits up to 100 ms for a key before it looks whether
it should stop, then once more for 100 ms. ``QuickExitDriver`` is woken
when input is disabled: here its wait for a key is made endless, and
disabling input still ends the reader.
"""

from __future__ import annotations

import asyncio
import os
import selectors
import signal
import threading
from unittest import mock

from textual.drivers.linux_driver import LinuxDriver

from tui.terminal.quick_exit import QuickExitDriver, quick_exit_driver


async def _driver() -> QuickExitDriver:
    return QuickExitDriver(mock.MagicMock(), mouse=False, size=(80, 24))  # Textual's drivers want a running loop


def test_disabling_input_wakes_the_key_reader_that_waits_for_ever(monkeypatch):
    saved = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT, signal.SIGWINCH)}
    real_select = selectors.SelectSelector.select
    monkeypatch.setattr(selectors.SelectSelector, "select", lambda self, timeout=None: real_select(self, None if timeout == 0.1 else timeout))  # no poll
    keys_read, keys_written = os.pipe()  # a terminal nobody types on
    try:
        driver = asyncio.run(_driver())
        driver.read_keys_from(keys_read)
        fired = []
        typed = threading.Timer(20, lambda: fired.append(os.write(keys_written, b"x")))  # without the wake, only a key ends the wait
        typed.start()
        driver.disable_input()  # joins the reader
        typed.cancel()
        assert not fired, "the reader ended only because a key came"
        assert not driver.reading_keys
        assert not driver.wake_pipe_open  # its pipe closed once the reader ended
    finally:
        os.close(keys_read)
        os.close(keys_written)
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def test_only_the_linux_driver_is_replaced():
    assert quick_exit_driver(LinuxDriver) is QuickExitDriver
    other = type("Other", (), {})
    assert quick_exit_driver(other) is other
