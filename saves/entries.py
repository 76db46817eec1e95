"""One log entry and one undo step as stored: their checks and decoding,
shared by the campaign's tables (:mod:`saves.layout`) and its history
segment (:mod:`saves.history`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeGuard

from core.combat import events
from saves.codec import from_document
from saves.errors import CorruptSave
from saves.records import LogEntry, Unreadable


def whole_number(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is an int and not a bool (JSON keeps them apart)."""
    return isinstance(value, int) and not isinstance(value, bool)


def need(ok: bool, path: Path, reason: str) -> None:
    """Raise :class:`CorruptSave` for ``path`` with ``reason`` unless ``ok``."""
    if not ok:
        raise CorruptSave(path, reason)


def decode(doc: Any, kind: Any, path: Path, what: str) -> Any:
    """``doc`` decoded as ``kind``; any failure is a damaged ``what`` of ``path``."""
    try:
        return from_document(doc, kind)
    except Exception as exc:  # untrusted input: any failure is a damaged file
        raise CorruptSave(path, f"holds a damaged {what} ({exc})") from None


def unreadable_entry(exc: CorruptSave) -> LogEntry:
    """What the log shows in place of an entry that cannot be read."""
    return LogEntry(0, 0, None, Unreadable(str(exc)))


def decode_entry(doc: Any, path: Path) -> LogEntry:
    """A log entry document (``seq``, ``round``, ``turn``, ``event``) decoded; raises :class:`CorruptSave`."""
    need(isinstance(doc, dict), path, "holds a damaged log entry")
    seq, round_, turn = doc.get("seq"), doc.get("round"), doc.get("turn")
    need(whole_number(seq) and whole_number(round_) and (turn is None or isinstance(turn, str)), path, "holds a damaged log entry (seq, round or turn)")
    return LogEntry(seq, round_, turn, decode(doc.get("event"), events.Event, path, "log entry"))


def check_step(doc: dict[str, Any], path: Path) -> None:
    """Refuse (:class:`CorruptSave`) an undo step document without its fields; its label defaults to ``""``."""
    ok = whole_number(doc.get("n")) and whole_number(doc.get("first_seq")) and whole_number(doc.get("last_seq")) and isinstance(doc.get("label", ""), str)
    changes = doc.get("changes")
    if ok and isinstance(changes, list):
        for change in changes:  # a loop, not all() over a generator: checked at every action
            if not (isinstance(change, dict) and isinstance(change.get("p"), list)):
                ok = False
                break
    else:
        ok = False
    need(bool(ok), path, "holds a damaged undo step")
    doc.setdefault("label", "")
