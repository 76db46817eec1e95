"""A player view reads only the journal's new lines (saves/watching.py):
after any run of GM actions, undos, encounter switches, folds, kills mid
write and restarts, what it has is what a fresh read of the campaign gives."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.errors import CorruptSave
from saves.reading import journal_path
from saves.session import Session, create_demo
from saves.watching import FollowedCampaign


def _fresh(path: Path):
    campaign = Campaign.open(path, read_only=True)
    try:
        return campaign.current_eid, campaign.load_state()
    finally:
        campaign.close()


def _followed_now(followed: FollowedCampaign):
    state = followed.read()
    return followed.data.meta["current"], state


STEPS = st.lists(st.sampled_from(["next", "damage", "undo", "redo", "switch", "fold", "torn", "restart"]), min_size=1, max_size=12)


@settings(max_examples=25, deadline=None)
@given(STEPS)
def test_what_the_watcher_reads_is_what_a_fresh_read_gives(steps):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo.json"
        create_demo(path, random.Random(1)).close()
        followed = FollowedCampaign(path)
        session = Session(Campaign.open(path), random.Random(2))
        try:
            for step in steps:
                if step == "next":
                    session.commit(cmd.NextTurn())
                elif step == "damage":
                    session.commit(cmd.Damage("c3", 1))
                elif step == "undo" and session.can_undo:
                    session.undo()
                elif step == "redo" and session.can_redo:
                    session.redo()
                elif step == "switch":
                    campaign = session.campaign
                    eid = campaign.add_encounter("other", campaign.load_state(campaign.current_eid), "running")
                    campaign.set_current(eid)
                    session = Session(campaign, random.Random(3))
                elif step in ("fold", "restart", "torn"):
                    session.campaign.close(fold_journal=step == "fold")
                    if step == "torn":  # killed in the middle of writing a line
                        with open(journal_path(path), "ab") as journal:
                            journal.write(b"0badc0de {\"op\":")
                    session = Session(Campaign.open(path), random.Random(4))
                    session.campaign._wait_for_fold()  # the new GM folds what it found: the fresh read below would race it
                assert _followed_now(followed) == _fresh(path), step
        finally:
            session.close()


def test_actions_after_the_first_read_are_read_from_the_journal_alone(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.NextTurn())
    followed = FollowedCampaign(path)
    followed.read()
    for _ in range(3):
        session.commit(cmd.NextTurn())
        session.commit(cmd.Damage("c3", 1))
        assert followed.read() == session.encounter.state
    assert followed.full_reads == 1
    session.close()  # a fold writes the campaign file anew: read whole
    assert followed.read() == _fresh(path)[1] and followed.full_reads == 2


def test_a_damaged_line_before_good_ones_is_refused_as_a_fresh_read_refuses_it(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    followed = FollowedCampaign(path)
    followed.read()
    session.commit(cmd.NextTurn())
    session.commit(cmd.NextTurn())
    session.campaign.close(fold_journal=False)
    raw = journal_path(path).read_bytes()
    journal_path(path).write_bytes(raw.replace(b'"op":"step"', b'"op":"stop"', 1))
    with pytest.raises(CorruptSave):
        Campaign.open(path, read_only=True)
    with pytest.raises(CorruptSave):
        followed.read()
