"""The players' feed, followed live: a source that publishes a
:class:`saves.watching.PlayerSnapshot` each time the GM's process writes
the feed (:mod:`saves.feed`; :mod:`saves.file_events`: inotify through
the event loop, no polling).

Outside Textual like :mod:`tui.presenter` (it imports neither textual nor
rich); :class:`tui.screens.players.PlayerScreen` subscribes to it. It only
reads the feed: the campaign, its journal, backups and lock are never opened.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.values.combatant import Side
from core.errors import EncounterError
from saves.feed import PARTY_FILE, feed_of, member_file
from saves.file_events import folder_changes
from saves.watching import PlayerSnapshot, read_snapshot
from tui.publisher import Publisher


@dataclass(frozen=True)
class Waiting:
    """The campaign could not be read this time (missing, locked mid-write,
    refused): ``reason`` says why; the last snapshot stays valid."""

    reason: str


Reading = PlayerSnapshot | Waiting


def _listing(folder: Path) -> list[str]:
    try:
        return os.listdir(folder)
    except OSError:
        return []
Subscriber = Callable[[Reading], None]


class _Watched:
    """The feed's file names a source wakes for: its own and the shared view its last snapshot was read
    from (asked at each event: the view named changes with what the member sees)."""

    def __init__(self, names: frozenset[str], source: SnapshotSource) -> None:
        self.names, self.source = names, source

    def __contains__(self, name: object) -> bool:
        snapshot = self.source.snapshot
        return name in self.names or (snapshot is not None and snapshot.view_file is not None and name == snapshot.view_file)


class SnapshotSource(Publisher[Reading]):
    """``SnapshotSource(path, as_name=None, side=Side.PARTY)``: what ``side``
    (through ``as_name``'s eyes, when given) may know, from the players' feed
    at ``path`` (a feed folder, or the campaign whose feed it is)."""

    def __init__(self, path: Path, as_name: str | None = None, side: Side = Side.PARTY) -> None:
        self.path = Path(path)
        self.as_name = as_name
        self.side = side
        self.snapshot: PlayerSnapshot | None = None
        """The last snapshot read, or ``None`` before the first."""
        self.problem: str | None = None
        """Why the campaign could not be read on the last try, or ``None``."""
        super().__init__()

    def reload(self) -> Reading:
        """Read the campaign again and publish what the side may know (or why it cannot)."""
        reading: Reading
        try:
            reading = self.snapshot = read_snapshot(self.path, self.side, self.as_name)
            self.problem = None
        except EncounterError as problem:
            self.problem = str(problem)
            reading = Waiting(self.problem)
        self._publish(reading)
        return reading

    async def follow(self) -> None:
        """Reload whenever the feed's file of this view changes, or the shared view it names (inotify, no polling);
        runs until cancelled."""
        folder = feed_of(self.path)
        names = {PARTY_FILE} if self.as_name is None else {member_file(self.as_name)}
        if self.snapshot is not None and self.snapshot.me is not None:
            names.add(member_file(self.snapshot.me))
        if self.as_name is not None and len(names) == 1:
            names = {n for n in _listing(folder) if n.startswith("as-")} | names  # a name, not an id: any member's file
        async for _ in folder_changes(folder, _Watched(frozenset(names), self)):
            self.reload()
