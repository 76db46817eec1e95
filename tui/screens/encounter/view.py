"""What the GM's screen shows, not what happens in the fight: the players'
view preview (``V``), sheet or log (``l``), map glyphs (``g``) and cell size
(``Z``), the log filter (``f``), copying a log line (``y``) and the help
(``?``). A part of :class:`tui.screens.encounter.screen.EncounterScreen` (its context: :class:`tui.screens.encounter.context.ScreenContext`); none of
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
from tui.screens.encounter.context import ScreenContext
from tui.rendering.offers import offer_label
from tui.widgets.dice_log import line_text


class ViewToggles:
    """``ViewToggles(ctx)``: what the GM's screen shows (V, l, g, Z,
    f, y, ?); the help lists the offers of the ``.`` menu (``ctx.more``)."""

    def __init__(self, ctx: ScreenContext) -> None:
        self.ctx = ctx
        self.show_log = False
        """Narrow terminals: the log shows in place of the sheet (key l)."""
        self.players_preview = False
        """The map shows what the players see (key V)."""

    def action_toggle_players_view(self) -> None:
        self.players_preview = not self.players_preview
        if not self.players_preview:
            self.ctx.query_one(GridMap).set_fog(None)
        self.ctx.refresh_views()
        self.ctx.set_status("Map: what the players see (V for the whole map)." if self.players_preview else "Map: everything (V shows what the players see).")

    def action_toggle_panel(self) -> None:
        self.show_log = not self.show_log
        self.ctx.apply_size()
        self.ctx.set_status("Showing the log (l for the sheet)." if self.show_log else "Showing the sheet (l for the log).")

    def action_cycle_glyphs(self) -> None:
        grid_map = self.ctx.query_one(GridMap)
        name = THEME_ORDER[(THEME_ORDER.index(grid_map.glyphs.name) + 1) % len(THEME_ORDER)]
        grid_map.set_theme(name)
        self.ctx.app.set_class(name == "ascii", ASCII_CLASS)
        self.ctx.set_status(f"Map glyphs: {name}.")

    def action_filter_log(self) -> None:
        log = self.ctx.query_one(DiceLog)
        target = self.ctx.combatant(self.ctx.selected)
        if log.filter_id is not None or target is None:
            log.set_filter(None)
            log.border_title = "Log"
            self.ctx.set_status("Log: every line.")
            return
        log.set_filter(target.id)
        log.border_title = Text(f"Log: {clean(target.name)}")
        self.ctx.set_status(Text("Log: only lines about ") + Text(clean(target.name), style="bold") + Text(" (f shows all)."))
        if not self.show_log and self.ctx.size.width < 120:
            self.action_toggle_panel()

    def action_copy_line(self) -> None:
        lines = self.ctx.query_one(DiceLog).newest(30)
        if not lines:
            self.ctx.set_status("The log is empty.", error=True)
            return
        options = [(str(e.seq), line_text(e).plain[:70]) for e in reversed(lines)]
        by_seq = {str(e.seq): line_text(e).plain for e in lines}

        def chosen(seq: str) -> None:
            self.ctx.app.copy_to_clipboard(by_seq[seq])
            self.ctx.set_status("Copied to the clipboard.")

        self.ctx.ask(ChoiceScreen("Copy which line? (newest first)", options), chosen)

    def action_zoom(self) -> None:
        self.ctx.set_status(f"Map cells: {self.ctx.query_one(GridMap).cycle_zoom()}.")

    def action_help(self) -> None:
        offers = [(offer_label(o), o.refusal) for o in self.ctx.more.menu_offers()]
        self.ctx.app.push_screen(HelpScreen(self.ctx.app.keymap_overrides, offers, self.ctx.app.keymap_problems,
                                            self.ctx.session.encounter.ruleset))
