"""Where encounter keeps its files.

Everything lives under one data folder: ``platformdirs.user_data_dir("encounter")``
(for example ``~/.local/share/encounter`` on Linux), or ``$ENCOUNTER_HOME``
when that is set (tests and portable installs use it). Campaign files go in
its ``campaigns/`` folder; ``settings.json`` remembers the last campaign.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs

from saves.files import MAX_SMALL_FILE_BYTES, read_regular

APP_NAME = "encounter"


def data_dir(create: bool = True) -> Path:
    """The data folder (created on first use unless ``create`` is false:
    ``--help`` names it without making it)."""
    override = os.environ.get("ENCOUNTER_HOME")
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def campaigns_dir(create: bool = True) -> Path:
    """The folder of campaign files, ``<data>/campaigns`` (created unless ``create`` is false)."""
    path = data_dir(create) / "campaigns"
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def demo_path() -> Path:
    return campaigns_dir() / "demo.json"


def _settings_path() -> Path:
    return data_dir() / "settings.json"


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
    failures are ignored (it is only a convenience)."""
    resolved = Path(path).resolve()
    recent = [str(resolved)] + [str(p) for p in recent_campaigns() if p.resolve() != resolved]
    try:
        target = _settings_path()
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps({"last_campaign": str(resolved), "recent": recent[:RECENT]}), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass


def forget_campaign(path: Path) -> None:
    """Drop ``path`` from the recent campaigns (after deleting it)."""
    resolved = Path(path).resolve()
    recent = [str(p) for p in recent_campaigns() if p.resolve() != resolved]
    try:
        target = _settings_path()
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps({"last_campaign": recent[0] if recent else None, "recent": recent}), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass
