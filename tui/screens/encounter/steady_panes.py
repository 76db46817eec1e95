"""The panes around the map held as they are while a move is picked (``m``).

A move's keys are all on its status line (arrows, Enter, Esc; each
preview line says Enter and Esc again), so while the map has the cursor
for a move nothing else on the screen changes its look: the footer keeps
the screen's keys, as it does under a dialog
(:attr:`tui.widgets.quiet_footer.QuietFooter.held`), the tracker keeps
its lit title and cursor (:data:`tui.widgets.initiative_tracker.LIT`) and the map takes the focus
without lighting its title (:data:`tui.widgets.grid_map.UNLIT`). The focus still moves (the
map's keys need it); only the look stays, so the move's frames carry the
reach, the path and the status line, not the footer twice and two titles
twice (``bench/bench_bytes.py``). Other map modes (look, area, paint,
place) show their keys in the footer as before.
"""

from __future__ import annotations

from textual.screen import Screen

from tui.widgets.grid_map import UNLIT, GridMap
from tui.widgets.initiative_tracker import LIT, InitiativeTracker
from tui.widgets.quiet_footer import QuietFooter


def hold(screen: Screen) -> None:
    """Before the map takes the focus for a move: keep the look of the
    footer, the tracker and the map's title as they are."""
    for footer in screen.query(QuietFooter):
        footer.held = True
    if screen.focused is not None and isinstance(screen.focused, InitiativeTracker):
        screen.focused.add_class(LIT)  # a tracker that had the focus looks as if it kept it
    screen.query_one(GridMap).add_class(UNLIT)


def release(screen: Screen) -> None:
    """Once the focus is back where the move found it: the panes follow the
    focus and the bindings again (nothing to draw when they are the same)."""
    for footer in screen.query(QuietFooter):
        footer.held = False
    for tracker in screen.query(InitiativeTracker):
        tracker.remove_class(LIT)
    screen.query_one(GridMap).remove_class(UNLIT)
    for footer in screen.query(QuietFooter):
        footer.refresh_keys()
