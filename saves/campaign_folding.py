"""Folding a campaign's journal into its file, for :class:`saves.campaign.Campaign`.

A mixin: :meth:`CampaignFolding.compact` folds everything now (on close,
after an upgrade); :meth:`CampaignFolding._fold_in_background` folds the
journal so far on a thread, paced so that it never holds the interpreter
for long (:meth:`saves.fold.Plan.pace`), while new actions go to a new
journal. The writing itself is :mod:`saves.fold`.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from saves import fold, fold_plan
from saves.errors import SaveWriteFailed
from saves.journal import Journal
from saves.reading import journal_path

if TYPE_CHECKING:
    from collections import deque
    from pathlib import Path

    from saves.campaign_writing import Rotation

    from saves.layout import CampaignData


class CampaignFolding:
    """The fold's scheduling; the campaign holds ``path``, ``data``,
    ``_journal``, ``_seq``, ``_folding``, ``_main_size`` and the pending records."""

    # set by Campaign.__init__ (annotations only: no class attributes)
    path: Path
    data: CampaignData
    unsaved: SaveWriteFailed | None
    _journal: Journal
    _seq: int
    _pending: list[dict[str, Any]]
    _action_ends: deque[int]
    _queue: threading.Lock
    _io: threading.Lock
    _upgraded: bool
    _folding: tuple[threading.Thread, fold.Plan, list[fold.Result]] | None
    _main_size: int
    notices: list[str]  # see take_notices
    _told_backup_skipped: bool

    if TYPE_CHECKING:
        def _require_writable(self) -> None: ...  # Campaign's: raises its ReadOnlySave
        def _ask_rotation(self) -> Rotation | None: ...  # CampaignWriting's
        def _wait_for_writer(self, timeout: float | None = None) -> bool: ...

    def _try_compact(self) -> bool:
        try:
            self.compact()
        except SaveWriteFailed:
            return False
        return True

    def compact(self) -> None:
        """Fold everything into the campaign file and its history segment
        (backup of the old file first) and delete the journals; waits for a
        fold under way first. Raises :class:`SaveWriteFailed`; the journal then stays."""
        self._require_writable()
        self._wait_for_fold()
        self._wait_for_writer()
        with self._io:
            self._journal.close()
            drop = (fold.folding_path(self.path), journal_path(self.path))
            plan = fold.capture(self.data, self._seq, self.data.meta.get("history_length", 0), self.path, drop)
            result = fold.write(plan)
            self._settle(plan, result)
            if result.error is not None:
                raise result.error
            self._journal.remove()
            self._upgraded = False
            with self._queue:
                self._pending.clear()
                self._action_ends.clear()
            self.unsaved = None

    def _fold_in_background(self) -> None:
        """Start a fold of the journal so far on a thread (one at a time);
        new actions go to a new journal meanwhile."""
        if self._folding is not None or self._upgraded:
            return
        jpath, fpath = journal_path(self.path), fold.folding_path(self.path)
        rotation = None
        if not fpath.exists():  # else a fold that failed left it: this one folds both
            rotation = self._ask_rotation()  # the journal writer renames it before its next append
            if rotation is None:
                self._journal.close()
                try:
                    os.replace(jpath, fpath)
                except OSError:
                    return
                self._journal = Journal(jpath, 0)
        plan = fold.capture(self.data, self._seq, self.data.meta.get("history_length", 0), self.path, (fpath,))
        plan.paced = True  # beside the game: never holds the interpreter for long (fold.Plan.pace)
        results: list[fold.Result] = []

        def run() -> None:
            if rotation is not None:
                rotation.done.wait()
                if not rotation.ok:
                    results.append(fold.Result(error=SaveWriteFailed(self.path, "not folded: the journal could not be renamed")))
                    return
            results.append(fold.write(plan))

        thread = threading.Thread(target=run, name="encounter-fold", daemon=True)
        self._folding = (thread, plan, results)
        thread.start()

    def _reap(self) -> None:
        """Take in a background fold that has finished."""
        if self._folding is not None and not self._folding[0].is_alive():
            _, plan, results = self._folding
            self._folding = None
            self._settle(plan, results[0] if results else fold.Result(error=SaveWriteFailed(self.path, "not saved: the fold stopped")))

    def _wait_for_fold(self) -> None:
        if self._folding is not None:
            fold_plan.frames_done()  # this thread waits for the fold: no frame is drawn meanwhile, so it goes at full pace
            self._folding[0].join()
            self._reap()

    def _settle(self, plan: fold.Plan, result: fold.Result) -> None:
        fold.settle(self.data, plan, result)
        if result.error is None:
            self._main_size = result.main_size
        if result.backup_skipped is not None and not self._told_backup_skipped:
            self._told_backup_skipped = True  # once a session: every fold would say the same
            self.notices.append(result.backup_skipped)

    def take_notices(self) -> list[str]:
        """What the GM should be told once, oldest first (a backup that
        could not be made), forgotten now; each is a whole sentence."""
        told = list(self.notices)
        self.notices.clear()
        return told

