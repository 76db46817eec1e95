"""Paths and loaders that cannot lose or leak a campaign: symbolic links,
pipes and devices, export targets, deep nesting, broken text, backups' permissions."""

from __future__ import annotations

import json
import os
import random
import stat
import threading

import pytest

from core.combat import commands as cmd
from saves import backups, library, paths
from saves.campaign import Campaign, journal_path
from saves.errors import CorruptSave, ReadOnlySave, SaveError
from saves.files import MiB, NotAFile, read_regular
from saves.lock import lock_path
from saves.session import Session, create_demo


@pytest.fixture
def campaign_file(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    return path


def _finishes(function, *args):
    """Run ``function(*args)`` in a thread; ``(finished, result or exception)``.
    A read that waits for a pipe's writer never finishes: that is the bug guarded."""
    box: list = []

    def run():
        try:
            box.append(function(*args))
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(20)
    return (not worker.is_alive()), (box[0] if box else None)


# -- symbolic links ----------------------------------------------------------
def test_a_symlinked_campaign_is_written_through_to_its_real_file_and_locked_there(tmp_path, campaign_file):
    link = tmp_path / "link.json"
    link.symlink_to(campaign_file)
    session = Session(Campaign.open(link), random.Random(1))
    assert session.path == campaign_file
    assert lock_path(campaign_file).exists() and not lock_path(link).exists()
    other = Campaign.open(campaign_file)
    assert other.read_only is not None  # the link and the target are one campaign
    other.close()
    session.commit(cmd.RollDice("1d6 through the link"))
    session.campaign.compact()
    session.close()
    assert link.is_symlink() and os.readlink(link) == str(campaign_file)
    assert len(Campaign.open(campaign_file, read_only=True).load_log()) == len(session.log)


def test_a_path_with_dot_dot_is_one_campaign_with_the_plain_path(tmp_path, campaign_file):
    (tmp_path / "sub").mkdir()
    first = Campaign.open(tmp_path / "sub" / ".." / "c.json")
    second = Campaign.open(campaign_file)
    assert first.read_only is None and second.read_only is not None
    second.close()
    first.close()


# -- pipes, devices and folders ---------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX only")
def test_a_fifo_as_campaign_journal_import_or_settings_is_refused_at_once(tmp_path, campaign_file, monkeypatch):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done, result = _finishes(Campaign.open, fifo)
    assert done and isinstance(result, CorruptSave) and "named pipe" in str(result) and str(fifo) in str(result)
    os.mkfifo(journal_path(campaign_file))
    done, result = _finishes(Campaign.open, campaign_file)
    assert done and isinstance(result, CorruptSave) and "named pipe" in str(result)
    assert not lock_path(campaign_file).exists()  # no stale lock
    done, result = _finishes(library.import_campaign, fifo, tmp_path)
    assert done and isinstance(result, CorruptSave)
    monkeypatch.setenv("ENCOUNTER_HOME", str(tmp_path / "home"))
    os.makedirs(tmp_path / "home")
    os.mkfifo(tmp_path / "home" / "settings.json")
    done, result = _finishes(paths.last_campaign)
    assert done and result is None


def test_a_device_or_a_folder_is_refused_with_what_it_is(tmp_path, campaign_file):
    if os.path.exists("/dev/zero"):
        with pytest.raises(CorruptSave, match="a device"):
            Campaign.open("/dev/zero")
    journal_path(campaign_file).mkdir()
    with pytest.raises(CorruptSave, match="a folder"):
        Campaign.open(campaign_file)
    assert not lock_path(campaign_file).exists()


def test_read_regular_refuses_a_file_over_its_limit(tmp_path):
    big = tmp_path / "big"
    big.write_bytes(b"x" * (MiB + 1))
    with pytest.raises(NotAFile, match="too large"):
        read_regular(big, MiB)
    assert read_regular(big, 2 * MiB) == b"x" * (MiB + 1)
    assert read_regular(tmp_path / "none", MiB) is None


# -- export and copy -----------------------------------------------------------------
def test_export_never_overwrites_the_campaign_itself_even_as_sub_dot_dot(tmp_path, campaign_file):
    (tmp_path / "sub").mkdir()
    before = campaign_file.read_bytes()
    for target in (campaign_file, tmp_path / "sub" / ".." / "c.json"):
        with pytest.raises(SaveError, match="being exported"):
            library.export_campaign(campaign_file, target, replace=True)
    assert campaign_file.read_bytes() == before


def test_export_never_overwrites_an_open_campaign_or_one_with_a_journal(tmp_path, campaign_file):
    other = tmp_path / "other.json"
    create_demo(other, random.Random(2)).close()
    before = other.read_bytes()
    opened = Session(Campaign.open(other), random.Random(1))
    with pytest.raises(ReadOnlySave, match="open in an encounter"):
        library.export_campaign(campaign_file, other, replace=True)
    opened.commit(cmd.RollDice("1d4 kept in the journal"))
    opened.campaign._lock.release()  # as a kill would leave it: journal beside the file, no lock
    with pytest.raises(SaveError, match="journal"):
        library.export_campaign(campaign_file, other, replace=True)
    assert other.read_bytes() == before
    assert Campaign.open(other, read_only=True).load_log()[-1].event == opened.log[-1].event


def test_export_asks_before_replacing_a_file(tmp_path, campaign_file):
    target = tmp_path / "out.json"
    target.write_text("my notes")
    with pytest.raises(library.TargetExists):
        library.export_campaign(campaign_file, target)
    assert target.read_text() == "my notes"
    library.export_campaign(campaign_file, target, replace=True)
    assert json.loads(target.read_text())["meta"]


def test_copy_does_not_take_the_name_of_a_dangling_link(tmp_path, campaign_file):
    (tmp_path / "copy.json").symlink_to(tmp_path / "elsewhere.json")
    copy = library.duplicate(campaign_file, "Copy")
    assert copy.name == "copy-2.json" and not (tmp_path / "elsewhere.json").exists()


# -- deep nesting, long and broken text -------------------------------------------------
@pytest.mark.parametrize("depth", [150, 100_000])
def test_a_deeply_nested_campaign_is_refused_untouched(campaign_file, depth):
    doc = json.loads(campaign_file.read_bytes())
    doc["meta"]["1"]["house_rules"] = {"x": "[" * depth + "]" * depth}
    text = json.dumps(doc).replace('"[' + "[" * (depth - 1), "[" * depth).replace("]" * depth + '"', "]" * depth)
    campaign_file.write_text(text)
    with pytest.raises(CorruptSave, match="nested"):
        Campaign.open(campaign_file)
    assert campaign_file.read_text() == text and not lock_path(campaign_file).exists()


def test_a_deep_import_is_refused(tmp_path):
    source = tmp_path / "deep.json"
    source.write_text('{"meta": {"1": ' + "[" * 50_000 + "]" * 50_000 + "}}")
    with pytest.raises(CorruptSave):
        library.import_campaign(source, tmp_path)


def test_a_lone_surrogate_in_the_journal_is_refused_with_no_stale_lock(campaign_file):
    session = Session(Campaign.open(campaign_file), random.Random(1))
    session.commit(cmd.RollDice("1d6 SURROGATE"))
    session.campaign._lock.release()
    journal = journal_path(campaign_file)
    lines = journal.read_bytes().splitlines(keepends=True)
    body = lines[-1][9:-1].replace(b"SURROGATE", b"\\ud800")
    import zlib

    lines[-1] = b"%08x " % zlib.crc32(body) + body + b"\n"
    journal.write_bytes(b"".join(lines))
    before = (campaign_file.read_bytes(), journal.read_bytes())
    with pytest.raises(CorruptSave, match="surrogate"):
        Campaign.open(campaign_file)
    assert (campaign_file.read_bytes(), journal.read_bytes()) == before
    assert not lock_path(campaign_file).exists()


def test_a_twenty_megabyte_name_is_refused(campaign_file):
    doc = json.loads(campaign_file.read_bytes())
    doc["meta"]["1"]["name"] = "A" * 20_000_000
    campaign_file.write_text(json.dumps(doc))
    with pytest.raises(CorruptSave, match="characters"):
        Campaign.open(campaign_file)


# -- permissions ----------------------------------------------------------------------
def test_backups_and_their_folders_are_private(campaign_file):
    folder = backups.backup_dir(campaign_file)
    folder.mkdir(parents=True)
    old = folder / "20000101T000000000000Z.json"
    old.write_bytes(b"{}")
    for step in (folder.parent, folder):
        os.chmod(step, 0o755)
    os.chmod(old, 0o644)
    session = Session(Campaign.open(campaign_file), random.Random(1))
    session.commit(cmd.RollDice("1d6"))
    session.campaign.compact()
    session.close()
    made = backups.list_backups(campaign_file)
    assert len(made) >= 2
    for backup in made:
        assert stat.S_IMODE(backup.stat().st_mode) == 0o600, backup
    for step in (folder.parent, folder):
        assert stat.S_IMODE(step.stat().st_mode) == 0o700, step


def test_a_map_or_recap_never_replaces_a_closed_campaign(tmp_path, campaign_file):
    """A try-out exported a map over a closed campaign with no journal beside
    it (as after a fold or ``encounter new``) and lost the campaign: a text
    export refuses any campaign file, asked to replace or not."""
    assert not journal_path(campaign_file).exists()
    before = campaign_file.read_bytes()
    for replace in (False, True):
        with pytest.raises(SaveError, match="is a campaign") as refused:
            library.export_text(campaign_file, "######\n", replace=replace)
        assert not isinstance(refused.value, library.TargetExists)  # not the "replace it?" question
    exported = tmp_path / "export.json"
    library.export_campaign(campaign_file, exported)
    with pytest.raises(SaveError, match="is a campaign file"):
        library.export_text(exported, "# Recap\n", replace=True)
    assert campaign_file.read_bytes() == before
    notes = tmp_path / "notes.md"
    notes.write_text("old notes")
    library.export_text(notes, "# Recap\n", replace=True)  # any other file: replaced when asked
    assert notes.read_text() == "# Recap\n"


def test_no_export_replaces_a_campaign_whose_history_is_beside_it(tmp_path, campaign_file):
    """The campaign's history file beside it marks a campaign in use."""
    from saves.history import history_path

    session = Session(Campaign.open(campaign_file), random.Random(1))
    for _ in range(3):
        session.commit(cmd.RollDice("1d4"))
    session.close()
    assert history_path(campaign_file).exists() and not journal_path(campaign_file).exists()
    other = tmp_path / "other.json"
    create_demo(other, random.Random(2)).close()
    before = campaign_file.read_bytes()
    with pytest.raises(SaveError, match="history file is beside it"):
        library.export_campaign(other, campaign_file, replace=True)
    assert campaign_file.read_bytes() == before
