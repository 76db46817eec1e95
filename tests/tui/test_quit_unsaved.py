"""Quitting while NOT SAVED asks (retry, save a copy elsewhere, quit and lose
N actions) and never exits 0 silently with actions only in memory."""

from __future__ import annotations

import errno

import pytest

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.journal import Journal
from tests.tui.helpers import demo_app
from tui.cli.main import report_unsaved
from tui.quit_guard import LOST_EXIT_CODE
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen


@pytest.fixture
def disk_full(monkeypatch):
    """Journal appends and campaign rewrites fail as on a full disk from ``fill()`` until ``free()``."""

    class Disk:
        full = False

        def fill(self):
            self.full = True

        def free(self):
            self.full = False

    disk = Disk()
    real_append = Journal.append

    def append(journal, records):
        if disk.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_append(journal, records)

    def atomic_write(path, text):
        if disk.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(path, text)

    import saves.fold

    real_write = saves.fold.atomic_write
    monkeypatch.setattr(Journal, "append", append)
    monkeypatch.setattr(saves.fold, "atomic_write", atomic_write)  # the fold on close fails too
    return disk


async def _two_unsaved_actions(app, pilot):
    app.encounter_screen.run_command(cmd.RollDice("1d6 first"))
    app.encounter_screen.run_command(cmd.RollDice("1d6 second"))
    await pilot.pause()
    assert app.presenter.session.unsaved is not None and app.presenter.session.campaign.unsaved_actions == 2


async def _choose(pilot, key: str) -> None:
    screen = pilot.app.screen
    assert isinstance(screen, ChoiceScreen)
    keys = [k for k, _ in screen.options]
    for _ in range(keys.index(key)):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()


async def test_quit_with_unsaved_actions_asks_and_losing_them_exits_non_zero(tmp_path, disk_full):
    app = demo_app(tmp_path / "c.json")
    disk_full.fill()
    async with app.run_test(size=(100, 30)) as pilot:
        await _two_unsaved_actions(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "2 actions" in str(app.screen.question) and "No space left" in str(app.screen.question)
        await _choose(pilot, "stay")
        assert app.is_running and app.screen is app.screen_stack[0]
        await pilot.press("q")
        await pilot.pause()
        await _choose(pilot, "lose")
    assert app.return_code == LOST_EXIT_CODE
    app.presenter.session.close()


async def test_retry_after_the_disk_is_freed_saves_everything_then_quits(tmp_path, disk_full):
    path = tmp_path / "c.json"
    app = demo_app(path)
    disk_full.fill()
    async with app.run_test(size=(100, 30)) as pilot:
        await _two_unsaved_actions(app, pilot)
        shown = len(app.presenter.session.log)
        await pilot.press("q")
        await pilot.pause()
        await _choose(pilot, "retry")
        assert isinstance(app.screen, ChoiceScreen)  # still full: asked again
        disk_full.free()
        await _choose(pilot, "retry")
    assert app.return_code == 0
    app.presenter.session.close()
    assert len(Campaign.open(path, read_only=True).load_log()) == shown


async def test_save_a_copy_elsewhere_holds_every_action_shown(tmp_path, disk_full):
    app = demo_app(tmp_path / "c.json")
    disk_full.fill()
    copy = tmp_path / "elsewhere" / "rescued.json"
    copy.parent.mkdir()
    async with app.run_test(size=(100, 30)) as pilot:
        await _two_unsaved_actions(app, pilot)
        shown = len(app.presenter.session.log)
        await pilot.press("ctrl+c")
        await pilot.pause()
        await _choose(pilot, "copy")
        assert isinstance(app.screen, PromptScreen)
        app.screen.query_one("#prompt-input").value = str(copy)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0 and app.rescued_to == copy
    app.presenter.session.close()
    rescued = Campaign.open(copy)
    assert len(rescued.load_log()) == shown and rescued.read_only is None
    assert rescued.meta["cid"] != app.presenter.session.campaign.meta["cid"]
    rescued.close()


async def test_a_second_ctrl_c_on_the_question_loses_them_with_a_non_zero_status(tmp_path, disk_full):
    app = demo_app(tmp_path / "c.json")
    disk_full.fill()
    async with app.run_test(size=(100, 30)) as pilot:
        await _two_unsaved_actions(app, pilot)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == LOST_EXIT_CODE
    app.presenter.session.close()


async def test_nothing_unsaved_quits_at_once(tmp_path):
    app = demo_app(tmp_path / "c.json")
    async with app.run_test(size=(100, 30)) as pilot:
        app.encounter_screen.run_command(cmd.RollDice("1d6"))
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    app.presenter.session.close()


def test_closing_with_unsaved_actions_says_so_and_exits_non_zero(tmp_path, disk_full, capsys):
    app = demo_app(tmp_path / "c.json")
    disk_full.fill()
    app.presenter.session.commit(cmd.RollDice("1d6 lost"))
    app.presenter.session.close()  # e.g. after SIGHUP: no question can be asked
    assert report_unsaved(app.presenter.session.campaign) == 1
    err = capsys.readouterr().err
    assert "1 action was NOT saved" in err and "No space left" in err
    assert report_unsaved(app.presenter.session.campaign, tmp_path / "copy.json") == 0
    assert "copy.json" in capsys.readouterr().err
