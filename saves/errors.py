"""Errors of the save layer; ``str()`` is a message for the user naming the file.

    SaveError               every save-file problem (also: missing file); an
                            :class:`core.errors.EncounterError`, so the UI
                            catches it with the rules' refusals
    ├── CorruptSave         empty, truncated, not JSON, hand-edited: refused, never overwritten
    ├── NewerSave           written by a newer encounter: refused, never overwritten
    ├── SaveWriteFailed     the disk refused a write; the file on disk is intact
    └── ReadOnlySave        another instance holds the campaign: this one may only read

``CorruptSave`` and ``NewerSave`` carry ``backup``: the newest good backup
(or ``None``), already named in the message, and ``advice``: what the GM
can do about it (:func:`saves.restore.advice`), the message's last sentence.
"""

from __future__ import annotations

from pathlib import Path

from core.errors import EncounterError


class SaveError(EncounterError):
    """Root of every save-file problem. ``path``: the file; ``reason``: what is wrong."""

    def __init__(self, path: Path | str, reason: str, backup: Path | None = None, advice: str = "") -> None:
        self.path = Path(path)
        self.reason = reason
        self.backup = backup
        self.advice = advice
        message = f"{self.path}: {reason}"
        if advice:
            message += f". {advice}"
        elif backup is not None:
            message += f". The newest good backup is {backup}"
        super().__init__(message)

    def with_backup(self, backup: Path | None, advice: str = "") -> SaveError:
        """The same error offering ``backup``, ending with ``advice``."""
        return type(self)(self.path, self.reason, backup, advice)


class CorruptSave(SaveError):
    """The file is empty, truncated, not JSON, or not a campaign. It is never overwritten."""


class NewerSave(SaveError):
    """The file was written by a newer version of encounter. It is never overwritten."""


class SaveWriteFailed(SaveError):
    """Writing failed (disk full, read-only folder, ...); the file on disk is intact."""


class ReadOnlySave(SaveError):
    """The campaign is open elsewhere (or its folder is read-only): nothing can be changed here.
    ``str()`` names the file by its name only: it is the status line's
    message under the campaign's own title, one row of 80 columns."""

    def __init__(self, path: Path | str, reason: str, backup: Path | None = None, advice: str = "") -> None:
        super().__init__(path, reason, backup, advice)
        self.args = (f"{self.path.name}: {reason}",)
