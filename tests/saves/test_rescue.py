"""Rescue copies (saves.rescue): what the disk refused, written beside the
data folder when encounter ends without asking, then merged back into its
campaign or kept as a campaign of its own."""

from __future__ import annotations

import errno
import os
import random
import stat

import pytest

from core.combat import commands as cmd
from saves import paths, rescue
from saves.campaign import Campaign
from saves.errors import ReadOnlySave, SaveError
from saves.journal import Journal
from saves.session import Session, create_demo


@pytest.fixture
def full_disk(monkeypatch):
    """The disk fills up: every journal append from now on fails with ENOSPC (injected)."""
    state = {"full": False}
    real = Journal.append

    def append(self, records):
        if state["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, records)

    monkeypatch.setattr(Journal, "append", append)
    return state


def _played(encounter_home, full_disk, unsaved: int = 6) -> Session:
    """The demo with one saved next turn, then ``unsaved`` that the full disk refused."""
    session = Session(create_demo(paths.demo_path(), random.Random(1)), random.Random(2))
    session.commit(cmd.NextTurn())
    full_disk["full"] = True
    for _ in range(unsaved):
        session.commit(cmd.NextTurn())
    assert session.campaign.unsaved_actions == unsaved
    return session


def _turn(campaign: Campaign) -> tuple[int, str | None]:
    state = campaign.load_state()
    return state.round, state.current


def test_the_rescue_copy_holds_every_shown_action_private_beside_the_data_folder(encounter_home, full_disk):
    session = _played(encounter_home, full_disk)
    shown, log_length = (session.encounter.state.round, session.encounter.state.current), len(session.log)
    session.campaign.close(fold_journal=False)
    written = rescue.write(session.campaign)
    assert written is not None and written.parent == encounter_home.parent and written.name.startswith("home-rescue-") and "-demo-" in written.name
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert session.campaign.rescued_to == written and rescue.write(session.campaign) is None  # one copy for them
    copy = Campaign.open(written, read_only=True)
    assert _turn(copy) == shown and len(copy.load_log()) == log_length
    assert copy.meta["cid"] != session.campaign.meta["cid"]  # a campaign of its own
    copy.close()
    (found,) = rescue.find()
    assert (found.path, found.origin, found.actions) == (written, session.path, 6)
    assert "No space left on device" in found.describe()


def test_merge_puts_the_rescued_actions_back_into_their_campaign(encounter_home, full_disk):
    session = _played(encounter_home, full_disk)
    shown, log_length = (session.encounter.state.round, session.encounter.state.current), len(session.log)
    session.campaign.close(fold_journal=False)
    rescue.write(session.campaign)
    full_disk["full"] = False
    before = Campaign.open(session.path, read_only=True)
    assert _turn(before) != shown  # only the first next turn reached the disk
    before.close()
    (found,) = rescue.find()
    assert rescue.merge(found) == session.path
    merged = Campaign.open(session.path)
    assert _turn(merged) == shown and len(merged.load_log()) == log_length and merged.read_only is None
    assert merged.meta["cid"] == session.campaign.meta["cid"] and "rescue" not in merged.meta
    after = Session(merged, random.Random(3))
    for _ in range(7):
        after.undo()  # the merged history undoes, past the rescued actions
    assert after.unsaved is None
    after.close()
    assert rescue.find() == [] and not found.path.exists()


def test_merge_refuses_a_campaign_that_changed_since_and_keep_makes_a_campaign_of_its_own(encounter_home, full_disk):
    session = _played(encounter_home, full_disk)
    session.campaign.close(fold_journal=False)
    rescue.write(session.campaign)
    full_disk["full"] = False
    other = Session(Campaign.open(session.path), random.Random(4))
    other.commit(cmd.RollDice("1d6 played after the hang-up"))
    other.close()
    (found,) = rescue.find()
    with pytest.raises(SaveError, match="changed since"):
        rescue.merge(found)
    assert found.path.exists()
    kept = rescue.keep(found)
    assert kept.parent == paths.campaigns_dir() and not found.path.exists()
    copy = Campaign.open(kept)
    assert copy.name == "Demo (rescued)" and copy.load_state().round == session.encounter.state.round and "rescue" not in copy.meta
    copy.close()


def test_merge_refuses_a_campaign_open_in_another_encounter(encounter_home, full_disk):
    session = _played(encounter_home, full_disk)
    session.campaign.close(fold_journal=False)
    rescue.write(session.campaign)
    full_disk["full"] = False
    holder = Campaign.open(session.path)
    (found,) = rescue.find()
    with pytest.raises(ReadOnlySave, match="open in another encounter"):
        rescue.merge(found)
    holder.close()


def test_nothing_unsaved_writes_no_rescue_and_a_planted_rescue_name_is_skipped(encounter_home, full_disk, tmp_path):
    session = Session(create_demo(paths.demo_path(), random.Random(1)), random.Random(2))
    session.commit(cmd.NextTurn())
    assert rescue.write(session.campaign) is None
    session.close()
    (tmp_path / f"{rescue.prefix()}demo-x.json").symlink_to(paths.demo_path())
    assert rescue.find() == []


def test_when_beside_the_data_folder_refuses_the_copy_goes_to_the_home_folder(encounter_home, full_disk, monkeypatch, tmp_path):
    session = _played(encounter_home, full_disk, unsaved=2)
    home = tmp_path / "user"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    os.chmod(tmp_path, 0o500)
    try:
        if os.access(tmp_path, os.W_OK):  # root writes anyway: refuse by a planted folder name instead
            os.chmod(tmp_path, 0o700)
            monkeypatch.setattr(rescue, "folders", lambda: [tmp_path / "missing", home])
        written = rescue.write(session.campaign)
    finally:
        os.chmod(tmp_path, 0o700)
    assert written is not None and written.parent == home
    session.campaign._lock.release()
