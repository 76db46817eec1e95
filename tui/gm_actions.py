"""The GM's actions as App methods: dialogs in, core commands out.

A mixin of :class:`tui.app.EncounterApp`; every method ends in
``self.run_command(...)``, the one place commands are applied and saved.
"""

from __future__ import annotations

from rich.text import Text

from core import commands as cmd
from core.checks import check_expression
from tui.describe import percent
from tui.forms import parse_amount, parse_check
from tui.screens.choice import ChoiceScreen
from tui.screens.prompt import PromptScreen
from tui.text import user_text

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

        def answer(value: str) -> None:
            try:
                amount = parse_amount(value)
            except ValueError as problem:
                self.set_status(f"Refused: {problem}", error=True)
                return
            if isinstance(amount, str):
                rolled = self.run_command(cmd.RollDice(amount, None))
                if not rolled:
                    return
                amount = max(0, rolled[0].event.roll.total)  # a roll below 0 deals nothing
                if amount == 0:
                    self.set_status("The roll came to 0: nothing changes.")
                    return
            self.run_command(cmd.Damage(target.id, amount) if sign < 0 else cmd.Heal(target.id, amount))

        self.ask(PromptScreen(title, placeholder="7 or 2d6+1"), answer)

    def action_damage(self) -> None:
        self._hit_points(-1)

    def action_heal(self) -> None:
        self._hit_points(+1)

    def action_next_turn(self) -> None:
        self.run_command(cmd.NextTurn())

    def action_previous_turn(self) -> None:
        self.run_command(cmd.PreviousTurn())

    def action_roll(self) -> None:
        def answer(value: str) -> None:
            self.run_command(cmd.RollDice(value, None))

        self.ask(PromptScreen("Roll dice (free text after the dice is a comment)", placeholder="1d20+2 kick the door"), answer)

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
            expression = check_expression(ruleset.check_sides, modifier, request.advantage, getattr(ruleset, "check_count", 1))
            text = Text(f"{expression} vs {difficulty}" + (f" ({request.purpose})" if request.purpose else "") + ": ")
            text.append("  ".join(f"{tier.value} {percent(float(p))}" for tier, p in chances.items()))
            return text

        def answer(value: str) -> None:
            try:
                request = parse_check(value, names)
            except ValueError as problem:
                self.set_status(f"Refused: {problem}", error=True)
                return
            self.run_command(cmd.RollCheck(current.id, request.stat, request.difficulty, request.advantage, purpose=request.purpose))

        title = Text("Check for ") + user_text(current.name, "bold") + Text(f": stat [difficulty, default {ruleset.default_difficulty}] [adv|dis] [what for, e.g. theft]")
        self.ask(PromptScreen(title, placeholder="STR 12 adv", hint=odds), answer)

    def action_spend_action(self) -> None:
        current = self._combatant(self.state.current)
        if current is None:
            self.set_status("Combat has not started.", error=True)
            return
        ruleset = self.session.encounter.ruleset
        options = []
        for k, left in current.budget.actions.items():
            label = ACTION_LABELS.get(k, k.replace("_", " ").capitalize())
            options.append((k, f"{label} ({left} left)") if left > 0 else (f"override:{k}", f"{label}: none left, spend anyway (GM override, logged)"))
        if ruleset.id == "equestria":
            options.append(("exchange", "Trade the full action for quick actions (EQ-ACT-3)"))

        def answer(value: str) -> None:
            if value == "exchange":
                self.run_command(cmd.ExchangeFullAction(current.id))
            elif value.startswith("override:"):
                self.run_command(cmd.SpendAction(current.id, value[9:], override=True))
            else:
                self.run_command(cmd.SpendAction(current.id, value))

        self.ask(ChoiceScreen(Text("Spend an action: ") + user_text(current.name, "bold"), options), answer)
