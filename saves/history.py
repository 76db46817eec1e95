"""The history segment beside a campaign file, read back only on demand.

``<file>.history`` holds the undo steps and log entries of every encounter
that were folded out of the journal (see :mod:`saves.fold`). It is only
ever appended to; the campaign file records how many of its bytes belong
to it (``meta.history_length``) and, per encounter, an index of its
records (``history``: ``[offset, log entries, first step, steps]`` each,
oldest first) with its counts (``step_count``, ``log_count``,
``last_seq``). One line per record, framed like the journal's (CRC32,
JSON)::

    {"cid": ..., "eid": 3, "prev": 81234, "steps": [step, ...], "log": [entry, ...]}

``prev`` is the offset of the encounter's previous record (-1: none).
``steps`` are the encounter's current undo steps from the lowest one that
changed since the previous record, in order: the newest record holding
step ``n`` holds its current version. So any log entry or step is one
read away, and nothing is read before it is asked for. Bytes past
``history_length`` (a fold cut short) belong to nothing and are cut off by
the next fold.

Records are untrusted when read: CRC-checked and shapes checked as read,
strings cleaned in each document as it is used; a damaged one raises :class:`CorruptSave` naming the file (the
log shows an unreadable line in its place).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saves.errors import CorruptSave
from saves.files import MAX_JOURNAL_BYTES, kind_of
from saves.journal import decode_line
from saves.records import LogEntry
from saves.sanitize import UnsafeDocument, clean_document
from saves.entries import check_step
from saves.entries import decode_entry, unreadable_entry

CHUNK = 256  # steps or log entries per record at most
_CACHED_RECORDS = 32
SETTLE_AFTER = 64  # entries a session's log view holds itself before it reads them from the log list
MAX_RECORD_BYTES = MAX_JOURNAL_BYTES  # one line of the history at most


def history_path(path: Path) -> Path:
    return path.with_name(path.name + ".history")


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class HistoryFile:
    """Reader of the records of ``path`` that lie below ``length`` bytes."""

    def __init__(self, path: Path, length: int, cid: str) -> None:
        self.path, self.length, self.cid = path, length, cid

    def read(self, offset: int, eid: int) -> dict[str, Any]:
        """The record at ``offset`` (of encounter ``eid``), CRC and shape
        checked, its strings not cleaned yet; raises :class:`CorruptSave`."""
        if not _int(offset) or not 0 <= offset < self.length:
            raise CorruptSave(self.path, f"has no record at byte {offset}")
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
        except OSError as exc:
            raise CorruptSave(self.path, f"cannot be read ({exc.strerror or exc})") from None
        try:
            kind = kind_of(os.fstat(fd).st_mode)
            if kind is not None:
                raise CorruptSave(self.path, f"is {kind}, not a file; it was left untouched")
            parts, position = [], offset
            while position < self.length and position - offset <= MAX_RECORD_BYTES:
                chunk = os.pread(fd, max(1 << 16, position - offset), position)
                if not chunk:
                    break
                end = chunk.find(b"\n")
                if end >= 0:
                    parts.append(chunk[: end + 1])
                    break
                parts.append(chunk)
                position += len(chunk)
        except OSError as exc:
            raise CorruptSave(self.path, f"cannot be read ({exc.strerror or exc})") from None
        finally:
            os.close(fd)
        line = b"".join(parts)
        record = decode_line(line) if len(line) <= MAX_RECORD_BYTES else None
        ok = record is not None and (
            record.get("cid") == self.cid
            and record.get("eid") == eid
            and _int(record.get("prev"))
            and record["prev"] < offset
            and isinstance(record.get("steps"), list)
            and isinstance(record.get("log"), list)
            and all(isinstance(d, dict) for d in record["steps"] + record["log"])
        )
        if record is None or not ok:
            raise CorruptSave(self.path, f"is damaged at byte {offset}")
        return record  # checked, not cleaned: each document is cleaned when used (clean)

    def clean(self, doc: dict[str, Any]) -> dict[str, Any]:
        """A document of a record with its strings cleaned; raises :class:`CorruptSave`."""
        try:
            return clean_document(doc)
        except UnsafeDocument as exc:
            raise CorruptSave(self.path, str(exc)) from None


class EncounterHistory:
    """One encounter's part of the history: ``step_count`` undo steps and
    ``log_count`` log entries in the records of ``index`` (see the module
    docstring); raises :class:`CorruptSave` when the index does not fit."""

    def __init__(self, file: HistoryFile, eid: int, index: list[list[int]], step_count: int, log_count: int) -> None:
        self.file, self.eid, self.index = file, eid, index
        self.step_count, self.log_count = step_count, log_count
        self._ends: list[int] = []  # log entries up to and with each record
        total = 0
        for _, entries, _, _ in index:
            total += entries
            self._ends.append(total)
        if total != log_count:
            raise CorruptSave(file.path, f"does not hold the {log_count} log entries of encounter {eid}")
        self._records: OrderedDict[int, dict[str, Any]] = OrderedDict()

    def grown(self) -> None:
        """The index was extended by a fold (it is the encounter's own list):
        the log entries of its new records can be read from now on."""
        total = self._ends[-1] if self._ends else 0
        for _, entries, _, _ in self.index[len(self._ends):]:
            total += entries
            self._ends.append(total)
        self.log_count = total

    def _record(self, j: int) -> dict[str, Any]:
        offset, entries, _, steps = self.index[j]
        record = self._records.get(offset)
        if record is None:
            record = self.file.read(offset, self.eid)
            if len(record["log"]) != entries or len(record["steps"]) != steps:
                raise CorruptSave(self.file.path, f"is damaged at byte {offset} (not the record the campaign file names)")
            self._records[offset] = record
            if len(self._records) > _CACHED_RECORDS:
                self._records.popitem(last=False)
        else:
            self._records.move_to_end(offset)
        return record

    def step(self, n: int) -> dict[str, Any]:
        """Undo step ``n`` (from 1); raises :class:`CorruptSave` when the history lacks it."""
        for j in range(len(self.index) - 1, -1, -1):
            first, count = self.index[j][2], self.index[j][3]
            if first <= n < first + count:
                step = self._record(j)["steps"][n - first]
                check_step(step, self.file.path)
                if step["n"] != n:
                    break
                return self.file.clean(step)
        raise CorruptSave(self.file.path, f"misses undo step {n} of encounter {self.eid}")

    def log_doc(self, index: int) -> dict[str, Any]:
        """Log entry ``index`` (from 0, oldest first) as its document."""
        if not 0 <= index < self.log_count:
            raise CorruptSave(self.file.path, f"misses log entry {index + 1} of encounter {self.eid}")
        j = bisect_right(self._ends, index)
        docs = self._record(j)["log"]
        return self.file.clean(docs[index - (self._ends[j - 1] if j else 0)])


class StepList:
    """An encounter's undo steps: ``steps[i]`` is step ``i + 1``. Those in the
    history are read when asked for; those taken since stay in memory until
    a fold has written them, and then only the last
    :data:`saves.fold.KEEP_STEPS` (:meth:`forget_written`)."""

    def __init__(self, history: EncounterHistory | None = None, steps: Sequence[dict[str, Any]] = ()) -> None:
        self.history = history
        base = history.step_count if history else 0
        self._mem = {base + i + 1: step for i, step in enumerate(steps)}
        self._count = base + len(steps)
        self.dirty = base + 1  # the lowest step not in the history as it is on disk

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> dict[str, Any]:
        n = index + 1 if index >= 0 else self._count + index + 1
        if not 1 <= n <= self._count:
            raise IndexError(index)
        step = self._mem.get(n)
        if step is None:
            if self.history is None:
                raise IndexError(index)
            step = self.history.step(n)
        return step

    def __iter__(self):
        return (self[i] for i in range(self._count))

    def truncate(self, count: int) -> None:
        """Forget the steps past ``count`` (they could have been redone)."""
        if count >= self._count:  # a new step at the end (most actions): nothing to forget, no walk of the steps kept
            return
        for n in [n for n in self._mem if n > count]:
            del self._mem[n]
        self._count = min(self._count, count)
        self.dirty = min(self.dirty, count + 1)

    def append(self, step: dict[str, Any]) -> None:
        self._count += 1
        self._mem[self._count] = step
        self.dirty = min(self.dirty, self._count)

    def forget_written(self, keep: int) -> None:
        """Drop from memory the steps the history segment holds as they are
        here (those below ``dirty``), all but the last ``keep``: an undo that
        far back reads them from the history, as after a reopen. Needs
        :attr:`history`; without it nothing is dropped."""
        if self.history is None:
            return
        for n in [n for n in self._mem if n < self.dirty and n <= self._count - keep]:
            del self._mem[n]

    @property
    def in_memory(self) -> int:
        """How many steps are held in memory (the rest are read from the history)."""
        return len(self._mem)

    def take_pending(self) -> tuple[int, list[dict[str, Any]]]:
        """``(dirty, steps dirty..count)`` to write to the history; marks them written."""
        dirty = self.dirty
        pending = [self._mem[n] for n in range(dirty, self._count + 1)]
        self.dirty = self._count + 1
        return dirty, pending

    def written_failed(self, dirty: int) -> None:
        """A fold that took steps from ``dirty`` did not reach the disk."""
        self.dirty = min(self.dirty, dirty)


class LogList:
    """An encounter's log: entries in the history (read back on demand, a
    few decoded ones cached) followed by those in memory."""

    def __init__(self, history: EncounterHistory | None = None, last_seq: int = 0, path: Path | None = None) -> None:
        self.history = history
        self.file_path = path or (history.file.path if history else Path("campaign"))
        self._base = history.log_count if history else 0
        self._base_last_seq = last_seq
        self.docs: list[dict[str, Any]] = []
        self._entries: list[LogEntry | None] = []
        self._decoded: OrderedDict[int, LogEntry] = OrderedDict()
        self.written = self._base  # entries in the history as it is on disk

    def __len__(self) -> int:
        return self._base + len(self.docs)

    @property
    def last_seq(self) -> int:
        if self.docs:  # its seq was checked when it was read (even when its event cannot be)
            return self.docs[-1]["seq"]
        return self._base_last_seq

    def append(self, doc: dict[str, Any], entry: LogEntry | None = None) -> None:
        """Add an entry document (``entry``: the same decoded, when known)."""
        self.docs.append(doc)
        self._entries.append(entry)

    def doc(self, index: int) -> dict[str, Any]:
        if index < self._base:
            assert self.history is not None
            return self.history.log_doc(index)
        return self.docs[index - self._base]

    def entry(self, index: int) -> LogEntry:
        """Entry ``index`` (from 0) decoded; an unreadable one is shown as such."""
        if index >= self._base:
            cached = self._entries[index - self._base]
            if cached is None:
                try:
                    cached = decode_entry(self.docs[index - self._base], self.file_path)
                except CorruptSave as exc:
                    cached = unreadable_entry(exc)
                self._entries[index - self._base] = cached
            return cached
        found = self._decoded.get(index)
        if found is None:
            try:
                found = decode_entry(self.doc(index), self.file_path)
            except CorruptSave as exc:
                found = unreadable_entry(exc)
            self._decoded[index] = found
            if len(self._decoded) > 512:
                self._decoded.popitem(last=False)
        return found

    def take_pending(self) -> tuple[int, list[dict[str, Any]]]:
        """``(first index, documents)`` not yet in the history; marks them written."""
        start = self.written
        pending = self.docs[start - self._base :]
        self.written = len(self)
        return start, pending

    def written_failed(self, start: int) -> None:
        self.written = min(self.written, start)

    def forget_written(self, keep: int) -> None:
        """Drop from memory the entries a fold wrote to the history (they
        are read back from it when asked for, see :meth:`entry`), all but
        the last ``keep``: a long session's log does not grow in memory."""
        if self.history is None:
            return
        drop = min(self.written - self._base, len(self.docs) - keep, self.history.log_count - self._base)
        if drop <= 0:
            return
        self._base_last_seq = self.docs[drop - 1]["seq"]
        del self.docs[:drop]
        del self._entries[:drop]
        self._base += drop

    def in_memory(self) -> int:
        return len(self.docs)

    def entries(self) -> LogView:
        return LogView(self, len(self))


class LogView(Sequence):
    """The first ``length`` entries of a :class:`LogList`, decoded as read;
    ``append`` / ``extend`` add entries of its own after them (a session's
    log: what it played since it opened)."""

    def __init__(self, log: LogList | Sequence[LogEntry], length: int | None = None) -> None:
        self._log = log
        self._n = len(log) if length is None else length
        self._added: list[LogEntry] = []

    def __len__(self) -> int:
        return self._n + len(self._added)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index >= self._n:
            return self._added[index - self._n]
        log = self._log
        return log.entry(index) if isinstance(log, LogList) else log[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def append(self, entry: LogEntry) -> None:
        self._added.append(entry)
        self._settle()

    def extend(self, entries) -> None:
        self._added.extend(entries)
        self._settle()

    def _settle(self) -> None:
        """The entries this view added that the log list holds by now (the
        session's own, whose documents the campaign appends), read from it
        from now on, so that they leave memory with the documents a fold
        wrote (:meth:`LogList.forget_written`)."""
        if len(self._added) >= SETTLE_AFTER and isinstance(self._log, LogList):
            held = min(len(self._log) - self._n, len(self._added))
            if held > 0:
                self._n += held
                del self._added[:held]

    def __repr__(self) -> str:
        return f"LogView({len(self)} entries)"
