"""The players' view sends only changed cells (tui/terminal/frame_diff.py on
PlayerApp): what it writes, played on the model terminal, is the screen a
whole repaint draws, and a GM's turn change costs a few rows, not the tracker."""

from __future__ import annotations

import random

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.watching import publish_campaign
from saves.session import Session, create_demo
from tests.tui.model_terminal import Screen
from tests.tui.terminal_output import capture_terminal, captured_text
from tui.player import PlayerApp

SIZE = (120, 40)


async def test_diffed_frames_leave_the_screen_a_whole_repaint_draws(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)  # the players' feed, as the GM's process writes it
    app = PlayerApp(path, follow=False)
    written = capture_terminal(app)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "players' view" in captured_text(written)
        session = Session(Campaign.open(path), random.Random(2))
        sizes = []
        for command in (cmd.NextTurn(), cmd.Damage("c3", 9), cmd.NextTurn(), cmd.NextTurn()):
            mark = len(written)
            session.commit(command)
            publish_campaign(path)
            app.reload()
            await pilot.pause()
            sizes.append(len(captured_text(written, mark)))
        session.close()
        diffed = Screen(*SIZE)
        diffed.feed(captured_text(written).encode())
        mark = len(written)
        app.terminal_cells.forget()  # as after a resize: the next frame is written whole
        app.screen.refresh(layout=True)
        await pilot.pause()
    whole = Screen(*SIZE)
    whole.feed(captured_text(written, mark).encode())
    assert "bloody" in diffed.text() and "Round 2" in diffed.text()
    assert diffed.text() == whole.text()
    assert max(sizes) < len(captured_text(written, mark)) // 4  # a turn is a few rows, not a repaint
