"""The append-only journal next to a campaign file (``<file>.journal``).

One line per action: ``<crc32 of the JSON, 8 hex digits> <JSON record>\\n``.
:meth:`Journal.append` writes the lines and fsyncs before returning, so an
acknowledged action is on disk; its cost depends on the size of the record,
never on the length of the history. A kill in the middle of an append leaves
a torn last line, which was never acknowledged and is ignored on reading; a
damaged line *followed by* good ones means the file was damaged and is
refused.

After a failed append (disk full, file size limit) the journal is cut back
to its last good length, so the next append starts on a clean line.

:class:`JournalWriter` runs the appends on a thread of their own, beside
the UI (group commit: the actions that arrive while one fsync runs are
written with the next); the campaign marks an action saved only once its
append returned (:mod:`saves.campaign`).
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from saves.errors import CorruptSave
from saves.files import MAX_JOURNAL_BYTES, NotAFile, fsync_folder, open_own, read_regular
from saves.texts import record_bytes


def _encode(record: dict[str, Any]) -> bytes:
    """One framed line, ``<crc32 of the JSON, 8 hex digits> <JSON>\\n``; the
    texts of an action's step and log documents are kept for the fold
    that writes them into the history (:mod:`saves.texts`)."""
    body = record_bytes(record)
    return b"%08x " % zlib.crc32(body) + body + b"\n"


def read_journal(path: Path) -> tuple[list[dict[str, Any]], int]:
    """``(records, good_length)`` of the journal at ``path`` (``([], 0)`` when absent).

    ``good_length`` is the byte length up to the end of the last good line.
    Raises :class:`CorruptSave` naming the journal when a damaged line is
    followed by a good one, or it cannot be read, or it is a symbolic or a
    hard link (a journal is never either: someone planted it).
    """
    try:
        raw = read_regular(path, MAX_JOURNAL_BYTES, own=True)
    except NotAFile as exc:
        raise CorruptSave(path, f"{exc}; it was left untouched") from None
    except OSError as exc:
        raise CorruptSave(path, f"cannot be read ({exc.strerror or exc})") from None
    if raw is None:
        return [], 0
    records: list[dict[str, Any]] = []
    good = 0
    offset = 0
    damaged_at: int | None = None
    for line in raw.splitlines(keepends=True):
        record = _decode(line)
        if record is None:
            if damaged_at is None:
                damaged_at = offset
        else:
            if damaged_at is not None:
                raise CorruptSave(path, f"is damaged at byte {damaged_at} (a bad line before good ones); it was left untouched")
            records.append(record)
            good = offset + len(line)
        offset += len(line)
    return records, good


def _decode(line: bytes) -> dict[str, Any] | None:
    if not line.endswith(b"\n") or len(line) < 11 or line[8:9] != b" ":
        return None
    body = line[9:-1]
    try:
        if int(line[:8], 16) != zlib.crc32(body):
            return None
        record = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):  # RecursionError: nested too deeply for the parser
        return None
    return record if isinstance(record, dict) else None


class Journal:
    """Appender for the journal at ``path`` whose good part is ``good_length`` bytes long."""

    def __init__(self, path: Path, good_length: int) -> None:
        self.path = path
        self.good_length = good_length
        self._fd: int | None = None
        self._length_known = False  # the file is good_length bytes long: checked at the first append and after a failed one

    @property
    def size(self) -> int:
        return self.good_length

    def append(self, records: list[dict[str, Any]]) -> None:
        """Append ``records`` and fsync. Raises ``OSError``; the journal is then cut
        back to its previous good length (when the disk lets us)."""
        data = _encode(records[0]) if len(records) == 1 else b"".join(map(_encode, records))  # most appends: one action's line
        fd = self._open()
        try:
            if not self._length_known and os.fstat(fd).st_size != self.good_length:
                os.ftruncate(fd, self.good_length)  # a torn line a kill or a failed append left
            self._length_known = True
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
        except OSError:
            self._length_known = False
            try:
                os.ftruncate(fd, self.good_length)
            except OSError:
                pass
            raise
        self.good_length += len(data)

    def _open(self) -> int:
        if self._fd is None:
            existed = os.path.lexists(self.path)
            self._fd = open_own(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)  # never through a planted link
            if not existed:
                fsync_folder(self.path.parent)
        return self._fd

    def remove(self) -> None:
        """Delete the journal (after its records were compacted into the campaign file)."""
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        fsync_folder(self.path.parent)
        self.good_length = 0

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            self._length_known = False


class JournalWriter:
    """``JournalWriter(write)``: a thread that calls ``write()`` (write
    everything queued, one append and fsync) each time it is woken, one
    call at a time; wakes that come while a call runs are served by the next
    call (group commit). The caller keeps the queue and what is saved.

    The thread blocks on a :class:`queue.SimpleQueue` of asks (a wake, or a
    lock a waiter holds, released once every wake before it was served):
    a wake and the waiter's release are one futex each, in C, with no
    :class:`threading.Condition` (a Python-level lock, waiter list and
    predicate loop on both sides of every action)."""

    def __init__(self, write: Callable[[], None], name: str = "encounter-journal") -> None:
        self._write = write
        self._asks: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._busy = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def wake(self) -> None:
        """Ask for a ``write()`` (soon: after the one under way, if any)."""
        self._asks.put(_WAKE)

    @property
    def idle(self) -> bool:
        """No ``write()`` under way or asked for."""
        return not self._busy and self._asks.empty()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every ``write()`` asked for has returned; False on ``timeout`` (seconds)."""
        served = threading.Lock()
        served.acquire()
        self._asks.put(served)
        deadline = None if timeout is None else time.monotonic() + timeout
        while not served.acquire(timeout=_LOOK if deadline is None else max(0.0, min(_LOOK, deadline - time.monotonic()))):
            if not self._thread.is_alive():
                return True  # stopped: every wake before the stop was served
            if deadline is not None and time.monotonic() >= deadline:
                return False
        return True

    def stop(self) -> None:
        """Serve the wakes so far, then end the thread."""
        self._asks.put(_STOP)
        if self._thread is not threading.current_thread():
            self._thread.join()

    def _run(self) -> None:
        while True:
            asks = [self._asks.get()]
            while not self._asks.empty():  # what came meanwhile: served by one call (group commit)
                asks.append(self._asks.get())
            if _WAKE in asks:
                self._busy = True
                try:
                    self._write()  # which turns the disk's refusals into the campaign's ``unsaved``
                except Exception:  # noqa: BLE001 - the writer outlives one bad call; what was queued stays queued
                    pass
                finally:
                    self._busy = False
            for ask in asks:
                if ask is not _WAKE and ask is not _STOP:
                    ask.release()  # type: ignore[attr-defined]  # a waiter's lock
            if _STOP in asks:
                return


_WAKE, _STOP = object(), object()
_LOOK = 0.5
"""Seconds a waiter waits between looks whether the writer ended (stopped meanwhile)."""


encode_line = _encode  # one framed line (the history segment uses the same framing)
decode_line = _decode
