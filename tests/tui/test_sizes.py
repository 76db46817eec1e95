"""layout: any terminal size from 1x1 to 300x100, live resizes.

Below 60x16 the "terminal too small" notice replaces the body; from 60x16
the body shows, with the map and the initiative tracker always visible; at
80x24 the sheet and the log take turns (key ``l``); from 120 columns all
four panes show. Every frame is rendered for real (see
``terminal_output.capture_terminal``) so a drawing crash at an odd size
fails here, not only a layout one.
"""

from __future__ import annotations

import pytest
from textual.screen import ModalScreen

from tests.tui.helpers import demo_app
from tests.tui.terminal_output import capture_terminal, captured_text, unsafe_output
from tui.app import MIN_HEIGHT, MIN_WIDTH
from tui.screens.choice import ChoiceScreen
from tui.screens.help import HelpScreen
from tui.screens.prompt import PromptScreen

SIZES = [
    (1, 1), (2, 2), (10, 5), (40, 12), (59, 15), (59, 16), (60, 15), (60, 16),
    (79, 23), (80, 24), (119, 30), (120, 40), (160, 48), (200, 60), (300, 100),
]
# One Pilot session: up, down, then jumps across the minimum and the 120 break.
SWEEP = SIZES + SIZES[::-1] + [(300, 100), (1, 1), (120, 40), (59, 15), (80, 24), (60, 16), (2, 2), (160, 48)]

DIALOGS = [("d", PromptScreen), ("h", PromptScreen), ("r", PromptScreen), ("c", PromptScreen), ("a", ChoiceScreen), ("question_mark", HelpScreen)]


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


def on_screen(app, selector: str) -> bool:
    """Displayed (CSS), laid out with a non-empty region, and wholly inside the screen."""
    widget = app.query_one(selector)
    region = widget.region  # screen coordinates; empty when not laid out
    if not widget.display or region.area == 0:
        return False
    for ancestor in widget.ancestors:
        if getattr(ancestor, "display", True) is False:
            return False
    return app.screen.region.contains_region(region)


async def settle(pilot, width: int, height: int) -> None:
    """Resize and wait until the screen has the new size (Textual debounces
    resizes with a 1/120 s timer before the screen sees them)."""
    await pilot.resize_terminal(width, height)
    for _ in range(50):
        if tuple(pilot.app.screen.size) == (width, height):
            break
        await pilot.pause(0.01)
    await pilot.pause()
    assert tuple(pilot.app.screen.size) == (width, height)


def layout_problems(app, width: int, height: int) -> list[str]:
    """How the main screen at ``width`` x ``height`` differs from the first layout."""
    problems = []
    notice, body = app.query_one("#too-small"), app.query_one("#body")
    if too_small(width, height):
        if not notice.display or body.display:
            problems.append(f"{width}x{height}: expected the too-small notice, not the body")
        elif width >= 10 and height >= 5 and notice.region.area == 0:
            problems.append(f"{width}x{height}: the too-small notice has no room")
        return problems
    if notice.display or not body.display:
        problems.append(f"{width}x{height}: expected the body, not the too-small notice")
        return problems
    for pane in ("#map", "#tracker"):
        if not on_screen(app, pane):
            problems.append(f"{width}x{height}: {pane} not visible")
    sheet, log = on_screen(app, "#sheet"), on_screen(app, "#log")
    if width >= 120 and not (sheet and log):
        problems.append(f"{width}x{height}: all four panes expected (sheet {sheet}, log {log})")
    if width < 120 and sheet == log:
        problems.append(f"{width}x{height}: exactly one of sheet/log expected (sheet {sheet}, log {log})")
    return problems


async def test_live_resize_sweep_renders_every_size(tmp_path):
    """No crash, no exception, a real frame at every size of the sweep."""
    app = demo_app(tmp_path / "demo.json")
    written = capture_terminal(app)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "Round 1" in captured_text(written)  # the capture works
        previous = (80, 24)
        for width, height in SWEEP:
            mark = len(written)
            await settle(pilot, width, height)
            assert app.is_running and app.crash is None, (width, height)
            frame = captured_text(written, mark)
            if (width, height) != previous:  # the same size again draws nothing new
                assert frame, f"nothing drawn at {width}x{height}"
            assert unsafe_output(frame) == []
            previous = (width, height)
        await pilot.press("n")  # still playable after all that
        assert app.presenter.state.round >= 1 and app.crash is None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_layout_at_start(tmp_path, size):
    """Started at each size: the notice or the body, and the right panes."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert layout_problems(app, *size) == []


async def test_layout_follows_live_resizes(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        problems = []
        for width, height in SWEEP:
            await settle(pilot, width, height)
            problems += layout_problems(app, width, height)
        assert problems == []


async def test_layout_after_resize_under_a_dialog(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        assert isinstance(app.screen, PromptScreen)
        await settle(pilot, 50, 12)
        await settle(pilot, 40, 10)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ModalScreen)
        assert layout_problems(app, 40, 10) == []


async def test_sheet_and_log_take_turns_at_80x24(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        assert on_screen(app, "#map") and on_screen(app, "#tracker")
        assert on_screen(app, "#sheet") and not on_screen(app, "#log")
        await pilot.press("l")
        await pilot.pause()
        assert on_screen(app, "#log") and not on_screen(app, "#sheet")
        assert on_screen(app, "#map") and on_screen(app, "#tracker")
        await pilot.press("l")
        await pilot.pause()
        assert on_screen(app, "#sheet") and not on_screen(app, "#log")
        # from 120 columns both show whatever the toggle says
        await settle(pilot, 120, 40)
        assert on_screen(app, "#sheet") and on_screen(app, "#log")


@pytest.mark.parametrize(
    "size",
    [(80, 24), (40, 12), (60, 16), (20, 6), (1, 1), (8, 20)],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
async def test_every_dialog_opens_and_closes(tmp_path, size):
    app = demo_app(tmp_path / "demo.json")
    written = capture_terminal(app)
    async with app.run_test(size=size) as pilot:
        for key, screen_type in DIALOGS:
            mark = len(written)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), (key, app.screen)
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, ModalScreen), key
            assert app.crash is None
            assert unsafe_output(captured_text(written, mark)) == []
        assert app.presenter.state.round == 1  # nothing applied by cancelled dialogs


@pytest.mark.parametrize("mode_key", ["m", "x"])
async def test_a_map_cursor_keeps_its_keys_after_a_resize_through_too_small(tmp_path, mode_key):
    """A try-out pressed m (or x), made the window 50x14 and 80x24 again:
    only q worked after it, as the hidden map had lost the focus."""
    app = demo_app(tmp_path / "c.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(mode_key)
        assert app.encounter_screen.picking
        await settle(pilot, 50, 14)
        await settle(pilot, 80, 24)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not app.encounter_screen.picking
        before = app.presenter.state.current
        await pilot.press("n")  # the GM's keys work again
        await pilot.pause()
        assert app.presenter.state.current != before


async def test_a_choice_list_shows_more_rows_on_a_tall_terminal(tmp_path):
    """A try-out at 160x48 saw the . menu six rows high; from 45 rows it shows 14."""
    heights = {}
    for size in ((80, 24), (160, 48)):
        app = demo_app(tmp_path / f"{size[0]}.json")
        async with app.run_test(size=size) as pilot:
            await pilot.press("full_stop")
            await pilot.pause()
            heights[size] = app.screen.query_one("#choice-list").size.height
    assert heights[(80, 24)] == 6 and heights[(160, 48)] == 14


async def test_a_sheets_position_is_never_split_across_lines_at_80x24(tmp_path):
    """A try-out's sheet read "Initiative 18   at (10," then "14)"."""
    from tests.tui.helpers import select_by_keys
    from tui.widgets.creature_sheet import CreatureSheet
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        for combatant in app.presenter.state.combatants:
            await select_by_keys(pilot, app, combatant.name)
            await pilot.pause()
            x, y = combatant.position
            lines = ["".join(s.text for s in strip) for strip in app.query_one(CreatureSheet).shown_lines]
            assert any(f"at ({x}, {y})" in line for line in lines), lines
