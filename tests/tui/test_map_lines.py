"""The map pane keeps its drawn lines until a cell on them changes
(tui/widgets/map_cells.py): the move cursor draws only the lines of its
reach again, and a kept line is always the line a new drawing gives."""

from __future__ import annotations

from tests.tui.helpers import demo_app
from tui.widgets.grid_map import GridMap
from tui.widgets.map_cells import MapCells


def _shown(grid_map: GridMap) -> list:
    return [grid_map.render_line(y) for y in range(grid_map.scrollable_content_region.height)]


def _drawn_again(grid_map: GridMap) -> list:
    grid_map.repaint()
    return _shown(grid_map)


def _count_drawn(grid_map: GridMap, monkeypatch) -> list[int]:
    drawn: list[int] = []
    draw = grid_map._draw_line

    def counting(y, *args):
        drawn.append(y)
        return draw(y, *args)

    monkeypatch.setattr(grid_map, "_draw_line", counting)
    return drawn


async def test_m_draws_again_only_the_lines_of_its_reach(tmp_path, monkeypatch):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        drawn = _count_drawn(grid_map, monkeypatch)
        await pilot.press("m")
        await pilot.pause()
        assert grid_map.mode == "move" and grid_map.reach
        ch = grid_map.cell_size[1]
        reach_lines = {1 + y * ch + sub - grid_map.scroll_offset.y for _x, y in grid_map.reach for sub in range(ch)}
        assert drawn, "the reach was not drawn"
        assert set(drawn) <= reach_lines  # the lit title's repaint drew no other line
        assert len(set(drawn)) < grid_map.scrollable_content_region.height


async def test_kept_lines_are_what_a_new_drawing_shows(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        for keys in (("m",), ("right",), ("escape",), ("n",), ("m",), ("right", "enter"), ("u",), ("m", "down", "escape")):
            await pilot.press(*keys)
            await pilot.pause()
            kept = _shown(grid_map)
            assert kept == _drawn_again(grid_map), keys


async def test_the_move_keys_show_on_the_status_line_and_in_the_footer_with_the_move_cursor(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from tui.widgets.quiet_footer import QuietFooter

        footer = app.screen.query_one(QuietFooter)
        before = [entry.label for entry in footer.entries]
        await pilot.press("m")
        await pilot.pause()
        assert "Enter to move, Esc to cancel" in str(app.screen.query_one("#status").render())
        assert [entry.label for entry in footer.entries][:2] == ["Move here", "Cancel"] != before[:2]  # the footer says the move's keys
        await pilot.press("right")
        await pilot.pause()
        assert "Enter moves, Esc cancels" in str(app.screen.query_one("#status").render())  # each preview says them too
        await pilot.press("escape")
        await pilot.pause()
        shown = [entry.label for entry in footer.entries]
        assert "Move" in shown and "Move here" not in shown, shown


async def test_taking_and_leaving_the_focus_repaints_only_the_title_line(tmp_path, monkeypatch):
    """``m`` and Esc move the focus to the map and back; the pane's lit
    title is its only change, so no refresh of the whole pane (which
    composes and diffs every line of a 120x40 map) is asked for: each
    refresh names its regions, and the title's is the pane's top line."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        asked: list[tuple] = []
        refresh = MapCells.refresh  # under GridMap.refresh, which turns a restyle's refresh into its title's

        def recording(self, *regions, **kwargs):
            if self is grid_map:
                asked.append(regions)
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(MapCells, "refresh", recording)
        for key in ("m", "escape"):
            asked.clear()
            await pilot.press(key)
            await pilot.pause()
            assert grid_map.has_focus == (key == "m")
            assert asked and all(regions for regions in asked), (key, asked)
            top = grid_map.content_offset
            assert any(region.y == -top.y and region.height == 1 for regions in asked for region in regions), key


def test_a_straight_column_of_changed_cells_is_one_region():
    """A path's straight column marks one region; cells of other spans keep a region a row (no wider area to draw)."""
    from types import SimpleNamespace

    from textual.geometry import Region

    from tui.widgets.map_rulers import RULER

    pane = SimpleNamespace(cell_size=(2, 1), scroll_offset=(0, 0), size=(80, 24))
    regions = MapCells._cell_regions(pane, [(5, 2), (5, 3), (5, 4), (6, 5), (7, 6)])  # type: ignore[arg-type]
    left = RULER
    assert sorted(regions) == sorted([Region(left + 10, 3, 2, 3), Region(left + 12, 6, 2, 1), Region(left + 14, 7, 2, 1)])
