"""The players' view (``encounter watch PATH [--as NAME]``, ``encounter play
PATH --as NAME``): the fight as the party knows it, in a player's own
terminal, following the players' feed the GM's process writes (:mod:`saves.feed`).

It never opens the campaign, its journal, backups or lock. What
it shows comes from :func:`core.combat.visibility.visible_to`, so foes' exact HP,
stats, notes, secret conditions, hidden creatures and foes nobody of the
party sees are stripped before anything is drawn; the map shows only the
cells the party sees now (those seen before greyed). It follows the GM's
file and journal through inotify (saves.file_events: nothing runs and nothing is
sent while nothing changes) and keeps its last view while the feed is
missing or refused, saying so in the status line. With a ``client``
(``play``) the screen is :class:`tui.screens.playing.PlayingScreen`: keys
that send the character's actions to the GM's process.

The App is thin: the screen is :class:`tui.screens.players.PlayerScreen`
(the GM's widgets), the file-following is :class:`tui.player_source.SnapshotSource`.
"""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.screen import Screen

from saves.watching import PlayerSnapshot
from tui.terminal.frame_diff import DiffedDisplay
from tui.terminal.key_order import KeysInOrder
from tui.rendering.glyphs import default_theme_name
from tui.player_source import SnapshotSource
from tui.player_client import RequestClient
from tui.screens.players import PlayerScreen
from tui.screens.playing import PlayingScreen


class PlayerApp(KeysInOrder, DiffedDisplay, App[None]):
    """``PlayerApp(path, as_name=None, bell=False, client=None)``: the party's
    view of the campaign at ``path``; ``bell`` rings when ``as_name``'s turn
    is next or now; with a ``client`` (``encounter play``) its keys act.
    ``watch_gm``: the status line says within a second or so when the GM's
    app is gone and when it is back (an idle connection to its request socket)."""

    CSS_PATH = "player.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (160, "-wide")]  # a big screen or browser window: whole names in the tracker
    TITLE = "encounter (players' view)"
    BINDINGS = [Binding("q,ctrl+c", "quit", "Quit", id="player-quit")]

    def __init__(self, path: Path, as_name: str | None = None, glyphs: str | None = None, follow: bool = True, bell: bool = False,
                 client: RequestClient | None = None, watch_gm: bool | None = None) -> None:
        super().__init__()
        self.source = SnapshotSource(path, as_name)
        """Reads the feed (again on each change) and publishes what the party may know."""
        self.follow = follow
        self.watch_gm = follow if watch_gm is None else watch_gm
        """Whether to watch for the GM's app going and coming back (as ``follow`` unless told)."""
        theme = glyphs or default_theme_name()
        self.player_screen = PlayerScreen(self.source, theme, bell) if client is None else PlayingScreen(self.source, client, theme)
        self.gm_watch = client if client is not None else RequestClient(path, as_name or "", None)
        """Tells the screen when the GM's app is gone or back (an idle connection to its request socket)."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's choice, but under ``encounter serve`` (its web driver)
        :class:`tui.terminal.served_driver.ServedDriver`, which exits when the server
        is gone instead of living on as an orphan."""
        driver_class = super().get_driver_class()
        if driver_class.__module__ == "textual.drivers.web_driver" and driver_class.__name__ == "WebDriver":
            from tui.terminal.served_driver import ServedDriver

            return ServedDriver
        return driver_class

    def get_default_screen(self) -> Screen:
        return self.player_screen

    def on_mount(self) -> None:
        if os.environ.get("ENCOUNTER_SIZE_CUT"):  # encounter serve cut the size a browser asked (tui.terminal.served_tabs)
            self.notify("Your browser window asked for more cells than a tab may have: the view uses at most 320x120.", severity="warning", timeout=10)
        if self.follow:  # the screen reads the campaign first, once its widgets are there
            self.run_worker(self.source.follow(), exclusive=True, group="follow")
        if self.watch_gm:
            self.run_worker(self.gm_watch.watch_gm(self.player_screen.gm_present), exclusive=True, group="gm-watch")

    def reload(self) -> None:
        """Read the campaign again and show what the party may know."""
        self.source.reload()

    @property
    def path(self) -> Path:
        return self.source.path

    @property
    def as_name(self) -> str | None:
        return self.source.as_name

    @property
    def snapshot(self) -> PlayerSnapshot | None:
        """The last view shown (a test hook)."""
        return self.source.snapshot

    @property
    def problem(self) -> str | None:
        """Why the campaign could not be read on the last try, or ``None``."""
        return self.source.problem
