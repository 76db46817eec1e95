"""The journal written beside the game (``Campaign.write_beside``): an action
returns once it is in memory, the writer's thread appends and fsyncs what
is queued (the actions that came during one fsync go with the next), and
nothing counts as saved before its fsync returned; a full disk still ends
in ``unsaved`` with every action kept for the retry or the rescue copy."""

from __future__ import annotations

import errno
import random
import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from saves import campaign as campaign_module
from saves import journal as journal_module
from saves.campaign import Campaign
from saves.journal import Journal
from saves.session import Session, create_demo
from tests.saves.helpers import state_hash


def _session(tmp_path, name: str = "c.json") -> Session:
    path = tmp_path / name
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    session.campaign.write_beside()
    return session


def _reopened(session: Session) -> tuple[int, str]:
    again = Campaign.open(session.path, read_only=True)
    try:
        return len(again.load_log()), state_hash(again.load_state())
    finally:
        again.close()


def test_an_action_returns_before_its_fsync_and_counts_as_saved_only_after(tmp_path, monkeypatch):
    session = _session(tmp_path)
    release, in_fsync = threading.Event(), threading.Event()
    real, real_append = journal_module.os.fsync, Journal.append
    appends = []

    def slow_fsync(fd):  # the disk takes its time: the game does not wait for it
        in_fsync.set()
        assert release.wait(10)
        real(fd)

    def append(self, records):
        appends.append(len(records))
        return real_append(self, records)

    monkeypatch.setattr(journal_module.os, "fsync", slow_fsync)
    monkeypatch.setattr(Journal, "append", append)
    saved_before = session.campaign.saved_seq
    session.commit(cmd.NextTurn())
    assert in_fsync.wait(10)
    assert session.saving and session.campaign.saved_seq == saved_before  # shown, not yet saved
    for _ in range(5):  # typed while the first fsync runs: written together with the next one
        session.commit(cmd.NextTurn())
    assert session.campaign.unsaved_actions == 6
    release.set()
    assert session.campaign.flush()
    assert not session.saving and session.unsaved is None and session.campaign.unsaved_actions == 0
    assert session.campaign.saved_seq == session.campaign.last_seq
    assert len(appends) == 2  # group commit: six actions, two appends
    memory = (len(session.log), state_hash(session.encounter.state))
    assert _reopened(session) == memory
    session.close()


def test_a_full_disk_beside_the_game_keeps_every_action_for_retry_and_rescue(tmp_path, monkeypatch):
    full = {"on": False}
    real = Journal.append

    def append(self, records):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, records)

    monkeypatch.setattr(Journal, "append", append)
    session = _session(tmp_path)
    session.commit(cmd.NextTurn())
    assert session.campaign.flush()
    full["on"] = True
    for _ in range(4):
        session.commit(cmd.NextTurn())
    assert not session.campaign.flush()  # waits for the writer, which the disk refused
    assert session.unsaved is not None and "No space left" in session.unsaved.reason
    assert session.campaign.unsaved_actions == 4 and session.saving
    document, on_disk, last = session.campaign.rescue_document()  # what a hang-up writes to the rescue copy
    assert last - on_disk == 4 and last == session.campaign.last_seq
    full["on"] = False
    session.commit(cmd.NextTurn())  # the next action writes all that was refused, with itself
    assert session.campaign.flush() and session.unsaved is None and session.campaign.unsaved_actions == 0
    assert _reopened(session) == (len(session.log), state_hash(session.encounter.state))
    session.close()


def test_folds_beside_the_writer_lose_nothing_and_undo_walks_back(tmp_path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)  # a fold every few actions
    session = _session(tmp_path)
    history = session.path.with_name(session.path.name + ".history")
    target = session.encounter.state.combatants[0].id
    for n in range(150):
        session.commit(cmd.Damage(target, 1) if n % 2 else cmd.Heal(target, 1))
    assert session.campaign.flush()
    session.campaign._wait_for_fold()
    assert history.exists() and history.stat().st_size > 0  # folds ran, renamed by the writer
    memory = (len(session.log), state_hash(session.encounter.state))
    session.close()
    again = Session(Campaign.open(session.path), random.Random(3))
    assert (len(again.log), state_hash(again.encounter.state)) == memory
    for _ in range(150):
        again.undo()
    again.close()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["next", "undo", "roll"]), st.booleans()), min_size=1, max_size=25))
def test_once_the_disk_takes_it_again_the_file_holds_exactly_what_was_shown(tmp_path_factory, plan):
    """Any run of actions, each typed while the disk refuses or takes writes:
    once it takes them again, the reopened file equals memory."""
    full = {"on": False}
    real = Journal.append

    def append(self, records):
        if full["on"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, records)

    Journal.append = append  # type: ignore[method-assign]
    try:
        session = _session(tmp_path_factory.mktemp("prop"))
        for action, refused in plan:
            full["on"] = refused
            if action == "undo":
                if session.can_undo:
                    session.undo()
            else:
                session.commit(cmd.NextTurn() if action == "next" else cmd.RollDice("1d6 luck"))
        full["on"] = False
        assert session.campaign.flush() and not session.saving
        assert _reopened(session) == (len(session.log), state_hash(session.encounter.state))
        session.close()
    finally:
        Journal.append = real  # type: ignore[method-assign]


def test_a_hang_up_with_the_writer_refused_writes_every_shown_action_to_the_rescue_copy(encounter_home, monkeypatch):
    from saves import paths, rescue

    session = Session(create_demo(paths.demo_path(), random.Random(1)), random.Random(2))
    session.campaign.write_beside()
    session.commit(cmd.NextTurn())
    assert session.campaign.flush()

    def append(self, records):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Journal, "append", append)
    for _ in range(3):
        session.commit(cmd.NextTurn())
    shown = (len(session.log), state_hash(session.encounter.state))
    session.campaign.close(fold_journal=False)  # as the program does on SIGHUP, then the rescue copy
    copy = rescue.write(session.campaign)
    assert copy is not None and copy.parent == encounter_home.parent
    again = Campaign.open(copy, read_only=True)
    assert (len(again.load_log()), state_hash(again.load_state())) == shown
    again.close()
