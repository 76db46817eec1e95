"""The terminal given back at once on quit.

Textual's ``LinuxDriver`` reads keys on a thread that polls the terminal
every 100 ms and, once told to stop, polls once more for 100 ms: quitting
waited 100-200 ms for that thread before the terminal came back (the
stall bench's quit, ``bench/bench_stall.py``). :class:`QuickExitDriver`
reads the same way but also wakes on a pipe written when input is
disabled, and drains what is left without waiting. Everything else is
Textual's.
"""

from __future__ import annotations

import os
import selectors
import threading
from codecs import getincrementaldecoder

from textual._parser import ParseError
from textual.drivers import linux_driver
from textual.drivers.linux_driver import LinuxDriver


class QuickExitDriver(LinuxDriver):
    """``LinuxDriver`` whose input thread stops as soon as it is told to."""

    _wake: tuple[int, int] | None = None  # (read, write) ends of the wake-up pipe of the running input thread

    def start_application_mode(self) -> None:
        self._close_wake()
        self._wake = os.pipe()  # a fresh one each time (resumed after a suspend too)
        super().start_application_mode()

    def disable_input(self) -> None:
        if self._wake is not None:
            try:
                os.write(self._wake[1], b"x")  # the input thread stops waiting for keys now
            except OSError:
                pass
        super().disable_input()  # sets the exit event, joins the input thread
        if self._key_thread is None or not self._key_thread.is_alive():
            self._close_wake()

    def read_keys_from(self, fileno: int) -> None:
        """Start the input thread on ``fileno`` with its wake-up pipe, as
        application mode does, without taking over a terminal (a test's pipe)."""
        self.fileno = fileno
        self._close_wake()
        self._wake = os.pipe()
        self._key_thread = threading.Thread(target=self._run_input_thread, daemon=True)
        self._key_thread.start()

    @property
    def reading_keys(self) -> bool:
        """Whether the input thread is running."""
        return self._key_thread is not None and self._key_thread.is_alive()

    @property
    def wake_pipe_open(self) -> bool:
        """Whether the wake-up pipe of the input thread is open (it closes once the thread ended)."""
        return self._wake is not None

    def _close_wake(self) -> None:
        if self._wake is not None:
            for fd in self._wake:
                try:
                    os.close(fd)
                except OSError:
                    pass
            self._wake = None

    def run_input_thread(self) -> None:
        """LinuxDriver's loop (decode, parse, dispatch), woken by the pipe too."""
        selector = selectors.SelectSelector()
        fileno = self.fileno
        selector.register(fileno, selectors.EVENT_READ)
        wake = self._wake[0] if self._wake is not None else None
        if wake is not None:
            selector.register(wake, selectors.EVENT_READ)
        parser = linux_driver.XTermParser(self._debug)  # looked up now: tui.terminal.key_order may replace it
        decode = getincrementaldecoder("utf-8")().decode

        def dispatch(timeout: float, final: bool = False) -> None:
            ready = {key.fd for key, mask in selector.select(timeout) if mask & selectors.EVENT_READ}
            if fileno in ready:
                data = decode(os.read(fileno, 1024 * 4), final=final)
                for event in parser.feed(data) if data else ():
                    self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                dispatch(0.1)
            if wake is not None:
                selector.unregister(wake)
            dispatch(0.0, final=True)  # what was typed before the quit, without waiting for more
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass


def quick_exit_driver(driver_class: type) -> type:
    """:class:`QuickExitDriver` in place of Textual's ``LinuxDriver``; any other driver as it is."""
    return QuickExitDriver if driver_class is LinuxDriver else driver_class
