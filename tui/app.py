"""The encounter app: one screen with the four panes.

The App is the one place that turns keys into core commands, applies them
through the session (which saves before returning) and refreshes the panes.
Widgets post messages up; they never reach into each other.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from core import commands as cmd
from core.combatant import Combatant
from core.errors import RulesError
from core.grid import Cell
from core.movement import find_path, reachable
from saves.campaign import LogEntry
from saves.session import Session
from tui.describe import describe, percent
from tui.forms import parse_amount, parse_check
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.text import clean, user_text
from tui.widgets.creature_sheet import CreatureSheet
from tui.widgets.dice_log import DiceLog
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker

ACTION_LABELS = {"full": "Full action", "quick": "Quick action", "reaction": "Reaction"}


class EncounterApp(App[None]):
    """``EncounterApp(session)``; ``notice`` is shown in the status line at start."""

    CSS_PATH = "app.tcss"
    TITLE = "encounter"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    ENABLE_COMMAND_PALETTE = False

    BINDINGS = [
        Binding("n", "next_turn", "Next turn", id="next-turn"),
        Binding("p", "previous_turn", "Prev turn", id="previous-turn"),
        Binding("d", "damage", "Damage", id="damage"),
        Binding("h", "heal", "Heal", id="heal"),
        Binding("m", "move", "Move", id="move"),
        Binding("c", "check", "Check", id="check"),
        Binding("r", "roll", "Roll", id="roll"),
        Binding("a", "spend_action", "Action", id="spend-action"),
        Binding("q", "quit", "Quit", id="quit"),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True, id="interrupt-quit"),
    ]

    def __init__(self, session: Session, notice: str = "") -> None:
        super().__init__()
        self.session = session
        self.selected: str | None = session.encounter.state.current
        self._notice = notice

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield InitiativeTracker(id="tracker")
                yield CreatureSheet(id="sheet")
            with Vertical(id="right"):
                yield GridMap(id="map")
                yield DiceLog(id="log")
        yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        grid_map = self.query_one(GridMap)
        grid_map.border_title = f"{clean(self.session.campaign.name)} \u2014 {clean(self.session.path.name)}"
        self.query_one(DiceLog).border_title = "Log"
        self.query_one(DiceLog).add(self.session.log)
        if self.selected is None and self.session.encounter.state.combatants:
            self.selected = self.session.encounter.state.order()[0].id
        self.refresh_views(follow=True)
        self.query_one(InitiativeTracker).focus()
        self.set_status(self._notice or "Ready. Keys are in the footer; q quits (everything is already saved).")

    # -- state ---------------------------------------------------------------
    @property
    def state(self):
        return self.session.encounter.state

    def _combatant(self, combatant_id: str | None) -> Combatant | None:
        if combatant_id is None:
            return None
        return next((c for c in self.state.combatants if c.id == combatant_id), None)

    def refresh_views(self, follow: bool = False) -> None:
        state = self.state
        if self._combatant(self.selected) is None:
            self.selected = state.current
        self.query_one(InitiativeTracker).show(state, self.selected)
        grid_map = self.query_one(GridMap)
        grid_map.show(state, state.current, self.selected)
        current = self._combatant(state.current)
        if follow and current is not None and current.position is not None and not grid_map.picking:
            grid_map.follow(current.position)
        self.query_one(CreatureSheet).show(self._combatant(self.selected), self.session.encounter.ruleset, self.selected == state.current)

    def set_status(self, message: str | Text, error: bool = False) -> None:
        status = self.query_one("#status", Static)
        text = message if isinstance(message, Text) else Text(message)
        if self.session.unsaved is not None:
            text = Text(f"NOT SAVED ({clean(self.session.unsaved.reason)}) ", style="bold reverse") + text
        status.set_class(error, "error")
        status.update(text)

    def run_command(self, command: cmd.Command) -> list[LogEntry] | None:
        """Apply ``command``; show a refusal in the status line.

        Returns the new log entries, or ``None`` if the rules refused."""
        turn_before = (self.state.round, self.state.current)
        try:
            entries = self.session.apply(command)
        except RulesError as refusal:
            self.set_status(f"Refused: {clean(str(refusal))}", error=True)
            self.bell()
            return None
        self.query_one(DiceLog).add(entries)
        turn_changed = turn_before != (self.state.round, self.state.current)
        if turn_changed:
            self.selected = self.state.current
        self.refresh_views(follow=turn_changed)
        self.set_status(describe(entries[-1].event) if entries else Text("Done."))
        return entries

    # -- key actions -----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.is_mounted and self.query_one(GridMap).picking and action != "quit":
            return False
        return True

    def on_initiative_tracker_combatant_selected(self, message: InitiativeTracker.CombatantSelected) -> None:
        if message.combatant_id != self.selected:
            self.selected = message.combatant_id
            self.refresh_views()

    def action_next_turn(self) -> None:
        self.run_command(cmd.NextTurn())

    def action_previous_turn(self) -> None:
        self.run_command(cmd.PreviousTurn())

    def _hit_points(self, sign: int) -> None:
        target = self._combatant(self.selected)
        if target is None:
            self.set_status("Select a combatant first (arrow keys in the tracker).", error=True)
            return
        word = "Damage to" if sign < 0 else "Healing for"
        title = Text(f"{word} ") + user_text(target.name, "bold") + Text(f" (HP {target.hp}/{target.hp_max})")

        def answer(value: str | None) -> None:
            if value is None:
                self.set_status("Cancelled.")
                return
            try:
                amount = parse_amount(value)
            except ValueError as problem:
                self.set_status(f"Refused: {problem}", error=True)
                return
            if isinstance(amount, str):
                rolled = self.run_command(cmd.RollDice(amount, None))
                if not rolled:
                    return
                amount = rolled[0].event.roll.total
            command = cmd.Damage(target.id, amount) if sign < 0 else cmd.Heal(target.id, amount)
            self.run_command(command)

        self.push_screen(PromptScreen(title, placeholder="7 or 2d6+1"), answer)

    def action_damage(self) -> None:
        self._hit_points(-1)

    def action_heal(self) -> None:
        self._hit_points(+1)

    def action_roll(self) -> None:
        def answer(value: str | None) -> None:
            if value is None:
                self.set_status("Cancelled.")
                return
            self.run_command(cmd.RollDice(value, None))

        self.push_screen(PromptScreen("Roll dice (free text after the dice is a comment)", placeholder="1d20+2 kick the door"), answer)

    def action_check(self) -> None:
        current = self._combatant(self.state.current) or self._combatant(self.selected)
        if current is None:
            self.set_status("Nobody to roll for.", error=True)
            return
        ruleset = self.session.encounter.ruleset
        names = ruleset.stat_names

        def odds(value: str) -> Text:
            try:
                request = parse_check(value, names)
            except ValueError as problem:
                return Text(str(problem), style="italic")
            modifier = current.stat(request.stat)
            chances = ruleset.check_odds(modifier, request.difficulty, request.advantage)
            difficulty = ruleset.default_difficulty if request.difficulty is None else request.difficulty
            text = Text(f"1d20{modifier:+d} vs {difficulty}: ")
            text.append("  ".join(f"{tier.value} {percent(float(p))}" for tier, p in chances.items()))
            return text

        def answer(value: str | None) -> None:
            if value is None:
                self.set_status("Cancelled.")
                return
            try:
                request = parse_check(value, names)
            except ValueError as problem:
                self.set_status(f"Refused: {problem}", error=True)
                return
            self.run_command(cmd.RollCheck(current.id, request.stat, request.difficulty, request.advantage))

        title = Text("Check for ") + user_text(current.name, "bold") + Text(f": stat [difficulty, default {ruleset.default_difficulty}] [adv|dis]")
        self.push_screen(PromptScreen(title, placeholder="STR 12 adv", hint=odds), answer)

    def action_spend_action(self) -> None:
        current = self._combatant(self.state.current)
        if current is None:
            self.set_status("Combat has not started.", error=True)
            return
        options = [(k, f"{label} ({current.budget.left(k)} left)") for k, label in ACTION_LABELS.items() if k in current.budget.actions]
        options.append(("exchange", "Trade the full action for quick actions (EQ-ACT-3)"))

        def answer(value: str | None) -> None:
            if value is None:
                self.set_status("Cancelled.")
            elif value == "exchange":
                self.run_command(cmd.ExchangeFullAction(current.id))
            else:
                self.run_command(cmd.SpendAction(current.id, value))

        self.push_screen(ChoiceScreen(Text("Spend an action: ") + user_text(current.name, "bold"), options), answer)

    # -- moving -------------------------------------------------------------
    def action_move(self) -> None:
        mover = self._combatant(self.state.current)
        if mover is None or mover.position is None:
            self.set_status("Only the combatant whose turn it is can move, and it must be on the map.", error=True)
            return
        encounter = self.session.encounter
        budget = mover.budget.movement if self.state.round else 10**6
        reach = dict(reachable(self.state.grid, encounter.ruleset, mover, self.state.combatants, budget))
        self.query_one(GridMap).start_pick(mover.position, reach)
        self.refresh_bindings()
        self.set_status(Text("Move ") + user_text(mover.name, "bold") + Text(f": arrows/hjkl/yubn, Enter to move, Esc to cancel. {mover.budget.movement} movement left."))

    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        mover = self._combatant(self.state.current)
        if mover is None:
            return
        self.set_status(self._path_preview(mover, message.cell))

    def _path_preview(self, mover: Combatant, cell: Cell) -> Text:
        try:
            path = find_path(self.state.grid, self.session.encounter.ruleset, mover, self.state.combatants, cell)
        except RulesError as refusal:
            return Text(f"({cell[0]}, {cell[1]}): {clean(str(refusal))}", style="yellow")
        left = mover.budget.movement
        style = "green" if path.cost <= left or not self.state.round else "yellow"
        return Text(f"({cell[0]}, {cell[1]}): costs {path.cost} movement, {left} left", style=style)

    def on_grid_map_cell_picked(self, message: GridMap.CellPicked) -> None:
        mover = self._combatant(self.state.current)
        if mover is None:
            return
        if self.run_command(cmd.Move(mover.id, message.cell)) is not None:
            self._end_pick()

    def on_grid_map_pick_cancelled(self, _: GridMap.PickCancelled) -> None:
        self._end_pick()
        self.set_status("Move cancelled.")

    def _end_pick(self) -> None:
        grid_map = self.query_one(GridMap)
        grid_map.stop_pick()
        self.query_one(InitiativeTracker).focus()
        self.refresh_bindings()
