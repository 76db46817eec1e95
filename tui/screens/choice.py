"""Pick one of a few options with the arrow keys and Enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class ChoiceScreen(ModalScreen[str | None]):
    """``ChoiceScreen(title, [(id, label), ...])`` dismisses the chosen id or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice-cancel")]

    def __init__(self, title: Text | str, options: list[tuple[str, str]], initial: str | None = None) -> None:
        super().__init__()
        self._title = title if isinstance(title, Text) else Text(title)
        self._options = options
        self._initial = initial

    @property
    def option_ids(self) -> list[str]:
        """The ids of the options, in order (a test hook)."""
        return [key for key, _label in self._options]

    def on_mount(self) -> None:
        keys = [key for key, _label in self._options]
        if self._initial in keys:
            self.query_one(OptionList).highlighted = keys.index(self._initial)

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            yield Static(self._title, id="prompt-title")
            yield OptionList(*(Option(Text(label), id=key) for key, label in self._options), id="choice-list")
            yield Static(Text("Up/down and Enter: choose   Esc: cancel", style="italic bright_black"), classes="keys-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
