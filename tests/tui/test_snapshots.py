"""How the main screen looks at 80x24 and 160x48 (seeded demo).

Update with ``pytest --snapshot-update`` only after looking at the new
picture in the report and finding it right.
"""

from __future__ import annotations

import pytest

from tests.tui.helpers import demo_app


class TestMainScreen:
    @pytest.mark.parametrize("size", [(80, 24), (160, 48)])
    def test_demo_start(self, snap_compare, tmp_path, size):
        assert snap_compare(demo_app(tmp_path / "demo.json"), terminal_size=size)

    @pytest.mark.parametrize("size", [(80, 24), (160, 48)])
    def test_move_mode_shows_reach(self, snap_compare, tmp_path, size):
        async def enter_move_mode(pilot):
            await pilot.press("m")
            await pilot.press("down")

        assert snap_compare(demo_app(tmp_path / "demo.json"), terminal_size=size, run_before=enter_move_mode)

    def test_check_dialog_shows_odds(self, snap_compare, tmp_path):
        async def open_check(pilot):
            await pilot.pause()  # the footer has the screen's keys before the dialog opens (else it may first draw them under it, disabled)
            await pilot.press("c")
            for key in "STR":
                await pilot.press(key)
            await pilot.pause()  # the footer's recompose after the dialog's bindings (call_after_refresh) is drawn, whatever ran before

        assert snap_compare(demo_app(tmp_path / "demo.json"), terminal_size=(80, 24), run_before=open_check)
