"""Pilot tests of the map modes: move with path preview, look, areas, placing, the brush."""

from __future__ import annotations

from tests.tui.helpers import select_by_keys, status_of, demo_app, type_text


async def test_move_previews_the_path(tmp_path):
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.press("down")
        await pilot.press("down")
        grid_map = app.query_one(GridMap)
        assert len(grid_map.path) == 1  # one cell walked through before the cursor's cell
        assert "costs 2" in status_of(app)
        await pilot.press("escape")
        assert grid_map.path == frozenset() and not grid_map.picking


async def test_move_preview_follows_the_reach_without_searching_again(tmp_path, monkeypatch):
    """The cursor's path comes from the reach computed when the move began
    (Reach.path); a cell beyond it says so with the movement left."""
    from core.board.movement import paths, reach_result
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        grid_map = app.query_one(GridMap)

        def no_search(*args, **kwargs):
            raise AssertionError("the preview searched again")

        monkeypatch.setattr(reach_result, "run_search", no_search)
        monkeypatch.setattr(reach_result, "reach_bits", no_search)
        monkeypatch.setattr(paths, "run_search", no_search)
        await pilot.press("down", "down")
        assert len(grid_map.path) == 1 and "costs 2" in status_of(app)
        mover = app.presenter.state.combatant(app.presenter.state.current)
        far = max(grid_map.reach, key=lambda cell: abs(cell[0] - mover.position[0]) + abs(cell[1] - mover.position[1]))
        preview = app.encounter_screen.map_modes.move_preview(mover, far)
        assert f"costs {grid_map.reach[far]}" in str(preview)
        outside = next((x, y) for y in range(app.presenter.state.grid.height) for x in range(app.presenter.state.grid.width)
                       if (x, y) not in grid_map.reach and not app.presenter.state.grid.terrain((x, y)).blocks_movement)
        assert "out of reach" in str(app.encounter_screen.map_modes.move_preview(mover, outside))
        await pilot.press("escape")


async def test_look_reads_line_of_sight_and_cover(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = app.presenter.state.combatant(app.encounter_screen.selected)
        await pilot.press("x")
        x, y = viewer.position
        # walk the cursor onto the boar or as far as a wall blocks
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        while (x, y) != boar.position:
            key = {(0, 1): "down", (0, -1): "up", (1, 0): "right", (-1, 0): "left", (1, 1): "n", (-1, 1): "b", (1, -1): "u", (-1, -1): "y"}
            step = ((boar.position[0] > x) - (boar.position[0] < x), (boar.position[1] > y) - (boar.position[1] < y))
            await pilot.press(key[step])
            x, y = x + step[0], y + step[1]
        status = status_of(app)
        assert "Boar" in status and "cells" in status and ("in sight" in status or "no line of sight" in status)
        await pilot.press("escape")


async def test_area_template_lists_who_it_hits(tmp_path):
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("z")
        await pilot.press("enter")  # radius
        grid_map = app.query_one(GridMap)
        assert grid_map.mode == "area"
        assert len(grid_map.area) == 9  # radius 1 = 3x3 (EQ-MAP-1), away from the edges
        assert "radius 1: 9 cells; hits" in status_of(app)
        await pilot.press("plus")
        assert len(grid_map.area) == 25  # radius 2 (EQ-MAP-1)
        await pilot.press("enter")
        assert not grid_map.picking and grid_map.area == frozenset()


async def test_zone_rotates(tmp_path):
    from tui.widgets.grid_map import GridMap

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("z")
        await pilot.press("down")
        await pilot.press("enter")  # zone 3*3
        await pilot.press("plus")
        grid_map = app.query_one(GridMap)
        wide = grid_map.area
        assert "zone 4*3" in status_of(app)
        await pilot.press("r")
        assert "zone 3*4" in status_of(app)
        assert len(wide) == len(grid_map.area) == 12  # EQ-MAP-2: 4*3 and 3*4 cover the same count
        assert grid_map.area != wide
        await pilot.press("escape")


async def test_a_new_arrival_is_placed_on_the_map(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("plus")
        await type_text(pilot, "Wolf foe 9")
        await pilot.press("enter")
        await select_by_keys(pilot, app, "Wolf")
        await pilot.press("P")
        await pilot.press("left", "left", "enter")  # the map centre is open ground
        wolf = next(c for c in app.presenter.state.combatants if c.name == "Wolf")
        assert wolf.position == (app.presenter.state.grid.width // 2 - 2, app.presenter.state.grid.height // 2)
    app.presenter.session.campaign.close()


async def test_brush_paints_terrain_and_undo_takes_it_back(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("B")
        await pilot.press("6")  # water
        assert "Brush: water" in status_of(app)
        cursor = app.query_one("#map").cursor
        await pilot.press("space")
        assert app.presenter.state.grid.terrain(cursor).id == "water"
        await pilot.press("escape")
        await pilot.press("u")
        assert app.presenter.state.grid.terrain(cursor).id != "water"
    app.presenter.session.campaign.close()


async def test_brush_raises_the_ground_and_sets_the_ceiling_eq_map_3(tmp_path):
    """B, + + -: the cursor cell's ground stands 1 high; c: a ceiling of 3
    (EQ-MOV-3); u takes the ceiling back, saved with the rest."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("B")
        cursor = app.query_one("#map").cursor
        await pilot.press("plus", "plus", "minus")
        assert app.presenter.state.grid.elevation_at(cursor) == 1
        await pilot.press("c")
        assert app.presenter.state.grid.ceiling == 3 and "ceiling 3" in status_of(app)
        await pilot.press("escape", "u")
        assert app.presenter.state.grid.ceiling is None and app.presenter.state.grid.elevation_at(cursor) == 1
    app.presenter.session.campaign.close()


async def test_brush_deepens_a_water_cell_and_undo_takes_it_back(tmp_path):
    """B, 6, space: water (1 deep by DEFAULT); - -: 3 deep (the depth a dive of
    EQ-MOV-7 reads: tests/core/test_water_depth.py); + makes it 2; u takes that back."""
    from core.board.water import water_depth

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("B", "6", "space")
        cursor = app.query_one("#map").cursor

        def depth() -> int:
            return water_depth(app.presenter.state.grid, cursor, app.presenter.session.encounter.ruleset.settings)

        assert depth() == 1
        await pilot.press("minus", "minus")
        assert depth() == 3 and app.presenter.state.grid.depth_at(cursor) == 3
        await pilot.press("plus")
        assert depth() == 2
        await pilot.press("escape", "u")
        assert depth() == 3
    app.presenter.session.campaign.close()


async def test_brush_paints_a_cell_side_and_the_pane_draws_it(tmp_path):
    """B, e (a closed door), L: a door on the cursor cell's east side,
    drawn in the cell's last column; u takes it back."""
    from core.board.edges import Feature

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("B")
        await pilot.press("e")
        assert "sides: closed door" in status_of(app)
        grid_map = app.query_one("#map")
        x, y = grid_map.cursor
        await pilot.press("L")
        grid = app.presenter.state.grid
        assert grid.edge_feature((x, y), (x + 1, y)) is Feature.DOOR_CLOSED
        assert "east: closed door" in status_of(app) or "cell side" in status_of(app)
        line = grid_map.render_line(1 + y * grid_map.zoom + grid_map.zoom - 1 - grid_map.scroll_offset[1])
        assert "\u2590" in line.text  # the closed door's mark
        await pilot.press("escape")
        await pilot.press("u")
        assert app.presenter.state.grid.edges == ()
    app.presenter.session.campaign.close()


def test_a_move_repaints_the_cells_it_left_and_entered():
    import random
    from dataclasses import replace

    from core.combat.demo import demo_encounter
    from tui.widgets.grid_map import GridMap, _View

    encounter, _ = demo_encounter(random.Random(3))
    state = encounter.state
    mover = state.combatant(state.current)
    moved = state.replace_combatant(replace(mover, position=(mover.position[0], mover.position[1] + 2)))

    def view(s):
        return _View(s, {c.position: c for c in s.combatants}, s.current, s.current)

    assert GridMap.changed_cells(view(state), view(moved)) == {mover.position, moved.combatant(mover.id).position}
    assert GridMap.changed_cells(view(state), view(state)) == set()


async def test_esc_in_a_cell_picker_says_cancelled_not_done(tmp_path):
    """Esc in the jump picker said "Done." though nothing was done."""
    from core.offers.base import Need, offers

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        state = app.presenter.state
        found = offers(state, app.presenter.session.encounter.ruleset, state.current)
        offer = next(o for o in found if o.needs is Need.CELL)
        app.encounter_screen.map_modes.pick_offer_cell(offer)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert status_of(app).startswith("Cancelled:") and "Done" not in status_of(app)
        assert app.presenter.state == state
