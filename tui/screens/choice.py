"""Pick one of a list with the arrow keys and Enter; typing filters it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from saves.sanitize import clean_text


def matches(label: str, typed: str) -> bool:
    """Every word typed appears in ``label`` (any case, any order):
    ``end com`` finds "End combat: all sides agree"."""
    low = label.lower()
    return all(word in low for word in typed.lower().split())


class ChoiceScreen(ModalScreen[str | None]):
    """``ChoiceScreen(title, [(id, label), ...])`` dismisses the chosen id or ``None``.

    Letters, digits and spaces typed narrow the list to the options whose
    label has every typed word (Backspace takes one back); up/down and
    Enter choose among what is left."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice-cancel")]

    def __init__(self, title: Text | str, options: list[tuple[str, str]], initial: str | None = None) -> None:
        super().__init__()
        self.question = title if isinstance(title, Text) else Text(title)
        """The question above the list, as shown."""
        self.options = options
        """``(id, label)`` of every option, in order, before any filter."""
        self._initial = initial
        self.typed = ""
        """The filter typed so far."""

    @property
    def option_ids(self) -> list[str]:
        """The ids of the options, in order (a test hook)."""
        return [key for key, _label in self.options]

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            with Horizontal(id="prompt-bar"):
                yield Static(self.question, id="prompt-title")
                yield Static("type: filter  Enter: choose  Esc: cancel", classes="keys-hint")
            yield OptionList(*(Option(Text(label), id=key) for key, label in self.options), id="choice-list", compact=True)
            yield Static("", id="choice-filter")

    def on_mount(self) -> None:
        keys = [key for key, _label in self.options]
        if self._initial in keys:
            self.query_one(OptionList).highlighted = keys.index(self._initial)
        self._show_filter()

    @property
    def shown(self) -> list[str]:
        """The ids of the options left after the filter, in order."""
        return [key for key, label in self.options if matches(label, self.typed)]

    def on_key(self, event: events.Key) -> None:
        # Keys the option list did not use bubble up to here.
        if event.key == "backspace":
            if self.typed:
                self._set_filter(self.typed[:-1])
            event.stop()
        elif event.character is not None and len(event.character) == 1 and event.character.isprintable():
            if event.character != " " or self.typed:
                self._set_filter(self.typed + event.character)
            event.stop()

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self._set_filter(self.typed + " ".join(clean_text(event.text).split()))

    def _set_filter(self, typed: str) -> None:
        self.typed = typed
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        option_list.add_options([Option(Text(label), id=key) for key, label in self.options if matches(label, typed)])
        if option_list.option_count:
            option_list.highlighted = 0
        self._show_filter()

    def _show_filter(self) -> None:
        text = Text()
        if self.typed:
            text.append("Filter: ", style="bright_black")
            text.append(self.typed, style="bold")
            if not self.query_one(OptionList).option_count:
                text.append("  nothing matches (Backspace)", style="italic yellow")
        self.query_one("#choice-filter", Static).update(text)
        self.query_one("#choice-filter").display = bool(self.typed)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
