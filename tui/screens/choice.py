"""Pick one of a list with the arrow keys and Enter; typing filters it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from saves.sanitize import clean_text
from tui.screens.prompt import keep_rows, question_bar, remember_rows, size_classes, titled

HOLD_SECONDS = 0.5
"""How long a question the GM did not ask for (``hold_keys``) ignores keys
after it has been drawn: the rest of a burst typed for the main screen
(over SSH, one read or the next) must not answer it. As browsers hold the
buttons of a dialog that opens by itself (Firefox: 1 s)."""


KEYS = "type: filter  Enter: choose  Esc: cancel"
"""What the keys do in a list, on its bar."""


def matches(label: str, typed: str) -> bool:
    """Every word typed appears in ``label`` (any case, any order):
    ``end com`` finds "End combat: all sides agree"."""
    low = label.lower()
    return all(word in low for word in typed.lower().split())


class ChoiceScreen(ModalScreen[str | None]):
    """``ChoiceScreen(title, [(id, label), ...])`` dismisses the chosen id or ``None``.

    Letters, digits and spaces typed narrow the list to the options whose
    label has every typed word (Backspace takes one back); up/down and
    Enter choose among what is left. ``hold_keys``: a question that opens
    by itself (after the GM's key, not on it) ignores every key but
    Ctrl+C until it has been drawn and :data:`HOLD_SECONDS` passed; the
    title counts them. ``passes``: keys that are no filter text here but run
    an action, key -> action (the take-over question at start: ``q`` ->
    ``app.quit`` quits the reader, as on the main screen, instead of filtering to nothing)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="choice-cancel")]

    def __init__(self, title: Text | str, options: list[tuple[str, str]], initial: str | None = None,
                 hold_keys: bool = False, ignored: int = 0, passes: dict[str, str] | None = None) -> None:
        super().__init__()
        self.passes = dict(passes or {})
        """Keys that run an action (key -> action), never typed into the filter."""
        self.holding = hold_keys
        """Keys are ignored now (see ``hold_keys``)."""
        self.ignored = ignored
        """Keys ignored so far (``ignored``: those dropped before it opened)."""
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
        self.add_class(*size_classes(self.app))
        with Vertical(id="prompt-box"):
            yield from question_bar(self.question, KEYS)
            option_list = OptionList(*(Option(Text(label), id=key) for key, label in self.options), id="choice-list", compact=True)
            option_list.can_focus = not self.holding  # keys come to the screen, which ignores them, until accept_keys
            yield option_list
            yield Static("", id="choice-filter")

    def on_mount(self) -> None:
        keep_rows(self)
        keys = [key for key, _label in self.options]
        if self._initial in keys:
            self.query_one(OptionList).highlighted = keys.index(self._initial)
        self._show_filter()
        self._show_title()
        if self.holding:
            self.call_after_refresh(lambda: self.set_timer(HOLD_SECONDS, self.accept_keys))  # from its first frame

    def accept_keys(self) -> None:
        """End the hold: keys choose and filter from now on."""
        if not self.holding:
            return
        self.holding = False
        option_list = self.query_one(OptionList)
        option_list.can_focus = True
        option_list.focus()

    def _show_title(self) -> None:
        title = self.question
        if self.ignored:
            title = title + Text(f"  ({self.ignored} key{'s' if self.ignored != 1 else ''} typed ahead ignored)", style="italic")
        self.query_one("#prompt-title", Static).update(title)
        # Wide, the list has no scrollbar (app.tcss): the count of what it holds says there is more to scroll or filter to.
        self.query_one("#prompt-title-wide", Static).update(titled(title + Text(f" ({len(self.shown)})", style="bright_black"), KEYS))

    @property
    def shown(self) -> list[str]:
        """The ids of the options left after the filter, in order."""
        return [key for key, label in self.options if matches(label, self.typed)]

    def on_key(self, event: events.Key) -> None:
        # Keys the option list did not use bubble up to here (all of them while holding).
        if self.holding and event.key != "ctrl+c":
            event.stop()
            event.prevent_default()
            self.ignored += 1
            self._show_title()
            return
        if event.key in self.passes:
            event.stop()
            self.run_worker(self.run_action(self.passes[event.key]))  # App.check_action lets them act over this screen
            return
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
        if self.holding:
            return
        self._set_filter(self.typed + " ".join(clean_text(event.text).split()))

    def _set_filter(self, typed: str) -> None:
        self.typed = typed
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        option_list.add_options([Option(Text(label), id=key) for key, label in self.options if matches(label, typed)])
        if option_list.option_count:
            option_list.highlighted = 0
        self._show_filter()
        self._show_title()

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
        remember_rows(self)
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        remember_rows(self)
        self.dismiss(None)
