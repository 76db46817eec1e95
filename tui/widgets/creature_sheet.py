"""The creature sheet: everything about the selected combatant.

A line pane: switching between two combatants repaints the cells that
differ. Its height is the tallest sheet shown since the last resize, so
that walking the turn order does not re-lay out (and repaint) the column.
"""

from __future__ import annotations

from rich.text import Text

from core.values.combatant import Combatant
from core.rulesets.base import Ruleset
from tui.rendering.lines import condition_text
from tui.rendering.text import clean, user_text
from tui.widgets.tracker_cells import hp_text
from tui.widgets.lines import NO_BREAK, LinePane, text_lines


def hp_bar(combatant: Combatant, width: int = 10) -> Text:
    filled = round(width * combatant.hp / combatant.hp_max) if combatant.hp_max else 0
    style = hp_text(combatant).style
    return Text("\u2588" * filled, style=style) + Text("\u2591" * (width - filled), style="bright_black")


class CreatureSheet(LinePane):
    """Shows one combatant; ``show(None, ...)`` shows a hint instead;
    ``render()`` is the text on show."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text()
        self._tallest = 0
        self._drawn_width = 0
        self._made: dict[str, tuple[Ruleset, tuple, Text]] = {}  # id -> (ruleset, what the sheet showed, its text)

    def render(self) -> Text:
        return self._text

    def content_rows(self) -> int:
        return max(self._tallest, len(self._lines))

    def on_resize(self) -> None:
        if self.content_size.width != self._drawn_width:  # its own height changes resize it too
            self._tallest = 0
        self._draw()

    def _draw(self) -> None:
        width = self._drawn_width = self.content_size.width
        if width > 0:
            lines = text_lines(self._text, width)
            self._tallest = max(self._tallest, len(lines))
            self.set_lines(lines)
            height = self.content_size.height
            cut = len(lines) - height if height else 0
            subtitle = f"\u2193{cut} more" if cut > 0 else ""
            if self.border_subtitle != subtitle:
                self.border_subtitle = subtitle

    def show(
        self, combatant: Combatant | None, ruleset: Ruleset, is_current: bool, riding: str = "", trackers: tuple[tuple[str, bool], ...] = (),
    ) -> None:
        """``riding``: who rides whom and lost control, in core's words (core.combat.mounted.seats.describe);
        ``trackers``: lines of its reminders and limited uses (text, due), see
        :func:`core.offers.trackers.sheet_lines`."""
        if self.border_title != "Sheet":
            self.border_title = "Sheet"  # the setter repaints the whole pane, even with the same title
        text = Text("No combatant selected", style="italic bright_black") if combatant is None else self._sheet_of(combatant, ruleset, is_current, trackers)
        if combatant is not None and riding:
            text.append("\nMounted: ", style="bold")
            text.append(clean(riding), style="cyan")
        if text != self._text:  # unchanged: send nothing
            self._text = text
            self._draw()

    def _sheet_of(self, combatant: Combatant, ruleset: Ruleset, is_current: bool, trackers: tuple[tuple[str, bool], ...]) -> Text:
        """:meth:`_sheet`, made again only when what it shows changed since
        this combatant was last shown (a turn order walked round after round)."""
        made = (combatant, is_current, trackers)
        cached = self._made.get(combatant.id)
        if cached is None or cached[0] is not ruleset or cached[1] != made:
            if len(self._made) > 512:
                self._made.clear()
            cached = self._made[combatant.id] = (ruleset, made, self._sheet(combatant, ruleset, is_current, trackers))
        return cached[2].copy()  # the caller appends to it

    @staticmethod
    def _sheet(combatant: Combatant, ruleset: Ruleset, is_current: bool, trackers: tuple[tuple[str, bool], ...] = ()) -> Text:
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
        if combatant.hp_dice:  # rolled from these dice; the bestiary keeps them
            text.append(f" ({clean(combatant.hp_dice)})", style="bright_black")
        if combatant.ac:
            text.append(f"   AC {combatant.ac}")
        if combatant.energy_max:  # EQ-STAT-1 ЭНЕР
            text.append(f"   ЭНЕР {combatant.energy}/{combatant.energy_max}")
        if combatant.breath is not None:  # EQ-BRE-1
            text.append(f"   holding breath ({combatant.breath.activity.value}) since round {combatant.breath.round}", style="bold cyan")
        if combatant.breathing != "air":  # EQ-BRE-1: exempt from holding its breath
            text.append(f"   breathes {combatant.breathing}", style="cyan")
        initiative = "--" if combatant.initiative is None else str(combatant.initiative)
        text.append(f"\nInitiative {initiative}")
        if combatant.position is not None:
            x, y = combatant.position
            text.append(f"   at{NO_BREAK}({x},{NO_BREAK}{y})")  # "(10, 14)" is never split across lines
        text.append("\n")
        shown = ruleset.stat_names + tuple(s for s in ruleset.skill_names if s in combatant.stats)  # skills it has
        for index, name in enumerate(shown):
            text.append(f"{name} ", style="bold")
            text.append(f"{combatant.stat(name):+d}")
            text.append("\n" if index % 3 == 2 else "   ")
        text.rstrip()
        budget = combatant.budget
        text.append("\n" + ("This turn: " if is_current else "Left: "))
        known = [k for k in ruleset.action_kinds if k in budget.actions]  # the ruleset's order: a reopened file's map is sorted
        for kind in known + [k for k in budget.actions if k not in known]:
            left = budget.actions[kind]
            text.append(f"{kind.replace('_', ' ')} {left}  ", style="" if left > 0 else "bright_black")
        text.append(f"movement {budget.movement}/{budget.movement_max}")
        for number, attack in enumerate(combatant.attacks, start=1):  # t then its number attacks with it
            text.append(f"\n{number} ", style="bold")
            text.append_text(user_text(attack.name, "bold"))
            text.append(f" {clean(attack.weapon)}")
            if attack.uses:
                text.append(f" (uses {clean(attack.uses)})", style="yellow")
        for condition in combatant.conditions:
            text.append("\n")
            text.append(condition_text(condition), style="magenta")
        for line, due in trackers:  # reminders and limited uses, as the core words them
            text.append("\n")
            text.append(clean(line), style="bold reverse yellow" if due else "yellow")
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
        return text
