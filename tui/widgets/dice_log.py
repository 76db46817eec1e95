"""The dice log: every event of the encounter, newest at the bottom and
highlighted; can be filtered to one combatant."""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual.widgets import RichLog

from core.events import DamageTaken, HitPointsChanged
from saves.campaign import LogEntry
from tui.describe import describe

SHOWN = 500  # lines kept on screen; the whole log stays in the campaign file
NEWEST = Style(bgcolor="grey23")
INVOLVED = ("combatant", "attacker", "target", "rider", "mount")


def involves(entry: LogEntry, combatant_id: str) -> bool:
    """Whether ``entry`` is about ``combatant_id`` (who acted, was hit, moved...)."""
    event = entry.event
    return any(getattr(event, name, None) == combatant_id for name in INVOLVED)


def line_text(entry: LogEntry) -> Text:
    line = Text()
    if entry.round:
        line.append(f"R{entry.round} ", style="bright_black")
    line.append_text(describe(entry.event))
    return line


class DiceLog(RichLog):
    """A scrolling log; user text is never parsed as markup.

    ``add(entries)`` appends (the newest batch is highlighted);
    ``set_filter(id)`` shows only lines about that combatant (``None``: all).
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False, highlight=False, wrap=True, max_lines=SHOWN * 2, min_width=20)
        self.entries: list[LogEntry] = []
        self.filter_id: str | None = None
        self._newest: set[int] = set()

    def visible(self) -> list[LogEntry]:
        """The lines to show: filtered, without the plain HP line that
        repeats the damage line just before it."""
        shown = []
        previous = None
        for entry in self.entries:
            if not (isinstance(entry.event, HitPointsChanged) and isinstance(previous, DamageTaken) and previous.combatant == entry.event.combatant):
                if self.filter_id is None or involves(entry, self.filter_id):
                    shown.append(entry)
            previous = entry.event
        return shown

    def on_resize(self) -> None:
        if self.entries:
            self._redraw()  # re-wrap to the new width

    def add(self, entries: Iterable[LogEntry]) -> None:
        batch = list(entries)
        if not batch:
            return
        self.entries.extend(batch)
        self._newest = {e.seq for e in batch}
        self._redraw()

    def load(self, entries: Iterable[LogEntry]) -> None:
        """Show a whole log (at start), nothing highlighted."""
        self.entries = list(entries)
        self._newest = set()
        self._redraw()

    def set_filter(self, combatant_id: str | None) -> None:
        self.filter_id = combatant_id
        self._redraw()

    def _redraw(self) -> None:
        self.clear()
        for entry in self.visible()[-SHOWN:]:
            line = line_text(entry)
            if entry.seq in self._newest:
                line.stylize(NEWEST)
            self.write(line)
