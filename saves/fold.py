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
A background fold is *paced* (:meth:`saves.fold_plan.Plan.pace`): it
works in slices of about a millisecond with a pause after each, and it
never makes one big call: the undo steps and log entries are not encoded
again (their text was kept when the journal wrote them, :mod:`saves.texts`),
each history line is checksummed and written in pieces
(:mod:`saves.history_lines`), the campaign file is written an encounter at
a time, and only states that changed are encoded (one field at a time; a
big map's rows a few at a time: :mod:`saves.campaign_text`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saves import backups
from saves.campaign_text import file_pieces
from saves.errors import SaveWriteFailed
from saves.files import fsync_folder
from saves.fold_plan import Part, Plan, PutOff
from saves.history import EncounterHistory, HistoryFile, history_path
from saves.history_lines import history_lines, write_history
from saves.layout import CampaignData
from saves.storage import atomic_write

__all__ = ["KEEP_LOG", "KEEP_STEPS", "Part", "Plan", "Result", "capture", "folding_path", "settle", "stage", "write"]


def folding_path(path: Path) -> Path:
    """The journal being folded (renamed from ``<file>.journal`` when a fold starts)."""
    return path.with_name(path.name + ".journal.folding")


@dataclass
class Result:
    history_length: int = 0
    added: dict[int, list[list[int]]] = field(default_factory=dict)  # new history records, by eid
    main_size: int = 0
    error: SaveWriteFailed | None = None
    backup_skipped: str | None = None  # why the old file was not backed up (a linked .backups, a full disk), a sentence


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
        parts.append(Part(enc.eid, enc.name, enc.status, enc.stored_state, enc.head, len(enc.steps), len(enc.log),
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
        lines, length, added = history_lines(plan)
        pieces = list(file_pieces(plan, length, added))
        with plan.guard:  # from here on it writes: too late to put off
            if plan.cancelled:
                raise PutOff
            plan.writing = True
        stage("encoded")
    except PutOff:
        return Result(error=SaveWriteFailed(plan.path, "not saved yet: the fold was put off (the journals keep everything)"))
    try:
        write_history(plan, lines)
        stage("history")
        try:
            backups.make_backup(plan.path)
            skipped = None
        except OSError as exc:  # a backup is a convenience; the write below is what matters, but the GM is told
            skipped = f"No backup of {plan.path.name} was made: {exc.strerror or exc}. The campaign itself is saved."
        size = atomic_write(plan.path, pieces)
        stage("file")
        for journal in plan.drop:
            try:
                os.unlink(journal)
            except FileNotFoundError:
                pass
        fsync_folder(plan.path.parent)
        stage("journal")
    except OSError as exc:
        return Result(error=SaveWriteFailed(plan.path, f"not saved: {exc.strerror or exc}"))
    return Result(length, added, size, backup_skipped=skipped)
