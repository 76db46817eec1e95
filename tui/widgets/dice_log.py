"""The dice log: every event of the encounter, newest at the bottom, the
newest entries marked where they begin; can be filtered to one combatant.

Only what is on show is formatted, plus a little around it: the pane keeps
the wrapped lines of the newest entries (a suffix of the whole log) and
wraps older ones when the GM looks back (or a filter needs more lines to
fill the pane). So opening a campaign with a long history, a resize or a
filter costs a screenful of formatting, not the history's length; a filter
reads back at most ``FILTER_SCAN`` entries per look (the newest first; PgUp
reads the next ones), so its frame costs what it costs on a short log. Lines
are drawn as a line pane (``tui/widgets/lines.py``): a new roll repaints its
own lines and the mark it takes from the previous ones. When the pane
is full the view jumps half a page, so that most new lines cost one line
on the wire rather than a repaint of the whole pane (over SSH that is most
of a key's bytes). Up/down/page keys and the wheel look back; End follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.events import MouseScrollDown, MouseScrollUp
from textual.strip import Strip

from saves.campaign import LogEntry
from saves.records import Redone, Undone
from saves.history import LogView

if TYPE_CHECKING:
    from core.rulesets.base import Ruleset
from core.combat.event_rules import rule_of
from tui.rendering.describe import describe
from tui.rendering.lines import with_rule
from tui.rendering.text import cited
from tui.widgets.lines import FAR, LinePane, paging_bindings, text_lines

NEWEST = Style(bgcolor="grey23")
NEWEST_16 = Style(bgcolor="blue")  # 16 colours: grey23 becomes bright black, the colour of the round and of dropped dice
MARK_CELLS = 3
"""The cells at the start of each of the newest entries shaded (:func:`marked`)."""


def marked(strip: Strip, style: Style) -> Strip:
    """The first line of one of the newest entries: its first
    :data:`MARK_CELLS` cells shaded (``R1 ``, the round), a mark at the left
    edge where each of the entries that came last begins. Every line of
    them shaded was every line sent again when the next action's entries
    took the shade (a hit's three entries: about 500 bytes over SSH); the
    mark is its cells."""
    if strip.cell_length <= MARK_CELLS:
        return strip.apply_style(style)
    head, tail = strip.divide([MARK_CELLS, strip.cell_length])
    return Strip.join([head.apply_style(style), tail])
INVOLVED = ("combatant", "attacker", "target", "rider", "mount")


def involves(entry: LogEntry, combatant_id: str) -> bool:
    """Whether ``entry`` is about ``combatant_id`` (who acted, was hit, moved...)."""
    event = entry.event
    return any(getattr(event, name, None) == combatant_id for name in INVOLVED)


@dataclass(frozen=True)
class StatusNote:
    """A status message too wide for the status line, shown whole in the
    log pane (``DiceLog.note``); never saved, gone when the log reloads."""

    text: Text


def line_text(entry: LogEntry, ruleset: Ruleset | None = None) -> Text:
    """``R2 `` and the event's line, then the rule that decided it (`` · EQ-INIT-2``,
    :func:`core.combat.event_rules.rule_of`; another seed's rule as ``ruleset``
    cites it: `` · DEFAULT, as in`` and the seed and ID) unless the line names it already;
    a :class:`StatusNote` as it was shown."""
    line = Text()
    if entry.round:
        line.append(f"R{entry.round} ", style="bright_black")
    event: object = entry.event
    if isinstance(event, StatusNote):
        line.append_text(event.text)
    else:
        rule = rule_of(entry.event, ruleset)
        if rule and ruleset is not None:  # another seed's rule: "DEFAULT, as in" its seed and ID
            rule = ruleset.cite(rule.split()[0])
        line.append_text(with_rule(cited(describe(entry.event), ruleset), rule))
    return line


def _tagged(entry: LogEntry, tag: str) -> bool:
    """Whether ``entry``'s event is of the class ``tag``. Asked by the tag
    (class names are unique, as the codec needs them; :mod:`core.combat.event_rules`
    looks rules up the same way), so a log of a fight's opening lines loads
    no class of the actions' events (:mod:`core.combat.action_events`) to ask."""
    return type(entry.event).__name__ == tag


def _redundant(entry: LogEntry, previous: LogEntry | None) -> bool:
    """The plain HP line that repeats the damage line just before it."""
    return (
        previous is not None
        and _tagged(entry, "HitPointsChanged")
        and _tagged(previous, "DamageTaken")
        and previous.event.combatant == entry.event.combatant
    )


SCAN_LIMIT = 5000  # entries examined per look back (the rest on the next look)
FILTER_SCAN = 100  # entries a filtered pane examines per look: a bounded window, however long the log


class DiceLog(LinePane, can_focus=True):
    """``load(entries)`` shows a whole log (any sequence: only what is shown
    is read); ``add(entries)`` appends (the newest batch is highlighted);
    ``set_filter(id)`` shows only lines about that combatant, and undo and redo lines (``None``:
    all). User text is never parsed as markup."""

    BINDINGS = paging_bindings("look", 0.5)  # a page: half the pane

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: Sequence[LogEntry] = []
        self.filter_id: str | None = None
        self.ruleset: Ruleset | None = None
        """The ruleset played, for the rule IDs of the lines (its own, and ``DEFAULT`` on borrowed ones)."""
        self._newest: set[int] = set()  # indexes in entries of the newest batch
        # (index in entries, wrapped line) of the entries on show in [_lo, _hi), oldest first.
        self._wrapped: list[tuple[int, Strip]] = []
        self._lo = self._hi = 0
        self._width = 0
        self._top = 0  # index in _wrapped of the first line in view
        self._follow = True  # the newest line stays in view (until the GM looks back)

    @classmethod
    def detached(cls, height: int) -> DiceLog:
        """A pane never mounted, ``height`` lines tall, that draws nothing
        (a test hook: the wrapping of a long session without a terminal)."""
        log = cls()
        log._height = lambda: height  # type: ignore[method-assign]
        log._draw = lambda: None  # type: ignore[method-assign]
        return log

    # -- what the pane holds (test hooks) -------------------------------------
    @property
    def wrapped(self) -> list[tuple[int, Strip]]:
        """``(index in entries, line)`` of every line wrapped now, oldest first."""
        return self._wrapped

    @property
    def top(self) -> int:
        """Index in :attr:`wrapped` of the first line in view."""
        return self._top

    @property
    def first_wrapped(self) -> int:
        """Index in ``entries`` of the oldest entry wrapped now."""
        return self._lo

    def lines_below(self) -> int:
        """Lines below the pane, counting each entry not wrapped yet as one."""
        return self._below()

    # -- data ---------------------------------------------------------------
    def _shown_at(self, index: int) -> bool:
        entry = self.entries[index]
        if index > 0 and _tagged(entry, "HitPointsChanged") and _redundant(entry, self.entries[index - 1]):
            return False
        return self.filter_id is None or involves(entry, self.filter_id) or isinstance(entry.event, (Undone, Redone))  # what was taken back shows

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
        at_end = self._hi == first
        for entry in batch:
            self.entries.append(entry)
        self._newest = set(range(first, len(self.entries)))
        if at_end:  # else the GM looks at older lines: these wrap when the view reaches them
            self._wrap_on(len(self.entries) - first, whole=True)
        height = self._height()
        if self._follow and len(self._wrapped) > self._top + height:
            self._top = max(0, len(self._wrapped) - (height + 1) // 2)  # half a page of room below
        self._forget_far(height)
        self._draw()

    def note(self, text: Text, round_: int = 0, turn: str | None = None) -> None:
        """Add ``text`` (a status message cut on its line) as a line of the pane, not of the save."""
        self.add([LogEntry(0, round_, turn, StatusNote(text.copy()))])  # type: ignore[arg-type]

    def set_filter(self, combatant_id: str | None) -> None:
        self.filter_id = combatant_id
        self._rewrap()

    # -- layout -------------------------------------------------------------
    # The wrapped lines are those of the entries in [_lo, _hi) that are on show:
    # a window around the view, moved and grown as the GM looks around.
    def _height(self) -> int:
        return max(1, self.content_size.height)

    def _wrap(self, entry: LogEntry, width: int) -> list[Strip]:
        return text_lines(line_text(entry, self.ruleset), max(10, width or 40))

    def _block(self, index: int) -> list[tuple[int, Strip]]:
        return [(index, strip) for strip in self._wrap(self.entries[index], self._width)] if self._shown_at(index) else []

    def _scan_limit(self) -> int:
        """Entries examined per look: ``FILTER_SCAN`` under a filter, else ``SCAN_LIMIT``."""
        return SCAN_LIMIT if self.filter_id is None else FILTER_SCAN

    def _wrap_back(self, lines: int) -> int:
        """Wrap entries before the window until ``lines`` more lines are
        above it (or the log's start; at most SCAN_LIMIT entries examined,
        for a filter); returns the number of lines added."""
        older: list[list[tuple[int, Strip]]] = []
        added = examined = 0
        limit = self._scan_limit()
        while self._lo > 0 and added < lines and examined < limit:
            self._lo -= 1
            examined += 1
            block = self._block(self._lo)
            if block:
                older.append(block)
                added += len(block)
        if older:
            self._wrapped[:0] = [line for block in reversed(older) for line in block]
            self._top += added
        return added

    def _wrap_on(self, lines: int, whole: bool = False) -> int:
        """Wrap entries after the window (all of the new ones when ``whole``)."""
        added = examined = 0
        limit = self._scan_limit()
        while self._hi < len(self.entries) and (whole or (added < lines and examined < limit)):
            block = self._block(self._hi)
            self._hi += 1
            examined += 1
            self._wrapped.extend(block)
            added += len(block)
        return added

    def _forget_far(self, height: int) -> None:
        """Drop wrapped lines far above or below the view (they wrap again if looked at)."""
        cut = self._top - 2 * height
        if cut > 2 * height:
            while cut < len(self._wrapped) and self._wrapped[cut][0] == self._wrapped[cut - 1][0]:
                cut += 1  # keep whole entries
            self._lo = self._wrapped[cut][0] if cut < len(self._wrapped) else self._hi
            del self._wrapped[:cut]
            self._top -= cut
        keep = self._top + 3 * height
        if len(self._wrapped) - keep > 2 * height:
            while keep < len(self._wrapped) and self._wrapped[keep][0] == self._wrapped[keep - 1][0]:
                keep += 1
            if keep < len(self._wrapped):
                self._hi = self._wrapped[keep][0]
                del self._wrapped[keep:]

    def _window_at(self, end: bool) -> None:
        """The window at the log's end (or start), a screenful and a page more wrapped."""
        self._width = self.content_size.width
        self._wrapped = []
        self._lo = self._hi = len(self.entries) if end else 0
        self._top = 0
        height = self._height()
        if end:
            self._wrap_back(2 * height)
            self._top = max(0, len(self._wrapped) - height)  # the newest lines fill the pane
        else:
            self._wrap_on(2 * height)
        self._follow = self._hi == len(self.entries) and self._top + height >= len(self._wrapped)

    def _rewrap(self) -> None:
        self._window_at(end=True)
        self._draw()

    def on_resize(self) -> None:
        if self.content_size.width != self._width:
            self._rewrap()
            return
        height = self._height()
        if self._follow and len(self._wrapped) < 2 * height:
            self._wrap_back(2 * height - len(self._wrapped))
        last = max(0, len(self._wrapped) - height)
        # Following (also while hidden behind the sheet): the newest lines fill the pane.
        self._top = last if self._follow else min(self._top, last)
        self._draw()

    def _below(self) -> int:
        """Lines below the pane, counting each entry not wrapped yet as one."""
        return max(0, len(self._wrapped) - self._top - self._height()) + (len(self.entries) - self._hi)

    def _draw(self) -> None:
        shown = self._wrapped[self._top : self._top + self._height()]
        newest = NEWEST if self.app.console.color_system in ("256", "truecolor") else NEWEST_16
        firsts = {index: n for n, (index, _strip) in reversed(list(enumerate(shown)))}  # each entry's first line shown
        self.set_lines([marked(strip, newest) if index in self._newest and firsts[index] == n else strip for n, (index, strip) in enumerate(shown)])
        below = self._below()
        subtitle = f"\u2193{below} more (End)" if below > 0 else ""
        if not subtitle and self.filter_id is not None and self._lo > 0 and self._top == 0:
            subtitle = f"\u2191{self._lo} not read yet (PgUp in the log)"
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    # -- looking back --------------------------------------------------------
    def action_look(self, step: float) -> None:
        """Scroll by ``step`` lines (a fraction: of the pane's height); Home
        and End (``FAR``) jump to the log's first and newest lines."""
        height = self._height()
        if abs(step) >= FAR:
            self._window_at(end=step > 0)
            self._draw()
            return
        lines = int(step * height) if -1 < step < 1 else int(step)
        if lines < 0 and self._top + lines < height:
            self._wrap_back(height - (self._top + lines))  # what comes into view, and a page more
        if lines > 0 and self._top + lines + 2 * height > len(self._wrapped):
            self._wrap_on(self._top + lines + 2 * height - len(self._wrapped))
        top = self._top + lines
        if lines > 0:  # not past the newest line (after a jump it may already show below the pane's middle)
            top = min(top, max(self._top, len(self._wrapped) - height))
        self._top = max(0, top)
        self._follow = self._hi == len(self.entries) and self._top + height >= len(self._wrapped)
        self._forget_far(height)
        self._draw()

    def on_mouse_scroll_down(self, event: MouseScrollDown) -> None:
        event.stop()
        self.action_look(3)

    def on_mouse_scroll_up(self, event: MouseScrollUp) -> None:
        event.stop()
        self.action_look(-3)
