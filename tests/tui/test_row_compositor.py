"""The GM screen's partial updates write what Textual's compositor would.

:class:`tui.terminal.row_compositor.RowCompositor` renders only the rows an
update writes; every frame of a few keys on the demo is also made by
Textual's own ``render_partial_update`` from the same dirty regions, and
the writes (row, column, cells) of the two must be the same.
"""

from __future__ import annotations

import pytest
from textual._compositor import Compositor

from tests.tui.helpers import demo_app
from tui.terminal.frame_diff import _chops_writes
from tui.terminal.row_compositor import RowCompositor


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_each_frame_writes_what_textual_would(tmp_path, monkeypatch, size):
    frames: list[tuple[list, list]] = []
    rows_only = RowCompositor.render_partial_update

    def both(self):
        dirty = set(self._dirty_regions)
        textual = Compositor.render_partial_update(self)  # renders every line it crops: the panes' caches are then warm
        self._dirty_regions.update(dirty)
        ours = rows_only(self)
        frames.append((_writes(textual), _writes(ours)))
        return ours

    monkeypatch.setattr(RowCompositor, "render_partial_update", both)
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in ("n", "n", "down", "n", "m", "down", "right", "escape", "tab", "n", "d", "5", "enter", "n", "u"):
            await pilot.press(key)
            await pilot.pause()
    assert sum(bool(textual) for textual, _ in frames) > 10
    for textual, ours in frames:
        assert ours == textual


def _writes(update) -> list:
    """The cells ``update`` writes, ``(row, column, segments)``; a chop cut to no cell writes none."""
    return [] if update is None else [(y, x, list(strip)) for y, x, strip in _chops_writes(update) if strip.cell_length]
