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

APP_NAME = "encounter"


def data_dir() -> Path:
    """The data folder (created on first use)."""
    override = os.environ.get("ENCOUNTER_HOME")
    path = Path(override).expanduser() if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def campaigns_dir() -> Path:
    path = data_dir() / "campaigns"
    path.mkdir(parents=True, exist_ok=True)
    return path


def demo_path() -> Path:
    return campaigns_dir() / "demo.json"


def _settings_path() -> Path:
    return data_dir() / "settings.json"


def last_campaign() -> Path | None:
    """The campaign opened last, if it still exists."""
    try:
        data = json.loads(_settings_path().read_text(encoding="utf-8"))
        path = Path(data["last_campaign"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return path if path.is_file() else None


def remember_campaign(path: Path) -> None:
    """Record ``path`` as the last campaign; failures are ignored (it is only a convenience)."""
    try:
        target = _settings_path()
        tmp = target.with_suffix(".tmp")
        tmp.write_text(json.dumps({"last_campaign": str(Path(path).resolve())}), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass
