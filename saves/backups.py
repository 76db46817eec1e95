"""Rotating backups of the last good campaign files.

Before a campaign file is replaced (at each compaction, see
:mod:`saves.campaign`) the file that is about to go, which was read or
written as a valid campaign, is copied to
``<folder>/.backups/<file name>/<UTC time>.json``; the newest
:data:`KEEP` copies stay. Backups are as private as the campaign: files
0600, folders 0700 (older ones are tightened at the next backup). When a
file is refused, :func:`saves.reading.newest_good` finds the newest backup that still
opens, to offer it in the message.
"""

from __future__ import annotations

import os
import shutil
import stat
from datetime import datetime, timezone
from pathlib import Path

from saves.files import check_own_folder

KEEP = 5
PRIVATE_FILE = 0o600  # like the campaign file (saves.storage.atomic_write)
PRIVATE_FOLDER = 0o700


def _private(path: Path, mode: int) -> None:
    """Take group and other permissions off ``path`` (ours) if it has any."""
    try:
        info = path.lstat()
        if info.st_uid == os.getuid() and info.st_mode & 0o077 and not stat.S_ISLNK(info.st_mode):
            os.chmod(path, mode)
    except OSError:
        pass


def backup_dir(path: Path) -> Path:
    return path.parent / ".backups" / path.name


def list_backups(path: Path) -> list[Path]:
    """Backups of ``path``, newest first."""
    folder = backup_dir(path)
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def make_backup(path: Path, keep: int = KEEP) -> Path | None:
    """Copy ``path`` into its backup folder (skipped when the newest backup
    is identical) and drop the oldest beyond ``keep``. Returns the copy, or
    ``None``. Raises ``OSError`` when the copy fails (the caller decides),
    :class:`saves.files.NotOwnFile` when ``.backups`` or its folder is a
    symbolic link or another user's."""
    if not path.is_file():
        return None
    for step in (backup_dir(path).parent, backup_dir(path)):
        check_own_folder(step)
    existing = list_backups(path)
    if existing and _same_bytes(existing[0], path):
        _private(existing[0], PRIVATE_FILE)
        return existing[0]
    folder = backup_dir(path)
    for step in (folder.parent, folder):
        check_own_folder(step)  # a link planted as .backups: nothing written (or pruned) through it
        step.mkdir(mode=PRIVATE_FOLDER, exist_ok=True)
        check_own_folder(step)
        _private(step, PRIVATE_FOLDER)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    target = folder / f"{stamp}.json"
    tmp = folder / f".{stamp}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE_FILE)
    try:
        os.fchmod(fd, PRIVATE_FILE)  # whatever the umask
        with open(path, "rb") as source, os.fdopen(fd, "wb", closefd=False) as handle:
            shutil.copyfileobj(source, handle)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    os.close(fd)
    os.replace(tmp, target)
    for older in existing:
        _private(older, PRIVATE_FILE)  # backups written before they were made private
    for old in list_backups(path)[keep:]:
        try:
            old.unlink()
        except OSError:
            pass
    return target


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        return a.stat().st_size == b.stat().st_size and a.read_bytes() == b.read_bytes()
    except OSError:
        return False
