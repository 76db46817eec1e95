"""Waiting for a campaign's files to change, without polling.

:func:`campaign_changes` wakes a player view when the GM's process writes
the campaign file, its journal or the journal being folded. On Linux it
reads inotify events for the campaign's folder through the event loop
(``asyncinotify``: nothing runs while nothing changes, and the view wakes
as soon as the write is done). Elsewhere, or when inotify cannot be had
(no watches left), it falls back to ``watchfiles``, which checks for
events every ``step`` ms.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Container
from pathlib import Path

from saves.fold import folding_path
from saves.reading import journal_path


def campaign_names(path: Path) -> frozenset[str]:
    """The file names in ``path``'s folder whose changes a player view reads."""
    return frozenset(p.name for p in (path, journal_path(path), folding_path(path)))


def _inotify(folder: Path):
    """An ``asyncinotify.Inotify`` watching ``folder`` for writes, creations,
    renames and deletions, or ``None`` where inotify cannot be had."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        from asyncinotify import Inotify, Mask

        inotify = Inotify()
    except (ImportError, OSError):
        return None
    try:
        inotify.add_watch(folder, Mask.MODIFY | Mask.ATTRIB | Mask.CLOSE_WRITE | Mask.MOVE | Mask.CREATE | Mask.DELETE | Mask.ONLYDIR)
    except OSError:
        inotify.close()
        return None
    return inotify


async def campaign_changes(path: Path) -> AsyncIterator[None]:
    """Yields once after each change (or burst of changes read together)
    to the campaign at ``path``; runs until cancelled or closed. A lost
    event (the kernel's queue overflowed) counts as a change."""
    async for _ in folder_changes(path.parent, campaign_names(path)):
        yield


async def folder_changes(folder: Path, names: Container[str]) -> AsyncIterator[None]:
    """Yields once after each change (or burst) to a file of ``folder``
    named in ``names`` (the players' feed: its files; asked at each event, so
    the caller may change it between two); runs until cancelled."""
    inotify = _inotify(folder)
    if inotify is None:
        from watchfiles import awatch

        async for changes in awatch(folder, debounce=50, step=20, recursive=False):
            if any(Path(changed).name in names for _, changed in changes):
                yield
        return
    from asyncinotify import Mask

    changed = asyncio.Event()

    async def read() -> None:  # events read together are handled before the view wakes: one wake a burst
        async for event in inotify:
            if Mask.Q_OVERFLOW in event.mask or (event.name is not None and str(event.name) in names):
                changed.set()

    reader = asyncio.ensure_future(read())
    try:
        while True:
            await changed.wait()
            changed.clear()
            yield
    finally:
        reader.cancel()  # and wait for it, so that its reader is off the loop before the descriptor closes
        await asyncio.gather(reader, return_exceptions=True)
        inotify.close()
