"""The journal written beside the UI: the status line says SAVING only when
an action waits for the disk longer than :data:`MARK_AFTER`, and NOT SAVED
(with q's retry / copy / lose / keep) when the writer's disk refused."""

from __future__ import annotations

import errno
import threading

from saves import journal as journal_module
from saves.journal import Journal
from tests.tui.helpers import demo_app, status_of
from tui.screens.choice import ChoiceScreen
from tui.screens.encounter import saving_mark
from tui.widgets.dice_log import DiceLog


async def test_saving_shows_only_while_an_action_waits_for_its_fsync(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "c.json")
    app.presenter.session.campaign.write_beside()
    release = threading.Event()
    real = journal_module.os.fsync

    def slow_fsync(fd):
        assert release.wait(20)
        real(fd)

    # The mark's own timer is out of the way (the test looks for it below, as the timer would):
    # "no mark yet" must not depend on how fast a loaded machine gets through the key.
    monkeypatch.setattr(saving_mark, "MARK_AFTER", 600.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(journal_module.os, "fsync", slow_fsync)
        await pilot.press("n")
        await pilot.pause()
        session = app.presenter.session
        assert session.saving and "SAVING" not in status_of(app)  # the frame of the key: no mark yet
        mark = app.encounter_screen.saving_mark
        mark._look()  # MARK_AFTER later, still waiting for the disk
        assert mark.shown and status_of(app).startswith("SAVING")
        release.set()
        assert session.campaign.flush()
        mark._look()
        assert not mark.shown and "SAVING" not in status_of(app) and not session.saving
        monkeypatch.setattr(journal_module.os, "fsync", real)
    app.presenter.session.close()


async def test_a_refusal_on_the_writer_shows_not_saved_and_q_asks(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "c.json")
    app.presenter.session.campaign.write_beside()

    def append(journal, records):
        raise OSError(errno.ENOSPC, "No space left on device")

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Journal, "append", append)
        await pilot.press("n")
        session = app.presenter.session
        assert not session.campaign.flush()  # the writer was refused
        app.encounter_screen.saving_mark._look()
        assert status_of(app).startswith("NOT SAVED") and "No space left" in status_of(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "1 action" in str(app.screen.question)
        monkeypatch.undo()
        keys = [k for k, _ in app.screen.options]
        for _ in range(keys.index("retry")):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0 and not app.presenter.session.saving
    app.presenter.session.close()


async def test_a_skipped_backup_and_a_refused_feed_file_are_said_once_on_the_status_line(tmp_path):
    path = tmp_path / "c.json"
    app = demo_app(path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / ".backups").mkdir(exist_ok=True)
    (tmp_path / ".backups" / "c.json").symlink_to(elsewhere)
    (tmp_path / "c.feed").mkdir(mode=0o750, exist_ok=True)
    (tmp_path / "c.feed" / "party.json").symlink_to(elsewhere / "party.json")
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        assert app.feed.wait(10)
        session = app.presenter.session
        session.campaign.compact()  # a fold: the backup comes first and is refused
        await pilot.press("n")
        await pilot.pause()
        assert status_of(app).startswith("No backup of c.json was made: ")  # cut on its row, whole in the log
        logged = "".join(strip.text for strip in app.query_one(DiceLog).shown_lines).replace(" ", "")  # wrapped lines
        feed = f"The players' feed cannot be written: {tmp_path}/c.feed/party.json is a symbolic link (to {elsewhere}/party.json)"
        assert f"The campaign itself is saved. {feed}".replace(" ", "") in logged
        await pilot.press("n")
        await pilot.pause()
        assert "feed" not in status_of(app) and "backup" not in status_of(app)  # said once
    assert list(elsewhere.iterdir()) == []
