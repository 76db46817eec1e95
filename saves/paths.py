"""Where encounter keeps its files.

Everything lives under one data folder: ``platformdirs.user_data_dir("encounter")``
(for example ``~/.local/share/encounter`` on Linux), or ``$ENCOUNTER_HOME``
when that is set (tests and portable installs use it). Campaign files go in
its ``campaigns/`` folder; ``settings.json`` remembers the last campaign.

Both folders are private (0700) and settings.json too (0600: it lists the
campaigns' paths); folders and files made by older versions are tightened
the first time they are used, silently: :func:`permission_problems` says
when that failed (someone else's folder), for the start-up message.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import platformdirs

from saves.files import MAX_SMALL_FILE_BYTES, read_regular
from saves.storage import atomic_write

APP_NAME = "encounter"
PRIVATE_FOLDER = 0o700
PRIVATE_FILE = 0o600

_tightened: set[Path] = set()
_problems: list[str] = []


def _private(path: Path, mode: int) -> None:
    """Take group and other permissions off ``path`` (once per process);
    a failure is remembered for :func:`permission_problems`."""
    if path in _tightened:
        return
    try:
        info = os.stat(path)
    except OSError:
        return  # not there (yet): made private when it is made
    _tightened.add(path)
    if not stat.S_IMODE(info.st_mode) & ~mode:
        return
    try:
        os.chmod(path, stat.S_IMODE(info.st_mode) & mode)
    except OSError as exc:
        _problems.append(f"{path} could not be made private ({exc.strerror or exc}): other users may read it")


def _private_folder(path: Path, create: bool) -> Path:
    if create:
        path.mkdir(mode=PRIVATE_FOLDER, parents=True, exist_ok=True)
    _private(path, PRIVATE_FOLDER)
    return path


def permission_problems() -> list[str]:
    """What could not be made private so far (the data folder, the campaigns
    folder, settings.json), one sentence each; empty when all went well."""
    return list(_problems)


def data_dir(create: bool = True) -> Path:
    """The data folder (created on first use unless ``create`` is false:
    ``--help`` names it without making it)."""
    override = os.environ.get("ENCOUNTER_HOME")
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return _private_folder(path, create)


def campaigns_dir(create: bool = True) -> Path:
    """The folder of campaign files, ``<data>/campaigns`` (created unless ``create`` is false)."""
    return _private_folder(data_dir(create) / "campaigns", create)


def demo_path() -> Path:
    return campaigns_dir() / "demo.json"


def _settings_path() -> Path:
    path = data_dir() / "settings.json"
    _private(path, PRIVATE_FILE)
    return path


def _read_settings() -> dict:
    """settings.json; raises ``OSError`` / ``ValueError`` (also for a pipe or device, see saves.files)."""
    raw = read_regular(_settings_path(), MAX_SMALL_FILE_BYTES)
    if raw is None:
        raise FileNotFoundError(str(_settings_path()))
    return json.loads(raw.decode("utf-8"))


def last_campaign() -> Path | None:
    """The campaign opened last, if it still exists."""
    try:
        data = _read_settings()
        path = Path(data["last_campaign"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    return path if path.is_file() else None


RECENT = 10


def recent_campaigns() -> list[Path]:
    """Campaigns opened lately, newest first, those that still exist (at most :data:`RECENT`)."""
    try:
        data = _read_settings()
        listed = [Path(p) for p in data.get("recent", []) if isinstance(p, str)]
    except (OSError, ValueError, AttributeError, TypeError, RecursionError):
        listed = []
    last = last_campaign()
    if last is not None and last not in listed:
        listed.insert(0, last)
    return [p for p in listed if p.is_file()][:RECENT]


def remember_campaign(path: Path) -> None:
    """Record ``path`` as the last campaign (and first of the recent ones);
    failures are ignored (it is only a convenience). Settings that say so
    already are left as they are: opening the last campaign again (every
    start of ``encounter``) writes nothing, and waits for no fsync."""
    resolved = Path(path).resolve()
    recent = [str(resolved)] + [str(p) for p in recent_campaigns() if p.resolve() != resolved]
    settings = {"last_campaign": str(resolved), "recent": recent[:RECENT]}
    try:
        if _read_settings() == settings:
            return
    except (OSError, ValueError, RecursionError):
        pass  # none yet, or unreadable: written anew
    try:
        _write_settings(settings)
    except OSError:
        pass


def forget_campaign(path: Path) -> None:
    """Drop ``path`` from the recent campaigns (after deleting it)."""
    resolved = Path(path).resolve()
    recent = [str(p) for p in recent_campaigns() if p.resolve() != resolved]
    try:
        _write_settings({"last_campaign": recent[0] if recent else None, "recent": recent})
    except OSError:
        pass


def _write_settings(settings: dict) -> None:
    """Replace settings.json atomically (0600; never through a planted link). Raises ``OSError``."""
    target = _settings_path()
    atomic_write(target, json.dumps(settings))
    _private(target, PRIVATE_FILE)
