"""The creature sheet: everything about the selected combatant."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.combatant import Combatant
from core.rulesets.base import Ruleset
from tui.text import user_text
from tui.widgets.initiative_tracker import ACTION_LETTERS, hp_text


def hp_bar(combatant: Combatant, width: int = 10) -> Text:
    filled = round(width * combatant.hp / combatant.hp_max) if combatant.hp_max else 0
    style = hp_text(combatant).style
    return Text("\u2588" * filled, style=style) + Text("\u2591" * (width - filled), style="bright_black")


class CreatureSheet(Static):
    """Shows one combatant; ``show(None, ...)`` shows a hint instead."""

    def show(self, combatant: Combatant | None, ruleset: Ruleset, is_current: bool) -> None:
        if combatant is None:
            self.update(Text("No combatant selected", style="italic bright_black"))
            self.border_title = "Sheet"
            return
        text = Text()
        text.append_text(user_text(combatant.name, "bold"))
        text.append(f"  {combatant.side.value}", style="italic")
        if combatant.defeated:
            text.append("  DEFEATED", style="bold red")
        text.append("\nHP ")
        text.append_text(hp_text(combatant))
        text.append(" ")
        text.append_text(hp_bar(combatant))
        initiative = "--" if combatant.initiative is None else str(combatant.initiative)
        text.append(f"\nInitiative {initiative}")
        if combatant.position is not None:
            text.append(f"   at ({combatant.position[0]}, {combatant.position[1]})")
        text.append("\n")
        for index, name in enumerate(ruleset.stat_names):
            text.append(f"{name} ", style="bold")
            text.append(f"{combatant.stat(name):+d}")
            text.append("\n" if index % 3 == 2 else "   ")
        text.rstrip()
        budget = combatant.budget
        text.append("\n" + ("This turn: " if is_current else "Left: "))
        for kind, _letter in ACTION_LETTERS:
            if kind not in budget.actions:
                continue
            left = budget.left(kind)
            text.append(f"{kind} {left}  ", style="" if left > 0 else "bright_black")
        text.append(f"move {budget.movement}/{budget.movement_max}")
        if combatant.notes:
            text.append("\n")
            text.append_text(user_text(combatant.notes, "italic"))
        self.border_title = "Sheet"
        self.update(text)
