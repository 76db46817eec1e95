"""The players' views: the feed they read, and the campaign it is made from.

:func:`read_snapshot` is all a player's process reads: the players' feed
(:mod:`saves.feed`), which the GM's process writes after each saved action,
never the campaign, its journal, backups or lock. Raises :class:`SaveError`
(missing or damaged feed) and :class:`RulesError` (``as_name`` is no party
member in it).

:func:`publish_campaign` (the GM's account) writes the feed from the
campaign as it is on disk, read without its lock: the journal folded in
memory. The last read of each campaign is kept (:class:`FollowedCampaign`):
while the campaign file and the journal being folded are the files read
last time and the journal only grew, only the journal's new lines are read
and applied; anything else (a fold, a new journal, a damaged line, a
record out of sequence) reads it whole again.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.values.combatant import Side
from core.combat.state import EncounterState
from core.rulesets.base import Ruleset
from core.combat.visibility import SideView
from saves.errors import CorruptSave, NewerSave, SaveError
from saves.feed import read_feed
from saves.feed_writer import FeedWriter
from saves.files import MAX_JOURNAL_BYTES, NotAFile, check_regular, real_path
from saves.fold import folding_path
from saves.journal import decode_line
from saves.layout import CampaignData, apply_record
from saves.reading import decode_state, journal_path, newest_good, read_campaign, ruleset_of
from saves.sanitize import UnsafeDocument, clean_document


@dataclass(frozen=True)
class PlayerSnapshot:
    """``view`` of the current encounter (``eid``) for a side, with the
    campaign's ``title``, the ruleset's tracked action ``kinds`` (id,
    letter) and a ``turn_line`` for the status line."""

    view: SideView
    title: str
    kinds: tuple[tuple[str, str], ...]
    turn_line: str
    eid: int = 0
    known: frozenset[tuple[int, int]] = frozenset()
    """Cells the side saw before in this encounter (greyed)."""
    ruleset: Ruleset | None = None
    me: str | None = None
    """The id of the member whose eyes these are (``--as``), or ``None``."""
    turn: str = ""
    """Whose turn it is, in words (``turn_line`` without the keys)."""
    next_name: str | None = None
    """Who is up next, when the players can see them (``None``: nobody they can name)."""
    next_id: str | None = None
    """Their id (the tracker's ``›``)."""
    up: str = ""
    """For a view ``as_name``: ``"now"`` when that character's turn it is,
    ``"next"`` when it is up next, else ``""`` (the players' view's bell)."""
    view_file: str | None = None
    """The feed's shared view file it was read from, if any (:mod:`saves.feed_shared`)."""


FileId = tuple[int, int, int] | None
"""``(inode, size in bytes, mtime in ns)`` of a file, ``None`` when absent."""


def _file_id(path: Path) -> FileId:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


class FollowedCampaign:
    """The campaign at ``path`` as last read, brought up to date by
    :meth:`read`: ``data`` (with the journal folded in) and ``ruleset``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.data: CampaignData | None = None
        self.ruleset: Ruleset | None = None
        self.full_reads = 0
        """How many times the campaign was read whole (a test hook)."""
        self._files: tuple[FileId, FileId] | None = None  # campaign file, journal being folded
        self._journal: int | None = None  # inode of the journal read, None before it existed
        self._offset = 0  # bytes of the journal applied
        self._seq = 0  # seq of the last record applied

    def read(self) -> EncounterState:
        """Bring :attr:`data` up to date; the current encounter's state.
        Raises :class:`SaveError` (missing, corrupt or newer file)."""
        try:
            if self.data is None or not self._read_tail():
                self._read_whole()
            current = self.data.encounters.get(self.data.meta.get("current"))  # type: ignore[union-attr, arg-type]
            if current is None:
                raise CorruptSave(journal_path(self.path), "names a current encounter it does not hold")
            return decode_state(current, self.path)
        except BaseException:
            self.data = None  # half applied, or unreadable: read whole next time
            raise

    def _read_whole(self) -> None:
        path = self.path
        try:
            if not check_regular(path):
                raise SaveError(path, "does not exist")
        except NotAFile as exc:
            raise CorruptSave(path, str(exc)) from None
        except OSError as exc:
            raise CorruptSave(path, f"cannot be read ({exc.strerror or exc})") from None
        (data, replayed, good, _), before = self._read_campaign()
        self.ruleset = ruleset_of(path, data.meta)
        self.data = data
        self.full_reads += 1
        if before is None:
            self._files = None  # the files kept changing while read: read whole next time too
            return
        files, journal = before
        if good > (journal[1] if journal else 0):
            self._files = None
            return
        # A torn last line past ``good`` is read again with the next lines (a new GM cuts it off first).
        self._files, self._journal, self._offset = files, journal[0] if journal else None, good
        self._seq = max([data.meta["journal_seq"], *(r["seq"] for r in replayed)])

    def _read_campaign(self) -> tuple[tuple[CampaignData, list[dict[str, Any]], int, bool], Any]:
        """:func:`read_campaign` and the identity of the files it read
        (``None`` when they kept changing while read: a fold renames and
        writes them one after another, and a read between sees a mix)."""
        for attempt in range(4):
            before = self._identity()
            try:
                result = read_campaign(self.path)
            except (CorruptSave, NewerSave) as exc:
                if attempt < 3 and self._identity() != before:
                    continue
                raise exc.with_backup(newest_good(self.path)) from None
            if self._identity() == before:
                return result, before
        return result, None

    def _identity(self) -> tuple[tuple[FileId, FileId], FileId]:
        return (_file_id(self.path), _file_id(folding_path(self.path))), _file_id(journal_path(self.path))

    def _read_tail(self) -> bool:
        """Apply the journal's new whole lines; ``False`` when the campaign
        must be read whole instead (nothing was applied then)."""
        if self._files is None or self._files != (_file_id(self.path), _file_id(folding_path(self.path))):
            return False
        raw = self._new_bytes()
        if raw is None:
            return False
        records: list[dict[str, Any]] = []
        lines = raw.splitlines(keepends=True)
        for index, line in enumerate(lines):
            record = decode_line(line)
            if record is None:
                if index < len(lines) - 1 and any(decode_line(later) for later in lines[index + 1:]):
                    return False  # a damaged line before good ones: the whole read says so
                break  # a torn last line (a write under way, or a killed GM): not yet
            seq = record.get("seq")
            if record.get("cid") != self.data.meta["cid"] or type(seq) is not int or seq != self._seq + len(records) + 1:  # type: ignore[union-attr]
                return False  # another campaign's journal, or not the next record: the whole read says what it is
            try:
                records.append(clean_document(record))
            except UnsafeDocument:
                return False
        jpath = journal_path(self.path)
        for record, line in zip(records, lines):
            apply_record(self.data, record, jpath)  # type: ignore[arg-type]
            self._offset += len(line)
            self._seq += 1
        return True

    def _new_bytes(self) -> bytes | None:
        """The journal's bytes past those applied (``b""`` when none), or
        ``None`` when it is another file than the one read, or shorter."""
        jpath = journal_path(self.path)
        try:
            fd = os.open(jpath, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return b"" if self._journal is None else None
        except OSError:
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size < self._offset or info.st_size > MAX_JOURNAL_BYTES:
                return None
            if self._journal is None:
                if self._offset:
                    return None
                self._journal = info.st_ino  # the first journal since the file was written
            elif info.st_ino != self._journal:
                return None
            os.lseek(fd, self._offset, os.SEEK_SET)
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)


_FOLLOWED: dict[Path, FollowedCampaign] = {}
"""The last read of each campaign read in this process, by real path."""


def followed(path: Path) -> FollowedCampaign:
    """The :class:`FollowedCampaign` of ``path`` kept for this process."""
    path = real_path(path)
    found = _FOLLOWED.get(path)
    if found is None:
        if len(_FOLLOWED) >= 8:
            _FOLLOWED.clear()
        found = _FOLLOWED[path] = FollowedCampaign(path)
    return found


def publish_campaign(path: Path) -> FeedWriter:
    """Write the players' feed of the campaign at ``path`` as it is on disk
    (on the GM's account: ``encounter invite``, a restart, tests). Raises
    :class:`SaveError` (the campaign cannot be read, or the feed written)."""
    campaign = followed(path)
    state = campaign.read()
    data, ruleset = campaign.data, campaign.ruleset
    assert data is not None and ruleset is not None
    title = str(data.meta.get("name") or campaign.path.stem)
    name = data.encounters[data.meta["current"]].name
    writer = FeedWriter(campaign.path)
    if not writer.publish(state, ruleset, title if name == title else f"{title}: {name}", int(data.meta["current"])):
        raise SaveError(writer.folder, writer.problem or "cannot be written")
    return writer


def read_snapshot(location: Path, side: Side = Side.PARTY, as_name: str | None = None) -> PlayerSnapshot:
    """What the players' feed at ``location`` (a feed folder, or the
    campaign whose feed it is: :func:`saves.feed.feed_of`) shows the party,
    or ``as_name``'s own eyes. Reads the feed only, never the campaign."""
    if side is not Side.PARTY:
        raise SaveError(location, f"the players' feed holds the party's views, not the {side.value}'s")
    feed = read_feed(location, as_name)
    return PlayerSnapshot(feed.view, feed.title, feed.kinds, feed.turn + " Players' view (read-only); q quits.", feed.eid, feed.known, feed.ruleset, feed.me, feed.turn,
                          feed.next_name, feed.next_id, feed.up, feed.view_file)
