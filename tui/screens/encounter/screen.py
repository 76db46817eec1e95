"""The GM's encounter screen: the four panes, the status line and the footer.

It owns the GM's keys (built from :data:`tui.keys.ACTIONS`, whose ``owner``
names the part that implements each), the selection and its parts: one
object per key group, built when first used (:class:`~tui.screens.encounter.parts.Part`),
each given the screen as its :class:`tui.screens.encounter.context.ScreenContext`, its
state its own (the marks, the map's modes, the players'-view preview...). It turns
keys into core commands, hands them to the :class:`tui.presenter.EncounterPresenter`
(which commits them: applies and saves) and renders each view the presenter
publishes. Widgets post messages up; they never reach into each other.

Layout: the initiative tracker, sheet and log share the left column and the
map has the rest. From 120 columns all four show; on narrower terminals the
sheet and the log take turns (``l``), so the map and tracker always show.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from core.combat.command_base import Command
from core.values.combatant import Combatant
from core.combat.upcoming import next_up
from saves.campaign import LogEntry
from tui.keys import ACTIONS, READ_ONLY_ACTION_IDS, bindings
from tui.presenter import EncounterPresenter, EncounterView
from tui.rendering.text import clean
from core.combat.trackers.sheet import sheet_lines
from tui.screens.encounter.fight_end import offer_end_of_combat
from tui.screens.encounter.key_actions import add_key_actions
from tui.screens.encounter.parts import Part, built, part_names
from tui.screens.encounter.saving_mark import SavingMark
from tui.screens.encounter.status import saving_prefix, status_text
from tui.screens.prompt import PromptScreen
from tui.terminal.row_compositor import RowCompositor
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker
from tui.widgets.lines import StatusLine
from tui.widgets.quiet_footer import QuietFooter
from core.combat.mounted.seats import describe as ride_words  # who rides whom (EQ-MNT-1..9)

MIN_WIDTH, MIN_HEIGHT = 60, 16
GM_ACTION_NAMES = frozenset(a.action for a in ACTIONS)
READ_ONLY_ACTION_NAMES = frozenset(a.action for a in ACTIONS if a.id in READ_ONLY_ACTION_IDS)


class EncounterScreen(Screen):
    """``EncounterScreen(presenter, notice, glyphs)``: ``notice`` is shown in
    the status line at start, ``glyphs`` picks the map theme."""

    BINDINGS = bindings()
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    """As ``Screen.focused``, without its repaint of the whole screen on
    each focus change (the focused and the blurred widget repaint
    themselves as their ``:focus`` styles change): ``m`` and Esc, which move
    the focus between the tracker and the map, draw only what changed."""
    # The parts (the key table's owners), each built when first used, with the parts it names: parts.py
    map_modes = Part("tui.screens.encounter.map_modes.MapModes")
    marks = Part("tui.screens.encounter.groups.Marks")
    recap = Part("tui.screens.encounter.recap.RecapExport")
    map_files = Part("tui.screens.encounter.map_files.MapFiles")
    campaign = Part("tui.screens.encounter.campaign.CampaignChanges", "map_files")
    more = Part("tui.screens.encounter.more.MoreMenu", "map_modes", "campaign", "map_files", "recap")
    turns = Part("tui.screens.encounter.gm.TurnsAndRolls", "marks", "more")
    combat = Part("tui.screens.encounter.combat.CombatPart", "marks", "more")
    sheet_editor = Part("tui.screens.encounter.sheet_editor.SheetEditor")
    tools = Part("tui.screens.encounter.campaign_tools.CampaignTools")
    trackers = Part("tui.screens.encounter.trackers.TrackerMenus")
    scene_events = Part("tui.screens.encounter.scene_events.SceneEventRows")
    toggles = Part("tui.screens.encounter.view.ViewToggles")
    forecasting = Part("tui.screens.encounter.forecasting.Forecasting")

    def __init__(self, presenter: EncounterPresenter, notice: str = "", glyphs: str = "unicode") -> None:
        super().__init__()
        self._compositor = RowCompositor()  # a key's frame renders the rows it writes, not every pane whole
        self.presenter = presenter
        self.selected: str | None = presenter.session.encounter.state.current
        """Id of the combatant the sheet shows and most keys act on."""
        self._notice = notice
        self._glyphs = glyphs
        self._grid_map = GridMap(theme=glyphs, id="map")  # check_action reads it for every binding each time the keys are listed
        self._refusal: str | None = None  # the last refusal the status line showed
        self.saving_mark = SavingMark(self)
        self._status_message = Text()
        presenter.subscribe(self.show_view)
        presenter.subscribe(self.saving_mark.watch)

    def part(self, owner: str) -> object:
        """The part of this screen whose class is ``owner`` (a dotted path, as :data:`tui.keys.ACTIONS` names it)."""
        return getattr(self, PART_NAMES[owner])

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield InitiativeTracker(id="tracker")
                yield CreatureSheet(id="sheet")
                yield DiceLog(id="log")
            yield self._grid_map
        yield Static(Text("Terminal too small: make it at least 60x16.", style="bold"), id="too-small")
        yield StatusLine(id="status")
        yield QuietFooter(compact=True)

    def on_mount(self) -> None:
        self.apply_size()
        self.reload_views()
        self.query_one(InitiativeTracker).focus()
        self.set_status(self._notice or "Ready. ? lists every key; q quits (all is saved as you go).")

    def on_unmount(self) -> None:
        self.presenter.unsubscribe(self.show_view)
        self.presenter.unsubscribe(self.saving_mark.watch)
        self.forecasting.close()

    def on_resize(self, event) -> None:
        self.apply_size(event.size)

    def apply_size(self, size=None) -> None:
        """Hide the panes below the smallest size; on narrow terminals the log takes the sheet's place (l)."""
        size = size or self.app.size
        too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        was_small = self.has_class("-too-small")
        self.set_class(too_small, "-too-small")
        self.set_class(self.toggles.show_log and size.width < 120, "-show-log")  # wide: sheet and log both show
        if was_small and not too_small:  # the panes were hidden, and focus left them
            self.call_after_refresh(self._focus_again)

    def _focus_again(self) -> None:
        """Give the keys back to the map while its cursor is out (else only
        q worked after a resize through "too small"), else to the tracker."""
        if self.focused is not None and self.focused.display:
            return
        if self.picking:
            self.query_one(GridMap).focus()
        else:
            self.query_one(InitiativeTracker).focus()

    # -- the presenter's views ------------------------------------------------
    @property
    def session(self):
        """The presenter's :class:`saves.session.Session` (read it; changes go through the presenter)."""
        return self.presenter.session

    @property
    def state(self):
        """The encounter's state now (the presenter's session's)."""
        return self.presenter.session.encounter.state

    def show_view(self, view: EncounterView) -> None:
        """Render one view the presenter published: a new encounter from
        scratch, else its new log lines, the panes and the status line."""
        if view.reloaded:
            state = view.state
            self.selected = state.current or (state.order()[0].id if state.combatants else None)
            self.reload_views()
            return
        entries = list(view.entries)
        log = self.query_one(DiceLog)
        log.ruleset = view.ruleset
        log.add(entries)
        if view.turn_changed:
            self.selected = view.state.current or self.selected
            if built(self, "marks") is not None:
                self.marks.marked = ()  # the marks were for this turn's area or volley
        self.refresh_views(follow=view.turn_changed, view=view)
        upcoming = next_up(view, view.state)
        self.set_status(status_text(entries, upcoming.name if upcoming is not None else None) if entries else Text("Done."), logged=bool(entries))
        self.trackers.show_reminders(entries)  # a reminder that fired takes the status line and offers its check
        offer_end_of_combat(self, entries)  # every foe (or party member) down: End combat, one Enter away
        self.forecasting.state_changed()

    def reload_views(self) -> None:
        """Show the session's encounter from scratch (at start, or after switching encounters)."""
        view = self.presenter.view()
        grid_map = self.query_one(GridMap)
        grid_map.border_title = Text(f"{clean(view.title)} \u2014 {clean(view.file_name)}")  # Text: never parsed as markup
        log = self.query_one(DiceLog)
        log.border_title, log.filter_id = "Log", None
        log.ruleset = view.ruleset
        log.load(self.session.log)
        if self.selected is None and view.state.combatants:
            self.selected = view.state.order()[0].id
        self.refresh_views(follow=True, view=view)
        self.refresh_bindings()
        if built(self, "forecasting") is not None:  # else the forecast is off (F turns it on): its part and the tactics load after the first frame
            self.forecasting.state_changed()

    def combatant(self, combatant_id: str | None) -> Combatant | None:
        """The combatant of ``combatant_id`` in the encounter now, or ``None``."""
        state = self.state
        return state.combatant(combatant_id) if combatant_id is not None and state.has(combatant_id) else None  # indexed: no scan of a crowd

    def select(self, combatant_id: str) -> None:
        self.selected = combatant_id
        self.refresh_views()

    def refresh_views(self, follow: bool = False, view: EncounterView | None = None) -> None:
        view = view or self.presenter.view()
        state = view.state
        if self.combatant(self.selected) is None:
            self.selected = state.current
        marks = built(self, "marks")  # none before the GM first marks a creature (space)
        if marks is not None:
            marks.forget_gone_marks()
        upcoming = next_up(view, state)
        self.query_one(InitiativeTracker).show(state, self.selected, view.tracked_kinds, frozenset(marks.marked if marks is not None else ()),
                                               next_id=upcoming.id if upcoming is not None else None)
        grid_map = self.query_one(GridMap)
        if self.toggles.players_preview:
            from core.combat.visibility import visible_to  # what players see: loads when the GM first shows it (V)
            seen = visible_to(state, view.ruleset)
            grid_map.show(seen.state, seen.state.current, self.selected)
            grid_map.set_fog(seen.seen)
        else:
            grid_map.show(state, state.current, self.selected)
        current = self.combatant(state.current)
        if follow and current is not None and current.position is not None and not grid_map.picking:
            grid_map.follow(current.position, centre=True, unless_looked_away=view is not None and view.turn_changed)
        chosen = self.combatant(self.selected)
        riding = ride_words(state, chosen) if chosen is not None else ""
        self.query_one(CreatureSheet).show(chosen, view.ruleset, self.selected == state.current, riding, sheet_lines(state, chosen) if chosen is not None else ())

    def set_status(self, message: str | Text, error: bool = False, logged: bool = False, hint: bool = False) -> None:
        """Show ``message`` on the status line (one row); one too wide for it
        is cut there and, unless it is a line of the log already
        (``logged``) or a hint of what the keys do now (``hint``: the log
        holds what happened, never hints), added whole to the log pane. A
        refusal (``error``) that dropped keys typed after it says how many
        first, so the count is never cut."""
        status = self.query_one(StatusLine)
        text = message if isinstance(message, Text) else Text(message)
        if error:
            self._refusal = text.plain
            dropped = self.drop_typed_ahead()  # what was typed after a refused key was meant for it
            if dropped:
                text = Text(f"({dropped} key{'s' if dropped != 1 else ''} typed after it ignored) ", style="italic") + text
        self._status_message = text
        text = saving_prefix(self.session, self.saving_mark.shown) + text
        status.set_class(error, "error")
        status.show(text)
        if not logged and not hint and not status.fits(text):
            state = self.presenter.state
            self.query_one(DiceLog).note(text, state.round, state.current)

    def restatus(self) -> None:
        """Show the status line's message again with the prefix of now (NOT SAVED, SAVING, none)."""
        self.query_one(StatusLine).show(saving_prefix(self.session, self.saving_mark.shown) + self._status_message)

    def clear_refusal(self) -> None:
        """Empty the status line if it shows a refusal (the GM is fixing what was refused)."""
        status = self.query_one(StatusLine)
        if status.has_class("error"):
            self.set_status("")

    def drop_typed_ahead(self) -> int:
        """Forget the keys typed ahead (the App holds them: :class:`tui.terminal.key_order.KeysInOrder`)."""
        return self.app.drop_typed_ahead()

    def is_on_top(self) -> bool:
        """No dialog or other screen is open over this one."""
        return self.app.screen is self

    def ask(self, screen, then) -> None:
        """Open a dialog; ``then(answer)`` runs with its answer unless the
        GM cancelled (Esc), which the status line says. A one-line question
        whose answer ``then`` refuses (``set_status(..., error=True)``)
        opens again with the text kept and the refusal shown in it."""

        def answered(value) -> None:
            if value is None:
                self.set_status("Cancelled.")
                return
            self._refusal, stack = None, len(self.app.screen_stack)
            then(value)
            if self._refusal is not None and isinstance(screen, PromptScreen) and len(self.app.screen_stack) == stack:
                self.ask(screen.again(value, self._refusal), then)

        self.app.push_screen(screen, answered)

    # -- commands ---------------------------------------------------------------
    def run_command(self, command: Command) -> list[LogEntry] | None:
        """Submit ``command`` to the presenter (saved before it returns;
        the published view is shown); a refusal goes to the status line.

        Returns the new log entries, or ``None`` if the rules refused."""
        outcome = self.presenter.submit(command)
        if not outcome.ok:
            self._refused(outcome.refusal)
            return None
        return list(outcome.entries)

    def _refused(self, reason: str) -> None:
        self.set_status(f"Refused: {clean(reason)}", error=True)
        self.app.bell()

    def action_undo(self) -> None:
        if not self.session.can_undo:
            self.set_status("Nothing to undo: this is where the history starts.")
            return
        outcome = self.presenter.undo()
        if not outcome.ok:
            self._refused(outcome.refusal)

    def action_redo(self) -> None:
        if not self.session.can_redo:
            self.set_status("Nothing to redo.")
            return
        outcome = self.presenter.redo()
        if not outcome.ok:
            self._refused(outcome.refusal)

    def action_open_campaign(self) -> None:
        from tui.screens.campaign_picker import CampaignPicker  # the campaigns list: loads when the GM first opens it

        def chosen(path: Path | None) -> None:
            if path is not None and (path != self.session.path or self.session.read_only is not None):  # read-only: open again, to take over
                if self.session.saving and not self.presenter.retry_save():
                    self.set_status("Refused: the last actions are not saved; q offers to retry or save a copy.", error=True)
                    return
                self.app.exit(result=path)

        self.ask(CampaignPicker(current=self.session.campaign), chosen)

    # -- keys -------------------------------------------------------------------
    @property
    def picking(self) -> bool:
        """A map cursor is out (move, place, paint, look, area, an offer's cell)."""
        return self.is_mounted and self.query_one(GridMap).picking

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, less the keys that change the campaign while it is read-only
        (what the footer and the key panel show; a key pressed still says why it is refused)."""
        active = super().active_bindings
        if not self.is_mounted or self.session.read_only is None:
            return active
        return {key: bound for key, bound in active.items()
                if bound.binding.action not in GM_ACTION_NAMES or bound.binding.action in READ_ONLY_ACTION_NAMES}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        if self.app.screen is not self:
            # A dialog is open (or the command palette runs an action): the encounter's keys wait until it
            # closes (None: still listed, as disabled, so the footer can show them: QuietFooter).
            return None if action in GM_ACTION_NAMES else True
        if (grid_map := self._grid_map).picking:  # q (app.quit) still quits: the App checks it
            return action == "mark_area" and grid_map.mode == "area"  # A marks everyone the area template hits
        if action == "toggle_panel":
            return None if self.app.size.width >= 120 else True
        return True

    def on_initiative_tracker_combatant_selected(self, message: InitiativeTracker.CombatantSelected) -> None:
        if message.combatant_id != self.selected:
            self.select(message.combatant_id)

    # -- the map's messages: its cursor modes (MapModes) answer them ------------------
    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        self.map_modes.cursor_moved(message)

    def on_grid_map_cell_picked(self, message: GridMap.CellPicked) -> None:
        self.map_modes.cell_picked(message)

    def on_grid_map_pick_cancelled(self, message: GridMap.PickCancelled) -> None:
        self.map_modes.pick_cancelled(message)

    def on_grid_map_cell_clicked(self, message: GridMap.CellClicked) -> None:
        self.map_modes.cell_clicked(message)

    def on_grid_map_brush_chosen(self, message: GridMap.BrushChosen) -> None:
        self.map_modes.brush_chosen(message)

    def on_grid_map_ground_changed(self, message: GridMap.GroundChanged) -> None:
        self.map_modes.ground_changed(message)

    def on_grid_map_side_painted(self, message: GridMap.SidePainted) -> None:
        self.map_modes.side_painted(message)

    def on_grid_map_template_changed(self, message: GridMap.TemplateChanged) -> None:
        self.map_modes.template_changed(message)


add_key_actions(EncounterScreen)
PART_NAMES = part_names(EncounterScreen)  # the key table's owner path of each part -> its attribute on the screen
