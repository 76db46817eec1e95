"""A campaign file: one TinyDB database, written atomically per action.

Tables:

- ``meta``: one document ``{schema, name, ruleset, house_rules}``.
- ``encounters``: one document per encounter ``{eid, name, status, state}``;
  ``state`` is the codec's document of :class:`core.encounter.EncounterState`.
- ``log``: one document per log entry ``{eid, seq, round, turn, event}``.

:meth:`Campaign.record` writes the new state and the new log entries in one
atomic write, so the file always holds a state together with exactly the
log that led to it. A file that is empty, not JSON, not a campaign, or of a
newer schema is refused (:class:`~saves.errors.CorruptSave`,
:class:`~saves.errors.NewerSave`) and never overwritten.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB

from core import events
from core.encounter import EncounterState
from core.errors import RulesError
from core.rulesets import get as get_ruleset
from core.rulesets.base import Ruleset
from saves.codec import CodecError, from_document, to_document
from saves.errors import CorruptSave, NewerSave, SaveError
from saves.storage import AtomicJSONStorage

SCHEMA_VERSION = 1


@dataclass(frozen=True)
class LogEntry:
    """One line of the encounter log: ``seq`` from 1, the ``round`` and
    the id of the combatant whose turn it was (``turn``) when it happened."""

    seq: int
    round: int
    turn: str | None
    event: events.Event


def make_entries(state: EncounterState, new_events: Iterable[events.Event], first_seq: int) -> list[LogEntry]:
    """Number ``new_events`` from ``first_seq``, stamped with ``state``'s round and turn."""
    return [LogEntry(first_seq + i, state.round, state.current, e) for i, e in enumerate(new_events)]


class Campaign:
    """An open campaign file. Use :meth:`create` or :meth:`open`."""

    def __init__(self, path: Path, db: TinyDB, storage: AtomicJSONStorage, meta: dict[str, Any]) -> None:
        self.path = path
        self._db = db
        self._storage = storage
        self.meta = meta
        self.ruleset: Ruleset = _ruleset_from_meta(path, meta)

    # -- opening ---------------------------------------------------------
    @classmethod
    def create(
        cls,
        path: Path | str,
        name: str,
        ruleset: Ruleset,
        state: EncounterState,
        first_events: Iterable[events.Event] = (),
    ) -> Campaign:
        """Write a new campaign holding one encounter; refuses an existing file."""
        path = Path(path)
        if path.exists():
            raise SaveError(path, "already exists; open it instead")
        if not path.parent.is_dir():
            raise SaveError(path, f"folder {path.parent} does not exist")
        storage_holder: list[AtomicJSONStorage] = []
        db = TinyDB(path, storage=_capture(storage_holder))
        storage = storage_holder[0]
        meta = {"schema": SCHEMA_VERSION, "name": name, "ruleset": ruleset.id, "house_rules": to_document(ruleset.house_rules())}
        campaign = cls(path, db, storage, meta)
        with storage.batch():
            db.table("meta").insert(meta)
            db.table("encounters").insert({"eid": 1, "name": state.name, "status": "running", "state": to_document(state)})
            campaign._append_log(make_entries(state, first_events, 1))
        return campaign

    @classmethod
    def open(cls, path: Path | str) -> Campaign:
        """Open an existing campaign file.

        Raises :class:`CorruptSave` (missing pieces, bad JSON, empty file),
        :class:`NewerSave` (schema newer than this program) or
        :class:`SaveError` (missing file).
        """
        path = Path(path)
        if not path.exists():
            raise SaveError(path, "does not exist")
        storage_holder: list[AtomicJSONStorage] = []
        try:
            db = TinyDB(path, storage=_capture(storage_holder))
        except (SaveError, OSError) as exc:
            if isinstance(exc, SaveError):
                raise
            raise CorruptSave(path, f"cannot be read ({exc})") from None
        storage = storage_holder[0]
        metas = db.table("meta").all()
        if len(metas) != 1:
            raise CorruptSave(path, "has no campaign header (meta table)")
        meta = dict(metas[0])
        schema = meta.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool):
            raise CorruptSave(path, "has no schema version")
        if schema > SCHEMA_VERSION:
            raise NewerSave(path, f"was written by a newer encounter (schema {schema}, this one reads up to {SCHEMA_VERSION}); update encounter to open it")
        campaign = cls(path, db, storage, meta)
        campaign.load_state()  # validate now, not at the first action
        return campaign

    # -- reading -----------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.meta.get("name", self.path.stem))

    def load_state(self) -> EncounterState:
        docs = self._db.table("encounters").search(Query().eid == 1)
        if len(docs) != 1:
            raise CorruptSave(self.path, "has no encounter")
        try:
            return from_document(docs[0]["state"], EncounterState)
        except (CodecError, KeyError) as exc:
            raise CorruptSave(self.path, f"holds a damaged encounter ({exc})") from None

    def load_log(self) -> list[LogEntry]:
        entries = []
        for doc in sorted(self._db.table("log").all(), key=lambda d: d.get("seq", 0)):
            try:
                entries.append(
                    LogEntry(
                        seq=int(doc["seq"]),
                        round=int(doc["round"]),
                        turn=doc.get("turn"),
                        event=from_document(doc["event"], events.Event),
                    )
                )
            except (CodecError, KeyError, TypeError, ValueError) as exc:
                raise CorruptSave(self.path, f"holds a damaged log entry ({exc})") from None
        return entries

    # -- writing -----------------------------------------------------------
    def record(self, state: EncounterState, new_entries: Sequence[LogEntry]) -> None:
        """Store ``state`` and append ``new_entries`` in one atomic write.

        Raises :class:`~saves.errors.SaveWriteFailed` if the disk refuses;
        the file is then as it was.
        """
        with self._storage.batch():
            self._db.table("encounters").update({"state": to_document(state)}, Query().eid == 1)
            self._append_log(new_entries)

    def _append_log(self, entries: Sequence[LogEntry]) -> None:
        if entries:
            self._db.table("log").insert_multiple(
                {"eid": 1, "seq": e.seq, "round": e.round, "turn": e.turn, "event": to_document(e.event)} for e in entries
            )

    def close(self) -> None:
        self._db.close()


def _capture(holder: list[AtomicJSONStorage]):
    """A storage factory for TinyDB that lets us keep the storage instance."""

    def factory(path: Path) -> AtomicJSONStorage:
        storage = AtomicJSONStorage(path)
        holder.append(storage)
        return storage

    return factory


def _ruleset_from_meta(path: Path, meta: dict[str, Any]) -> Ruleset:
    ruleset_id = meta.get("ruleset")
    house_rules = meta.get("house_rules") or {}
    if not isinstance(ruleset_id, str) or not isinstance(house_rules, dict):
        raise CorruptSave(path, "has no valid ruleset")
    try:
        return get_ruleset(ruleset_id, house_rules)
    except RulesError as exc:
        raise CorruptSave(path, str(exc)) from None
