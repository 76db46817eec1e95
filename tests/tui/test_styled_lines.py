"""A line pane's screen lines, kept per content line, are Textual's.

:class:`tui.widgets.styled_lines.StyledLines` gives back the screen line
it made for a content line when that line comes again; through keys that
change the panes, their focus (the lit title) and a dialog over them,
every line it gives is the one Textual makes for it then.
"""

from __future__ import annotations

from textual._styles_cache import StylesCache

from tests.tui.helpers import demo_app
from tui.widgets.styled_lines import StyledLines


async def test_every_kept_line_is_the_one_textual_makes(tmp_path, monkeypatch):
    given: list[tuple[object, object]] = []
    kept_or_made = StyledLines.render_line

    def both(self, styles, y, *rest):
        line = kept_or_made(self, styles, y, *rest)
        given.append((line, StylesCache.render_line(self, styles, y, *rest)))
        return line

    monkeypatch.setattr(StyledLines, "render_line", both)
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for key in ("n", "n", "n", "tab", "n", "tab", "down", "n", "d", "3", "escape", "n", "n", "u", "ctrl+r", "n"):
            await pilot.press(key)
            await pilot.pause()
    kept = {id(line) for line, _ in given}
    assert len(kept) < len(given) - 50  # lines were given again
    assert [made for _, made in given] == [line for line, _ in given]
