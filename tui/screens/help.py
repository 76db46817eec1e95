"""The help screen: every key, from the same list as the bindings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

if TYPE_CHECKING:
    from core.rulesets.base import Ruleset

from tui.keys import ACTIONS, help_in

MAP_KEYS = (
    ("arrows / h j k l", "move the map cursor (in move mode)"),
    ("y u b n", "move the cursor diagonally"),
    ("Enter / click", "move there"),
    ("Esc on the map", "cancel the move, end the area or look"),
    ("up / down", "select a combatant in the tracker"),
    ("PgUp / PgDn", "tracker: a page up or down; log: look back or on"),
    ("Home / End", "tracker: first or last row; log: oldest line, or follow the newest again"),
    ("Tab", "focus the next pane: tracker, log (up/down look back); the map in its modes"),
    ("Ctrl+P", "command palette: every action by name"),
)


def key_label(keys: str) -> str:
    names = {"question_mark": "?", "ctrl+c": "Ctrl+C", "ctrl+r": "Ctrl+R", "f1": "F1", "plus": "+", "full_stop": ".", "equals_sign": "=", "space": "Space", "escape": "Esc"}
    return " / ".join(names.get(k, k) for k in keys.split(","))


class HelpScreen(ModalScreen[None]):
    """``HelpScreen(keymap, offers, keymap_problems, ruleset)``: every key, then
    ``offers`` — (label, refusal or ``None``) pairs of what the ruleset
    offers now under ``.`` and the palette — then what keys.json got wrong.
    Any of Esc, q, ? closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "dismiss", "Close", id="help-close")]

    def __init__(self, keymap: dict[str, str] | None = None, offers: list[tuple[str, str | None]] | None = None,
                 keymap_problems: list[str] | None = None, ruleset: Ruleset | None = None) -> None:
        super().__init__()
        self._ruleset = ruleset
        self._keymap = keymap or {}
        self._offers = offers or []
        self._problems = keymap_problems or []

    @property
    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do), the actions with the key map applied (their help as
        the campaign's ruleset cites it, :func:`tui.keys.help_in`), then the map keys."""
        rows = [(key_label(self._keymap.get(a.id, a.key)), help_in(a, self._ruleset)) for a in ACTIONS]
        return rows + [("", "")] + list(MAP_KEYS)

    def compose(self) -> ComposeResult:
        table = Table(box=None, show_header=False, padding=(0, 2, 0, 0))
        table.add_column(style="bold")
        table.add_column()
        for keys, text in self.rows:
            table.add_row(keys, Text(text))
        if self._offers:
            table.add_row("", "")
            table.add_row(".", Text("more actions of this ruleset, now (also in Ctrl+P):", style="bold"))
            for label, refusal in self._offers:
                table.add_row("", Text(label, style="bright_black" if refusal else ""))
        table.add_row("", "")
        table.add_row("", Text("Keys can be changed in keys.json (see the README). Esc closes this.", style="italic"))
        with VerticalScroll(id="help-box"):
            yield Static(Text("encounter \u2014 keys", style="bold") + Text("   Esc, q or ? closes this", style="italic"), id="help-title")
            if self._problems:  # first, and every one: the status line at start had room for one
                yield Static(Text("\n".join(self._problems), style="yellow"), id="keymap-problems")
            yield Static(table)

    def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)
