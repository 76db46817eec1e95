"""Reading a campaign without opening it for writing: the file with its
journal folded in, checks that it is valid, and the names of its parts.

Used by :class:`saves.campaign.Campaign` when it opens a file, by the
library (listing, copying, exporting campaigns) and by the backups (the
newest good backup). Nothing here writes a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from core.combat.state import EncounterState
from core.errors import RulesError
from core.rulesets import get as get_ruleset
from core.rulesets.base import Ruleset
from core.combat.consistency import state_problems
from saves import backups
from saves.codec import from_document, to_document
from saves.errors import CorruptSave, SaveError
from saves.fold import folding_path
from saves.journal import read_journal
from saves.layout import CampaignData, EncounterData, apply_record, clean_state, parse
from saves.records import LogEntry
from saves.sanitize import UnsafeDocument, clean_document
from saves.storage import AtomicJSONStorage


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".journal")


def entry_document(eid: int, entry: LogEntry) -> dict[str, Any]:
    return {"eid": eid, "seq": entry.seq, "round": entry.round, "turn": entry.turn, "event": to_document(entry.event)}


def read_campaign(path: Path) -> tuple[CampaignData, list[dict[str, Any]], int, bool]:
    """``(data, replayed records, journal good length, upgraded)`` of the
    campaign at ``path``, journals folded in (the one a fold was writing,
    then the live one); touches no file. The file is read and parsed once;
    of the encounters, only the current one's state is decoded (the others
    when opened), and the history segment is read only when asked for.
    Raises :class:`SaveError` subclasses naming the file at fault."""
    path = Path(path)
    raw = AtomicJSONStorage(path, state_texts=True).document()
    if raw is None:
        raise SaveError(path, "does not exist")
    data, upgraded = parse(raw, path)
    jpath = journal_path(path)
    records, _ = read_journal(folding_path(path))
    live, good = read_journal(jpath)
    records += live
    replayed = []
    expected = data.meta["journal_seq"] + 1
    for record in records:
        seq = record.get("seq")
        if record.get("cid") != data.meta["cid"]:
            raise CorruptSave(jpath, f"belongs to another campaign than {path.name}; it was left untouched")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise CorruptSave(jpath, "holds a record without a number")
        if seq < expected:
            continue  # folded into the file by a compaction that was cut before deleting the journal
        if seq != expected:
            raise CorruptSave(jpath, f"misses records {expected}..{seq - 1}; it was left untouched")
        try:
            record = clean_document(record)
        except UnsafeDocument as exc:
            raise CorruptSave(jpath, f"{exc}; it was left untouched") from None
        apply_record(data, record, jpath)
        replayed.append(record)
        expected += 1
    current = data.encounters.get(data.meta.get("current"))  # type: ignore[arg-type]
    if current is None:
        raise CorruptSave(jpath if replayed else path, "names a current encounter it does not hold")
    decode_state(current, jpath if replayed else path)
    return data, replayed, good, upgraded


def validate_file(path: Path) -> bool:
    """Whether ``path`` opens as a valid campaign (no journal, no lock, no writes)."""
    try:
        raw = AtomicJSONStorage(path, state_texts=True).document()
        if raw is None:
            return False
        data, _ = parse(raw, path)
        ruleset_of(path, data.meta)
    except SaveError:
        return False
    return True


def decode_state(enc: EncounterData, path: Path) -> EncounterState:
    """The encounter's state (its strings cleaned first); raises :class:`CorruptSave`
    when it does not decode or holds what no play makes (a token off the
    map, hit points outside ``0..hp_max``: :func:`core.combat.consistency.state_problems`)."""
    try:
        state = from_document(clean_state(enc), EncounterState)
    except Exception as exc:  # noqa: BLE001 - untrusted document
        raise CorruptSave(path, f"holds a damaged encounter ({exc})") from None
    problems = state_problems(state)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise CorruptSave(path, f"holds an impossible encounter {enc.name!r}: {problems[0]}{more}")
    return state


def ruleset_of(path: Path, meta: dict[str, Any]) -> Ruleset:
    try:
        return get_ruleset(meta["ruleset"], meta.get("house_rules") or {})
    except (RulesError, TypeError, ValueError) as exc:
        raise CorruptSave(path, str(exc)) from None


def newest_good(path: Path) -> Path | None:
    """The newest backup of ``path`` that opens as a valid campaign, or ``None``."""
    for candidate in backups.list_backups(path):
        if validate_file(candidate):
            return candidate
    return None
