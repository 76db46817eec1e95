"""The dice log: every event of the encounter, newest at the bottom and
highlighted; can be filtered to one combatant.

Lines are wrapped once, when an entry arrives (or the width changes), and
drawn as a line pane (``tui/widgets/lines.py``): a new roll repaints its
own lines and the highlight it takes from the previous ones. When the pane
is full the view jumps half a page, so that most new lines cost one line
on the wire rather than a repaint of the whole pane (over SSH that is most
of a key's bytes). Up/down/page keys and the wheel look back; End follows.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual.events import MouseScrollDown, MouseScrollUp
from textual.strip import Strip

from core.events import DamageTaken, HitPointsChanged
from saves.campaign import LogEntry
from tui.describe import describe
from tui.widgets.lines import LinePane, paging_bindings, text_lines

NEWEST = Style(bgcolor="grey23")
NEWEST_16 = Style(bgcolor="blue")  # 16 colours: grey23 becomes bright black, the colour of the round and of dropped dice
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


def _redundant(entry: LogEntry, previous: LogEntry | None) -> bool:
    """The plain HP line that repeats the damage line just before it."""
    return (
        previous is not None
        and isinstance(entry.event, HitPointsChanged)
        and isinstance(previous.event, DamageTaken)
        and previous.event.combatant == entry.event.combatant
    )


class DiceLog(LinePane, can_focus=True):
    """``load(entries)`` shows a whole log; ``add(entries)`` appends (the
    newest batch is highlighted); ``set_filter(id)`` shows only lines about
    that combatant (``None``: all). User text is never parsed as markup."""

    BINDINGS = paging_bindings("look", 0.5)  # a page: half the pane

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[LogEntry] = []
        self.filter_id: str | None = None
        self._newest: set[int] = set()
        self._wrapped: list[tuple[int, Strip]] = []  # (seq, wrapped line), every visible entry
        self._width = 0
        self._top = 0  # index in _wrapped of the first line in view
        self._follow = True  # the newest line stays in view (until the GM looks back)

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
        for entry in batch:
            if self._shown(entry, previous):
                self._wrapped.extend((entry.seq, strip) for strip in self._wrap(entry, self._width))
            previous = entry
        height = self._height()
        if self._follow and len(self._wrapped) > self._top + height:
            self._top = max(0, len(self._wrapped) - (height + 1) // 2)  # half a page of room below
        self._draw()

    def set_filter(self, combatant_id: str | None) -> None:
        self.filter_id = combatant_id
        self._rewrap()

    # -- layout -------------------------------------------------------------
    def _height(self) -> int:
        return max(1, self.content_size.height)

    def _wrap(self, entry: LogEntry, width: int) -> list[Strip]:
        return text_lines(line_text(entry), max(10, width or 40))

    def _rewrap(self) -> None:
        self._width = self.content_size.width
        self._wrapped = [(entry.seq, strip) for entry in self.visible() for strip in self._wrap(entry, self._width)]
        self._top = max(0, len(self._wrapped) - self._height())  # the newest lines fill the pane
        self._follow = True
        self._draw()

    def on_resize(self) -> None:
        if self.content_size.width != self._width:
            self._rewrap()
            return
        last = max(0, len(self._wrapped) - self._height())
        # Following (also while hidden behind the sheet): the newest lines fill the pane.
        self._top = last if self._follow else min(self._top, last)
        self._draw()

    def _draw(self) -> None:
        shown = self._wrapped[self._top : self._top + self._height()]
        newest = NEWEST if self.app.console.color_system in ("256", "truecolor") else NEWEST_16
        self.set_lines([strip.apply_style(newest) if seq in self._newest else strip for seq, strip in shown])
        below = len(self._wrapped) - self._top - self._height()
        subtitle = f"\u2193{below} more (End)" if below > 0 else ""
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    # -- looking back --------------------------------------------------------
    def action_look(self, step: float) -> None:
        """Scroll by ``step`` lines (a fraction: of the pane's height)."""
        lines = int(step * self._height()) if -1 < step < 1 else int(step)
        top = self._top + lines
        if lines > 0:  # not past the newest line (after a jump it may already show below the pane's middle)
            top = min(top, max(self._top, len(self._wrapped) - self._height()))
        self._top = max(0, top)
        self._follow = self._top + self._height() >= len(self._wrapped)
        self._draw()

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        event.stop()
        self.action_look(3)

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        event.stop()
        self.action_look(-3)
