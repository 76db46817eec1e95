"""Reading a file someone else may have put there: regular files only, bounded.

Every path the program reads (campaign, journal, import file, backups,
settings, keys.json, map file) goes through :func:`read_regular`. A named
pipe, a device, a socket or a folder is refused at once — it is checked
with ``stat`` before opening, opened with ``O_NONBLOCK`` (a pipe without
a writer cannot make ``open`` wait) and checked again with ``fstat`` on
what was opened (a file swapped in between). A file larger than ``limit``
bytes is refused without being read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MiB = 1 << 20

# Largest files read (bytes). A campaign of 10 000 logged actions is ~3 MB.
MAX_CAMPAIGN_BYTES = 256 * MiB
MAX_JOURNAL_BYTES = 256 * MiB
MAX_SMALL_FILE_BYTES = 1 * MiB  # keys.json, settings.json


def real_path(path: Path | str) -> Path:
    """``path`` with symbolic links and ``..`` resolved, so that a campaign
    reached through a link is written (and locked) as its real file; a plain
    path is kept as given."""
    path = Path(path)
    resolved = Path(os.path.realpath(path))  # never raises, even for a loop of links
    return path if resolved == path.absolute() else resolved


class NotAFile(ValueError):
    """``path`` is not a regular file that may be read (pipe, device, folder,
    too large). ``str()`` says what it is, without the path: callers name it."""


def kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words (``None`` for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: Path | str) -> bool:
    """``True`` for an existing regular file, ``False`` when nothing is there.
    Raises :class:`NotAFile` for anything else (symbolic links are followed)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    kind = kind_of(mode)
    if kind is not None:
        raise NotAFile(f"is {kind}, not a file")
    return True


def read_regular(path: Path | str, limit: int) -> bytes | None:
    """The bytes of ``path``; ``None`` when it does not exist.

    Raises :class:`NotAFile` when it is not a regular file or is larger than
    ``limit`` bytes, ``OSError`` when it cannot be read."""
    if not check_regular(path):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(fd)
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise NotAFile(f"is {kind}, not a file")
        if info.st_size > limit:
            raise NotAFile(f"is too large ({info.st_size // MiB} MB; at most {limit // MiB} MB)")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, MiB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise NotAFile(f"is too large (more than {limit // MiB} MB)")
        return data
    finally:
        os.close(fd)
