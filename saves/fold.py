"""Folding the journal into the campaign file, off the UI's path.

A fold (a "compaction") takes what the journal added since the last one
and puts it where it lives for good:

1. the new undo steps and log entries of each encounter are appended to
   the history segment (:mod:`saves.history`), which is fsynced;
2. the campaign file is written whole and atomically (temporary file,
   fsync, rename; the old one backed up first) with the encounters' states
   and the new ``history_length``, ``journal_seq`` and history indexes;
3. the folded journal is deleted.

Its cost is that of the states and of what is new, not of the history.
:func:`capture` takes what to write (on the thread that changes the
campaign; cheap: references to immutable documents); :func:`write` does
the writing and may run on another thread while the game goes on (the
game's journal was first renamed ``<file>.journal.folding`` and a new one
started, see :class:`saves.campaign.Campaign`); :func:`settle` brings the
result back. A kill at any point leaves either the old campaign file or
the new one, each with every byte of history it names, and the journals
that hold the rest: opening replays them.

Python runs one thread at a time, so a fold beside the game must never
hold the interpreter for long (encoding a fold's megabytes in one call
held it for 40-260 ms: a key answered that late, ``bench/bench_stall.py``).
A background fold is *paced* (:meth:`Plan.pace`): it works in slices of
about a millisecond with a pause after each, and it never makes one big
call: the undo steps and log entries are not encoded again (their text
was kept when the journal wrote them, :mod:`saves.texts`), each line is
checksummed and written in pieces, the campaign file is written an
encounter at a time, and only states that changed are encoded (one field
at a time; a big map's rows a few at a time).
"""

from __future__ import annotations

import os
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves import backups
from saves.errors import SaveWriteFailed
from saves.files import kind_of, open_own
from saves.history import CHUNK, EncounterHistory, HistoryFile, history_path
from saves import texts
from saves.layout import CampaignData
from saves.migrations import SCHEMA_VERSION
from saves.storage import atomic_write


SLICE = 0.001  # seconds of work a paced fold does between two pauses
PAUSE = 0.002  # seconds of each pause: the fold takes at most a third of the interpreter


class _PutOff(Exception):
    """A paced fold was cancelled before it wrote anything."""


def folding_path(path: Path) -> Path:
    """The journal being folded (renamed from ``<file>.journal`` when a fold starts)."""
    return path.with_name(path.name + ".journal.folding")


@dataclass
class Part:
    """One encounter as a fold writes it."""

    eid: int
    name: str
    status: str
    state: dict[str, Any]
    head: int
    step_count: int
    log_count: int
    last_seq: int
    index: list[list[int]]  # its history records so far
    dirty: int  # the first of ``steps`` is step ``dirty``
    steps: list[dict[str, Any]]
    log_start: int  # ``log`` starts at this index of the encounter's log
    log: list[dict[str, Any]]


@dataclass
class Plan:
    path: Path
    seq: int
    meta: dict[str, Any]
    party: dict[str, Any]
    bestiary: dict[str, Any]
    parts: list[Part]
    history_length: int
    drop: tuple[Path, ...] = ()  # journals folded in (deleted once the file is written)
    paced: bool = False  # beside the game: let the game's thread run between small pieces of work
    _slice_start: float = 0.0
    cancelled: bool = False  # put off before it wrote anything (see cancel)
    writing: bool = False  # started writing: too late to put off
    guard: threading.Lock = field(default_factory=threading.Lock)

    def cancel(self) -> None:
        """Put the fold off if it has not started writing (a quick quit): it
        then writes nothing and reports an error; the journals stay for the
        next fold, as after a kill. Safe from another thread."""
        with self.guard:
            if not self.writing:
                self.cancelled = True

    def pace(self) -> None:
        """Called between pieces of a fold's work. A paced fold (one on a
        thread beside the game) sleeps a little once it has run for
        :data:`SLICE` seconds: Python runs one thread at a time, and the
        sleep is when the game's thread may take its turn at once, instead
        of waiting up to the interpreter's switch interval (5 ms) or for a
        whole encoding call (tens of ms for a big one)."""
        if not self.paced:
            return
        if self.cancelled and not self.writing:
            raise _PutOff
        now = time.perf_counter()
        if now - self._slice_start >= SLICE:
            time.sleep(PAUSE)
            self._slice_start = time.perf_counter()


@dataclass
class Result:
    history_length: int = 0
    added: dict[int, list[list[int]]] = field(default_factory=dict)  # new history records, by eid
    main_size: int = 0
    error: SaveWriteFailed | None = None


def stage(name: str) -> None:
    """Called after each step of :func:`write` (``encoded``: nothing written
    yet, ``history``, ``file``, ``journal``); the kill tests replace it to
    kill the process there."""


def capture(data: CampaignData, seq: int, history_length: int, path: Path, drop: tuple[Path, ...]) -> Plan:
    """What a fold up to journal record ``seq`` writes; marks the new steps
    and entries as written (:func:`settle` takes that back if it fails)."""
    parts = []
    for enc in data.encounters.values():
        dirty, steps = enc.steps.take_pending()
        start, log = enc.log.take_pending()
        parts.append(Part(enc.eid, enc.name, enc.status, enc.state, enc.head, len(enc.steps), len(enc.log),
                          enc.log.last_seq, list(enc.history), dirty, steps, start, log))
    return Plan(path, seq, dict(data.meta), dict(data.party), dict(data.bestiary), parts, history_length, drop)


def settle(data: CampaignData, plan: Plan, result: Result) -> None:
    """Bring a finished :func:`write` back into ``data``."""
    for part in plan.parts:
        enc = data.encounters.get(part.eid)
        if enc is None:
            continue
        if result.error is None:
            enc.history.extend(result.added.get(part.eid, []))
            _read_back_older_steps(enc, plan, result)
        else:
            enc.steps.written_failed(part.dirty)
            enc.log.written_failed(part.log_start)
    if result.error is None:
        data.meta["journal_seq"] = max(data.meta["journal_seq"], plan.seq)
        data.meta["history_length"] = result.history_length


KEEP_STEPS = 200
"""Undo steps of an encounter kept in memory once a fold has written them:
the last ones, which undo and redo meet first. Older ones are read back
from the history segment when an undo reaches them, so a long session's
memory does not grow with every action (about 40 KB a step)."""


KEEP_LOG = 512
"""Log entries of an encounter kept in memory once a fold has written them
(the log pane shows the last ones); older ones are read back on demand."""


def _read_back_older_steps(enc: Any, plan: Plan, result: Result) -> None:
    """After a fold: ``enc``'s steps now in the history, but the last
    :data:`KEEP_STEPS`, leave memory (:meth:`saves.history.StepList.forget_written`),
    and its log entries but the last :data:`KEEP_LOG` (:meth:`saves.history.LogList.forget_written`)."""
    if not enc.history:
        return
    history = enc.steps.history
    if history is None:  # its first record: the history indexes it from now on
        log_count = sum(record[1] for record in enc.history)
        history = EncounterHistory(HistoryFile(history_path(plan.path), result.history_length, plan.meta["cid"]), enc.eid, enc.history, 0, log_count)
        enc.steps.history = history
    history.file.length = max(history.file.length, result.history_length)  # the new records can be read
    enc.steps.forget_written(KEEP_STEPS)
    if enc.log.history is None:
        enc.log.history = history
    history.grown()
    enc.log.forget_written(KEEP_LOG)


def write(plan: Plan) -> Result:
    """Do the fold (see the module docstring); never raises for disk
    trouble: the result's ``error`` says what failed (nothing is lost)."""
    try:
        lines, length, added = _history_lines(plan)
        pieces = list(_file_pieces(plan, length, added))
        with plan.guard:  # from here on it writes: too late to put off
            if plan.cancelled:
                raise _PutOff
            plan.writing = True
        stage("encoded")
    except _PutOff:
        return Result(error=SaveWriteFailed(plan.path, "not saved yet: the fold was put off (the journals keep everything)"))
    try:
        _write_history(plan, lines)
        stage("history")
        try:
            backups.make_backup(plan.path)
        except OSError:
            pass  # a backup is a convenience; the write below is what matters
        size = atomic_write(plan.path, pieces)
        stage("file")
        for journal in plan.drop:
            try:
                os.unlink(journal)
            except FileNotFoundError:
                pass
        _fsync_dir(plan.path.parent)
        stage("journal")
    except OSError as exc:
        return Result(error=SaveWriteFailed(plan.path, f"not saved: {exc.strerror or exc}"))
    return Result(length, added, size)


# -- the history's lines ---------------------------------------------------------
# A line is framed as the journal's (saves.journal: "<crc32> <json>\n"); it is
# kept as pieces (the texts the journal kept, saves.texts), checksummed piece
# by piece, never joined into one big string.
_PIECE = 1 << 16  # bytes per write at least, when pieces are small


def _history_lines(plan: Plan) -> tuple[list[list[bytes]], int, dict[int, list[list[int]]]]:
    """The new history lines (each as its pieces of bytes), the history's new
    length, and the records added per encounter. The same bytes as encoding
    ``{"cid", "eid", "log", "prev", "steps"}`` with sorted keys."""
    added: dict[int, list[list[int]]] = {}
    lines: list[list[bytes]] = []
    position = plan.history_length
    cid = texts.dumps(plan.meta["cid"])
    for part in plan.parts:
        prev = part.index[-1][0] if part.index else -1
        for at in range(0, max(len(part.steps), len(part.log)), CHUNK):
            steps, log = part.steps[at : at + CHUNK], part.log[at : at + CHUNK]
            body = [f'{{"cid":{cid},"eid":{part.eid},"log":['.encode()]
            _add_texts(body, log, plan)
            body.append(f'],"prev":{prev},"steps":['.encode())
            _add_texts(body, steps, plan)
            body.append(b"]}")
            crc = 0
            for piece in body:
                crc = zlib.crc32(piece, crc)
            line = [b"%08x " % crc, *body, b"\n"]
            size = sum(map(len, line))
            added.setdefault(part.eid, []).append([position, len(log), part.dirty + at if steps else 0, len(steps)])
            prev = position
            position += size
            lines.append(line)
    return lines, position, added


def _add_texts(body: list[bytes], docs: list[dict[str, Any]], plan: Plan) -> None:
    for i, doc in enumerate(docs):
        if i:
            body.append(b",")
        body.append(texts.take(doc).encode("utf-8"))
        plan.pace()


def _write_history(plan: Plan, lines: list[list[bytes]]) -> None:
    """Append ``lines`` at ``plan.history_length`` (cutting off what a fold
    cut short left past it) and fsync; raises ``OSError``."""
    if not lines:
        return
    path = history_path(plan.path)
    existed = os.path.lexists(path)
    fd = open_own(path, os.O_WRONLY | os.O_CREAT, 0o600)  # never through a planted link
    try:
        info = os.fstat(fd)
        if kind_of(info.st_mode) is not None:
            raise OSError(0, f"{path.name} is {kind_of(info.st_mode)}, not a file; not written")
        size = info.st_size
        if size < plan.history_length:
            raise OSError(0, f"{path.name} is shorter than {plan.path.name} says; not written")
        if size > plan.history_length:
            os.ftruncate(fd, plan.history_length)  # what a fold cut short left: it belongs to nothing
        offset = plan.history_length
        for block in _blocks(piece for line in lines for piece in line):
            view = memoryview(block)
            while view:
                written = os.pwrite(fd, view, offset)
                view, offset = view[written:], offset + written
            plan.pace()
        os.fsync(fd)
    finally:
        os.close(fd)
    if not existed:
        _fsync_dir(path.parent)


def _blocks(pieces) -> Iterator[bytes]:
    """``pieces`` regrouped into blocks of at least :data:`_PIECE` bytes (the last may be shorter)."""
    group: list[bytes] = []
    size = 0
    for piece in pieces:
        group.append(piece)
        size += len(piece)
        if size >= _PIECE:
            yield group[0] if len(group) == 1 else b"".join(group)
            group, size = [], 0
    if group:
        yield b"".join(group)


# -- the campaign file's text ------------------------------------------------------
# Encounter states are immutable documents shared from one step to the next:
# their text (and that of their fields, the map) is kept by identity, so a
# fold encodes only what changed.
# Bounded by the length of the texts kept, not their number: each fold adds
# the text of the states it wrote (tens of KB each), so a count would let a
# long session keep every state it ever folded.
_TEXTS: dict[int, tuple[Any, str]] = {}
_TEXTS_SIZE = 20_000
_TEXTS_CHARS = 8 << 20
_kept_chars = [0]
_USED: set[int] = set()  # the keys of _TEXTS the fold being written used
_BIG = 64  # a list or object with more items is encoded an item at a time
_dumps = texts.dumps


def _text(value: Any, depth: int, pace) -> str:
    """JSON of ``value`` (the same bytes as ``_dumps``). A state (depth 0)
    and its fields (depth 1) are kept by identity; a state, and what is
    big down to depth 2 (a map and its rows), is built from the texts of
    its items, so that no single encoding call runs long (a paced fold's
    slices)."""
    if not isinstance(value, (dict, list)):
        return _dumps(value)
    if depth <= 1:
        known = _TEXTS.get(id(value))
        if known is not None and known[0] is value:
            _USED.add(id(value))
            return known[1]
    pace()
    if depth == 0 or (depth <= 2 and _big(value)):
        if isinstance(value, list):
            text = "[" + ",".join(_text(v, depth + 1, pace) for v in value) + "]"
        elif all(isinstance(k, str) for k in value):
            text = "{" + ",".join(_dumps(k) + ":" + _text(value[k], depth + 1, pace) for k in sorted(value)) + "}"
        else:
            text = _dumps(value)
    else:
        text = _dumps(value)
    if depth <= 1:
        if len(_TEXTS) > _TEXTS_SIZE or _kept_chars[0] > _TEXTS_CHARS:
            _TEXTS.clear()
            _kept_chars[0] = 0
        _TEXTS[id(value)] = (value, text)
        _USED.add(id(value))
        _kept_chars[0] += len(text)
    return text


def _keep_only_used_texts() -> None:
    """After a fold wrote the campaign file: forget the texts of the states
    and fields it did not use (replaced since: they would never be asked
    for again, and each entry keeps its old document alive too)."""
    for key in [key for key in _TEXTS if key not in _USED]:
        del _TEXTS[key]
    _USED.clear()
    _kept_chars[0] = sum(len(text) for _, text in _TEXTS.values())


def _big(value: dict | list) -> bool:
    """More than :data:`_BIG` items, or an item that has (a map's rows)."""
    items = value.values() if isinstance(value, dict) else value
    return len(value) > _BIG or any(isinstance(v, (dict, list)) and len(v) > _BIG for v in items)


def _file_pieces(plan: Plan, length: int, added: dict[int, list[list[int]]]) -> Iterator[bytes]:
    """The campaign file's text, UTF-8, an encounter at a time (see :func:`saves.storage.atomic_write`)."""
    meta = dict(plan.meta, schema=SCHEMA_VERSION, journal_seq=plan.seq, history_length=length)
    party = {str(i): {"pid": pid, "combatant": doc} for i, (pid, doc) in enumerate(plan.party.items(), 1)}
    bestiary = {str(i): {"name": name, "template": doc} for i, (name, doc) in enumerate(plan.bestiary.items(), 1)}
    yield f'{{"bestiary":{_text(bestiary, 2, plan.pace)},"encounters":{{'.encode("utf-8")
    for i, part in enumerate(plan.parts, 1):
        head = _dumps({"eid": part.eid, "name": part.name, "status": part.status, "head": part.head, "history": part.index + added.get(part.eid, []),
                       "step_count": part.step_count, "log_count": part.log_count, "last_seq": part.last_seq})
        yield f'{"," if i > 1 else ""}"{i}":{head[:-1]},"state":{_text(part.state, 0, plan.pace)}}}'.encode("utf-8")
        plan.pace()
    yield f'}},"log":{{}},"meta":{{"1":{_dumps(meta)}}},"party":{_text(party, 2, plan.pace)},"steps":{{}}}}'.encode("utf-8")
    _keep_only_used_texts()


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
