"""What the GM's screen shows, not what happens in the fight: the players'
view preview (``V``), sheet or log (``l``), map glyphs (``g``) and cell size
(``Z``), the log filter (``f``), copying a log line (``y``) and the help
(``?``). A mixin of :class:`tui.screens.encounter.screen.EncounterScreen`; none of
these changes the encounter or its history.
"""

from __future__ import annotations

from rich.text import Text

from tui.terminal.ascii_output import ASCII_CLASS
from tui.rendering.glyphs import THEME_ORDER
from tui.screens.choice import ChoiceScreen
from tui.screens.help import HelpScreen
from tui.rendering.text import clean
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap


class ViewActions:
    """Needs ``selected``, ``show_log``, ``players_preview``, ``set_status``,
    ``ask``, ``refresh_views``, ``_apply_size`` and ``menu_offers`` from the screen."""

    def action_toggle_players_view(self) -> None:
        self.players_preview = not self.players_preview
        if not self.players_preview:
            self.query_one(GridMap).set_fog(None)
        self.refresh_views()
        self.set_status("Map: what the players see (V for the whole map)." if self.players_preview else "Map: everything (V shows what the players see).")

    def action_toggle_panel(self) -> None:
        self.show_log = not self.show_log
        self._apply_size()
        self.set_status("Showing the log (l for the sheet)." if self.show_log else "Showing the sheet (l for the log).")

    def action_cycle_glyphs(self) -> None:
        grid_map = self.query_one(GridMap)
        name = THEME_ORDER[(THEME_ORDER.index(grid_map.glyphs.name) + 1) % len(THEME_ORDER)]
        grid_map.set_theme(name)
        self.app.set_class(name == "ascii", ASCII_CLASS)
        self.set_status(f"Map glyphs: {name}.")

    def action_filter_log(self) -> None:
        log = self.query_one(DiceLog)
        target = self._combatant(self.selected)
        if log.filter_id is not None or target is None:
            log.set_filter(None)
            log.border_title = "Log"
            self.set_status("Log: every line.")
            return
        log.set_filter(target.id)
        log.border_title = Text(f"Log: {clean(target.name)}")
        self.set_status(Text("Log: only lines about ") + Text(clean(target.name), style="bold") + Text(" (f shows all)."))
        if not self.show_log and self.size.width < 120:
            self.action_toggle_panel()

    def action_copy_line(self) -> None:
        from tui.widgets.dice_log import line_text

        lines = self.query_one(DiceLog).newest(30)
        if not lines:
            self.set_status("The log is empty.", error=True)
            return
        options = [(str(e.seq), line_text(e).plain[:70]) for e in reversed(lines)]
        by_seq = {str(e.seq): line_text(e).plain for e in lines}

        def chosen(seq: str) -> None:
            self.app.copy_to_clipboard(by_seq[seq])
            self.set_status("Copied to the clipboard.")

        self.ask(ChoiceScreen("Copy which line? (newest first)", options), chosen)

    def action_zoom(self) -> None:
        self.set_status(f"Map cells: {self.query_one(GridMap).cycle_zoom()}.")

    def action_help(self) -> None:
        from tui.screens.encounter.more import offer_label

        offers = [(offer_label(o), o.refusal) for o in self.menu_offers()]
        self.app.push_screen(HelpScreen(self.app.keymap_overrides, offers, self.app.keymap_problems))
