"""Nothing is written through a link someone planted: a symbolic link, a
hard link to another file or a file of another user in the place of the
journal, the lock, the history segment, the backups folder, an export
target or a file replaced atomically is refused with a message naming it,
and the file it points to is left exactly as it was."""

from __future__ import annotations

import os
import random

import pytest

from core.combat import commands as cmd
from saves import backups, files, library
from saves.campaign import Campaign
from saves.errors import CorruptSave, SaveError
from saves.files import NotOwnFile, open_own
from saves.history import history_path
from saves.lock import lock_path
from saves.reading import journal_path
from saves.session import Session, create_demo
from saves.storage import atomic_write

VICTIM = b"the GM's own notes, never to be touched\n"
KINDS = ("symlink", "hardlink", "other-owner")


@pytest.fixture
def campaign_file(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    return path


@pytest.fixture
def victim(tmp_path):
    path = tmp_path / "outside" / "notes.txt"
    path.parent.mkdir()
    path.write_bytes(VICTIM)
    return path


def _plant(kind: str, where, victim, monkeypatch) -> None:
    """Put ``kind`` at ``where``: a link to ``victim`` or a file of another user."""
    if kind == "symlink":
        where.symlink_to(victim)
    elif kind == "hardlink":
        os.link(victim, where)
    else:
        where.write_bytes(VICTIM)
        monkeypatch.setattr(files, "_owner", lambda: os.getuid() + 1)  # every file here is now another user's


WHY = {"symlink": "symbolic link", "hardlink": "hard link", "other-owner": "another user"}


@pytest.mark.parametrize("kind", KINDS)
def test_open_own_refuses_each_planted_kind_naming_it(tmp_path, victim, monkeypatch, kind):
    where = tmp_path / "c.json.journal"
    _plant(kind, where, victim, monkeypatch)
    with pytest.raises(NotOwnFile) as refused:
        open_own(where, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    assert str(where) in refused.value.strerror and WHY[kind] in refused.value.strerror
    assert victim.read_bytes() == VICTIM


@pytest.mark.parametrize("kind", ("symlink", "hardlink"))
def test_a_planted_journal_is_refused_when_the_campaign_opens(campaign_file, victim, monkeypatch, kind):
    _plant(kind, journal_path(campaign_file), victim, monkeypatch)
    with pytest.raises(CorruptSave) as refused:
        Campaign.open(campaign_file)
    assert str(journal_path(campaign_file)) in str(refused.value) and WHY[kind] in str(refused.value)
    assert victim.read_bytes() == VICTIM
    assert not lock_path(campaign_file).exists()


@pytest.mark.parametrize("kind", KINDS)
def test_a_journal_planted_while_playing_is_not_written_and_the_action_waits_unsaved(campaign_file, victim, monkeypatch, kind):
    session = Session(Campaign.open(campaign_file), random.Random(2))
    session.commit(cmd.RollDice("1d6 first"))
    session.campaign.compact()  # the journal is folded in and removed: its name is free
    assert not os.path.lexists(journal_path(campaign_file))
    _plant(kind, journal_path(campaign_file), victim, monkeypatch)
    session.commit(cmd.RollDice("1d6 second"))
    assert session.unsaved is not None and str(journal_path(campaign_file)) in str(session.unsaved)
    assert session.campaign.unsaved_actions == 1
    assert victim.read_bytes() == VICTIM
    session.campaign._lock.release()


@pytest.mark.parametrize("kind", KINDS)
def test_a_planted_lock_opens_the_campaign_read_only_and_is_never_truncated(campaign_file, victim, monkeypatch, kind):
    _plant(kind, lock_path(campaign_file), victim, monkeypatch)
    campaign = Campaign.open(campaign_file)
    assert str(campaign.read_only).startswith(f"c.json: its lock c.json.lock {'is' if kind != 'other-owner' else 'belongs to'} ")
    assert WHY[kind] in str(campaign.read_only) and str(campaign.read_only).endswith(": opened read-only, never written through it")
    campaign.close()
    assert victim.read_bytes() == VICTIM


@pytest.mark.parametrize("kind", ("symlink", "hardlink"))
def test_a_planted_history_segment_is_not_appended_to(campaign_file, victim, monkeypatch, kind):
    session = Session(Campaign.open(campaign_file), random.Random(2))
    session.commit(cmd.RollDice("1d6 folded"))
    session.campaign.compact()
    history = history_path(campaign_file)
    victim.write_bytes(history.read_bytes())  # the same bytes: only an append would change it
    before = victim.read_bytes()
    history.unlink()
    _plant(kind, history, victim, monkeypatch)
    for n in range(3):
        session.commit(cmd.RollDice(f"1d6 roll {n}"))
    assert not session.campaign._try_compact()
    assert victim.read_bytes() == before
    session.campaign._lock.release()


def test_a_backups_folder_planted_as_a_link_is_refused_said_once_and_nothing_is_pruned_through_it(campaign_file, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for n in range(8):  # more than backups.KEEP: pruning through the link would delete some
        (elsewhere / f"2020010{n}.json").write_bytes(VICTIM)
    (tmp_path / ".backups").mkdir(exist_ok=True)
    folder = backups.backup_dir(campaign_file)
    for old in folder.glob("*") if folder.is_dir() else ():
        old.unlink()
    if folder.is_dir():
        folder.rmdir()
    folder.symlink_to(elsewhere)
    with pytest.raises(NotOwnFile, match="symbolic link"):
        backups.make_backup(campaign_file)
    assert sorted(p.name for p in elsewhere.iterdir()) == [f"2020010{n}.json" for n in range(8)]
    session = Session(Campaign.open(campaign_file), random.Random(2))  # a fold makes a backup first: saved, and said once
    told = []
    for n in range(2):
        session.commit(cmd.RollDice(f"1d6 roll {n}"))
        session.campaign.compact()
        told += session.campaign.take_notices()
    assert told == [f"No backup of c.json was made: {folder} is a symbolic link (to {elsewhere}); refused, nothing was written "
                    "through it. The campaign itself is saved."]
    assert sorted(p.name for p in elsewhere.iterdir()) == [f"2020010{n}.json" for n in range(8)]
    shown = list(session.log)
    session.close()
    reopened = Campaign.open(campaign_file, read_only=True)
    assert list(reopened.load_log()) == shown
    reopened.close()


@pytest.mark.parametrize("kind", KINDS)
def test_an_export_or_recap_target_planted_as_a_link_is_refused_naming_it(campaign_file, tmp_path, victim, monkeypatch, kind):
    target = tmp_path / "recap.txt"
    _plant(kind, target, victim, monkeypatch)
    with pytest.raises(SaveError) as refused:
        library.export_text(target, "Round 1 ...", replace=True)
    assert str(target) in str(refused.value) and WHY[kind] in str(refused.value)
    with pytest.raises(SaveError):
        library.export_campaign(campaign_file, target, replace=True)
    assert victim.read_bytes() == VICTIM and (kind == "other-owner" or os.path.samefile(target, victim))


@pytest.mark.parametrize("kind", KINDS)
def test_the_atomic_replace_refuses_a_planted_file_in_its_place(tmp_path, victim, monkeypatch, kind):
    target = tmp_path / "c.json"
    _plant(kind, target, victim, monkeypatch)
    with pytest.raises(NotOwnFile, match=WHY[kind]):
        atomic_write(target, "{}")
    assert victim.read_bytes() == VICTIM
    assert not list(tmp_path.glob(".c.json.*.tmp"))
