"""Errors of the save layer; ``str()`` is a message for the user."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """Root of every save-file problem."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


class CorruptSave(SaveError):
    """The file is empty, truncated, not JSON, or not a campaign. It is never overwritten."""


class NewerSave(SaveError):
    """The file was written by a newer version of encounter. It is never overwritten."""


class SaveWriteFailed(SaveError):
    """Writing failed (disk full, read-only folder, ...); the file on disk is intact."""
