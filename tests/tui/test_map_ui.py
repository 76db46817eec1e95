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
        monkeypatch.setattr(reach_result, "reach_window", no_search)
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


def _big_map_app(path):
    """A 500x500 map, the fight in round 1 at (252, 251) and (400, 300): far from cells 0-22."""
    import random

    from core.board.grid import Grid
    from core.combat import commands as cmd
    from core.combat.state import EncounterState
    from core.rulesets import get
    from core.values.combatant import Combatant, Side
    from saves.campaign import Campaign
    from saves.session import Session
    from tui.app import EncounterApp

    rows = tuple(("ground",) * 500 for _ in range(500))
    hero = Combatant("c1", "Hero", Side.PARTY, {"DEX": 1}, 10, 10, position=(252, 251), initiative=20)
    wolf = Combatant("c2", "Wolf", Side.FOE, {"DEX": 1}, 10, 10, position=(400, 300), initiative=10)
    session = Session(Campaign.create(path, "big", get("equestria"), EncounterState("big", Grid(rows), (hero, wolf))), random.Random(1))
    session.commit(cmd.StartCombat())
    return EncounterApp(session)


def _in_view(grid_map, cell) -> bool:
    from tui.widgets.map_rulers import RULER

    cw, ch = grid_map.cell_size
    scroll_x, scroll_y = grid_map.scroll_offset
    view_w = grid_map.scrollable_content_region.width - RULER
    view_h = grid_map.scrollable_content_region.height - 1
    x, y = cell[0] * cw, cell[1] * ch
    return scroll_x <= x and x + cw <= scroll_x + view_w and scroll_y <= y and y + ch <= scroll_y + view_h


async def test_a_big_map_opens_on_whose_turn_it_is_and_follows_the_turn_unless_the_gm_looked_away(tmp_path):
    """A try-out on 500x500: the map opened on cells 0-22 where nobody was,
    and after n the creature whose turn it was stayed off-screen (60x20)."""
    from tui.widgets.grid_map import GridMap

    app = _big_map_app(tmp_path / "big.json")
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        assert _in_view(grid_map, (252, 251))
        await pilot.press("n")
        await pilot.pause()
        assert app.presenter.state.current == "c2" and _in_view(grid_map, (400, 300))
        grid_map.scroll_to(0, 0, animate=False)  # the GM looks elsewhere (mouse wheel, scrollbar)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.presenter.state.current == "c1" and grid_map.scroll_offset == (0, 0)  # the view stays where the GM put it
        await pilot.press("m")  # a move scrolls to the mover at once (no animation)
        await pilot.pause()
        assert _in_view(grid_map, (252, 251))
    app.presenter.session.campaign.close()


async def test_map_rulers_show_whole_numbers_on_a_big_map(tmp_path):
    """"35 · · · · 40" where the status said (252, 251): the hundreds were cut."""
    from tui.widgets.grid_map import GridMap

    app = _big_map_app(tmp_path / "big.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        top = grid_map.render_line(0).text
        rows = [grid_map.render_line(y).text[:3] for y in range(1, grid_map.scrollable_content_region.height)]
        assert "250" in top and "255" in top and " 50 " not in top
        assert "251" in rows and " 51" not in rows
    app.presenter.session.campaign.close()


async def test_a_big_map_follows_the_turn_onto_whole_cells(tmp_path):
    """A try-out at 81x24 on 300x300: after ``n`` the view started half-way
    into a cell, its right half glued to the row number (``158≈·``, the
    ruler shifted by a column): the view now starts on a cell's edge."""
    from tui.widgets.grid_map import GridMap

    app = _big_map_app(tmp_path / "big.json")
    async with app.run_test(size=(81, 24)) as pilot:
        await pilot.pause()
        grid_map = app.query_one(GridMap)
        cw, ch = grid_map.cell_size
        for _ in range(3):
            assert grid_map.scroll_offset.x % cw == 0 and grid_map.scroll_offset.y % ch == 0, (grid_map.scroll_offset, cw)
            assert _in_view(grid_map, app.presenter.state.combatant(app.presenter.state.current).position)
            await pilot.press("n")
            await pilot.pause()
    app.presenter.session.campaign.close()
