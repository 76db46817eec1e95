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
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves import backups
from saves.errors import SaveWriteFailed
from saves.files import kind_of
from saves.history import CHUNK, history_path
from saves.journal import encode_line
from saves.layout import CampaignData
from saves.migrations import SCHEMA_VERSION
from saves.storage import atomic_write


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


@dataclass
class Result:
    history_length: int = 0
    added: dict[int, list[list[int]]] = field(default_factory=dict)  # new history records, by eid
    main_size: int = 0
    error: SaveWriteFailed | None = None


def stage(name: str) -> None:
    """Called after each step of :func:`write` (``history``, ``file``,
    ``journal``); the kill tests replace it to kill the process there."""


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
        else:
            enc.steps.written_failed(part.dirty)
            enc.log.written_failed(part.log_start)
    if result.error is None:
        data.meta["journal_seq"] = max(data.meta["journal_seq"], plan.seq)
        data.meta["history_length"] = result.history_length


def write(plan: Plan) -> Result:
    """Do the fold (see the module docstring); never raises for disk
    trouble: the result's ``error`` says what failed (nothing is lost)."""
    try:
        length, added = _append_history(plan)
        stage("history")
        text = _file_text(plan, length, added)
        try:
            backups.make_backup(plan.path)
        except OSError:
            pass  # a backup is a convenience; the write below is what matters
        atomic_write(plan.path, text)
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
    return Result(length, added, len(text.encode("utf-8")))


def _append_history(plan: Plan) -> tuple[int, dict[int, list[list[int]]]]:
    added: dict[int, list[list[int]]] = {}
    lines: list[bytes] = []
    position = plan.history_length
    cid = plan.meta["cid"]
    for part in plan.parts:
        prev = part.index[-1][0] if part.index else -1
        for at in range(0, max(len(part.steps), len(part.log)), CHUNK):
            steps, log = part.steps[at : at + CHUNK], part.log[at : at + CHUNK]
            line = encode_line({"cid": cid, "eid": part.eid, "prev": prev, "steps": steps, "log": log})
            added.setdefault(part.eid, []).append([position, len(log), part.dirty + at if steps else 0, len(steps)])
            prev = position
            position += len(line)
            lines.append(line)
    if not lines:
        return plan.history_length, added
    path = history_path(plan.path)
    existed = path.exists()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | os.O_NOCTTY, 0o600)
    try:
        info = os.fstat(fd)
        if kind_of(info.st_mode) is not None:
            raise OSError(0, f"{path.name} is {kind_of(info.st_mode)}, not a file; not written")
        size = info.st_size
        if size < plan.history_length:
            raise OSError(0, f"{path.name} is shorter than {plan.path.name} says; not written")
        if size > plan.history_length:
            os.ftruncate(fd, plan.history_length)  # what a fold cut short left: it belongs to nothing
        view = memoryview(b"".join(lines))
        offset = plan.history_length
        while view:
            written = os.pwrite(fd, view, offset)
            view, offset = view[written:], offset + written
        os.fsync(fd)
    finally:
        os.close(fd)
    if not existed:
        _fsync_dir(path.parent)
    return position, added


# -- the campaign file's text ------------------------------------------------------
# Encounter states are immutable documents shared from one step to the next:
# their text (and that of their big parts, the map) is kept by identity, so a
# fold encodes only what changed.
_TEXTS: dict[int, tuple[Any, str]] = {}
_TEXTS_SIZE = 20_000


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _text(value: Any, depth: int) -> str:
    """JSON of ``value``: a state (depth 0) from the texts of its parts, each kept."""
    if not isinstance(value, (dict, list)):
        return _dumps(value)
    known = _TEXTS.get(id(value))
    if known is not None and known[0] is value:
        return known[1]
    if depth == 0 and isinstance(value, dict):
        text = "{" + ",".join(_dumps(str(k)) + ":" + _text(value[k], 1) for k in sorted(value)) + "}"
    else:
        text = _dumps(value)
    if len(_TEXTS) > _TEXTS_SIZE:
        _TEXTS.clear()
    _TEXTS[id(value)] = (value, text)
    return text


def _file_text(plan: Plan, length: int, added: dict[int, list[list[int]]]) -> str:
    meta = dict(plan.meta, schema=SCHEMA_VERSION, journal_seq=plan.seq, history_length=length)
    encounters = []
    for i, part in enumerate(plan.parts, 1):
        head = _dumps({"eid": part.eid, "name": part.name, "status": part.status, "head": part.head, "history": part.index + added.get(part.eid, []),
                       "step_count": part.step_count, "log_count": part.log_count, "last_seq": part.last_seq})
        encounters.append(f'"{i}":{head[:-1]},"state":{_text(part.state, 0)}}}')
    party = {str(i): {"pid": pid, "combatant": doc} for i, (pid, doc) in enumerate(plan.party.items(), 1)}
    bestiary = {str(i): {"name": name, "template": doc} for i, (name, doc) in enumerate(plan.bestiary.items(), 1)}
    return (f'{{"bestiary":{_dumps(bestiary)},"encounters":{{{",".join(encounters)}}},"log":{{}},'
            f'"meta":{{"1":{_dumps(meta)}}},"party":{_dumps(party)},"steps":{{}}}}')


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
