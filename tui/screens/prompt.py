"""A one-line question: Enter answers, Escape cancels (dismisses ``None``).

What the GM types is checked as it is typed: the ``hint`` shows what Enter
would do (the odds of a check, the HP a damage leaves) or, when Enter
would be refused, why. Enter on a refused entry keeps the dialog open with
the text and says why, here and in the status line.
"""

from __future__ import annotations

import re

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from core.errors import EncounterError
from saves.sanitize import clean_text
from tui.rendering.text import cited, clean

REFUSALS = (ValueError, EncounterError)
"""What a ``hint`` raises when Enter would be refused: the core's notations
and rules raise an :class:`EncounterError` (a ``NotationError``, a
``RulesError``), a dialog's own small reader a ``ValueError``."""


CARET_ESCAPE = re.compile(r"\^\[\[?[0-?]*[ -/]*[@-~]")
"""An escape sequence as Textual's key parser hands over one pasted inside
a bracketed paste (``\x1b[31m`` arrives as the keys ``^[31m``): no name
holds one, so it is taken out like the control characters."""


def size_classes(app: Any) -> list[str]:
    """The App's size classes for its size now (``-wide``, ``-tall``: its
    breakpoints), which a dialog takes before its first frame: Textual
    gives a new screen its classes on its first resize, after that frame,
    so the dialog was drawn once at the narrow size and again."""
    chosen = []
    for breakpoints, size in ((app.HORIZONTAL_BREAKPOINTS, app.size.width), (app.VERTICAL_BREAKPOINTS, app.size.height)):
        names = [name for at, name in sorted(breakpoints or []) if size >= at]
        if names:
            chosen.append(names[-1])
    return chosen


def remember_rows(dialog: ModalScreen) -> None:
    """Note the rows ``dialog``'s box takes as it closes, for a dialog that
    opens before the next frame (:func:`rows_kept`)."""
    for box in dialog.query("#prompt-box"):
        dialog.app.closed_dialog = (box.outer_size.height, getattr(dialog.app, "frames_written", None))


def rows_kept(app: Any) -> int:
    """The rows of the dialog that closed since the last frame (0: none): a
    dialog that follows it in the same frame (a condition's duration, then
    its level) opens at least that tall, so the rows under the first are
    neither drawn again nor covered again a frame later (bytes over SSH)."""
    closed = getattr(app, "closed_dialog", None)
    return closed[0] if closed is not None and closed[1] == getattr(app, "frames_written", None) else 0


def keep_rows(dialog: ModalScreen) -> None:
    """In ``dialog``'s mount: its box at least as tall as :func:`rows_kept`."""
    rows = rows_kept(dialog.app)
    if rows:
        dialog.query_one("#prompt-box").styles.min_height = rows


def titled(question: Text, keys: str) -> Text:
    """The dialog's top line on a wide screen (``#prompt-title-wide``): the
    question, then its keys (not bold), a line fewer than keys on a line of
    their own in a box as narrow as the left column; narrower screens show
    the question (``#prompt-title``) and the keys at the line's end
    (``tui/app.tcss`` shows one or the other)."""
    return question + Text("  " + keys, style="not bold")


def question_bar(question: Text, keys: str) -> ComposeResult:
    """The dialog's bar: its question and its keys (:func:`titled`)."""
    with Horizontal(id="prompt-bar"):
        yield Static(question, id="prompt-title")
        yield Static(keys, classes="keys-hint")
        yield Static(titled(question, keys), id="prompt-title-wide")


class SafeInput(Input):
    """An Input that drops escape sequences and control characters from
    whatever is typed or pasted, so none reaches the terminal; ``removed``
    says what was taken out last (``""``: nothing), for the dialog to tell the GM."""

    removed = ""

    def replace(self, text: str, start: int, end: int):
        cleaned = clean_text(text)
        if cleaned != text:
            self.removed = "control characters"
        result = super().replace(cleaned, start, end)
        caret = CARET_ESCAPE.search(self.value)
        if caret is not None:
            self.removed = f"the escape sequence {caret.group()}"
            self.value = self.value[:caret.start()] + self.value[caret.end():]
            self.cursor_position = caret.start()
        return result


class PromptScreen(ModalScreen[str | None]):
    """Ask for one line of text.

    ``hint(value) -> Text`` (optional) is shown under the input and updated
    as the GM types: what Enter would do. It raises ``ValueError`` or an
    ``EncounterError`` when Enter would be refused; the message is shown
    instead (or the error's ``shown`` Text, when it has one), and Enter
    then keeps the dialog open. ``refusal`` is a reason
    shown at once, for ``value`` as given (see :meth:`again`). ``ruleset``
    (a :class:`core.rulesets.base.Ruleset`, optional): the question, the hint
    and its refusals say another seed's rule IDs as it cites them
    (:func:`tui.rendering.text.cited`: "DEFAULT, as in" the seed's ruleset and the ID).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt-cancel")]

    class Refused(Message):
        """Enter was pressed on an entry the hint refuses; ``reason`` says why."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    class Revised(Message):
        """The entry a refusal was about has been edited: that refusal is stale."""

    def __init__(
        self,
        title: Text | str,
        placeholder: str = "",
        value: str = "",
        hint: Callable[[str], Text] | None = None,
        refusal: str | None = None,
        ruleset: Any = None,
    ) -> None:
        super().__init__()
        self._ruleset = ruleset
        self.question = cited(title if isinstance(title, Text) else Text(title), ruleset)
        """The question above the field, as shown."""
        self._placeholder = placeholder
        self._value = clean_text(value)
        self._hint = hint
        self._refusal = (self._value, refusal) if refusal else None
        self.problem: str | None = None
        """Why Enter would be refused now, or ``None`` when it would be taken."""
        self.removed = ""
        """What was taken out of the typed or pasted text (``control characters``,
        ``the escape sequence ^[31m``), said under the field; ``""``: nothing."""

    def again(self, value: str, refusal: str) -> PromptScreen:
        """The same question, ``value`` typed in and ``refusal`` shown: how
        the App reopens a dialog whose answer the rules refused."""
        return PromptScreen(self.question, self._placeholder, value, self._hint, refusal, self._ruleset)

    def compose(self) -> ComposeResult:
        self.add_class(*size_classes(self.app))
        with Vertical(id="prompt-box"):
            yield from question_bar(self.question, "Enter: OK  Esc: cancel")
            hint = f"e.g. {self._placeholder}" if self._placeholder else ""  # never mistaken for a typed value
            field = SafeInput(value=self._value, placeholder=hint, id="prompt-input", compact=True)
            field.cursor_blink = False  # a blinking cursor sends bytes twice a second over SSH
            yield field
            yield Static("", id="prompt-hint")

    def on_mount(self) -> None:
        keep_rows(self)
        self._update_hint(self._value)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._update_hint(event.value)

    @property
    def shown_hint(self) -> str:
        """The text under the field, as shown (for tests and screen readers)."""
        return str(self.query_one("#prompt-hint", Static).render())

    def _update_hint(self, value: str) -> None:
        text = Text()
        self.problem = None
        field = self.query_one("#prompt-input", SafeInput)
        if field.removed:
            self.removed, field.removed = field.removed, ""
        removed = self.removed
        if self._hint is not None:
            try:
                text = cited(self._hint(value), self._ruleset)
            except REFUSALS as problem:
                self.problem = clean(str(problem) if self._ruleset is None else self._ruleset.cite_text(str(problem)))
                shown = getattr(problem, "shown", None)  # a refusal that brings its whole preview (odds and why not)
                text = shown if isinstance(shown, Text) else Text(self.problem, style="italic yellow")
        if self._refusal is not None and self._refusal[0] != value:
            self._refusal = None  # edited: the refusal was about the old text
            self.post_message(self.Revised())
        if self._refusal is not None and self._refusal[0] == value:
            reason = Text(self._refusal[1], style="bold red")
            why = self._refusal[1].removeprefix("Refused: ")
            rest = [line for line in text.split("\n") if line.plain.strip() and line.plain != why]  # said once
            text = Text("\n").join([reason, *rest])
        if removed:  # said while the dialog is open: nothing of it reached the field or the screen
            text = Text("\n").join([Text(f"Removed {removed}: not text, never shown.", style="bold yellow"), *([text] if text.plain else [])])
        self.query_one("#prompt-hint", Static).update(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.problem is not None:
            reason = f"Refused: {self.problem}"
            self._refusal = (event.value, reason)
            self._update_hint(event.value)
            self.post_message(self.Refused(reason))
            return
        remember_rows(self)
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        remember_rows(self)
        self.dismiss(None)
