"""The initiative tracker: turn order, initiative, HP and what is left."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from core.combatant import Combatant, Side
from core.encounter import EncounterState
from tui.text import clean, user_text

SIDE_COLOUR = {Side.PARTY: "blue", Side.FOE: "red", Side.NEUTRAL: "yellow"}
# One letter per action kind of every ruleset (lower case once spent).
ACTION_LETTERS = {
    "full": "F", "quick": "Q", "reaction": "R",  # equestria EQ-ACT-1
    "action": "A",  # tactical_d10 TAC-ACT-1
    "standard": "S", "move": "M",  # srd35
    "main": "M", "maneuver": "N",  # power_roll
}


def action_letter(kind: str) -> str:
    return ACTION_LETTERS.get(kind, kind[:1].upper() or "?")


def budget_text(combatant: Combatant, kinds: tuple[str, ...] = ("full", "quick", "reaction")) -> Text:
    """``FQR 4``: each action kind of the ruleset (``kinds``) left, lower
    case and struck once spent, ``-`` when the creature does not get it;
    then the movement left."""
    text = Text()
    for kind in kinds:
        letter = action_letter(kind)
        left = combatant.budget.left(kind)
        if kind not in combatant.budget.actions:
            text.append("-", style="bright_black")
        else:
            text.append(letter if left > 0 else letter.lower(), style="bold" if left > 0 else "bright_black strike")
    text.append(f" {combatant.budget.movement}")
    return text


def shorten(name: str, width: int) -> str:
    """``name`` in ``width`` columns, cut in the middle so that the end,
    which tells "Character 1" from "Character 2", stays."""
    if len(name) <= width:
        return name
    tail = max(1, (width - 1) // 2)
    head = width - 1 - tail
    return name[:head] + "\u2026" + name[-tail:]


def condition_badges(combatant: Combatant) -> Text:
    """``bur2 poi1``: three letters and the level of each condition."""
    text = Text()
    for index, condition in enumerate(combatant.conditions):
        if index:
            text.append(" ")
        text.append(f"{clean(condition.name)[:3]}{condition.level}", style="magenta")
    return text


def hp_text(combatant: Combatant) -> Text:
    ratio = combatant.hp / combatant.hp_max if combatant.hp_max else 0
    if combatant.hp_temp:
        return Text(f"{combatant.hp}+{combatant.hp_temp}", style="cyan")
    style = "red" if ratio <= 0.25 else "yellow" if ratio <= 0.5 else "green"
    if combatant.defeated:
        style = "bright_black"
    return Text(f"{combatant.hp}/{combatant.hp_max}", style=style)


class InitiativeTracker(DataTable):
    """Rows in turn order; the highlighted row is the selected combatant."""

    class CombatantSelected(Message):
        """The GM highlighted the combatant with id ``combatant_id``."""

        def __init__(self, combatant_id: str) -> None:
            super().__init__()
            self.combatant_id = combatant_id

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=False, cell_padding=0)
        self._order: list[str] = []
        self._name_width = 0
        self._last: tuple | None = None
        self._kinds: tuple[str, ...] = ("full", "quick", "reaction")
        self._cells: dict[tuple[str, str], Text] = {}
        self._row_cache: dict[str, tuple] = {}

    def _columns(self) -> bool:
        """Fixed columns; the name takes what the pane's width leaves.
        Returns True when the columns were rebuilt."""
        width = max(8, self.scrollable_content_region.width - (1 + 3 + 7 + 6))
        if width == self._name_width and self.columns:
            return False
        self._name_width = width
        self.clear(columns=True)
        self.add_column(" ", key="turn", width=1)
        self.add_column("Ini", key="init", width=3)
        self.add_column(" Name", key="name", width=width)
        self.add_column("     HP", key="hp", width=7)
        self.add_column(" Left", key="left", width=6)
        return True

    def on_resize(self) -> None:
        if self._last is not None:
            self.show(*self._last)

    def show(self, state: EncounterState, selected: str | None, kinds: tuple[str, ...] = ("full", "quick", "reaction")) -> None:
        """Redraw from ``state``, keeping ``selected`` highlighted; ``kinds``
        are the ruleset's per-turn action kinds shown in the Left column."""
        self._kinds = kinds[:3]
        self._last = (state, selected, kinds)
        with self.prevent(DataTable.RowHighlighted):
            self._fill(state, selected)

    def _row(self, combatant, state: EncounterState) -> tuple[Text, ...]:
        is_current = combatant.id == state.current
        name_style = "bright_black strike" if combatant.defeated else "bold" if is_current else ""
        marker = Text(">", style="bold reverse") if is_current else Text(" ")
        badges = condition_badges(combatant)
        room = self._name_width - 1 - (badges.cell_len + 1 if badges.plain else 0)
        name = Text(" ") + user_text(shorten(clean(combatant.name), max(4, room)), name_style)
        if badges.plain:
            name.append(" ")
            name.append_text(badges)
        name.truncate(self._name_width, overflow="ellipsis")
        hp = hp_text(combatant)
        hp.pad_left(7 - hp.cell_len)
        has_had_a_turn = bool(combatant.budget.actions) or combatant.budget.movement_max > 0
        left = Text(" ") + budget_text(combatant, self._kinds) if state.round and has_had_a_turn else Text("")
        initiative = Text("--" if combatant.initiative is None else str(combatant.initiative), justify="right")
        return (marker, initiative, name, hp, left)

    def _fill(self, state: EncounterState, selected: str | None) -> None:
        """Rebuild the rows when the order changed; otherwise update only
        the cells that changed (fewer bytes to the terminal)."""
        rebuilt = self._columns()
        order = [c.id for c in state.order()]
        rows = {}
        for combatant in state.order():
            # Rows of unchanged combatants (equal values) are reused.
            key = (combatant, combatant.id == state.current, state.round > 0, self._name_width, self._kinds)
            cached = self._row_cache.get(combatant.id)
            if cached is None or cached[:-1] != key:
                cached = (*key, self._row(combatant, state))
                self._row_cache[combatant.id] = cached
            rows[combatant.id] = cached[-1]
        if rebuilt or order != self._order or self.row_count != len(order):
            self.clear()
            for cid in order:
                self.add_row(*rows[cid], key=cid)
            self._order = order
        else:
            keys = ("turn", "init", "name", "hp", "left")
            for cid in order:
                for column, value in zip(keys, rows[cid]):
                    if self._cells.get((cid, column)) != value:
                        self.update_cell(cid, column, value)
        self._cells = {(cid, column): value for cid in order for column, value in zip(("turn", "init", "name", "hp", "left"), rows[cid])}
        round_text = f"Round {state.round}" if state.round else "Not started"
        if self.border_title != round_text:
            self.border_title = round_text
        if selected in self._order and self.cursor_row != self._order.index(selected):
            self.move_cursor(row=self._order.index(selected), animate=False)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.row_key is not None and event.row_key.value is not None:
            self.post_message(self.CombatantSelected(str(event.row_key.value)))
