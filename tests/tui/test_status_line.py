"""The status line is one row: a message wider than the terminal is cut
with an ellipsis (a try-out's wrapped message pushed every pane up a row)
and the whole text goes to the log pane."""

from __future__ import annotations

from tests.tui.helpers import demo_app
from tui.widgets.dice_log import DiceLog, line_text
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
