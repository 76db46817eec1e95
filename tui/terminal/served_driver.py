"""The players' view under ``encounter serve``: it ends when its server does.

textual-serve runs one ``encounter watch`` per browser tab with Textual's
:class:`~textual.drivers.web_driver.WebDriver`, talking to it over the
child's stdin and stdout. When the tab closes, the server sends it a
``quit``; but when the server itself goes away without one (killed, crashed,
or shut down before it could say it), the child sees only the end of its
stdin and a broken stdout, and Textual's driver ignores both: its input
thread just returns at end of file (``web_driver.py`` ``run_input_thread``,
``_input_reader_linux.py`` ``if not data: return``), so the App never hears
of it and lives on, an orphan following the campaign for no one until
killed. :class:`ServedDriver` treats either sign as the browser
being gone: it stops writing and asks the App to exit, and should the App
not have ended :data:`GRACE` seconds later (busy rendering, a shutdown
stuck), it ends the process: the view is read-only, nothing is lost.
"""

from __future__ import annotations

import os
from threading import Lock, Timer

from textual import messages
from textual.drivers.web_driver import WebDriver


GRACE = 5.0
"""Seconds the App has to exit by itself once its server is gone."""


class ServedDriver(WebDriver):
    """Textual's web driver, ending the App when its server is gone: at
    the end of stdin (the server closed it or died) or on the first failed
    write to stdout (``BrokenPipeError`` or any ``OSError``); nothing more is
    written after that."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.server_gone = False
        """Whether the server went away (a test hook)."""
        self._gone_lock = Lock()
        self._write = self._write_to_server  # every write of WebDriver goes through _write

    def _write_to_server(self, data: bytes) -> None:
        if self.server_gone:
            return
        try:
            os.write(self.fileno, data)
        except OSError:
            self._lost_server()

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # stdin ended, not our own stop_application_mode
            self._lost_server()

    def _lost_server(self) -> None:
        with self._gone_lock:
            if self.server_gone:
                return
            self.server_gone = True
        if not self.exit_event.is_set():
            self._app.post_message(messages.ExitApp())
        last_resort = Timer(GRACE, os._exit, (1,))
        last_resort.daemon = True  # gone with the process if the App ends in time
        last_resort.start()
