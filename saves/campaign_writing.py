"""Writing a campaign's records to its journal, for :class:`saves.campaign.Campaign`.

A mixin. Every change is applied in memory and queued (``_pending``, in
order of ``seq``); then either written at once (:meth:`CampaignWriting.flush`:
append and fsync before the call returns, the default) or, once
:meth:`CampaignWriting.write_beside` was called (the app does), by a
:class:`saves.journal.JournalWriter` thread beside the UI: the call returns
as soon as the change is in memory, the thread appends and fsyncs what is
queued, and the actions that arrive while one fsync runs are written with
the next (group commit). :attr:`CampaignWriting.saving` says that something
shown is not on disk yet, :attr:`CampaignWriting.saved_seq` how far the disk
goes: nothing may be shown as *saved* before it is. A refusal of the disk
sets ``unsaved`` and keeps the records queued, as before; the next change
or :meth:`CampaignWriting.flush` writes them all.

A fold (:mod:`saves.campaign_folding`) that starts while the writer runs
asks it to rename the journal ``.journal.folding`` before its next append
(:meth:`CampaignWriting._ask_rotation`): every record appended before the
rename was applied before the fold's capture, so the fold holds it.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from typing import TYPE_CHECKING, Any

from saves import fold
from saves.errors import SaveWriteFailed
from saves.journal import Journal, JournalWriter
from saves.reading import journal_path

if TYPE_CHECKING:
    from pathlib import Path

    from saves.errors import ReadOnlySave

RESCUE_WAIT = 10.0
"""Seconds a rescue copy waits for an append under way (a hung disk must not hang a hang-up)."""


class Rotation:
    """A fold's request to the writer: rename the journal before the next
    append. ``done`` is set once tried; ``ok`` whether it was renamed."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.ok = False


class CampaignWriting:
    """The journal's writing; the campaign holds the fields below (set by ``Campaign.__init__``)."""

    path: Path
    unsaved: SaveWriteFailed | None
    read_only: ReadOnlySave | None
    _journal: Journal
    _seq: int
    _pending: list[dict[str, Any]]
    _action_ends: deque[int]  # the last seq of each action not on disk yet
    _upgraded: bool
    _guard: threading.RLock
    _queue: threading.Lock  # _pending and _action_ends, between the game and the writer
    _io: threading.Lock  # the journal's file, between the game and the writer
    _writer: JournalWriter | None
    _rotation: Rotation | None
    _fold_due: bool

    if TYPE_CHECKING:  # the Campaign's and CampaignFolding's
        def _fold_is_due(self) -> bool: ...
        def _fold_in_background(self) -> None: ...
        def _reap(self) -> None: ...
        def compact(self) -> None: ...

    def write_beside(self) -> None:
        """From now on, write the journal on a thread beside the caller's:
        a change returns once it is applied in memory, and :attr:`saving`
        is true until its fsync returned. Nothing for a read-only campaign."""
        if self._writer is None and self.read_only is None:
            self._writer = JournalWriter(self._write_queued)

    @property
    def saving(self) -> bool:
        """Some change is applied in memory but not on disk yet (being
        written, or refused: then :attr:`unsaved` says why)."""
        return bool(self._pending)

    @property
    def saved_seq(self) -> int:
        """The ``seq`` of the last record on disk (every one before it is too)."""
        with self._queue:
            return self._seq - len(self._pending)

    @property
    def last_seq(self) -> int:
        """The ``seq`` of the last record, in memory (on disk once :attr:`saved_seq` reaches it)."""
        return self._seq

    @property
    def unsaved_actions(self) -> int:
        """How many actions are only in memory (being written, or refused)."""
        return len(self._action_ends)

    def flush(self) -> bool:
        """Write queued records and wait for them; True when everything is
        on disk (else :attr:`unsaved` says why)."""
        with self._guard:
            return self._flush(fold_when_due=True)

    # -- on the game's thread ------------------------------------------------
    def _queue_records(self, records: list[dict[str, Any]], apply: Any) -> None:
        """Number (``seq`` set in each), ``apply`` (in memory) and queue
        ``records``, one action; then write them (now, or wake the writer)."""
        with self._queue:
            for record in records:
                self._seq += 1
                record["seq"] = self._seq
                apply(record)
                self._pending.append(record)
            self._action_ends.append(self._seq)
        if self._writer is None or self._upgraded:
            self._flush(fold_when_due=True)
        else:
            self._writer.wake()
            self._fold_if_due()

    def _fold_if_due(self) -> None:
        self._reap()
        if self._fold_due:
            self._fold_due = False
            self._fold_in_background()

    def _flush(self, fold_when_due: bool) -> bool:
        self._reap()
        if self._writer is not None:
            # Every queued action woke the writer; only a refused write is
            # asked again (with what came since). A second wake of a write
            # under way would cost a second, empty round of the writer
            # before it is idle, and a second wake-up of this thread.
            retried = bool(self._pending) and not self._upgraded and self.unsaved is not None
            if retried:
                self._writer.wake()
            self._writer.wait_idle()
            if self._pending and not self._upgraded and not retried:  # refused while we waited: once more
                self._writer.wake()
                self._writer.wait_idle()
        if not self._pending:
            if fold_when_due:
                self._fold_if_due()
            return True
        if self._upgraded:  # write the upgraded file (after a backup) rather than journal against the old one
            try:
                self.compact()
            except SaveWriteFailed as exc:
                self.unsaved = exc
                return False
            return True
        if self._writer is not None:
            return False  # the writer was refused: unsaved says why
        self._write_queued()
        if self._pending:
            return False
        if fold_when_due:
            self._fold_if_due()
        return True

    def _ask_rotation(self) -> Rotation | None:
        """With a writer: ask it to start a new journal before its next append
        (``None``: no writer, rename now yourself)."""
        if self._writer is None:
            return None
        rotation = self._rotation = Rotation()
        self._writer.wake()
        return rotation

    def _stop_writer(self) -> None:
        if self._writer is not None:
            self._writer.stop()
            self._writer = None

    def _wait_for_writer(self, timeout: float | None = None) -> bool:
        return self._writer is None or self._writer.wait_idle(timeout)

    # -- on the writer's thread (or the game's, without one) ----------------------
    def _write_queued(self) -> None:
        """Append every queued record and fsync; on success they are saved,
        else :attr:`unsaved` says why and they stay queued."""
        with self._io:
            self._rotate_if_asked()
            with self._queue:
                batch = list(self._pending)
            if not batch:
                return
            try:
                self._journal.append(batch)
            except OSError as exc:
                self.unsaved = SaveWriteFailed(self.path, f"not saved: {exc.strerror or exc}")
                return
            due = self._fold_is_due()
        with self._queue:
            del self._pending[:len(batch)]
            last = batch[-1]["seq"]
            while self._action_ends and self._action_ends[0] <= last:
                self._action_ends.popleft()
            if not self._pending:
                self.unsaved = None
        if due:
            self._fold_due = True

    def _rotate_if_asked(self) -> None:
        rotation, self._rotation = self._rotation, None
        if rotation is None:
            return
        self._journal.close()
        try:
            os.replace(journal_path(self.path), fold.folding_path(self.path))
        except OSError:
            pass
        else:
            self._journal = Journal(journal_path(self.path), 0)
            rotation.ok = True
        rotation.done.set()
