"""The dice log: every event of the encounter, newest at the bottom and
highlighted; can be filtered to one combatant.

Drawn through the line API: lines are wrapped once, when an entry arrives
(or the width changes), so adding a roll costs the new lines only, however
long the fight.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.events import DamageTaken, HitPointsChanged
from saves.campaign import LogEntry
from tui.describe import describe

NEWEST = Style(bgcolor="grey23")
INVOLVED = ("combatant", "attacker", "target", "rider", "mount")
_CONSOLE = Console(width=200, color_system=None, legacy_windows=False, force_terminal=False)


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


def _redundant(entry: LogEntry, previous: LogEntry | None) -> bool:
    """The plain HP line that repeats the damage line just before it."""
    return (
        previous is not None
        and isinstance(entry.event, HitPointsChanged)
        and isinstance(previous.event, DamageTaken)
        and previous.event.combatant == entry.event.combatant
    )


class DiceLog(ScrollView, can_focus=True):
    """``load(entries)`` shows a whole log; ``add(entries)`` appends (the
    newest batch is highlighted); ``set_filter(id)`` shows only lines about
    that combatant (``None``: all). User text is never parsed as markup."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[LogEntry] = []
        self.filter_id: str | None = None
        self._newest: set[int] = set()
        self._lines: list[tuple[int, Strip]] = []  # (seq, wrapped line)
        self._width = 0

    # -- data ---------------------------------------------------------------
    def _shown(self, entry: LogEntry, previous: LogEntry | None) -> bool:
        if _redundant(entry, previous):
            return False
        return self.filter_id is None or involves(entry, self.filter_id)

    def visible(self) -> list[LogEntry]:
        """The entries on show, in order."""
        out, previous = [], None
        for entry in self.entries:
            if self._shown(entry, previous):
                out.append(entry)
            previous = entry
        return out

    def load(self, entries: Iterable[LogEntry]) -> None:
        self.entries = list(entries)
        self._newest = set()
        self._rewrap()

    def add(self, entries: Iterable[LogEntry]) -> None:
        batch = list(entries)
        if not batch:
            return
        previous = self.entries[-1] if self.entries else None
        self.entries.extend(batch)
        self._newest = {e.seq for e in batch}
        width = self._wrap_width()
        for entry in batch:
            if self._shown(entry, previous):
                self._lines.extend((entry.seq, strip) for strip in self._wrap(entry, width))
            previous = entry
        self._settle()

    def set_filter(self, combatant_id: str | None) -> None:
        self.filter_id = combatant_id
        self._rewrap()

    # -- layout -------------------------------------------------------------
    def _wrap_width(self) -> int:
        return max(10, self.scrollable_content_region.width or 40)

    def _wrap(self, entry: LogEntry, width: int) -> list[Strip]:
        lines = line_text(entry).wrap(_CONSOLE, width)
        return [Strip(list(line.render(_CONSOLE))) for line in lines]

    def _rewrap(self) -> None:
        width = self._wrap_width()
        self._width = width
        self._lines = [(entry.seq, strip) for entry in self.visible() for strip in self._wrap(entry, width)]
        self._settle()

    def _settle(self) -> None:
        self.virtual_size = Size(self._wrap_width(), len(self._lines))
        self.scroll_end(animate=False, immediate=True)
        self.refresh()

    def on_resize(self) -> None:
        if self._wrap_width() != self._width:
            self._rewrap()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = self.scroll_offset.y + y
        if index >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        seq, strip = self._lines[index]
        base = self.rich_style + NEWEST if seq in self._newest else self.rich_style
        return strip.crop(0, width).extend_cell_length(width).apply_style(base)
