"""The dice log: every event of the encounter, newest at the bottom."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

from saves.campaign import LogEntry
from tui.describe import describe


class DiceLog(RichLog):
    """A scrolling log; user text is never parsed as markup."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False, highlight=False, wrap=True, max_lines=2000, min_width=20)

    def add(self, entries: Iterable[LogEntry]) -> None:
        for entry in entries:
            line = Text()
            if entry.round:
                line.append(f"R{entry.round} ", style="bright_black")
            line.append_text(describe(entry.event))
            self.write(line)
