"""A campaign: one TinyDB file, an append-only journal, a lock, backups.

Files, for a campaign ``moor.json``::

    moor.json           TinyDB document (schema, see saves.migrations), written whole and atomically
    moor.json.history   undo steps and log entries folded out of the journal, append-only (saves.history)
    moor.json.journal   actions since the last compaction, one fsynced line each (saves.journal)
    moor.json.journal.folding   the journal a compaction running in the background is folding in
    moor.json.lock      flock held by the one writer (saves.lock)
    .backups/moor.json/ the last good versions of moor.json (saves.backups)

Every change is a *record* (see :func:`saves.layout.apply_record`): applied
in memory, then appended to the journal and fsynced, before the call
returns or, once :meth:`Campaign.write_beside` was called (the app does),
on a writer thread beside the UI (:mod:`saves.campaign_writing`:
:attr:`Campaign.saving` until it is on disk). When the journal outgrows ``max(256 KiB, half the file)`` it is
*compacted* (:mod:`saves.fold`) on a background thread: the journal is
renamed ``.journal.folding`` and a new one started, the new undo steps and
log lines are appended to the history segment, the campaign file (the
encounters' states, no history) is backed up and written atomically
(recording the last journal ``seq`` folded in), the folded journal
deleted. So persisting one action costs one small append, and the game
never waits for a compaction; the app's quit does not either (it leaves
the journal, ``close(fold_journal=False)``). Opening reads the file,
replays journal records past its ``journal_seq`` (a torn last line was
never acknowledged and is dropped) and, as the writer, removes stale
temporary files and folds what it replayed in the background.

A write that fails (disk full, read-only folder) leaves memory changed,
sets :attr:`Campaign.unsaved`, keeps the record queued and writes it with
the next change or :meth:`Campaign.flush`. A second opener finds the lock
taken and gets a read-only campaign (:attr:`Campaign.read_only`); changes
then raise :class:`ReadOnlySave`. Broken files raise :class:`CorruptSave`
or :class:`NewerSave` offering the newest good backup, and are never written.
"""

from __future__ import annotations

import os
import threading
import uuid
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from core.combat import events
from core.values.combatant import Combatant
from core.combat.state import EncounterState
from core.errors import IllegalCommand
from core.rulesets.base import Ruleset
from saves import backups, fold, lock, patch, restore
from saves.codec import from_document, to_document
from saves.errors import CorruptSave, NewerSave, ReadOnlySave, SaveError, SaveWriteFailed
from saves.files import NotAFile, NotOwnFile, check_regular, real_path
from saves.history import LogView
from saves.campaign_folding import CampaignFolding
from saves.campaign_records import CampaignRecords
from saves.campaign_writing import RESCUE_WAIT, CampaignWriting
from saves.journal import Journal
from saves.layout import CampaignData, EncounterData, apply_record, dump
from saves.migrations import SCHEMA_VERSION
from saves.records import LogEntry, Redone, Undone, make_entries
from saves.sanitize import clean_name
from saves.state_texts import StateText
from saves.state_diff import state_changes
from saves.reading import decode_state, entry_document, journal_path, newest_good, read_campaign, ruleset_of, validate_file
from saves.storage import remove_stale_temp_files
from saves import tools_in_use

__all__ = ["SCHEMA_VERSION", "Campaign", "LogEntry", "make_entries", "validate_file"]

COMPACT_MIN_BYTES = 1 << 18


class Campaign(CampaignWriting, CampaignFolding, CampaignRecords):
    """An open campaign. Use :meth:`create` or :meth:`open`; :meth:`close` when done."""

    def __init__(self, path: Path, data: CampaignData, the_lock: lock.CampaignLock | None, good_length: int, read_only: ReadOnlySave | None) -> None:
        self.path = path
        self.data = data
        self.ruleset: Ruleset = ruleset_of(path, data.meta)
        self.read_only = read_only
        self.unsaved: SaveWriteFailed | None = None
        self._lock = the_lock
        self._journal_path = journal_path(path)
        self._journal = Journal(self._journal_path, good_length)
        self._seq = data.meta["journal_seq"]
        self._pending: list[dict[str, Any]] = []  # applied in memory, not on disk yet (saves.campaign_writing)
        self._action_ends: deque[int] = deque()  # the last seq of each GM action among them
        self._guard = threading.RLock()
        self._queue = threading.Lock()
        self._io = threading.Lock()
        self._writer = None
        self._rotation = None
        self._fold_due = False
        self._upgraded = False
        self._recorded: dict[int, tuple[dict[str, Any], EncounterState]] = {}  # eid: (its state document, the value it is the document of)
        self._folding: tuple[threading.Thread, fold.Plan, list[fold.Result]] | None = None
        self.notices: list[str] = []  # what the GM is told once (CampaignFolding.take_notices)
        self._told_backup_skipped = False
        try:
            self._main_size = path.stat().st_size
        except OSError:
            self._main_size = 0

    # -- opening -------------------------------------------------------------
    @classmethod
    def create(cls, path: Path | str, name: str, ruleset: Ruleset, state: EncounterState, first_events: Iterable[events.Event] = (), status: str = "running") -> Campaign:
        """Write a new campaign holding one encounter (eid 1); refuses an existing file.
        Its party starts as the encounter's party-side combatants."""
        path = real_path(path)
        if os.path.lexists(path) or journal_path(path).exists():
            raise SaveError(path, "already exists; open it instead")
        if not path.parent.is_dir():
            raise SaveError(path, f"folder {path.parent} does not exist")
        ruleset, told = tools_in_use.turned_on(ruleset, [to_document(state)])  # a map's light sources: its fights read them
        meta = {"schema": SCHEMA_VERSION, "cid": uuid.uuid4().hex, "name": clean_name(name), "ruleset": ruleset.id,
                "house_rules": to_document(ruleset.house_rules()), "journal_seq": 0, "current": 1, tools_in_use.READ_KEY: True}
        enc = EncounterData(1, state.name, status, to_document(state))
        for entry in make_entries(state, first_events, 1):
            enc.log.append(entry_document(1, entry), entry)
        data = CampaignData(meta, encounters={1: enc})
        data.party = {c.id: to_document(c) for c in state.combatants if c.side.value == "party"}
        try:
            the_lock = lock.acquire(path)
        except OSError as exc:
            raise SaveWriteFailed(path, f"cannot be created: {exc.strerror or exc}") from None
        campaign = cls(path, data, the_lock, 0, None)
        campaign.notices.extend(told)
        try:
            campaign.compact()
        except SaveWriteFailed:
            campaign.close()
            raise
        return campaign

    @classmethod
    def open(cls, path: Path | str, read_only: bool = False, held_lock: lock.CampaignLock | None = None) -> Campaign:
        """Open a campaign; as its writer unless another process holds it or
        ``read_only`` (then :attr:`read_only` says why); ``held_lock``: its
        lock, already taken (after a take-over, see saves.takeover). Raises
        :class:`CorruptSave`, :class:`NewerSave` (both offering the newest
        good backup) or :class:`SaveError` (missing file)."""
        path = real_path(path)
        try:
            if not check_regular(path):
                raise SaveError(path, "does not exist")
        except NotAFile as exc:
            raise CorruptSave(path, str(exc)) from None
        except OSError as exc:  # a loop of links, a folder we may not enter
            raise CorruptSave(path, f"cannot be read ({exc.strerror or exc})") from None
        reason: ReadOnlySave | None = ReadOnlySave(path, "opened read-only") if read_only else None
        the_lock = held_lock
        if not read_only and the_lock is None:
            try:
                the_lock = lock.acquire(path)
            except NotOwnFile as exc:  # a link planted as the lock: never written through
                reason = ReadOnlySave(path, f"its lock {lock.lock_path(path).name} {exc.why}: opened read-only, never written through it")
            except OSError as exc:
                reason = ReadOnlySave(path, f"opened read-only: the folder cannot be written ({exc.strerror or exc})")
            else:
                if the_lock is None:
                    pid = lock.holder(path)
                    who = f"process {pid}" if pid else "another encounter"
                    reason = ReadOnlySave(path, f"open in {who}; make changes there")  # fits 80 columns after "READ-ONLY Refused: "
        try:
            data, replayed, good, upgraded = read_campaign(path)
        except (CorruptSave, NewerSave) as exc:
            if the_lock:
                the_lock.release()
            backup = newest_good(path)
            raise exc.with_backup(backup, restore.advice(path, backup, isinstance(exc, NewerSave))) from None
        except BaseException:
            if the_lock:
                the_lock.release()
            raise
        try:
            campaign = cls(path, data, the_lock, good, reason)
            campaign._seq = max(campaign._seq, max((r["seq"] for r in replayed), default=0))
            # An older file, or one holding its history in its tables (an export): written
            # in the current layout (history in the segment) at the first change.
            campaign._upgraded = upgraded or any(len(e.steps) >= e.steps.dirty or len(e.log) > e.log.written for e in data.encounters.values())
            campaign._keep_tools_in_use()
            if the_lock is not None:
                remove_stale_temp_files(path)
                if replayed or fold.folding_path(path).exists():
                    campaign._fold_in_background()  # what the last session left: folded beside the game
        except BaseException:
            if the_lock:
                the_lock.release()  # never leave a lock behind a file that did not open
            raise
        return campaign

    def _keep_tools_in_use(self) -> None:
        """An older campaign whose encounters used a campaign tool that is a
        house rule now gets it on, once (:mod:`saves.tools_in_use`); saved
        when the campaign may be written, else for this reading only."""
        if self.data.meta.get(tools_in_use.READ_KEY):
            return
        stored = (e.stored_state for e in self.data.encounters.values())  # read, not kept decoded (saves.state_texts)
        logs = (_log_docs(e.log) for e in self.data.encounters.values())  # the planner's marches (read lazily)
        ruleset, told = tools_in_use.turned_on(self.ruleset, (s.decode() if isinstance(s, StateText) else s for s in stored), logs)
        if not told:
            return
        self.ruleset = ruleset
        self.notices.extend(told)
        mark = {"house_rules": to_document(ruleset.house_rules()), tools_in_use.READ_KEY: True}
        if self.read_only is None:
            self._commit([{"op": "meta", "set": mark}])
        else:
            self.data.meta.update(mark)

    # -- reading -------------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.data.meta.get("name") or self.path.stem)

    @property
    def meta(self) -> dict[str, Any]:
        return self.data.meta

    @property
    def current_eid(self) -> int:
        return int(self.data.meta["current"])

    def encounter(self, eid: int | None = None) -> EncounterData:
        try:
            return self.data.encounters[self.current_eid if eid is None else eid]
        except KeyError:
            raise SaveError(self.path, f"has no encounter {eid}") from None

    def load_state(self, eid: int | None = None) -> EncounterState:
        """The current state of encounter ``eid`` (default: the current one)."""
        return decode_state(self.encounter(eid), self.path)

    def load_log(self, eid: int | None = None) -> LogView:
        """The log of encounter ``eid`` as a sequence decoded as it is read
        (what lies in the history segment is read only when asked for);
        ``append`` / ``extend`` add to this view only."""
        return self.encounter(eid).entries

    def can_undo(self, eid: int | None = None) -> bool:
        return self.encounter(eid).head > 0

    def can_redo(self, eid: int | None = None) -> bool:
        enc = self.encounter(eid)
        return enc.head < len(enc.steps)

    def party(self) -> dict[str, Combatant]:
        return {pid: from_document(doc, Combatant) for pid, doc in self.data.party.items()}

    def bestiary(self) -> dict[str, Combatant]:
        return {name: from_document(doc, Combatant) for name, doc in self.data.bestiary.items()}

    # -- encounter history -----------------------------------------------------
    def record_step(self, eid: int, state: EncounterState, entries: Sequence[LogEntry], label: str = "") -> None:
        """One action of encounter ``eid``: its new ``state`` and log ``entries``
        (numbered from the encounter's next seq). Drops what could be redone."""
        if self._writer is not None:
            self._writer.wake()  # its thread is up by the time the line is queued (a thread's wake-up takes 20-30 µs)
        enc = self.encounter(eid)
        recorded = self._recorded.get(eid)
        new_doc = None
        if recorded is not None and recorded[0] is enc.state:  # the state last recorded: walk the two values (saves.state_diff)
            changes = state_changes(recorded[1], state)
        else:  # the first step since the encounter's document changed otherwise (opened, undone): the documents' diff
            new_doc = to_document(state)
            changes = patch.diff(enc.state, new_doc)
        first = entries[0].seq if entries else enc.next_seq
        step = {"n": enc.head + 1, "changes": changes, "first_seq": first, "last_seq": first + len(entries) - 1, "label": label}
        self._commit([{"op": "step", "eid": enc.eid, "step": step, "log": [entry_document(enc.eid, e) for e in entries]}], entries)
        if new_doc is not None and enc.state == new_doc:
            enc.state = new_doc  # the very document diffed (equal to the patched one): its unchanged parts are the codec's memoized ones
        self._recorded[eid] = (enc.state, state)

    def record(self, state: EncounterState, new_entries: Sequence[LogEntry]) -> None:
        """:meth:`record_step` on the current encounter (the skeleton's API)."""
        self.record_step(self.current_eid, state, new_entries)

    def undo(self, eid: int | None = None) -> tuple[EncounterState, list[LogEntry]]:
        """Take back the last step of ``eid``: ``(state before it, [Undone entry])``.
        Raises :class:`IllegalCommand` when there is nothing to undo."""
        return self._travel(eid, back=True)

    def redo(self, eid: int | None = None) -> tuple[EncounterState, list[LogEntry]]:
        """Put back the last undone step: ``(state after it, [Redone entry])``."""
        return self._travel(eid, back=False)

    def _travel(self, eid: int | None, back: bool) -> tuple[EncounterState, list[LogEntry]]:
        self._require_writable()
        enc = self.encounter(eid)
        if (enc.head == 0) if back else (enc.head >= len(enc.steps)):
            raise IllegalCommand("nothing to undo" if back else "nothing to redo")
        step = enc.steps[enc.head - 1] if back else enc.steps[enc.head]
        try:
            doc = patch.apply(enc.state, step["changes"], forward=not back)
        except patch.PatchError as exc:
            raise CorruptSave(self.path, f"holds a damaged undo step {step['n']} ({exc})") from None
        state = decode_state(EncounterData(enc.eid, enc.name, enc.status, doc), self.path)
        kind = Undone if back else Redone
        entry = LogEntry(enc.next_seq, state.round, state.current, kind(step["n"], step["label"], step["first_seq"], step["last_seq"]))
        self._commit([{"op": "undo" if back else "redo", "eid": enc.eid, "log": [entry_document(enc.eid, entry)]}], [entry])
        return state, [entry]

    # -- writing ---------------------------------------------------------------
    def _require_writable(self) -> None:
        if self.read_only is not None:
            raise self.read_only

    def _commit(self, records: list[dict[str, Any]], entries: Sequence[LogEntry] | None = None) -> None:
        """Apply and queue ``records`` (made for this call: each gets the
        campaign's ``cid`` here and its ``seq`` when queued), one action;
        ``entries``: the log entries of the ``log`` documents of its one
        record, when it has them."""
        with self._guard:  # a take-over (another thread) waits until the action is queued
            self._require_writable()
            cid, jpath = self.data.meta["cid"], self._journal_path
            known = entries if len(records) == 1 else None
            for record in records:
                record["cid"] = cid
            self._queue_records(records, lambda record: apply_record(self.data, record, jpath, known))

    def _fold_is_due(self) -> bool:
        return self._journal.size > max(COMPACT_MIN_BYTES, self._main_size // 2)

    def hand_over(self) -> bool:
        """Write every queued action and release the lock, for another encounter
        taking the campaign over (:mod:`saves.takeover`); from then on this one
        is read-only. Safe from another thread. ``False`` (lock kept) when the
        disk refuses: nothing shown may be lost."""
        with self._guard:
            if self.read_only is not None or self._lock is None or not self._lock.held:
                return False
            if not self._flush(fold_when_due=False):
                return False
            self._wait_for_fold()  # no fold of ours may write once the other encounter holds the lock
            self._stop_writer()
            self._journal.close()
            self._lock.release()
            self.read_only = ReadOnlySave(self.path, "was taken over by another encounter; this one may only read")
            return True

    rescued_to: Path | None = None
    """The rescue copy holding the actions the disk refused (saves.rescue), once written."""

    def rescue_document(self) -> tuple[dict[str, Any], int, int] | None:
        """``(whole document as in memory, seq of the last action on disk,
        seq of the last action)`` for a rescue copy (:mod:`saves.rescue`);
        ``None`` when nothing is unsaved or a copy holds it already. Waits
        for an action being written (another thread may call it)."""
        with self._guard:
            self._wait_for_writer(RESCUE_WAIT)
            if not self.unsaved_actions or self.rescued_to is not None:
                return None
            return dump(self.data), self.saved_seq, self._seq

    def close(self, fold_journal: bool = True) -> None:
        """Write what is queued, wait for a fold under way, fold the journal
        (unless ``fold_journal`` is false: quitting the app, quickly; a fold
        under way that has not started writing is then put off too; the next
        opener folds the journals beside the game), release the lock. Never
        raises for disk trouble."""
        with self._guard:  # not at the same time as a hand-over
            if self.read_only is None and self._lock is not None and self._lock.held:
                if not fold_journal and self._folding is not None:
                    self._folding[1].cancel()  # quitting: a fold not yet writing is left to the next opener
                self._wait_for_fold()
                self._flush(fold_when_due=False)
                if fold_journal and (self._journal.size or self._pending or fold.folding_path(self.path).exists()):
                    self._try_compact()
            self._stop_writer()
            self._journal.close()
            if self._lock is not None:
                self._lock.release()


def _log_docs(log: Any) -> Iterator[dict[str, Any]]:
    """An encounter log's entry documents, oldest first, up to the first that cannot be read (a damaged history)."""
    for index in range(len(log)):
        try:
            yield log.doc(index)
        except CorruptSave:
            return
