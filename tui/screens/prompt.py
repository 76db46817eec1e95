"""A one-line question: Enter answers, Escape cancels (dismisses ``None``)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from saves.sanitize import clean_text


class SafeInput(Input):
    """An Input that drops escape sequences and control characters from
    whatever is typed or pasted, so none reaches the terminal."""

    def replace(self, text: str, start: int, end: int):
        return super().replace(clean_text(text), start, end)


class PromptScreen(ModalScreen[str | None]):
    """Ask for one line of text.

    ``hint(value) -> Text`` (optional) is shown under the input and updated
    as the GM types, e.g. the odds of a check.
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt-cancel")]

    def __init__(
        self,
        title: Text | str,
        placeholder: str = "",
        value: str = "",
        hint: Callable[[str], Text] | None = None,
    ) -> None:
        super().__init__()
        self._title = title if isinstance(title, Text) else Text(title)
        self._placeholder = placeholder
        self._value = value
        self._hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            yield Static(self._title, id="prompt-title")
            hint = f"e.g. {self._placeholder}" if self._placeholder else ""  # never mistaken for a typed value
            field = SafeInput(value=clean_text(self._value), placeholder=hint, id="prompt-input")
            field.cursor_blink = False  # a blinking cursor sends bytes twice a second over SSH
            yield field
            yield Static("", id="prompt-hint")
            yield Static(Text("Enter: OK   Esc: cancel", style="italic bright_black"), classes="keys-hint")

    def on_mount(self) -> None:
        self._update_hint(self._value)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._update_hint(event.value)

    def _update_hint(self, value: str) -> None:
        if self._hint is not None:
            self.query_one("#prompt-hint", Static).update(self._hint(value))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)
