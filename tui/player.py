"""The players' view (``encounter watch PATH [--as NAME]``): the fight as the
party knows it, in a second terminal, following the GM's campaign live.

Read-only: it never writes the campaign, its journal, backups or lock. What
it shows comes from :func:`core.visibility.visible_to`, so foes' exact HP,
stats, notes, secret conditions, hidden creatures and foes nobody of the
party sees are stripped before anything is drawn; the map shows only the
cells the party sees now (those seen before greyed). It follows the GM's
file and journal with ``watchfiles`` (inotify: nothing runs and nothing is
sent while nothing changes) and keeps its last view while the file is
missing, locked mid-write or refused, saying so in the status line.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from core.combatant import Side
from core.errors import RulesError
from saves.errors import SaveError
from saves.watching import PlayerSnapshot, read_snapshot
from tui.glyphs import THEME_ORDER, default_theme_name
from tui.text import clean
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine


class PlayerApp(App[None]):
    """``PlayerApp(path, as_name=None)``: the party's view of the campaign at ``path``."""

    CSS_PATH = "player.tcss"
    TITLE = "encounter (players' view)"
    BINDINGS = [
        Binding("q,ctrl+c", "quit", "Quit", id="player-quit"),
        Binding("g", "cycle_glyphs", "Glyphs", id="player-glyphs"),
        Binding("Z", "zoom", "Zoom", id="player-zoom"),
    ]

    def __init__(self, path: Path, as_name: str | None = None, glyphs: str | None = None, follow: bool = True) -> None:
        super().__init__()
        self.path = Path(path)
        self.as_name = as_name
        self.follow = follow
        self._glyphs = glyphs or default_theme_name()
        self.snapshot: PlayerSnapshot | None = None
        """The last view shown (a test hook)."""
        self.problem: str | None = None
        """Why the campaign could not be read on the last try, or ``None``."""
        self._remembered: frozenset = frozenset()

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield InitiativeTracker(id="tracker")
            yield GridMap(theme=self._glyphs, id="map")
        yield StatusLine(id="status")

    def on_mount(self) -> None:
        self.reload()
        if self.follow:
            self.run_worker(self._follow(), exclusive=True, group="follow")

    async def _follow(self) -> None:
        """Reload whenever the campaign or its journal changes (inotify, no polling)."""
        from watchfiles import awatch

        names = {self.path.name, self.path.name + ".journal"}
        async for changes in awatch(self.path.parent, debounce=50, step=20, recursive=False):
            if any(Path(changed).name in names for _, changed in changes):
                self.reload()

    def reload(self) -> None:
        """Read the campaign again and show what the party may know."""
        try:
            snapshot = read_snapshot(self.path, Side.PARTY, self.as_name)
        except (SaveError, RulesError) as problem:
            self.problem = str(problem)
            self._status(Text(f"Waiting: {clean(self.problem)}", style="yellow"))
            return
        self.problem = None
        self.snapshot = snapshot
        view = snapshot.view
        self._remembered = self._remembered | view.seen
        tracker = self.query_one(InitiativeTracker)
        tracker.bands = {cid: band.value for cid, band in view.bands.items()}
        tracker.show(view.state, view.state.current, snapshot.kinds)
        grid_map = self.query_one(GridMap)
        title = f"{clean(snapshot.title)} \u2014 players' view"
        if str(grid_map.border_title or "") != title:  # setting it repaints the whole pane, even unchanged
            grid_map.border_title = Text(title)
        grid_map.show(view.state, view.state.current, None)
        grid_map.set_fog(view.seen, self._remembered - view.seen)
        self._status(Text(clean(snapshot.turn_line)))

    def _status(self, text: Text) -> None:
        self.query_one(StatusLine).show(text)

    def action_cycle_glyphs(self) -> None:
        grid_map = self.query_one(GridMap)
        grid_map.set_theme(THEME_ORDER[(THEME_ORDER.index(grid_map.glyphs.name) + 1) % len(THEME_ORDER)])

    def action_zoom(self) -> None:
        self.query_one(GridMap).cycle_zoom()
