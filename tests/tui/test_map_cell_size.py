"""The map's cell size follows the room its pane has; ``Z`` pins one; a
big terminal also widens the left column and the tracker's columns."""

from __future__ import annotations

from hypothesis import given, strategies as st

from core.combat import commands as cmd
from core.values.conditions import Condition
from core.values.combatant import Side
from core.values.mobility import Size
from rich.cells import cell_len

from tui.rendering.glyphs import SIDE_STYLE, THEMES, cell_text
from tui.widgets.grid_map import CELL_SIZES, GridMap
from tui.widgets.map_rulers import RULER
from tui.widgets.initiative_tracker import InitiativeTracker

from tests.tui.helpers import demo_app


def _fits(size: tuple[int, int], cells_wide: int, cells_high: int, width: int, height: int) -> bool:
    return width >= RULER + cells_wide * size[0] + 1 and height >= 1 + cells_high * size[1]


@given(st.integers(1, 200), st.integers(1, 200), st.integers(10, 400), st.integers(5, 150))
def test_the_automatic_size_is_the_largest_with_which_the_whole_map_fits(cells_wide, cells_high, width, height):
    size = GridMap.fitting_size(cells_wide, cells_high, width, height)
    assert size in CELL_SIZES
    assert size == CELL_SIZES[0] or _fits(size, cells_wide, cells_high, width, height)
    assert not any(_fits(bigger, cells_wide, cells_high, width, height) for bigger in CELL_SIZES[CELL_SIZES.index(size) + 1:])


def test_every_glyph_fills_every_cell_size_exactly():
    """Each line of a cell is its width in columns, in every theme (the
    emoji ones are one character two columns wide): solid fills repeat,
    a mark sits in the middle of its line."""
    for theme in THEMES.values():
        for glyph in [*theme.terrain.values(), theme.unknown]:
            for width, height in CELL_SIZES:
                assert all(cell_len(cell_text(glyph, width, height, sub)) == width for sub in range(height)), (theme.name, glyph, width)
    assert [cell_text("\u2593\u2593", 4, 2, sub) for sub in (0, 1)] == ["\u2593" * 4] * 2
    assert [cell_text("\u2663 ", 6, 3, sub) for sub in (0, 1, 2)] == [" " * 6, "  \u2663   ", " " * 6]


async def test_cells_follow_the_pane_z_pins_a_size_through_resizes_and_returns_to_automatic(tmp_path):
    """The demo's 22x17 map: small cells at 80x24 (as before), 3x2 at
    120x40, 6x3 at 200x60, where the map fills its pane."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        grid_map = app.query_one(GridMap)
        await pilot.pause()
        assert grid_map.cell_size == (2, 1)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert grid_map.cell_size == (3, 2)
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        assert grid_map.cell_size == (6, 3)
        assert grid_map.virtual_size.width > grid_map.scrollable_content_region.width - 6  # less than a cell left over
        await pilot.press("Z")
        await pilot.pause()
        assert grid_map.cell_size == (2, 1) and "small" in str(app.query_one("#status").render())
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert grid_map.cell_size == (2, 1)  # pinned
        for size in ((4, 2), (6, 3), (8, 4)):
            await pilot.press("Z")
            await pilot.pause()
            assert grid_map.cell_size == size
        await pilot.press("Z")
        await pilot.pause()
        assert grid_map.pinned is None and grid_map.cell_size == (3, 2)
        assert "automatic" in str(app.query_one("#status").render())
    app.presenter.session.campaign.close()


async def test_at_200x60_the_tracker_has_conditions_and_uses_columns_and_a_large_creature_covers_its_footprint(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        state = app.presenter.state
        boar = next(c for c in state.combatants if c.name == "Boar")
        assert app.query_one("#left").size.width == 60
        assert app.presenter.submit(cmd.AddCondition(boar.id, Condition("dazed", level=2))).refusal is None
        await pilot.pause()
        tracker = app.query_one(InitiativeTracker)
        cells = tracker.row_cells(boar.id)
        assert len(cells) == 7 and "daz2" in cells[5].plain and "daz" not in cells[2].plain
        assert "Conditions" in tracker.render_line(0).text
        grid_map = app.query_one(GridMap)
        x, y = 11, 7  # open ground from (10, 6) to (11, 7)
        assert app.presenter.submit(cmd.Place(boar.id, (x - 1, y - 1))).refusal is None
        assert app.presenter.submit(cmd.EditCombatant(boar.id, cmd.SheetChanges(size=Size.LARGE))).refusal is None
        await pilot.pause()
        cw, ch = grid_map.cell_size
        scroll_x, scroll_y = grid_map.scroll_offset
        foe_red = SIDE_STYLE[Side.FOE].bgcolor
        for spot in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):  # each cell of the 2x2 footprint in the boar's red
            line = grid_map.render_line(1 + spot[1] * ch - scroll_y)
            column = RULER + spot[0] * cw - scroll_x
            segment_styles = [seg.style for seg in line.crop(column, column + cw)]
            assert all(style is not None and style.bgcolor == foe_red for style in segment_styles), spot
        app.encounter_screen.select(next(c.id for c in state.combatants if c.id != boar.id))
        await pilot.click("#map", offset=(1 + RULER + x * cw - scroll_x + 1, 1 + 1 + y * ch - scroll_y))  # (11, 7): the footprint's, not the token's cell
        await pilot.pause()
        assert app.encounter_screen.selected == boar.id
    app.presenter.session.campaign.close()
