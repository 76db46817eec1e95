"""The tracker's cursor follows the theme: its style is kept between keys
(Textual drops its copy on every refresh) but never past a change of the CSS."""

from __future__ import annotations

from tests.tui.helpers import demo_app
from tui.widgets.initiative_tracker import InitiativeTracker


def cursor_row_colors(tracker: InitiativeTracker) -> set:
    """(text, background) colours of the selected row as drawn (row 0 is the header)."""
    index = tracker._order.index(tracker._selected) - tracker._first + 1
    return {(segment.style.color, segment.style.bgcolor) for segment in tracker.shown_lines[index] if segment.text.strip()}


def component_colors(tracker: InitiativeTracker, name: str):
    style = tracker.get_component_rich_style(name, partial=True)
    return style.color, style.bgcolor


async def test_the_cursor_follows_the_theme_across_keys(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tracker = app.encounter_screen.query_one(InitiativeTracker)
        for _ in range(2):
            await pilot.press("n")
            await pilot.pause()
        focused = component_colors(tracker, "initiative-tracker--cursor")
        assert None not in focused and cursor_row_colors(tracker) == {focused}  # the cursor's colours over every cell of the row
        app.theme = next(name for name in app.available_themes if name != app.theme and "light" in name)
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        themed = component_colors(tracker, "initiative-tracker--cursor")
        assert themed != focused and cursor_row_colors(tracker) == {themed}
