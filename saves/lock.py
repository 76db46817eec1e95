"""One writer per campaign: an exclusive ``fcntl.flock`` on ``<file>.lock``.

:func:`acquire` returns a :class:`CampaignLock` or ``None`` when another
process (or another open of the same file in this process) holds it; the
lock file holds the holder's pid for the message (left empty when the
disk is full: the lock is the ``flock``, not the pid). The lock file is removed
on release; a lock taken on a file that was just removed is retried, so two
writers never both believe they hold it.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from saves.files import MAX_SMALL_FILE_BYTES, open_own, read_regular


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class CampaignLock:
    """A held lock; :meth:`release` it when the campaign closes."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            os.unlink(self.path)
        except OSError:
            pass
        fcntl.flock(self._fd, fcntl.LOCK_UN)
        os.close(self._fd)
        self._fd = None


def acquire(campaign: Path) -> CampaignLock | None:
    """Lock ``campaign``; ``None`` if someone else has it. Raises ``OSError``
    when the lock file cannot be created (read-only folder), and
    :class:`saves.files.NotOwnFile` when a symbolic link, a hard link or
    another user's file is in its place (never truncated)."""
    path = lock_path(campaign)
    for _ in range(10):
        fd = open_own(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            try:
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()}\n".encode())
            except OSError:
                pass  # a full disk: the pid is only for another encounter's message; the lock is held all the same
            return CampaignLock(path, fd)
        os.close(fd)  # the holder removed it between our open and flock: try again
    return None


def holder(campaign: Path) -> int | None:
    """Pid written by the process holding the lock, if readable."""
    try:
        return int((read_regular(lock_path(campaign), MAX_SMALL_FILE_BYTES, own=True) or b"").decode().strip())
    except (OSError, ValueError):
        return None
