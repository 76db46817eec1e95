"""Going back to a good version of a broken campaign (``encounter restore``).

A campaign that does not open (:class:`CorruptSave`, :class:`NewerSave`)
is refused and left untouched; :func:`advice` is the sentence the refusal
ends with, naming the one command that repairs it. :func:`restore` then,
under the campaign's lock and only then:

1. picks the version to go back to: the backup the GM names, else the file
   itself when it opens without its journal (the journal is what is
   damaged, or follows a file that is gone), else the newest good backup
   (:func:`saves.reading.newest_good`);
2. keeps what it replaces aside, 0600, beside the file, as
   ``<name>.broken-<UTC time>`` (the file: a copy, then the backup
   written over it atomically), ``<name>.journal.broken-<UTC time>`` (the
   journal, renamed) and, when it holds more than the backup knows, a
   copy of the history segment (the next fold cuts what lies past the
   backup's length); a file that is gone simply comes back from its backup;
3. keeps the journal in place when its records go on from the version
   restored (they are replayed at the next opening), else sets it aside
   and starts a new one with those of its records, up to a damaged line,
   that go on from it: the others are counted as lost and their file named.

Nothing is written through a symbolic link or into another user's file:
such a file refuses the whole restore, before anything changed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from saves import lock
from saves.errors import ReadOnlySave, SaveError, SaveWriteFailed
from saves.files import MAX_CAMPAIGN_BYTES, MAX_JOURNAL_BYTES, NotAFile, NotOwnFile, check_replaceable, fsync_folder, open_own, read_regular, real_path
from saves.fold import folding_path
from saves.history import history_path
from saves.journal import decode_line
from saves.layout import CampaignData, parse
from saves.reading import decode_state, journal_path, newest_good, read_campaign, ruleset_of
from saves.storage import AtomicJSONStorage, atomic_write

ACTIONS = ("step", "undo", "redo")
"""Journal records that are one GM action each (the others change the campaign around the fights)."""


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` did to the campaign at ``path``: the ``backup``
    put in place (``None``: the file was kept, only its journal set aside),
    the copy of the ``broken`` file and every file kept ``aside``, the
    journal actions ``replayed`` onto it and those ``lost`` (in ``lost_in``, with its ``damaged`` lines, which no
    longer read), and where the current fight is now:
    its ``round`` and whose turn (``turn_of``, a name, or ``None``)."""

    path: Path
    backup: Path | None
    broken: Path | None
    aside: tuple[Path, ...]
    replayed: int
    lost: int
    damaged: int
    lost_in: Path | None
    round: int
    turn_of: str | None

    def describe(self) -> str:
        """A few sentences for the GM: where the fight is back to, what was lost and where it is."""
        where = f"round {self.round}, turn of {self.turn_of}" if self.turn_of else f"round {self.round}, before initiative"
        source = f"the backup {self.backup.name}" if self.backup else "the file itself"
        said = [f"{self.path} is back to {where} ({source})."]
        if self.replayed:
            said.append(f"{_count(self.replayed)} of its journal replayed.")
        if (self.lost or self.damaged) and self.lost_in is not None:
            follow = " (they followed the broken file, not the backup)" if self.backup and not self.replayed else ""
            damaged = f" and {self.damaged} damaged line{'s' if self.damaged != 1 else ''}" if self.damaged else ""
            said.append(f"{_count(self.lost)}{damaged} of the journal are in {self.lost_in}{follow}.")
        elif not (self.lost or self.damaged):
            said.append("Nothing was lost from the journal.")
        if self.broken is not None:
            said.append(f"The broken file, with what it held since the backup, is kept as {self.broken}.")
        return " ".join(said)


def _count(n: int) -> str:
    return f"{n} action{'s' if n != 1 else ''}"


def advice(campaign: Path, backup: Path | None, newer: bool = False) -> str:
    """The sentence a refusal of ``campaign`` ends with: what the GM can do,
    given its newest good ``backup`` (``None``: none); ``newer``: the file
    was written by a newer encounter (it is not broken; with no backup
    nothing is added to the reason, which says to update)."""
    if newer:
        update = "A newer encounter opens it"
        if backup is None:
            return ""  # the reason already says to update encounter
        return f"{update}; or go back to the newest good backup {backup}, the newer file kept aside: encounter restore {campaign}"
    if _opens_alone(campaign) is not None:
        return f"The file itself is good; to go on from it with what of its journal still fits, the rest kept aside: encounter restore {campaign}"
    if backup is not None:
        return f"The newest good backup is {backup}; to go back to it, with the broken files kept aside: encounter restore {campaign}"
    return ("There is no backup of it yet (one is made each time the file is rewritten), and its journal holds only "
            "changes to the file, so the fight cannot be rebuilt from it. Keep the file for a repair by hand, "
            "or start another campaign: encounter new NAME")


def _opens_alone(path: Path) -> CampaignData | None:
    """The campaign in ``path`` alone (no journal), or ``None`` when it does not open."""
    try:
        raw = AtomicJSONStorage(path).document()
        if raw is None:
            return None
        data, _ = parse(raw, path)
        ruleset_of(path, data.meta)
        current = data.encounters.get(data.meta.get("current"))  # type: ignore[arg-type]
        if current is None:
            return None
        decode_state(current, path)
    except (SaveError, OSError, NotAFile):
        return None
    return data


def restore(path: Path | str, backup: Path | str | None = None) -> Restored:
    """Put a good version of the campaign at ``path`` in place (``backup``,
    else the file without its journal, else the newest good backup), keeping
    aside what it replaces; see the module. Raises :class:`ReadOnlySave`
    (open elsewhere) or :class:`SaveError` saying why not, and then nothing
    changed."""
    path = real_path(path)
    the_lock = None
    try:
        the_lock = lock.acquire(path)
        if the_lock is None:
            raise ReadOnlySave(path, "is open in another encounter; quit it there, then restore")
        return _restore(path, Path(backup) if backup is not None else None)
    except NotOwnFile as exc:
        raise SaveError(path, f"not restored: {exc.strerror}") from None
    except OSError as exc:
        raise SaveWriteFailed(path, f"not restored: {exc.strerror or exc}") from None
    finally:
        if the_lock is not None:
            the_lock.release()


def _restore(path: Path, chosen: Path | None) -> Restored:
    journals = [p for p in (folding_path(path), journal_path(path)) if os.path.lexists(p)]
    for own in [path, history_path(path), *journals]:
        check_replaceable(own)  # a link or another user's file in its place: refused before anything changes
    if chosen is not None:
        base = _opens_alone(chosen)
        if base is None:
            raise SaveError(chosen, "does not open as a campaign; nothing was restored")
    elif (base := _opens_alone(path)) is not None:
        try:
            read_campaign(path)
        except SaveError:
            pass  # the journal is what is broken: the file is kept, the journal set aside
        else:
            raise SaveError(path, "opens as it is; nothing to restore (to go back to a backup: encounter restore PATH BACKUP)")
    else:
        chosen = newest_good(path)
        base = _opens_alone(chosen) if chosen is not None else None
        if chosen is None or base is None:
            if not os.path.lexists(path):
                raise SaveError(path, "does not exist, and has no backup")
            raise SaveError(path, "was left untouched", advice=advice(path, None))
    lines, whole = _journal_lines(journals)
    kept, complete = _following(lines, base.meta)
    follows = whole and complete  # every record goes on from the version restored (or is folded in it already)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    aside: list[Path] = []
    broken: Path | None = None
    if chosen is not None:
        history = history_path(path)
        if history.exists() and history.stat().st_size > base.meta.get("history_length", 0):
            aside.append(_copy_aside(history, stamp))  # the history past the backup's length is cut at the next fold
        if os.path.lexists(path):  # else: gone, the backup takes its place
            broken = _copy_aside(path, stamp)
            aside.append(broken)
        atomic_write(path, (read_regular(chosen, MAX_CAMPAIGN_BYTES) or b"").decode("utf-8"))
    lost_in: Path | None = None
    if follows:
        try:
            read_campaign(path)
        except SaveError:
            follows, kept = False, []  # a record that does not fit the version restored
    moved: list[Path] = []
    if not follows:
        moved = [_move_aside(journal, stamp) for journal in journals]
        aside += moved
        lost_in = moved[-1] if moved else None
        if kept:
            _write_journal(journal_path(path), [line for _, line in kept])  # the actions before the damage, replayed
            try:
                read_campaign(path)
            except SaveError:
                os.unlink(journal_path(path))
    data, replayed, _, _ = read_campaign(path)
    state = decode_state(data.encounters[data.meta["current"]], path)
    turn_of = next((c.name for c in state.combatants if c.id == state.current), None)
    base_seq = base.meta["journal_seq"]
    done = sum(1 for r in replayed if r.get("op") in ACTIONS)
    readable = _journal_lines(moved, lenient=True)[0]
    lost = sum(1 for r, _ in readable if r.get("op") in ACTIONS and _seq(r) > base_seq) - done if moved else 0
    damaged = sum(_line_count(p) for p in moved) - len(readable)
    return Restored(path, chosen, broken, tuple(aside), done, lost, damaged, lost_in, state.round, turn_of)


def _line_count(path: Path) -> int:
    """The complete lines of the journal at ``path`` (a torn last one is not one)."""
    try:
        return (read_regular(path, MAX_JOURNAL_BYTES, own=True) or b"").count(b"\n")
    except (OSError, NotAFile):
        return 0


def _seq(record: dict[str, Any]) -> int:
    seq = record.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else 0


def _journal_lines(journals: list[Path], lenient: bool = False) -> tuple[list[tuple[dict[str, Any], bytes]], bool]:
    """``(records with their lines, whole)`` of the journals in order, up
    to the first damaged line (``lenient``: every line that reads, from
    every file); ``whole``: no line was damaged or unread. A torn last
    line (an append cut short, never acknowledged) is no damage."""
    found: list[tuple[dict[str, Any], bytes]] = []
    for journal in journals:
        try:
            raw = read_regular(journal, MAX_JOURNAL_BYTES, own=True) or b""
        except (OSError, NotAFile):
            if lenient:
                continue
            return found, False
        lines = raw.splitlines(keepends=True)
        for n, line in enumerate(lines):
            record = decode_line(line)
            if record is not None:
                found.append((record, line))
            elif lenient:
                continue
            elif n == len(lines) - 1 and not line.endswith(b"\n"):
                break  # torn: never acknowledged
            else:
                return found, False
    return found, True


def _following(lines: list[tuple[dict[str, Any], bytes]], meta: dict[str, Any]) -> tuple[list[tuple[dict[str, Any], bytes]], bool]:
    """``(kept, complete)``: the first of the journal ``lines`` that go on,
    without a gap, from the campaign whose header is ``meta`` (the older
    ones, folded in already, skipped); ``complete``: all of them do."""
    expected = meta["journal_seq"] + 1
    kept: list[tuple[dict[str, Any], bytes]] = []
    for record, line in lines:
        seq = _seq(record)
        if record.get("cid") != meta["cid"] or seq > expected:
            return kept, False
        if seq == expected:
            kept.append((record, line))
            expected += 1
    return kept, True


def _write_new(path: Path, data: bytes) -> None:
    """A new file ``path`` holding ``data`` (0600, never through a link), fsynced with its folder."""
    fd = open_own(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.fchmod(fd, 0o600)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_folder(path.parent)


def _write_journal(path: Path, lines: list[bytes]) -> None:
    """A new journal of ``lines`` (0600, never through a link), fsynced."""
    _write_new(path, b"".join(lines))


def _aside_name(path: Path, stamp: str) -> Path:
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    return target


def _copy_aside(path: Path, stamp: str) -> Path:
    """A copy of ``path`` beside it, a new file 0600 (never through a link)."""
    target = _aside_name(path, stamp)
    _write_new(target, read_regular(path, MAX_CAMPAIGN_BYTES, own=True) or b"")
    return target


def _move_aside(path: Path, stamp: str) -> Path:
    """``path`` renamed beside itself, 0600."""
    target = _aside_name(path, stamp)
    os.rename(path, target)
    fd = open_own(target, os.O_RDONLY)
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)
    fsync_folder(path.parent)
    return target
