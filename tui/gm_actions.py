"""The GM's actions as App methods: dialogs in, core commands out.

A mixin of :class:`tui.app.EncounterApp`; every method ends in
``self.run_command(...)``, the one place commands are applied and saved.
"""

from __future__ import annotations

from rich.text import Text

from core import commands as cmd
from core.combatant import Combatant
from core.errors import RulesError
from core.grid import Cell
from core.movement import MoveOptions, find_path, model_for, reachable
from tui.describe import percent
from tui.forms import parse_amount, parse_check
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.text import clean, user_text
from tui.widgets.grid_map import GridMap
from tui.widgets.initiative_tracker import InitiativeTracker

ACTION_LABELS = {"full": "Full action", "quick": "Quick action", "reaction": "Reaction", "standard": "Standard action", "move": "Move action", "main": "Main action", "maneuver": "Maneuver", "action": "Action"}


class GMActions:
    """Needs ``state``, ``session``, ``selected``, ``run_command``, ``set_status`` from the App."""

    def _hit_points(self, sign: int) -> None:
        target = self._combatant(self.selected)
        if target is None:
            self.set_status("Select a combatant first (arrow keys in the tracker).", error=True)
            return
        word = "Damage to" if sign < 0 else "Healing for"
        title = Text(f"{word} ") + user_text(target.name, "bold") + Text(f" (HP {target.hp}/{target.hp_max}): a number or dice")

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
            self.run_command(cmd.Damage(target.id, amount) if sign < 0 else cmd.Heal(target.id, amount))

        self.push_screen(PromptScreen(title, placeholder="7 or 2d6+1"), answer)

    def action_damage(self) -> None:
        self._hit_points(-1)

    def action_heal(self) -> None:
        self._hit_points(+1)

    def action_next_turn(self) -> None:
        self.run_command(cmd.NextTurn())

    def action_previous_turn(self) -> None:
        self.run_command(cmd.PreviousTurn())

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
            text = Text(f"1d{ruleset.check_sides}{modifier:+d} vs {difficulty}: ")
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
        ruleset = self.session.encounter.ruleset
        options = [(k, f"{ACTION_LABELS.get(k, k.replace('_', ' ').capitalize())} ({left} left)") for k, left in current.budget.actions.items()]
        if ruleset.id == "equestria":
            options.append(("exchange", "Trade the full action for quick actions (EQ-ACT-3)"))

        def answer(value: str | None) -> None:
            if value is None:
                self.set_status("Cancelled.")
            elif value == "exchange":
                self.run_command(cmd.ExchangeFullAction(current.id))
            else:
                self.run_command(cmd.SpendAction(current.id, value))

        self.push_screen(ChoiceScreen(Text("Spend an action: ") + user_text(current.name, "bold"), options), answer)

    # -- moving on the map ---------------------------------------------------------
    def action_move(self) -> None:
        mover = self._combatant(self.state.current)
        if mover is None or mover.position is None:
            self.set_status("Only the combatant whose turn it is can move, and it must be on the map.", error=True)
            return
        encounter = self.session.encounter
        budget = mover.budget.movement if self.state.round else 10**6
        options = MoveOptions(start_parity=mover.budget.diagonal_parity) if self.state.round else MoveOptions()
        reach = dict(reachable(self.state.grid, encounter.ruleset, mover, self.state.combatants, budget, options=options))
        self.show_map()
        self.query_one(GridMap).start_pick(mover.position, reach)
        self.refresh_bindings()
        self.set_status(Text("Move ") + user_text(mover.name, "bold") + Text(f": arrows/hjkl/yubn, Enter to move, Esc to cancel. {mover.budget.movement} movement left."))

    def on_grid_map_cursor_moved(self, message: GridMap.CursorMoved) -> None:
        mover = self._combatant(self.state.current)
        if mover is not None:
            self.set_status(self._path_preview(mover, message.cell))

    def _path_preview(self, mover: Combatant, cell: Cell) -> Text:
        try:
            options = MoveOptions(start_parity=mover.budget.diagonal_parity) if self.state.round else MoveOptions()
            path = find_path(self.state.grid, self.session.encounter.ruleset, mover, self.state.combatants, cell, options=options)
        except RulesError as refusal:
            return Text(f"({cell[0]}, {cell[1]}): {clean(str(refusal))}", style="yellow")
        left = mover.budget.movement
        style = "green" if path.cost <= left or not self.state.round else "yellow"
        unit = model_for(self.session.encounter.ruleset).unit
        if path.cost == 1 and unit.endswith("s"):
            unit = unit[:-1]
        return Text(f"({cell[0]}, {cell[1]}): costs {path.cost} {unit}, {left} left", style=style)

    def on_grid_map_cell_picked(self, message: GridMap.CellPicked) -> None:
        mover = self._combatant(self.state.current)
        if mover is not None and self.run_command(cmd.Move(mover.id, message.cell)) is not None:
            self._end_pick()

    def on_grid_map_pick_cancelled(self, _: GridMap.PickCancelled) -> None:
        self._end_pick()
        self.set_status("Move cancelled.")

    def on_grid_map_cell_clicked(self, message: GridMap.CellClicked) -> None:
        for combatant in self.state.combatants:
            if combatant.position == message.cell:
                self.select(combatant.id)
                return

    def _end_pick(self) -> None:
        self.query_one(GridMap).stop_pick()
        self.query_one(InitiativeTracker).focus()
        self.refresh_bindings()
