"""``encounter restore``: a broken campaign goes back to a good version in one
command; what does not open is kept aside (0600), never overwritten or written
through a link; the refusal on opening names the command."""

from __future__ import annotations

import os
import random
import stat

import pytest

from core.combat import commands as cmd
from saves import backups, lock
from saves.campaign import Campaign
from saves.errors import CorruptSave, ReadOnlySave, SaveError
from saves.reading import journal_path
from saves.library import summarize
from saves.restore import restore
from saves.session import Session, create_demo
from tests.saves.helpers import state_hash


def _campaign_with_a_journal(tmp_path, turns=6, backup_now=False):
    """A campaign folded twice (so it has backups), then ``turns`` turns only in its journal."""
    path = tmp_path / "moor.json"
    create_demo(path, random.Random(1)).close()
    for i in range(2):
        session = Session(Campaign.open(path), random.Random(i))
        session.commit(cmd.NextTurn())
        session.close()
    if backup_now:
        backups.make_backup(path)  # a backup of the very file the journal follows
    session = Session(Campaign.open(path), random.Random(5))
    for _ in range(turns):
        session.commit(cmd.NextTurn())
    state = session.encounter.state
    session.campaign.close(fold_journal=False)  # as the app quits: the journal stays
    assert journal_path(path).stat().st_size > 0
    return path, state


def _aside(path, what):
    [found] = [p for p in path.parent.iterdir() if p.name.startswith(f"{what}.broken-")]
    assert stat.S_IMODE(found.stat().st_mode) == 0o600
    return found


def test_the_loop_of_the_backup_advice_ends_in_one_command(tmp_path):
    path, _ = _campaign_with_a_journal(tmp_path)
    journal = journal_path(path).read_bytes()
    path.write_text('{"garbage": [1,2')
    with pytest.raises(CorruptSave) as refused:
        Campaign.open(path)
    assert f"encounter restore {path}" in str(refused.value)
    assert summarize(path).problem == str(refused.value)  # the campaign list says the same
    assert path.read_text() == '{"garbage": [1,2'

    done = restore(path)

    assert _aside(path, "moor.json").read_text() == '{"garbage": [1,2'
    assert _aside(path, "moor.json.journal").read_bytes() == journal
    assert not journal_path(path).exists()  # its records follow the lost file, not the backup
    assert done.lost == 6 and done.replayed == 0
    reopened = Campaign.open(path)  # and the next start opens it: no second refusal
    state = reopened.load_state()
    reopened.close()
    name = state.combatant(state.current).name
    assert f"back to round {state.round}, turn of {name}" in done.describe()
    assert "6 actions of the journal are in" in done.describe() and _aside(path, "moor.json.journal").name in done.describe()
    assert _aside(path, "moor.json").name in done.describe()


def test_after_copying_the_backup_by_hand_restore_keeps_the_file_and_sets_the_journal_aside(tmp_path):
    path, _ = _campaign_with_a_journal(tmp_path)
    path.write_bytes(backups.list_backups(path)[0].read_bytes())  # what the old message said to do
    with pytest.raises(CorruptSave, match="misses records") as refused:
        Campaign.open(path)
    assert f"encounter restore {path}" in str(refused.value) and "copy it over" not in str(refused.value)
    before = path.read_bytes()

    done = restore(path)

    assert path.read_bytes() == before and done.backup is None
    assert done.lost == 6
    Campaign.open(path).close()


def test_a_journal_that_follows_the_backup_is_replayed_and_nothing_is_lost(tmp_path):
    path, played = _campaign_with_a_journal(tmp_path, backup_now=True)
    path.write_text("{ torn")

    done = restore(path)

    assert done.replayed == 6 and done.lost == 0 and "Nothing was lost" in done.describe()
    reopened = Campaign.open(path)
    assert state_hash(reopened.load_state()) == state_hash(played)
    reopened.close()


def test_without_a_backup_the_refusal_says_so_and_restore_changes_nothing(tmp_path):
    path = tmp_path / "moor.json"
    create_demo(path, random.Random(1)).close()
    assert backups.list_backups(path) == []
    path.write_text("{ torn")
    files = sorted(tmp_path.iterdir())
    with pytest.raises(CorruptSave, match="no backup of it yet") as refused:
        Campaign.open(path)
    assert "encounter restore" not in str(refused.value)
    with pytest.raises(SaveError, match="no backup of it yet"):
        restore(path)
    assert sorted(tmp_path.iterdir()) == files and path.read_text() == "{ torn"


def test_nothing_is_written_through_a_planted_link_nor_while_the_campaign_is_open(tmp_path):
    path, _ = _campaign_with_a_journal(tmp_path)
    path.write_text("{ torn")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(journal_path(path).read_bytes())
    journal_path(path).unlink()
    os.symlink(elsewhere, journal_path(path))
    with pytest.raises(SaveError, match="symbolic link"):
        restore(path)
    assert path.read_text() == "{ torn" and os.path.islink(journal_path(path))
    assert not [p for p in tmp_path.iterdir() if ".broken-" in p.name]

    journal_path(path).unlink()
    held = lock.acquire(path)  # another encounter has it open
    try:
        with pytest.raises(ReadOnlySave, match="open in another encounter"):
            restore(path)
    finally:
        held.release()
    assert path.read_text() == "{ torn"


def test_a_journal_damaged_midway_keeps_the_file_and_replays_the_actions_before_the_damage(tmp_path):
    path = tmp_path / "moor.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(5))
    states = []
    for _ in range(6):
        session.commit(cmd.NextTurn())
        states.append(session.encounter.state)
    session.campaign.close(fold_journal=False)
    lines = journal_path(path).read_bytes().splitlines(keepends=True)
    lines[3] = lines[3][:20] + b"X" + lines[3][21:]  # a flipped byte in the 4th action
    journal_path(path).write_bytes(b"".join(lines))
    with pytest.raises(CorruptSave, match="damaged at byte") as refused:
        Campaign.open(path)
    assert f"encounter restore {path}" in str(refused.value)

    done = restore(path)

    assert (done.backup, done.replayed, done.lost, done.damaged) == (None, 3, 2, 1)
    assert "2 actions and 1 damaged line of the journal are in" in done.describe()
    assert _aside(path, "moor.json.journal").read_bytes() == b"".join(lines)
    reopened = Campaign.open(path)
    assert state_hash(reopened.load_state()) == state_hash(states[2])
    reopened.close()


def test_a_deleted_campaign_comes_back_from_its_backup_and_a_missing_one_without_is_refused(tmp_path):
    path, _ = _campaign_with_a_journal(tmp_path)
    path.unlink()
    done = restore(path)
    assert done.backup == backups.list_backups(path)[0] and done.broken is None and done.lost == 6
    Campaign.open(path).close()
    with pytest.raises(SaveError, match="does not exist, and has no backup"):
        restore(tmp_path / "never.json")
    assert not (tmp_path / "never.json").exists()
