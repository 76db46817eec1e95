"""The players' screen: the fight as a side knows it, from the GM's own
widgets (:class:`InitiativeTracker`, :class:`GridMap`, :class:`StatusLine`).

It renders each reading a :class:`tui.player_source.SnapshotSource` publishes:
what :func:`core.combat.visibility.visible_to` left of the encounter (foes' exact
HP, stats, notes, secret conditions, hidden and unseen creatures are already
stripped), the map fogged to the cells the party sees now (those seen
before greyed). Its only keys are glyphs and zoom (quit is the App's): no
GM key is bound here, so none can change anything.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen

from core.values.scene_events import scene_events_ahead
from tui.rendering.glyphs import THEME_ORDER
from tui.player_source import Reading, SnapshotSource, Waiting
from tui.rendering.text import clean
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine


class PlayerScreen(Screen):
    """``PlayerScreen(source, glyphs, bell)``: the players' view of ``source``'s campaign."""

    BINDINGS = [
        Binding("g", "cycle_glyphs", "Glyphs", id="player-glyphs"),
        Binding("Z", "zoom", "Zoom", id="player-zoom"),
    ]

    def __init__(self, source: SnapshotSource, glyphs: str = "unicode", bell: bool = False) -> None:
        super().__init__()
        self.source = source
        self._glyphs = glyphs
        self.bell = bell
        """Ring the terminal bell when the ``--as`` character's turn comes up next or begins (once each)."""
        self._up = ""  # what the last reading said of that character: "now", "next" or ""
        self._remembered: frozenset = frozenset()
        self._eid: int | None = None  # the encounter the cells were seen in
        self._ready = False  # a reading before the widgets exist waits: on_mount reads again
        source.subscribe(self.show_reading)

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            yield InitiativeTracker(id="tracker")
            yield GridMap(theme=self._glyphs, id="map")
        yield StatusLine(id="status")

    def on_mount(self) -> None:
        self._ready = True
        self.source.reload()

    def on_unmount(self) -> None:
        self.source.unsubscribe(self.show_reading)

    def show_reading(self, reading: Reading) -> None:
        """Show one reading: a snapshot, or why the campaign could not be read (the last view stays)."""
        if not self._ready:
            return
        if isinstance(reading, Waiting):
            self._status(Text(f"Waiting: {clean(reading.reason)}", style="yellow"))
            return
        view = reading.view
        if reading.eid != self._eid:  # another encounter, maybe another map: nothing seen before
            self._remembered, self._eid = frozenset(), reading.eid
        self._remembered = self._remembered | view.seen | reading.known
        tracker = self.query_one(InitiativeTracker)
        tracker.bands = {cid: band.value for cid, band in view.bands.items()}
        tracker.show(view.state, view.state.current, reading.kinds, next_id=reading.next_id,
                     scene_events=tuple(e for e in scene_events_ahead(view.state) if not e.secret))  # secret ones are the GM's
        if self.bell and reading.up and reading.up != self._up:
            self.app.bell()  # this player's character is up now or next (encounter watch --as NAME --bell)
        self._up = reading.up
        grid_map = self.query_one(GridMap)
        title = f"{clean(reading.title)} \u2014 players' view"
        if str(grid_map.border_title or "") != title:  # setting it repaints the whole pane, even unchanged
            grid_map.border_title = Text(title)
        grid_map.show(view.state, view.state.current, None)
        grid_map.set_fog(view.seen, self._remembered - view.seen)
        self._status(Text(clean(reading.turn_line)))

    gm_running: bool | None = None
    """Whether the GM's app is running, as the request socket last told
    (:meth:`tui.player_client.RequestClient.watch_gm`); ``None`` before it is known."""

    def gm_present(self, running: bool) -> None:
        """The GM's app is gone (its request socket closed) or back: said in the status line at once."""
        was, self.gm_running = self.gm_running, running
        if not self._ready or was is None and running:
            return
        if not running:
            self._status(Text("The GM's app is not running: the last view it wrote stays until it is back.", style="bold yellow"))
        else:
            self._status(Text("The GM's app is running again.", style="green"))
            self.source.reload()

    def _status(self, text: Text) -> None:
        self.query_one(StatusLine).show(text)

    def action_cycle_glyphs(self) -> None:
        grid_map = self.query_one(GridMap)
        grid_map.set_theme(THEME_ORDER[(THEME_ORDER.index(grid_map.glyphs.name) + 1) % len(THEME_ORDER)])

    def action_zoom(self) -> None:
        self.query_one(GridMap).cycle_zoom()
