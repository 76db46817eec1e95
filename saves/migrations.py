"""Schema versions of campaign files and the explicit upgrades between them.

A campaign file is a TinyDB JSON document ``{table: {doc_id: document}}``
whose ``meta`` table holds one document with ``schema``.

- **v1** (the walking skeleton): ``meta {schema, name, ruleset,
  house_rules}``, ``encounters`` (one, eid 1, ``{eid, name, status,
  state}``), ``log {eid, seq, round, turn, event}``.
- **v2**: v1 plus ``meta.cid`` (campaign id, ties the journal to its file),
  ``meta.journal_seq`` (last journal record folded in), ``meta.current``
  (the encounter opened by default); ``encounters[].head`` (undo position);
  tables ``steps {eid, n, changes, first_seq, last_seq, label}`` (undo
  history, see :mod:`saves.patch`), ``party {pid, combatant}`` and
  ``bestiary {name, template}``.
- **v3**: v2 plus a history segment beside the file (``<file>.history``,
  see :mod:`saves.history`): ``meta.history_length`` and, per encounter,
  ``history`` (an index of its records), ``step_count``, ``log_count``, ``last_seq``; the
  ``steps`` and ``log`` tables hold only what is not in the segment (all of
  it in exports and in files upgraded from v2, until the next fold).
- **v4**: v3 whose undo steps may also insert an item into a list or take
  one out (:mod:`saves.patch`: a list index without ``o`` or without ``n``),
  so a turn change records the one turn boundary and the one ``acted`` id
  it adds instead of both lists whole. A v3 file's steps are v4 steps as
  they are; a v3 reader would refuse the new ones, hence the version.

:func:`upgrade` runs ``migrate_vN_to_vN1`` in order; each takes and
returns a raw document and never touches the disk (the upgraded file is
written at the next compaction, after a backup of the old one).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

SCHEMA_VERSION = 4

Raw = dict[str, dict[str, Any]]


class MigrationError(ValueError):
    """The old file lacks what its schema promised."""


def _only_meta(data: Raw) -> dict[str, Any]:
    metas = list(data.get("meta", {}).values())
    if len(metas) != 1 or not isinstance(metas[0], dict):
        raise MigrationError("has no campaign header (meta table)")
    return metas[0]


def migrate_v1_to_v2(data: Raw) -> Raw:
    """v1 -> v2: add the campaign id, journal position, current encounter,
    undo head, empty undo history and bestiary; the party starts as the
    party-side combatants of the first encounter."""
    meta = dict(_only_meta(data))
    encounters: dict[str, Any] = {}
    for key, doc in data.get("encounters", {}).items():
        if not isinstance(doc, dict):
            raise MigrationError("holds a damaged encounter")
        encounters[key] = {**doc, "head": 0}
    eids = [doc.get("eid") for doc in encounters.values()]
    first = min((e for e in eids if isinstance(e, int)), default=1)
    party: dict[str, Any] = {}
    for doc in encounters.values():
        if doc.get("eid") != first or not isinstance(doc.get("state"), dict):
            continue
        for fighter in doc["state"].get("combatants") or []:
            if isinstance(fighter, dict) and fighter.get("side") == "party" and isinstance(fighter.get("id"), str):
                party[str(len(party) + 1)] = {"pid": fighter["id"], "combatant": fighter}
    meta.update(schema=2, cid=uuid.uuid4().hex, journal_seq=0, current=first)
    return {
        **data,
        "meta": {"1": meta},
        "encounters": encounters,
        "steps": {},
        "party": party,
        "bestiary": {},
        "log": data.get("log", {}),
    }


def migrate_v2_to_v3(data: Raw) -> Raw:
    """v2 -> v3: no history segment yet (every step and log entry still in
    the file's tables; the next fold moves them out)."""
    meta = dict(_only_meta(data))
    meta.update(schema=3, history_length=0)
    return {**data, "meta": {"1": meta}}


def migrate_v3_to_v4(data: Raw) -> Raw:
    """v3 -> v4: nothing to change (every v3 undo step is a v4 one); the
    version tells an older reader that it cannot play the new steps."""
    meta = dict(_only_meta(data))
    meta.update(schema=4)
    return {**data, "meta": {"1": meta}}


MIGRATIONS: dict[int, Callable[[Raw], Raw]] = {1: migrate_v1_to_v2, 2: migrate_v2_to_v3, 3: migrate_v3_to_v4}


def upgrade(data: Raw, schema: int) -> Raw:
    """``data`` of version ``schema`` brought to :data:`SCHEMA_VERSION`;
    raises :class:`MigrationError`."""
    while schema < SCHEMA_VERSION:
        step = MIGRATIONS.get(schema)
        if step is None:
            raise MigrationError(f"has schema {schema}, which no longer can be read")
        data = step(data)
        schema += 1
    return data
