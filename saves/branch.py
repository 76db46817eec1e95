"""A what-if branch of an encounter: played on a private copy, then dropped
or made the real fight.

:class:`WhatIf` copies the campaign's files (the campaign, its journal and
history: not its lock) into a private folder (0700) under the data folder
and opens a :class:`BranchSession` on the copy, so the GM plays on with
every key as usual while the real campaign, its journal and what the
players' view reads stay as they were. A crash while in the branch leaves
the real fight untouched; the copy is cleared at the next branch.

:meth:`WhatIf.keep` writes the branch's actions into the real campaign
as its next undo steps (their states and log lines exactly as played: the
dice are not rolled again), :meth:`WhatIf.drop` forgets them. Undo in the
branch stops where it began (:class:`BranchSession`).
"""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

from core.errors import IllegalCommand
from saves import patch, paths
from saves.campaign import Campaign
from saves.errors import CorruptSave
from saves.layout import EncounterData, clean_state
from saves.reading import decode_state
from saves.records import LogEntry
from saves.session import Session

FOLDER_PREFIX = "what-if-"
"""Name of a branch's private folder, under ``<data>/what-if``."""


class BranchSession(Session):
    """A :class:`Session` on a branch's copy whose undo stops at ``fork_head``
    (the step the branch began at): what came before is the real fight's."""

    fork_head: int = 0
    what_if = True

    def undo(self) -> list[LogEntry]:
        if self.campaign.encounter(self.eid).head <= self.fork_head:
            raise IllegalCommand("nothing to undo in this what-if: it begins here (drop it to go back to the real fight)")
        return super().undo()


def _branches_folder() -> Path:
    folder = paths.data_dir() / "what-if"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder


class WhatIf:
    """``WhatIf(real, rng)``: a branch of ``real``'s encounter (``real`` is
    the GM's :class:`Session`; it is not touched until :meth:`keep`)."""

    def __init__(self, real: Session, rng: random.Random | None = None) -> None:
        self.real = real
        folder = _branches_folder()
        for old in folder.glob(FOLDER_PREFIX + "*"):  # left by a crash: that branch is lost, as promised
            shutil.rmtree(old, ignore_errors=True)
        self.folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX, dir=folder))
        real.campaign.flush()
        source = real.path
        copy = self.folder / source.name
        for suffix in ("", ".journal", ".history"):
            original = source.with_name(source.name + suffix)
            if original.exists():
                shutil.copyfile(original, copy.with_name(copy.name + suffix))
        try:
            self.campaign = Campaign.open(copy)
            self.session = BranchSession(self.campaign, rng, real.eid)
        except Exception:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        self.fork_head = self.session.fork_head = self.campaign.encounter(real.eid).head
        self.fork_state = real.encounter.state
        self._open = True

    @property
    def actions(self) -> int:
        """Actions played in the branch so far (undone ones not counted)."""
        return self.campaign.encounter(self.real.eid).head - self.fork_head

    def keep(self) -> int:
        """Make the branch the real fight: its actions become the real
        campaign's next steps; returns how many. The branch is closed."""
        enc = self.campaign.encounter(self.real.eid)
        doc = clean_state(enc)
        docs = [doc]
        for n in range(enc.head, self.fork_head, -1):
            try:
                doc = patch.apply(doc, enc.steps[n - 1]["changes"], forward=False)
            except patch.PatchError as exc:
                raise CorruptSave(self.campaign.path, f"holds a damaged undo step {n} ({exc})") from None
            docs.append(doc)
        docs.reverse()  # docs[k]: after step fork_head + k
        by_seq = {entry.seq: entry for entry in self.session.log}
        real_campaign, eid = self.real.campaign, self.real.eid
        kept = 0
        for k in range(1, len(docs)):
            step = enc.steps[self.fork_head + k - 1]
            state = decode_state(EncounterData(enc.eid, enc.name, enc.status, docs[k]), self.campaign.path)
            first = real_campaign.encounter(eid).next_seq
            lines = [by_seq[seq] for seq in range(int(step["first_seq"]), int(step["last_seq"]) + 1) if seq in by_seq]
            entries = [LogEntry(first + i, e.round, e.turn, e.event) for i, e in enumerate(lines)]
            real_campaign.record_step(eid, state, entries, str(step.get("label") or ""))
            kept += 1
        self.drop()
        return kept

    def drop(self) -> None:
        """Forget the branch: close its copy and remove its folder."""
        if not self._open:
            return
        self._open = False
        try:
            self.campaign.close(fold_journal=False)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
