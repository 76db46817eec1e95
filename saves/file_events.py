"""Waiting for a campaign's files to change, without polling.

:func:`campaign_changes` wakes a player view when the GM's process writes
the campaign file, its journal or the journal being folded. On Linux it
reads inotify events for the campaign's folder through the event loop
(``loop.add_reader``): nothing runs while nothing changes, and the view
wakes as soon as the write is done. Elsewhere (or when inotify cannot be
had: no watches left) it falls back to ``watchfiles``, which checks for
events every ``step`` ms.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import os
import struct
import sys
from collections.abc import AsyncIterator
from pathlib import Path

from saves.fold import folding_path
from saves.reading import journal_path

# <sys/inotify.h>
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_Q_OVERFLOW, IN_ONLYDIR = 0x4000, 0x01000000
MASK = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ONLYDIR
_EVENT = struct.Struct("iIII")  # wd, mask, cookie, len; then len bytes of NUL-padded name


def campaign_names(path: Path) -> frozenset[str]:
    """The file names in ``path``'s folder whose changes a player view reads."""
    return frozenset(p.name for p in (path, journal_path(path), folding_path(path)))


def _inotify(folder: Path) -> int | None:
    """A non-blocking inotify descriptor watching ``folder``, or ``None``."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None
    if libc.inotify_add_watch(fd, os.fsencode(folder), MASK) < 0:
        os.close(fd)
        return None
    return fd


def _names(data: bytes) -> tuple[set[str], bool]:
    """The names in a read of inotify events, and whether events were lost."""
    names: set[str] = set()
    lost = False
    offset = 0
    while offset + _EVENT.size <= len(data):
        _, mask, _, length = _EVENT.unpack_from(data, offset)
        offset += _EVENT.size
        names.add(os.fsdecode(data[offset:offset + length].rstrip(b"\0")))
        offset += length
        lost = lost or bool(mask & IN_Q_OVERFLOW)
    return names, lost


async def campaign_changes(path: Path) -> AsyncIterator[None]:
    """Yields once after each change (or burst of changes read together)
    to the campaign at ``path``; runs until cancelled."""
    names = campaign_names(path)
    fd = _inotify(path.parent)
    if fd is None:
        from watchfiles import awatch

        async for changes in awatch(path.parent, debounce=50, step=20, recursive=False):
            if any(Path(changed).name in names for _, changed in changes):
                yield
        return
    loop = asyncio.get_running_loop()
    ready = asyncio.Event()
    loop.add_reader(fd, ready.set)
    try:
        while True:
            await ready.wait()
            ready.clear()
            seen: set[str] = set()
            lost = False
            while True:
                try:
                    data = os.read(fd, 1 << 16)
                except BlockingIOError:
                    break
                found, overflow = _names(data)
                seen |= found
                lost = lost or overflow
            if lost or seen & names:
                yield
    finally:
        loop.remove_reader(fd)
        os.close(fd)
