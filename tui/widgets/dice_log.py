"""The dice log: every event of the encounter, newest at the bottom and
highlighted; can be filtered to one combatant.

Only what is on show is formatted, plus a little around it: the pane keeps
the wrapped lines of the newest entries (a suffix of the whole log) and
wraps older ones when the GM looks back (or a filter needs more lines to
fill the pane). So opening a campaign with a long history, a resize or a
filter costs a screenful of formatting, not the history's length. Lines
are drawn as a line pane (``tui/widgets/lines.py``): a new roll repaints its
own lines and the highlight it takes from the previous ones. When the pane
is full the view jumps half a page, so that most new lines cost one line
on the wire rather than a repaint of the whole pane (over SSH that is most
of a key's bytes). Up/down/page keys and the wheel look back; End follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.style import Style
from rich.text import Text
from textual.events import MouseScrollDown, MouseScrollUp
from textual.strip import Strip

from core.events import DamageTaken, HitPointsChanged
from saves.campaign import LogEntry
from saves.history import LogView
from tui.describe import describe
from tui.widgets.lines import FAR, LinePane, paging_bindings, text_lines

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


SCAN_LIMIT = 5000  # entries examined per look back for a filtered pane (the rest on the next look)


class DiceLog(LinePane, can_focus=True):
    """``load(entries)`` shows a whole log (any sequence: only what is shown
    is read); ``add(entries)`` appends (the newest batch is highlighted);
    ``set_filter(id)`` shows only lines about that combatant (``None``:
    all). User text is never parsed as markup."""

    BINDINGS = paging_bindings("look", 0.5)  # a page: half the pane

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: Sequence[LogEntry] = []
        self.filter_id: str | None = None
        self._newest: set[int] = set()  # indexes in entries of the newest batch
        # (index in entries, wrapped line) of the newest visible entries, oldest first;
        # entries[:_back + 1] are not wrapped yet.
        self._wrapped: list[tuple[int, Strip]] = []
        self._back = -1
        self._width = 0
        self._top = 0  # index in _wrapped of the first line in view
        self._follow = True  # the newest line stays in view (until the GM looks back)

    # -- data ---------------------------------------------------------------
    def _shown_at(self, index: int) -> bool:
        entry = self.entries[index]
        if index > 0 and isinstance(entry.event, HitPointsChanged) and _redundant(entry, self.entries[index - 1]):
            return False
        return self.filter_id is None or involves(entry, self.filter_id)

    def visible(self) -> list[LogEntry]:
        """Every entry on show, in order (reads the whole log: for tests and tools)."""
        return [self.entries[i] for i in range(len(self.entries)) if self._shown_at(i)]

    def newest(self, count: int) -> list[LogEntry]:
        """The last ``count`` entries on show, oldest first (reads back only as far as needed)."""
        out: list[LogEntry] = []
        index = len(self.entries) - 1
        while index >= 0 and len(out) < count and len(self.entries) - index <= count + SCAN_LIMIT:
            if self._shown_at(index):
                out.append(self.entries[index])
            index -= 1
        return out[::-1]

    def load(self, entries: Iterable[LogEntry]) -> None:
        self.entries = LogView(entries if isinstance(entries, Sequence) else list(entries))
        self._newest = set()
        self._rewrap()

    def add(self, entries: Iterable[LogEntry]) -> None:
        batch = list(entries)
        if not batch:
            return
        if not isinstance(self.entries, LogView):
            self.entries = LogView(self.entries)
        first = len(self.entries)
        for entry in batch:
            self.entries.append(entry)
        self._newest = set(range(first, len(self.entries)))
        for index in range(first, len(self.entries)):
            if self._shown_at(index):
                self._wrapped.extend((index, strip) for strip in self._wrap(self.entries[index], self._width))
        height = self._height()
        if self._follow and len(self._wrapped) > self._top + height:
            self._top = max(0, len(self._wrapped) - (height + 1) // 2)  # half a page of room below
        if self._follow:
            self._forget_above(height)
        self._draw()

    def set_filter(self, combatant_id: str | None) -> None:
        self.filter_id = combatant_id
        self._rewrap()

    # -- layout -------------------------------------------------------------
    def _height(self) -> int:
        return max(1, self.content_size.height)

    def _wrap(self, entry: LogEntry, width: int) -> list[Strip]:
        return text_lines(line_text(entry), max(10, width or 40))

    def _wrap_back(self, lines: int) -> int:
        """Wrap older entries until ``lines`` more lines are above the view
        (or the log's start; a filter examines at most SCAN_LIMIT entries);
        returns the number of lines added."""
        older: list[list[tuple[int, Strip]]] = []
        added = examined = 0
        while self._back >= 0 and added < lines and examined < SCAN_LIMIT:
            index = self._back
            self._back -= 1
            examined += 1
            if self._shown_at(index):
                block = [(index, strip) for strip in self._wrap(self.entries[index], self._width)]
                older.append(block)
                added += len(block)
        if older:
            self._wrapped[:0] = [line for block in reversed(older) for line in block]
            self._top += added
        return added

    def _forget_above(self, height: int) -> None:
        """Following: drop wrapped lines far above the view (they wrap again if looked at)."""
        cut = self._top - 2 * height
        if cut <= 2 * height:
            return
        while cut < len(self._wrapped) and self._wrapped[cut][0] == self._wrapped[cut - 1][0]:
            cut += 1  # keep whole entries
        self._back = self._wrapped[cut][0] - 1 if cut < len(self._wrapped) else len(self.entries) - 1
        del self._wrapped[:cut]
        self._top -= cut

    def _rewrap(self) -> None:
        self._width = self.content_size.width
        self._wrapped = []
        self._back = len(self.entries) - 1
        self._top = 0
        height = self._height()
        self._wrap_back(2 * height)  # a screenful and a little above it
        self._top = max(0, len(self._wrapped) - height)  # the newest lines fill the pane
        self._follow = True
        self._draw()

    def on_resize(self) -> None:
        if self.content_size.width != self._width:
            self._rewrap()
            return
        height = self._height()
        if len(self._wrapped) < 2 * height:
            self._wrap_back(2 * height - len(self._wrapped))
        last = max(0, len(self._wrapped) - height)
        # Following (also while hidden behind the sheet): the newest lines fill the pane.
        self._top = last if self._follow else min(self._top, last)
        self._draw()

    def _draw(self) -> None:
        shown = self._wrapped[self._top : self._top + self._height()]
        newest = NEWEST if self.app.console.color_system in ("256", "truecolor") else NEWEST_16
        self.set_lines([strip.apply_style(newest) if index in self._newest else strip for index, strip in shown])
        below = len(self._wrapped) - self._top - self._height()
        subtitle = f"\u2193{below} more (End)" if below > 0 else ""
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    # -- looking back --------------------------------------------------------
    def action_look(self, step: float) -> None:
        """Scroll by ``step`` lines (a fraction: of the pane's height)."""
        height = self._height()
        lines = int(step * height) if -1 < step < 1 else int(step)
        if lines < 0 and self._top + lines < height:
            # Looking back: wrap what comes into view, and a page more (Home: all of it).
            if step <= -FAR:
                while self._back >= 0:
                    self._wrap_back(FAR)
            else:
                self._wrap_back(height - (self._top + lines))
        top = self._top + lines
        if lines > 0:  # not past the newest line (after a jump it may already show below the pane's middle)
            top = min(top, max(self._top, len(self._wrapped) - height))
        self._top = max(0, top)
        self._follow = self._top + height >= len(self._wrapped)
        self._draw()

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        event.stop()
        self.action_look(3)

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        event.stop()
        self.action_look(-3)
