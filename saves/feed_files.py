"""The players' feed folder on disk, never written through a link (:mod:`saves.feed`).

:func:`open_folder` opens the folder (made ``0o2750`` when missing) with
``O_NOFOLLOW`` and refuses one of another account; :func:`write_file`
writes a file ``0o640`` with the folder's group to a new temporary name
and renames it into place (a reader sees the old file or the new one,
never half); a link planted in a file's place is refused.
"""

from __future__ import annotations

import errno
import grp
import os
import pwd
from pathlib import Path

from saves.errors import SaveError
from saves.files import check_replaceable_in


class FeedRefused(SaveError):
    """The feed folder cannot be written safely (a link, another's folder)."""


def unlink_quietly(name: str, dfd: int) -> None:
    try:
        os.unlink(name, dir_fd=dfd)
    except OSError:
        pass


def not_in_group(gid: int) -> str:
    """Why a file of the GM's cannot be given the feed folder's group ``gid``: the GM's account is not in it."""
    try:
        group = grp.getgrgid(gid).gr_name
    except KeyError:
        group = str(gid)
    try:
        user = pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        user = str(os.geteuid())
    return f"the GM's account {user} is not in the feed folder's group {group}, so its files cannot be that group's (sudo usermod -aG {group} {user}, then log in again)"


def open_folder(folder: Path) -> int:
    """A descriptor of the feed ``folder`` (created ``0o2750`` when missing),
    opened with ``O_NOFOLLOW``; raises :class:`FeedRefused` for a link or a
    folder of another account, ``OSError`` when it cannot be had."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        dfd = os.open(folder, flags)
    except FileNotFoundError:
        os.mkdir(folder, 0o750)
        dfd = os.open(folder, flags)
        os.fchmod(dfd, 0o2750)
    except OSError as exc:
        if os.path.islink(folder):
            raise FeedRefused(folder, "is a symbolic link; the feed is never written through one") from None
        raise exc
    info = os.fstat(dfd)
    if info.st_uid != os.geteuid():
        os.close(dfd)
        raise FeedRefused(folder, "belongs to another account")
    return dfd


def write_file(dfd: int, folder: Path, name: str, data: bytes) -> None:
    """Write ``data`` as the file ``name`` of the feed ``folder`` (its descriptor ``dfd``), as the module says."""
    gid = os.fstat(dfd).st_gid
    check_replaceable_in(dfd, name, folder / name)  # a link planted as a feed file is refused, as for the journal
    temp = f".{name}.{os.getpid()}.tmp"
    unlink_quietly(temp, dfd)  # left by a write of this process that failed; O_EXCL refuses anything still there
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o640, dir_fd=dfd)
    try:
        if os.fstat(fd).st_gid != gid:
            try:
                os.fchown(fd, -1, gid)
            except PermissionError:
                raise PermissionError(errno.EPERM, not_in_group(gid)) from None
        os.fchmod(fd, 0o640)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError:
        os.close(fd)
        unlink_quietly(temp, dfd)  # no half-made file left behind
        raise
    os.close(fd)
    os.replace(temp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
