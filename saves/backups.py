"""Rotating backups of the last good campaign files.

Before a campaign file is replaced (at each compaction, see
:mod:`saves.campaign`) the file that is about to go, which was read or
written as a valid campaign, is copied to
``<folder>/.backups/<file name>/<UTC time>.json``; the newest
:data:`KEEP` copies stay. When a file is refused, :func:`newest_good` finds
the newest backup that still opens, to offer it in the message.
"""

from __future__ import annotations

import os
import shutil
from datetime import datetime, timezone
from pathlib import Path

KEEP = 5


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
    ``None``. Raises ``OSError`` when the copy fails (the caller decides)."""
    if not path.is_file():
        return None
    existing = list_backups(path)
    if existing and _same_bytes(existing[0], path):
        return existing[0]
    folder = backup_dir(path)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
    target = folder / f"{stamp}.json"
    tmp = folder / f".{stamp}.tmp"
    shutil.copyfile(path, tmp)
    with open(tmp, "rb") as handle:
        os.fsync(handle.fileno())
    os.replace(tmp, target)
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


def newest_good(path: Path) -> Path | None:
    """The newest backup of ``path`` that opens as a valid campaign, or ``None``."""
    from saves.reading import validate_file  # late: reading imports the storage this module shares

    for candidate in list_backups(path):
        if validate_file(candidate):
            return candidate
    return None
