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

import errno
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


def read_regular(path: Path | str, limit: int, own: bool = False) -> bytes | None:
    """The bytes of ``path``; ``None`` when it does not exist.

    Raises :class:`NotAFile` when it is not a regular file or is larger than
    ``limit`` bytes, ``OSError`` when it cannot be read. ``own``: one of the
    campaign's own files (its journal): a symbolic link or a hard link is
    refused too (:class:`NotAFile`); another user's may be read."""
    if own:
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return None
        why = _refusal(path, info, owner=False)
        if why is not None:
            raise NotAFile(why)
    elif not check_regular(path):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0) | (os.O_NOFOLLOW if own else 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        if own and exc.errno == errno.ELOOP:
            raise NotAFile("is a symbolic link") from None
        raise
    try:
        info = os.fstat(fd)
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise NotAFile(f"is {kind}, not a file")
        why = _refusal(path, info, owner=False) if own else None
        if why is not None:
            raise NotAFile(why)
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


class NotOwnFile(OSError):
    """A file the program writes is a symbolic link, has other names (a hard
    link) or belongs to another user: refused, nothing written. An
    ``OSError`` (so every write path reports it as the disk refusing), its
    ``strerror`` the sentence naming the file."""

    def __init__(self, path: Path | str, why: str) -> None:
        super().__init__(errno.EPERM, f"{path} {why}; refused, nothing was written through it", str(path))
        self.why = why
        """What is in its place (``"is a symbolic link (to ...)"``), without the file's name."""


def _owner() -> int:
    return os.getuid()


def _refusal(path: Path | str, info: os.stat_result, owner: bool = True) -> str | None:
    """Why the file ``info`` (of ``lstat``/``fstat``) is not ours to write, or
    ``None``; ``owner=False``: another user's file is fine (to read)."""
    if stat.S_ISLNK(info.st_mode):
        try:
            return f"is a symbolic link (to {os.readlink(path)})"
        except OSError:
            return "is a symbolic link"
    kind = kind_of(info.st_mode)
    if kind is not None:
        return f"is {kind}, not a file"
    if owner and info.st_uid != _owner():
        return f"belongs to another user (uid {info.st_uid})"
    if info.st_nlink > 1:
        return f"is a hard link ({info.st_nlink} names for one file)"
    return None


def open_own(path: Path | str, flags: int, mode: int = 0o600) -> int:
    """``os.open(path, flags, mode)`` for one of the campaign's own files,
    never following a symbolic link (``O_NOFOLLOW``); the file opened is
    checked with ``fstat``: a regular file of ours with one name. Raises
    :class:`NotOwnFile` naming ``path``, or the ``OSError`` of the open."""
    extra = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags | extra, mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK) and os.path.islink(path):
            raise NotOwnFile(path, _refusal(path, os.lstat(path)) or "is a symbolic link") from None
        raise
    try:
        why = _refusal(path, os.fstat(fd))
    except OSError:
        os.close(fd)
        raise
    if why is not None:
        os.close(fd)
        raise NotOwnFile(path, why)
    return fd


def check_replaceable(path: Path | str) -> None:
    """Refuse (:class:`NotOwnFile`) to replace ``path`` when a symbolic link,
    a hard link, a file of another owner or not a file is in its place;
    nothing there is fine."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    why = _refusal(path, info)
    if why is not None:
        raise NotOwnFile(path, why)


def check_replaceable_in(folder_fd: int, name: str, shown: Path | str) -> None:
    """:func:`check_replaceable` for the file ``name`` of the folder opened as
    ``folder_fd``, named ``shown`` in the refusal."""
    try:
        info = os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
    except FileNotFoundError:
        return
    why = _refusal(shown, info)
    if why is not None:
        raise NotOwnFile(shown, why)


def check_own_folder(path: Path | str) -> None:
    """Refuse (:class:`NotOwnFile`) a folder the program writes into (a
    campaign's ``.backups``) that is a symbolic link or another user's."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise NotOwnFile(path, _refusal(path, info) or "is a symbolic link")
    if not stat.S_ISDIR(info.st_mode):
        raise NotOwnFile(path, f"is {kind_of(info.st_mode) or 'a file'}, not a folder")
    if info.st_uid != _owner():
        raise NotOwnFile(path, f"belongs to another user (uid {info.st_uid})")


def fsync_folder(folder: Path | str) -> None:
    """fsync ``folder`` so that a file created, renamed or removed in it
    stays so after a crash; a folder that cannot be opened or synced is
    left as it is (the file's own fsync already happened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
