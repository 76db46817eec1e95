"""The players' screen (tui/screens/players.py) is built from the GM's
widgets and binds no GM key: the GM's keys pressed there
change nothing, open no dialog and write nothing."""

from __future__ import annotations

import os
import random
from pathlib import Path

from saves.watching import publish_campaign
from saves.session import create_demo
from tui.player import PlayerApp
from tui.screens.players import PlayerScreen
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine

GM_KEYS = ("n", "d", "u", "plus", "full_stop", "e", "m", "question_mark")


def _files(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p): (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


async def test_gm_keys_on_the_player_screen_change_nothing_and_open_no_dialog(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)  # the players' feed, as the GM's process writes it
    before_files = _files(tmp_path)
    app = PlayerApp(path, follow=False)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, PlayerScreen) and screen is app.screen_stack[0]
        assert {type(w) for w in (screen.query_one(InitiativeTracker), screen.query_one(GridMap), screen.query_one(StatusLine))}
        bound = {binding.key for _node, binding, _enabled, _tip in screen.active_bindings.values()}
        assert not bound & set(GM_KEYS), bound & set(GM_KEYS)
        state, status = app.snapshot.view.state, str(screen.query_one(StatusLine).render())
        for key in GM_KEYS:
            await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen and len(app.screen_stack) == 1  # no dialog opened
        app.reload()
        assert app.snapshot.view.state == state
        assert str(screen.query_one(StatusLine).render()) == status
    assert _files(tmp_path) == before_files  # nothing written
    assert os.path.exists(path)
