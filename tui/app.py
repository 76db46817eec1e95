"""The encounter app: one screen with the four panes.

The App is the one place that turns keys into core commands, applies them
through the session (which saves before returning) and refreshes the panes.
Widgets post messages up; they never reach into each other.

Layout: the initiative tracker, sheet and log share the left column and the
map has the rest. From 120 columns all four show; on narrower terminals the
sheet and the log take turns (``l``), so the map and tracker always show.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from core import commands as cmd
from core import dice
from core.combatant import Combatant
from core.encounter import handlers
from core.errors import RulesError
from core.visibility import visible_to
from saves.campaign import LogEntry
from saves.errors import SaveError
from saves.session import Session
from tui.describe import describe
from tui.glyphs import THEME_ORDER, default_theme_name
from tui.campaign_actions import CampaignActions
from tui.combat_actions import CombatActions
from tui.gm_actions import GMActions
from tui.group_actions import GroupActions
from tui.map_tools import MapTools
from tui.map_file_actions import MapFileActions
from tui.more_actions import MoreActions, offer_label
from tui.quit_guard import QuitGuard
from tui.recap_actions import RecapActions
from tui.takeover_offer import TakeOverOffer
from tui.sheet_editor import SheetEditor
from tui.keys import ACTIONS, bindings
from tui.campaign_tools import CampaignTools
from tui.frame_diff import DiffedDisplay
from tui.idle_gc import CollectWhenIdle
from tui.tracker_actions import TrackerActions
from tui.key_order import KeysInOrder
from tui.ascii_output import ASCII_CLASS, filter_output

GM_ACTION_NAMES = frozenset(a.action for a in ACTIONS)
from tui.screens.campaign_picker import CampaignPicker
from tui.screens.choice import ChoiceScreen
from tui.screens.help import HelpScreen
from tui.screens.prompt import PromptScreen
from tui.text import clean
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine
from tui.widgets.quiet_footer import QuietFooter

MIN_WIDTH, MIN_HEIGHT = 60, 16


class EncounterApp(CollectWhenIdle, DiffedDisplay, KeysInOrder, QuitGuard, TakeOverOffer, GroupActions, GMActions, CombatActions, MapTools, SheetEditor, MoreActions, RecapActions, CampaignActions, MapFileActions, CampaignTools, TrackerActions, App[Path | None]):
    """``EncounterApp(session)``: ``notice`` is shown in the status line at
    start, ``glyphs`` picks the map theme, ``keymap`` rebinds actions by id."""

    CSS_PATH = "app.tcss"
    TITLE = "encounter"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    BINDINGS = bindings()

    def __init__(self, session: Session, notice: str = "", glyphs: str | None = None, keymap: dict[str, str] | None = None) -> None:
        super().__init__()
        self.session = session
        self.selected: str | None = session.encounter.state.current
        self._notice = notice
        self._glyphs = glyphs or default_theme_name()
        self._keymap = dict(keymap or {})
        self.show_log = False
        self.players_preview = False
        self.last_weapons: dict[str, str] = {}
        """Combatant id -> the weapon last typed in its attack dialog (the odds map uses it)."""
        """The map shows what the players see (key V)."""
        self._refusal: str | None = None  # the last refusal the status line showed

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield InitiativeTracker(id="tracker")
                yield CreatureSheet(id="sheet")
                yield DiceLog(id="log")
            yield GridMap(theme=self._glyphs, id="map")
        yield Static(Text("Terminal too small: make it at least 60x16.", style="bold"), id="too-small")
        yield StatusLine(id="status")
        yield QuietFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        if self._keymap:
            self.set_keymap(self._keymap)
        filter_output(self)
        self.set_class(self._glyphs == "ascii", ASCII_CLASS)  # ASCII means ASCII everywhere on screen
        self._apply_size()
        self.reload_views()
        self.query_one(InitiativeTracker).focus()
        self.set_status(self._notice or "Ready. ? lists every key; q quits (all is saved as you go).")
        self.offer_take_over()
        self.set_timer(0.5, handlers)  # load the rules while the GM reads: the first key then does not wait for them
        # d20 builds its grammar on import (0.2-1 s): build it beside the UI, so
        # the first dice typed (or refused) answers at once (issue 11 item 11).
        threading.Thread(target=dice.warm_up, name="dice-warm-up", daemon=True).start()

    def on_resize(self, event) -> None:
        self._apply_size(event.size)

    def _apply_size(self, size=None) -> None:
        size = size or self.size
        too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        main = self.screen_stack[0]  # not a dialog that may be on top
        main.set_class(too_small, "-too-small")
        main.set_class(self.show_log and size.width < 120, "-show-log")  # wide: sheet and log both show

    def reload_views(self) -> None:
        """Show the session's encounter from scratch (at start, or after switching encounters)."""
        grid_map = self.query_one(GridMap)
        encounter_name = self.session.campaign.encounter(self.session.eid).name
        title = clean(self.session.campaign.name)
        if encounter_name != self.session.campaign.name:
            title += f": {clean(encounter_name)}"
        grid_map.border_title = Text(f"{title} \u2014 {clean(self.session.path.name)}")  # Text: never parsed as markup
        log = self.query_one(DiceLog)
        log.border_title = "Log"
        log.filter_id = None
        log.load(self.session.log)
        if self.selected is None and self.session.encounter.state.combatants:
            self.selected = self.session.encounter.state.order()[0].id
        self.refresh_views(follow=True)
        self.refresh_bindings()

    # -- state ---------------------------------------------------------------
    @property
    def state(self):
        return self.session.encounter.state

    def _combatant(self, combatant_id: str | None) -> Combatant | None:
        if combatant_id is None:
            return None
        return next((c for c in self.state.combatants if c.id == combatant_id), None)

    def select(self, combatant_id: str) -> None:
        self.selected = combatant_id
        self.refresh_views()

    def refresh_views(self, follow: bool = False) -> None:
        state = self.state
        if self._combatant(self.selected) is None:
            self.selected = state.current
        self.forget_gone_marks()
        kinds = tuple((k.id, k.letter) for k in self.session.encounter.ruleset.tracked_kinds)
        self.query_one(InitiativeTracker).show(state, self.selected, kinds, frozenset(self.marked))
        grid_map = self.query_one(GridMap)
        if self.players_preview:
            view = visible_to(state, self.session.encounter.ruleset)
            grid_map.show(view.state, view.state.current, self.selected)
            grid_map.set_fog(view.seen)
        else:
            grid_map.show(state, state.current, self.selected)
        current = self._combatant(state.current)
        if follow and current is not None and current.position is not None and not grid_map.picking:
            grid_map.follow(current.position, centre=True)
        chosen = self._combatant(self.selected)
        from core.mounted import describe as ride_words  # issue 13: who rides whom (EQ-MNT-1..9)

        riding = ride_words(state, chosen) if chosen is not None else ""
        self.query_one(CreatureSheet).show(chosen, self.session.encounter.ruleset, self.selected == state.current, riding, self.tracker_lines(chosen))

    def set_status(self, message: str | Text, error: bool = False) -> None:
        status = self.query_one(StatusLine)
        text = message if isinstance(message, Text) else Text(message)
        if error:
            self._refusal = text.plain
            dropped = self.drop_typed_ahead()  # what was typed after a refused key was meant for it
            if dropped:
                text = text + Text(f" ({dropped} key{'s' if dropped != 1 else ''} typed after it ignored)", style="italic")
        if self.session.unsaved is not None:
            text = Text(f"NOT SAVED ({clean(self.session.unsaved.reason)}) ", style="bold reverse") + text
        elif self.session.read_only is not None:
            text = Text("READ-ONLY ", style="bold reverse") + text
        status.set_class(error, "error")
        status.show(text)

    def ask(self, screen, then) -> None:
        """Open a dialog; ``then(answer)`` runs with its answer unless the
        GM cancelled (Esc), which the status line says. A one-line question
        whose answer ``then`` refuses (``set_status(..., error=True)``)
        opens again with the text kept and the refusal shown in it."""

        def answered(value) -> None:
            if value is None:
                self.set_status("Cancelled.")
                return
            self._refusal, stack = None, len(self.screen_stack)
            then(value)
            if self._refusal is not None and isinstance(screen, PromptScreen) and len(self.screen_stack) == stack:
                self.ask(screen.again(value, self._refusal), then)

        self.push_screen(screen, answered)

    def on_prompt_screen_refused(self, message: PromptScreen.Refused) -> None:
        self.set_status(message.reason, error=True)
        self.bell()

    def run_command(self, command: cmd.Command) -> list[LogEntry] | None:
        """Apply ``command`` and save; show a refusal in the status line.

        Returns the new log entries, or ``None`` if the rules refused."""
        turn_before = (self.state.round, self.state.current)
        try:
            entries = self.session.apply(command)
        except (RulesError, SaveError) as refusal:
            self.set_status(f"Refused: {clean(str(refusal))}", error=True)
            self.bell()
            return None
        self._show_entries(entries, turn_before)
        return entries

    def _show_entries(self, entries: list[LogEntry], turn_before: tuple) -> None:
        self.query_one(DiceLog).add(entries)
        turn_changed = turn_before != (self.state.round, self.state.current)
        if turn_changed:
            self.selected = self.state.current or self.selected
            self.marked = ()  # the marks were for this turn's area or volley
        self.refresh_views(follow=turn_changed)
        self.set_status(describe(entries[-1].event) if entries else Text("Done."))
        self.show_reminders(entries)  # issue 14: a reminder that fired takes the status line and offers its check

    def action_undo(self) -> None:
        if not self.session.can_undo:
            self.set_status("Nothing to undo: this is where the history starts.")
            return
        self._travel(self.session.undo)

    def action_redo(self) -> None:
        if not self.session.can_redo:
            self.set_status("Nothing to redo.")
            return
        self._travel(self.session.redo)

    def _travel(self, move) -> None:
        turn_before = (self.state.round, self.state.current)
        try:
            entries = move()
        except (RulesError, SaveError) as refusal:
            self.set_status(f"Refused: {clean(str(refusal))}", error=True)
            self.bell()
            return
        self._show_entries(entries, turn_before)

    def action_open_campaign(self) -> None:
        def chosen(path: Path | None) -> None:
            if path is not None and (path != self.session.path or self.session.read_only is not None):  # read-only: open again, to take over
                if self.session.unsaved is not None and not self.session.retry_save():
                    self.set_status("Refused: the last actions are not saved; q offers to retry or save a copy.", error=True)
                    return
                self.exit(result=path)

        self.ask(CampaignPicker(current=self.session.campaign), chosen)

    # -- keys -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        if self.screen is not self.screen_stack[0]:
            # A dialog is open: the encounter's keys wait until it closes.
            return action not in GM_ACTION_NAMES
        grid_map = self.query_one(GridMap)
        if grid_map.picking and action not in ("quit",):
            return action == "mark_area" and grid_map.mode == "area"  # A marks everyone the area template hits
        if action == "toggle_panel":
            return None if self.size.width >= 120 else True
        return True

    def on_initiative_tracker_combatant_selected(self, message: InitiativeTracker.CombatantSelected) -> None:
        if message.combatant_id != self.selected:
            self.select(message.combatant_id)

    def action_interrupt(self) -> None:
        """Ctrl+C: quit at once, from anywhere (everything is already saved; if not, asks)."""
        self.quit_at_once()

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
        self.set_class(name == "ascii", ASCII_CLASS)
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
            self.copy_to_clipboard(by_seq[seq])
            self.set_status("Copied to the clipboard.")

        self.ask(ChoiceScreen("Copy which line? (newest first)", options), chosen)

    def action_zoom(self) -> None:
        self.set_status(f"Map cells: {self.query_one(GridMap).cycle_zoom()}.")

    def action_help(self) -> None:
        offers = [(offer_label(o), o.refusal) for o in self.menu_offers()]
        self.push_screen(HelpScreen(self._keymap, offers))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette lists the same actions as the keys, then what
        the ``.`` menu lists now: the ruleset's offers without a key of their
        own and the GM's tools (its own list, so the two never disagree)."""
        for action in ACTIONS:
            yield SystemCommand(action.label, action.help, lambda name=action.action: self.run_action(name))
        if screen is self.screen_stack[0]:  # what the . menu offers now, from the same list as the menu
            for key, label in self._more_options():
                yield SystemCommand(label, "More actions (.)", lambda key=key: self._more_chosen(key))
        yield from super().get_system_commands(screen)
