"""Run a terminal program under a pseudo-terminal and record what it writes.

    with PtyProcess([sys.executable, "-m", "tui.cli.main", "--demo"], size=(120, 40)) as proc:
        proc.wait_for(b"Round 1")          # first frame
        proc.read_until_quiet(0.5)         # let it settle
        mark = proc.mark()
        proc.send(b"n")
        proc.read_until_quiet(0.5)
        print(len(proc.output_since(mark)), "bytes for one key")

Every chunk read from the pty is kept with the ``time.perf_counter()`` at
which it was read, so callers can time "key sent" to "first / last byte of
the frame". The window size is set in the child before ``exec`` (so the
program's first frame already has it) and ``TERM`` defaults to
``xterm-256color``. Used by ``bench_tui.py`` and by the pty check in
``tests/tui/test_untrusted_text.py``.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
from collections.abc import Mapping, Sequence


class PtyProcess:
    """``argv`` started under a pty of ``size`` (columns, rows) with ``env``
    added to this environment (less ``TEXTUAL_*``, ``COLUMNS`` and ``LINES``)."""

    def __init__(self, argv: Sequence[str], size: tuple[int, int] = (80, 24), env: Mapping[str, str] | None = None, cwd: str | None = None) -> None:
        # COLUMNS / LINES would override the pty's size (shutil.get_terminal_size).
        child_env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL") and k not in ("COLUMNS", "LINES")}
        child_env.setdefault("TERM", "xterm-256color")
        child_env.update(env or {})
        columns, rows = size
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child: the pty's slave is stdin/stdout/stderr
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                if cwd:
                    os.chdir(cwd)
                os.execvpe(argv[0], list(argv), child_env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.chunks: list[tuple[float, bytes]] = []
        self.exit_status: int | None = None

    # -- reading --------------------------------------------------------------
    def _read_once(self, timeout: float) -> bool:
        """Read what is available within ``timeout`` s; False at end of output."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the pty
            return False
        if not data:
            return False
        self.chunks.append((time.perf_counter(), data))
        return True

    def wait_for(self, needle: bytes, timeout: float = 20.0, since: int = 0) -> float:
        """Read until ``needle`` appears in the output after chunk ``since``;
        returns the time (perf_counter) of the chunk that completed it."""
        deadline = time.perf_counter() + timeout
        while True:
            if needle in self.output_since(since):
                for index in range(since, len(self.chunks)):
                    if needle in self.output_since(since, index + 1):
                        return self.chunks[index][0]
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"{needle!r} not seen in {timeout} s; got {self.output_since(since)[-300:]!r}")
            if not self._read_once(min(left, 0.05)):
                raise EOFError(f"program ended before {needle!r}; got {self.output_since(since)[-300:]!r}")

    def read_until_quiet(self, quiet: float = 0.3, timeout: float = 20.0) -> None:
        """Read until nothing has arrived for ``quiet`` seconds."""
        deadline = time.perf_counter() + timeout
        last = time.perf_counter()
        while time.perf_counter() < deadline:
            count = len(self.chunks)
            if not self._read_once(0.02):
                return
            if len(self.chunks) != count:
                last = time.perf_counter()
            elif time.perf_counter() - last >= quiet:
                return

    def read_for(self, seconds: float) -> None:
        """Read everything written in the next ``seconds``."""
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            if not self._read_once(min(0.05, end - time.perf_counter())):
                return

    def mark(self) -> int:
        return len(self.chunks)

    def output_since(self, mark: int = 0, end: int | None = None) -> bytes:
        return b"".join(data for _, data in self.chunks[mark:end])

    def times_since(self, mark: int) -> list[float]:
        return [t for t, _ in self.chunks[mark:]]

    # -- writing and ending --------------------------------------------------------
    def send(self, data: bytes) -> float:
        """Write ``data`` as typed keys; returns the time it was written."""
        sent = time.perf_counter()
        os.write(self.fd, data)
        return sent

    def wait(self, timeout: float = 10.0) -> int | None:
        """Wait for the child to exit (reading its output meanwhile); its status or None."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.exit_status = os.waitstatus_to_exitcode(status)
                return self.exit_status
            self._read_once(0.05)
        return None

    def close(self) -> None:
        if self.exit_status is None:
            try:
                os.kill(self.pid, signal.SIGTERM)
                if self.wait(3.0) is None:
                    os.kill(self.pid, signal.SIGKILL)
                    self.wait(3.0)
            except ProcessLookupError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass

    def __enter__(self) -> PtyProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
