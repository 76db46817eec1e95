"""A TinyDB storage that never tears a file.

TinyDB's ``JSONStorage`` rewrites its file in place, so a kill mid-write
leaves half a file. :class:`AtomicJSONStorage` writes the whole document to
a temporary file in the same folder, fsyncs it, renames it over the old
file with ``os.replace`` and fsyncs the folder: after a crash the file is
either the old one or the new one.

Inside ``with storage.batch():`` TinyDB's reads and writes go to a working
copy and the file is written once, when the block ends: one action, one
atomic write. If that write fails the working copy is dropped.
"""

from __future__ import annotations

import copy
import json
import os
import re
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from saves.errors import CorruptSave, SaveWriteFailed
from saves.files import MAX_CAMPAIGN_BYTES, NotAFile, check_replaceable, read_regular
from saves.sanitize import UnsafeDocument, clean_document
from saves.state_texts import load_campaign_text

# Only a JSON escape (\ud800) can put a lone surrogate in a file we read; our
# own files hold text as UTF-8, so this search of the bytes is all most reads pay.
_SURROGATE_ESCAPE = re.compile(rb"\\[uU][dD][89a-fA-F]")


def atomic_write(path: Path, text: str | Iterable[bytes]) -> int:
    """Replace ``path`` with ``text`` (UTF-8; or pieces of bytes, written as
    they come) atomically; returns the bytes written; raises ``OSError``
    (or what producing the pieces raised: nothing is replaced then), and
    :class:`saves.files.NotOwnFile` when a symbolic link, a hard link or
    another user's file is in ``path``'s place (nothing is written)."""
    folder = path.parent
    check_replaceable(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        try:
            mode = os.lstat(path).st_mode & 0o777
        except OSError:
            mode = 0o600
        os.fchmod(fd, mode)
        size = 0
        with os.fdopen(fd, "wb") as handle:
            for piece in [text.encode("utf-8")] if isinstance(text, str) else text:
                size += handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return size
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)
    return size


class AtomicJSONStorage(Storage):
    """JSON storage with atomic whole-file writes and write batching.

    ``AtomicJSONStorage(path)`` reads the file once; a missing file reads as
    empty (a new database), but an existing empty or unparsable file raises
    :class:`CorruptSave` rather than being taken for a new one.
    ``state_texts``: the encounters' states kept as their JSON text
    (:mod:`saves.state_texts`), for a reader that decodes them one by one
    (never for TinyDB's own reads and writes).
    """

    def __init__(self, path: str | os.PathLike[str], state_texts: bool = False) -> None:
        self.path = Path(path)
        self._state_texts = state_texts
        self._data: dict[str, Any] | None = self._load()
        self._working: dict[str, Any] | None = None
        self._dirty = False

    def _load(self) -> dict[str, Any] | None:
        try:
            raw = read_regular(self.path, MAX_CAMPAIGN_BYTES)
        except NotAFile as exc:
            raise CorruptSave(self.path, f"{exc}; it was left untouched") from None
        except OSError as exc:
            raise CorruptSave(self.path, f"cannot be read ({exc.strerror or exc})") from None
        if raw is None:
            return None
        if not raw.strip():
            raise CorruptSave(self.path, "is empty (it may have been truncated); it was left untouched")
        searched = _SURROGATE_ESCAPE.search(raw) is not None  # then parsed whole: every string is checked below
        try:
            data = load_campaign_text(raw) if self._state_texts and not searched else json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise CorruptSave(self.path, "is not valid JSON (truncated or edited by hand?); it was left untouched") from None
        except RecursionError:
            raise CorruptSave(self.path, "is nested too deeply to be a campaign file; it was left untouched") from None
        if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
            raise CorruptSave(self.path, "is JSON but not a campaign file")
        if searched:
            # Encounter states are cleaned only when opened (saves.layout), but
            # a state holding broken text could then never be written back (a
            # fold of the campaign would fail): refuse the file now, whole.
            try:
                clean_document(data)
            except UnsafeDocument as exc:
                raise CorruptSave(self.path, f"{exc}; it was left untouched") from None
        return data

    def document(self) -> dict[str, Any] | None:
        """The file as read when this storage was opened (``None``: no file),
        not copied: for a caller that reads the file once and drops the
        storage, without TinyDB's deep copy."""
        return self._data

    # -- TinyDB's interface ------------------------------------------------
    def read(self) -> dict[str, Any] | None:
        if self._working is not None:
            return self._working
        return copy.deepcopy(self._data) if self._data is not None else None

    def write(self, data: dict[str, Any]) -> None:
        if self._working is not None:
            self._working = data
            self._dirty = True
            return
        self._commit(data)

    def close(self) -> None:
        pass

    # -- batching ------------------------------------------------------------
    @contextmanager
    def batch(self) -> Iterator[None]:
        """Collect every write inside the block into one atomic write.

        Raises :class:`SaveWriteFailed` if that write fails; the file and the
        storage's view of it are then unchanged.
        """
        if self._working is not None:
            yield
            return
        self._working = copy.deepcopy(self._data) if self._data is not None else {}
        self._dirty = False
        try:
            yield
            if self._dirty:
                self._commit(self._working)
        finally:
            self._working = None
            self._dirty = False

    def _commit(self, data: dict[str, Any]) -> None:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        try:
            atomic_write(self.path, text)
        except OSError as exc:
            raise SaveWriteFailed(self.path, f"not saved: {exc.strerror or exc}") from exc
        self._data = data


def remove_stale_temp_files(path: Path) -> None:
    """Delete temporary files a killed writer left beside ``path``
    (``.<name>.*.tmp``) and in its backup folder. Call only while holding
    the campaign's lock, so that no live writer's file is taken."""
    for folder, pattern in ((path.parent, f".{path.name}.*.tmp"), (path.parent / ".backups" / path.name, ".*.tmp")):
        try:
            stale = list(folder.glob(pattern))
        except OSError:
            continue
        for tmp in stale:
            try:
                tmp.unlink()
            except OSError:
                pass
