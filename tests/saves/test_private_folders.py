"""The data folder and the campaigns folder are 0700 and settings.json is
0600 (it lists the campaigns' paths); older ones are tightened when used,
silently, and a failure to tighten is said once."""

from __future__ import annotations

import json
import os
import random
import stat

from saves import paths
from saves.session import create_demo


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_new_folders_and_settings_are_private_whatever_the_umask(encounter_home):
    old = os.umask(0o022)
    try:
        campaign = create_demo(paths.demo_path(), random.Random(1))
        paths.remember_campaign(campaign.path)
        campaign.close()
    finally:
        os.umask(old)
    settings = encounter_home / "settings.json"
    assert (_mode(encounter_home), _mode(encounter_home / "campaigns"), _mode(settings)) == (0o700, 0o700, 0o600)
    assert json.loads(settings.read_text())["last_campaign"] == str(campaign.path)
    assert paths.permission_problems() == []


def test_folders_and_settings_of_an_older_version_are_tightened_when_opened(encounter_home):
    (encounter_home / "campaigns").mkdir(parents=True)
    settings = encounter_home / "settings.json"
    settings.write_text(json.dumps({"last_campaign": None, "recent": []}))
    for path, mode in ((encounter_home, 0o755), (encounter_home / "campaigns", 0o755), (settings, 0o644)):
        os.chmod(path, mode)
    assert paths.recent_campaigns() == []  # reading the settings is enough
    assert paths.campaigns_dir() == encounter_home / "campaigns"
    assert (_mode(encounter_home), _mode(encounter_home / "campaigns"), _mode(settings)) == (0o700, 0o700, 0o600)
    assert paths.permission_problems() == []


def test_a_folder_that_cannot_be_tightened_is_said_not_hidden(encounter_home, monkeypatch):
    encounter_home.mkdir()
    os.chmod(encounter_home, 0o755)

    def refuse(path, mode):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "chmod", refuse)
    monkeypatch.setattr(paths, "_problems", [])
    paths.data_dir()
    (problem,) = paths.permission_problems()
    assert str(encounter_home) in problem and "Operation not permitted" in problem


def test_the_same_campaign_remembered_again_leaves_the_settings_untouched(encounter_home):
    first, second = (create_demo(paths.campaigns_dir() / name, random.Random(1)) for name in ("one.json", "two.json"))
    paths.remember_campaign(first.path)
    settings = encounter_home / "settings.json"
    written = settings.stat()
    paths.remember_campaign(first.path)  # every start of the last campaign: nothing to write
    assert (settings.stat().st_ino, settings.stat().st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    paths.remember_campaign(second.path)  # another campaign: replaced (atomically: a new file)
    assert settings.stat().st_ino != written.st_ino
    assert json.loads(settings.read_text()) == {"last_campaign": str(second.path), "recent": [str(second.path), str(first.path)]}
    first.close()
    second.close()
