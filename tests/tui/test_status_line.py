"""The status line is one row: a message wider than the terminal is cut
with an ellipsis (a try-out's wrapped message pushed every pane up a row)
and the whole text goes to the log pane."""

from __future__ import annotations

from tests.tui.helpers import demo_app
from tui.widgets.dice_log import DiceLog, line_text
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine


async def test_a_message_wider_than_the_terminal_is_cut_to_one_line_and_logged_whole(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tracker_at = app.query_one(InitiativeTracker).region
        message = "Refused: " + " ".join(f"word{n}" for n in range(40)) + " END"
        app.encounter_screen.set_status(message, error=True)
        await pilot.pause()
        status = app.query_one(StatusLine)
        assert status.size.height == 1 and len(status.shown_lines) == 1
        assert status.shown_lines[0].text.rstrip().endswith("\u2026")
        assert app.query_one(InitiativeTracker).region == tracker_at  # no pane pushed up
        assert line_text(app.query_one(DiceLog).entries[-1]).plain.endswith(message)


async def test_a_message_that_fits_is_not_added_to_the_log(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        count = len(app.query_one(DiceLog).entries)
        app.encounter_screen.set_status("Refused: short.", error=True)
        await pilot.pause()
        assert len(app.query_one(DiceLog).entries) == count


async def test_hints_of_what_the_keys_do_stay_on_the_status_line_and_never_enter_the_log(tmp_path):
    """A try-out's log held "Move Character 2: arrows/hjkl/yubn...", each
    cursor step's "(2, 2): costs 1 square..." and "Select the target in the
    tracker...": hints, cut on the status line, then logged whole. The log
    holds what happened; a hint only shows on the status line."""
    from core.combat import commands as cmd

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.query_one(DiceLog)
        count = len(log.entries)
        await pilot.press("m", "right", "down")
        await pilot.pause()
        assert app.query_one(GridMap).mode == "move" and "costs" in str(app.query_one(StatusLine).render())
        await pilot.press("escape")
        current = app.presenter.state.current
        app.encounter_screen.select(current)
        await pilot.press("t")  # the attacker itself selected: no target
        await pilot.pause()
        assert "Select the target" in str(app.query_one(StatusLine).render())
        assert len(log.entries) == count, [line_text(e).plain for e in log.entries[count:]]
        app.encounter_screen.run_command(cmd.Damage(current, 1))  # what happens is still logged
        await pilot.pause()
        assert len(log.entries) > count
