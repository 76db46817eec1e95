"""The creature sheet: everything about the selected combatant."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from core.combatant import Combatant
from core.rulesets.base import Ruleset
from tui.describe_combat import condition_text
from tui.text import clean, user_text
from tui.widgets.initiative_tracker import hp_text


def hp_bar(combatant: Combatant, width: int = 10) -> Text:
    filled = round(width * combatant.hp / combatant.hp_max) if combatant.hp_max else 0
    style = hp_text(combatant).style
    return Text("\u2588" * filled, style=style) + Text("\u2591" * (width - filled), style="bright_black")


class CreatureSheet(Static):
    """Shows one combatant; ``show(None, ...)`` shows a hint instead."""

    def show(self, combatant: Combatant | None, ruleset: Ruleset, is_current: bool) -> None:
        if combatant is None:
            self._shown = None
            self.update(Text("No combatant selected", style="italic bright_black"))
            self.border_title = "Sheet"
            return
        text = Text()
        text.append_text(user_text(combatant.name, "bold"))
        text.append(f"  {combatant.side.value}", style="italic")
        if combatant.dead:
            text.append("  DEAD", style="bold red")
        elif combatant.defeated:
            text.append("  DEFEATED", style="bold red")
        text.append("\nHP ")
        text.append_text(hp_text(combatant))
        text.append(" ")
        text.append_text(hp_bar(combatant))
        if combatant.hp_temp:
            text.append(f" +{combatant.hp_temp} temp", style="cyan")
        if combatant.ac:
            text.append(f"   AC {combatant.ac}")
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
        for kind, left in budget.actions.items():
            text.append(f"{kind.replace('_', ' ')} {left}  ", style="" if left > 0 else "bright_black")
        text.append(f"movement {budget.movement}/{budget.movement_max}")
        for condition in combatant.conditions:
            text.append("\n")
            text.append(condition_text(condition), style="magenta")
        defences = [f"armour {clean(k)} {v:+d}" for k, v in combatant.armour.items()]
        defences += [f"resists {clean(r)}" for r in combatant.resistances]
        defences += [f"weak to {clean(w)}" for w in combatant.weaknesses]
        defences += [f"immune to {clean(i)}" for i in combatant.immunities]
        if defences:
            text.append("\n" + ", ".join(defences), style="italic")
        if combatant.inventory.quick or combatant.inventory.slow:
            text.append("\nBelt: " + (", ".join(clean(i) for i in combatant.inventory.quick) or "-"))
            text.append("\nPack: " + (", ".join(clean(i) for i in combatant.inventory.slow) or "-"))
        if combatant.notes:
            text.append("\n")
            text.append_text(user_text(combatant.notes, "italic"))
        self.border_title = "Sheet"
        if text != getattr(self, "_shown", None):  # unchanged: send nothing
            self._shown = text
            self.update(text)
