"""The in-memory shape of a campaign and its conversion to and from the file.

:func:`parse` turns a raw TinyDB document (``{table: {doc_id: doc}}``, any
schema) into a :class:`CampaignData`, upgrading old schemas, cleaning every
string (:mod:`saves.sanitize`) and checking every document: the result is
a valid campaign, or :class:`CorruptSave` / :class:`NewerSave` naming the
file; no other exception escapes. :func:`dump` is its inverse (current
schema). :func:`apply_record` folds one journal record into the data; the
live program and the replay of a journal on opening use the same function,
so what is replayed is what was played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.combat import events
from core.values.combatant import Combatant
from core.combat.state import EncounterState
from core.rulesets import get as get_ruleset
from saves import patch
from saves.errors import CorruptSave, NewerSave
from saves.migrations import SCHEMA_VERSION, MigrationError, upgrade
from saves.entries import check_step, decode, decode_entry, need, whole_number
from saves.history import EncounterHistory, HistoryFile, LogList, LogView, StepList, history_path
from saves.records import LogEntry
from saves.sanitize import UnsafeDocument, clean_document
from saves.state_texts import StateText, decoded

STATUSES = ("planned", "running", "finished")


@dataclass
class EncounterData:
    """One encounter: ``state`` is the codec document of its current
    :class:`EncounterState` (decoded when the encounter is opened), parsed
    from the file's text when first asked for (``stored_state``: the
    document, or its :class:`saves.state_texts.StateText` until then);
    ``steps[:head]`` are applied, ``steps[head:]`` can be redone; ``log``
    holds its entries. Both read what lies in the history segment only
    when asked (see :mod:`saves.history`); ``history`` indexes the
    encounter's records there (``[offset, log entries, first step, steps]``)."""

    eid: int
    name: str
    status: str
    stored_state: dict[str, Any] | StateText
    head: int = 0
    steps: StepList = field(default_factory=StepList)
    log: LogList = field(default_factory=LogList)
    history: list[list[int]] = field(default_factory=list)
    cleaned: bool = True  # False: ``state`` as read, strings not cleaned yet (see clean_state)

    @property
    def state(self) -> dict[str, Any]:
        stored = self.stored_state
        if isinstance(stored, StateText):
            stored = self.stored_state = stored.decode()
        return stored

    @state.setter
    def state(self, doc: dict[str, Any]) -> None:
        self.stored_state = doc

    @property
    def entries(self) -> LogView:
        """The log entries (decoded as they are read)."""
        return self.log.entries()

    @property
    def next_seq(self) -> int:
        return self.log.last_seq + 1


@dataclass
class CampaignData:
    """``meta``: ``{schema, cid, name, ruleset, house_rules, journal_seq, current}``;
    ``party``: pid -> combatant document; ``bestiary``: template name ->
    combatant document; ``encounters`` by eid."""

    meta: dict[str, Any]
    party: dict[str, dict[str, Any]] = field(default_factory=dict)
    bestiary: dict[str, dict[str, Any]] = field(default_factory=dict)
    encounters: dict[int, EncounterData] = field(default_factory=dict)


def _check_entry(doc: Any, path: Path) -> int:
    need(isinstance(doc, dict), path, "holds a damaged log entry")
    seq, round_, turn = doc.get("seq"), doc.get("round"), doc.get("turn")
    need(whole_number(seq) and whole_number(round_) and (turn is None or isinstance(turn, str)), path, "holds a damaged log entry (seq, round or turn)")
    return seq


def _history_index(index: Any, length: int, steps: int) -> bool:
    """Whether ``index`` is a valid list of history records below ``length`` bytes."""
    if not isinstance(index, list):
        return False
    previous = -1
    for item in index:
        if not (isinstance(item, list) and len(item) == 4 and all(whole_number(v) and v >= 0 for v in item)):
            return False
        offset, _, first, count = item
        if not previous < offset < length or (count and not 1 <= first <= first + count - 1 <= max(steps, first + count - 1)):
            return False
        previous = offset
    return True


def _encounter_of(data: CampaignData, doc: dict[str, Any]) -> EncounterData | None:
    eid = doc.get("eid")
    return data.encounters.get(eid) if whole_number(eid) else None


def parse(raw: dict[str, Any], path: Path) -> tuple[CampaignData, bool]:
    """``(data, upgraded)`` from a raw file document; see the module docstring.
    Raises :class:`CorruptSave` or :class:`NewerSave`, nothing else."""
    try:
        return _parse(raw, path)
    except (CorruptSave, NewerSave):
        raise
    except UnsafeDocument as exc:
        raise CorruptSave(path, f"{exc}; it was left untouched") from None
    except Exception as exc:  # noqa: BLE001 - a shape no check above foresaw: still a damaged file
        raise CorruptSave(path, f"is damaged ({type(exc).__name__}: {exc})") from None


def _parse(raw: dict[str, Any], path: Path) -> tuple[CampaignData, bool]:
    metas = list(raw.get("meta", {}).values())
    need(len(metas) == 1 and isinstance(metas[0], dict), path, "has no campaign header (meta table)")
    schema = metas[0].get("schema")
    need(whole_number(schema) and schema >= 1, path, "has no schema version")
    if schema > SCHEMA_VERSION:
        raise NewerSave(path, f"was written by a newer encounter (schema {schema}, this one reads up to {SCHEMA_VERSION}); update encounter to open it")
    if schema < SCHEMA_VERSION:
        raw = decoded(raw)  # the upgrades read every document
    try:
        raw = upgrade(raw, schema)
    except MigrationError as exc:
        raise CorruptSave(path, str(exc)) from None
    raw, raw_states = _clean_but_states(raw)
    for name, table in raw.items():
        need(isinstance(table, dict) and all(isinstance(d, dict) for d in table.values()), path, f"has a damaged {name} table")
    (meta,) = raw["meta"].values()
    need(isinstance(meta.get("ruleset"), str) and isinstance(meta.get("house_rules", {}), dict), path, "has no valid ruleset")
    need(isinstance(meta.get("name", ""), str) and isinstance(meta.get("cid"), str), path, "has a damaged campaign header")
    need(whole_number(meta.get("journal_seq")) and meta["journal_seq"] >= 0 and whole_number(meta.get("current")), path, "has a damaged campaign header")
    try:
        get_ruleset(meta["ruleset"], meta.get("house_rules") or {})
    except Exception as exc:  # unknown ruleset or refused house rules
        raise CorruptSave(path, str(exc)) from None
    length = meta.get("history_length", 0)
    need(whole_number(length) and length >= 0, path, "has a damaged campaign header (history length)")
    history = HistoryFile(history_path(path), length, meta["cid"])
    data = CampaignData(meta=dict(meta))
    for doc in raw.get("party", {}).values():
        need(isinstance(doc.get("pid"), str), path, "holds a damaged party member")
        decode(doc.get("combatant"), Combatant, path, "party member")
        data.party[doc["pid"]] = doc["combatant"]
    for doc in raw.get("bestiary", {}).values():
        need(isinstance(doc.get("name"), str), path, "holds a damaged bestiary entry")
        decode(doc.get("template"), Combatant, path, "bestiary entry")
        data.bestiary[doc["name"]] = doc["template"]
    for doc in raw.get("encounters", {}).values():
        eid, status, head = doc.get("eid"), doc.get("status"), doc.get("head", 0)
        need(whole_number(eid) and eid not in data.encounters and status in STATUSES and whole_number(head), path, "holds a damaged encounter (eid, status or head)")
        need(isinstance(doc.get("name", ""), str), path, "holds a damaged encounter name")
        need(isinstance(doc.get("state"), (dict, StateText)), path, "holds a damaged encounter")  # decoded when opened
        encounter = EncounterData(eid, doc.get("name", ""), status, doc["state"], head, cleaned=not raw_states)
        index, steps, entries, last = (doc.get(k, d) for k, d in (("history", []), ("step_count", 0), ("log_count", 0), ("last_seq", 0)))
        need(all(whole_number(v) and v >= 0 for v in (steps, entries, last)) and _history_index(index, length, steps), path, "holds a damaged encounter (history)")
        need(bool(index) or steps == entries == last == 0, path, "holds a damaged encounter (history)")
        if index:
            part = EncounterHistory(history, eid, index, steps, entries)
            encounter.steps, encounter.log, encounter.history = StepList(part), LogList(part, last), index
        else:
            encounter.log = LogList(path=path)
        data.encounters[eid] = encounter
    need(bool(data.encounters), path, "has no encounter")
    need(meta["current"] in data.encounters, path, "names a current encounter it does not hold")
    # Undo steps and log entries kept in the file itself (older files, exports):
    # checked here, log events decoded when shown.
    inline_steps: dict[int, list[dict[str, Any]]] = {}
    for doc in raw.get("steps", {}).values():
        owner = _encounter_of(data, doc)
        if owner is None:
            raise CorruptSave(path, "holds an undo step of no encounter")
        check_step(doc, path)
        inline_steps.setdefault(owner.eid, []).append({k: doc[k] for k in ("n", "changes", "first_seq", "last_seq", "label")})
    inline_log: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for doc in raw.get("log", {}).values():
        owner = _encounter_of(data, doc)
        if owner is None:
            raise CorruptSave(path, "holds a log entry of no encounter")
        inline_log.setdefault(owner.eid, []).append((_check_entry(doc, path), doc))
    for encounter in data.encounters.values():
        steps = sorted(inline_steps.get(encounter.eid, []), key=lambda s: s["n"])
        base = len(encounter.steps)
        need([s["n"] for s in steps] == list(range(base + 1, base + len(steps) + 1)), path, "holds undo steps out of order")
        for step in steps:
            encounter.steps.append(step)
        encounter.steps.dirty = base + 1
        need(0 <= encounter.head <= len(encounter.steps), path, "holds an undo position past its history")
        entries = sorted(inline_log.get(encounter.eid, []), key=lambda pair: pair[0])
        seqs = [seq for seq, _ in entries]
        need(len(set(seqs)) == len(seqs) and all(seq > encounter.log.last_seq for seq in seqs[:1]), path, "holds log entries with the same number")
        for _, doc in entries:
            encounter.log.append(doc)
    return data, schema < SCHEMA_VERSION


def _clean_but_states(raw: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """``raw`` with every string cleaned except in the encounters' states,
    which are cleaned when an encounter is opened (:func:`clean_state`);
    ``(cleaned, True)``, or ``(all cleaned, False)`` for an odd shape."""
    table = raw.get("encounters")
    if not isinstance(table, dict) or not all(isinstance(d, dict) and "state" in d for d in table.values()):
        return clean_document(decoded(raw)), False
    states = [d["state"] for d in table.values()]
    bare = {k: {f: v for f, v in d.items() if f != "state"} for k, d in table.items()}
    cleaned = clean_document(dict(raw, encounters=bare))
    if len(cleaned["encounters"]) != len(states):  # two ids that read the same once cleaned
        return clean_document(decoded(raw)), False
    for doc, state in zip(cleaned["encounters"].values(), states):
        doc["state"] = state
    return cleaned, True


def clean_state(enc: EncounterData) -> dict[str, Any]:
    """The encounter's state document with its strings cleaned (once)."""
    if not enc.cleaned:
        enc.state, enc.cleaned = clean_document(enc.state), True
    return enc.state


def dump(data: CampaignData) -> dict[str, Any]:
    """The raw TinyDB document of ``data`` (current schema), whole: every
    undo step and log entry in its tables, none in a history segment
    (exports, copies; reads the history back)."""
    meta = {k: v for k, v in data.meta.items() if k != "history_length"}
    out: dict[str, Any] = {"meta": {"1": dict(meta, schema=SCHEMA_VERSION)}, "party": {}, "bestiary": {}, "encounters": {}, "steps": {}, "log": {}}
    for i, (pid, doc) in enumerate(data.party.items(), 1):
        out["party"][str(i)] = {"pid": pid, "combatant": doc}
    for i, (name, doc) in enumerate(data.bestiary.items(), 1):
        out["bestiary"][str(i)] = {"name": name, "template": doc}
    step_id = log_id = 0
    for i, enc in enumerate(data.encounters.values(), 1):
        out["encounters"][str(i)] = {"eid": enc.eid, "name": enc.name, "status": enc.status, "state": enc.state, "head": enc.head}
        for step in enc.steps:
            step_id += 1
            out["steps"][str(step_id)] = dict(step, eid=enc.eid)
        for index in range(len(enc.log)):
            log_id += 1
            out["log"][str(log_id)] = enc.log.doc(index)
    return out


# -- journal records ----------------------------------------------------------
def apply_record(data: CampaignData, record: dict[str, Any], path: Path, entries: Sequence[LogEntry] | None = None) -> list[LogEntry]:
    """Fold ``record`` into ``data``; returns the log entries it added.
    ``entries``: those of its ``log`` documents, when the caller has them
    (the live program made the documents from them), else decoded here (a
    replay). Raises :class:`CorruptSave` naming ``path`` when it does not fit."""
    try:
        return _apply(data, record, path, entries)
    except CorruptSave:
        raise
    except Exception as exc:  # a replayed record is untrusted input
        raise CorruptSave(path, f"holds a record that does not fit the campaign ({type(exc).__name__}: {exc})") from None


def _apply(data: CampaignData, record: dict[str, Any], path: Path, known: Sequence[LogEntry] | None) -> list[LogEntry]:
    op = record.get("op")
    if op in ("step", "undo", "redo"):
        enc = data.encounters[record["eid"]]
        docs = record.get("log", [])
        entries = list(known) if known is not None and len(known) == len(docs) else [decode_entry(doc, path) for doc in docs]
        if op == "step":
            step = record["step"]
            if known is None:  # read back (untrusted); a step this program just made (its entries given) has its fields
                check_step(step, path)
            need(step["n"] == enc.head + 1, path, "holds an undo step out of order")
            enc.state = patch.apply(enc.state, step["changes"], forward=True)
            enc.steps.truncate(enc.head)
            enc.steps.append(step)
            enc.head += 1
        elif op == "undo":
            need(enc.head > 0, path, "undoes more than was done")
            enc.state = patch.apply(enc.state, enc.steps[enc.head - 1]["changes"], forward=False)
            enc.head -= 1
        else:
            need(enc.head < len(enc.steps), path, "redoes more than was undone")
            enc.state = patch.apply(enc.state, enc.steps[enc.head]["changes"], forward=True)
            enc.head += 1
        need(not entries or entries[0].seq >= enc.next_seq, path, "holds log entries out of order")
        for doc, entry in zip(docs, entries):
            enc.log.append(doc, entry)
        return entries
    if op == "meta":
        changes = record["set"]
        need(isinstance(changes, dict) and not {"schema", "cid", "journal_seq"} & changes.keys(), path, "holds a damaged header change")
        data.meta.update(changes)
    elif op == "party":
        _set_or_drop(data.party, record["pid"], record.get("doc"), path)
    elif op == "bestiary":
        _set_or_drop(data.bestiary, record["name"], record.get("doc"), path)
    elif op == "encounter":
        eid = record["eid"]
        need(whole_number(eid) and record.get("status") in STATUSES and isinstance(record.get("name"), str), path, "holds a damaged encounter change")
        if eid in data.encounters:
            enc = data.encounters[eid]
            enc.name, enc.status = record["name"], record["status"]
        else:
            decode(record.get("state"), EncounterState, path, "encounter")
            data.encounters[eid] = EncounterData(eid, record["name"], record["status"], record["state"], log=LogList(path=path))
    elif op == "drop_encounter":
        need(record["eid"] in data.encounters and len(data.encounters) > 1, path, "drops an encounter it cannot")
        del data.encounters[record["eid"]]
    else:
        raise CorruptSave(path, f"holds an unknown record {op!r:.40}")
    return []


def _set_or_drop(table: dict[str, dict[str, Any]], key: Any, doc: Any, path: Path) -> None:
    need(isinstance(key, str), path, "holds a damaged record key")
    if doc is None:
        table.pop(key, None)
    else:
        decode(doc, Combatant, path, "creature")
        table[key] = doc
