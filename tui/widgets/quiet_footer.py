"""The key footer: one line of keys drawn by one widget, no layout when they change.

Textual's ``Footer`` is a container of ``FooterKey`` widgets that it removes
and mounts again each time the bindings are refreshed; even changed in place,
a key of another width needs a layout pass, which lands in a frame of its own
(30-60 ms after the key that changed the bindings, e.g. ``m``) and re-renders
the whole left column. :class:`QuietFooter` is a single widget of fixed size
that draws its keys itself (``render_line``): when the keys it shows change
it repaints its one line, in the frame of the key that changed them, and
when nothing it shows changed (an undo, a redo) it does nothing.

It draws what Footer draws in its compact style: per key the key (bold,
``$footer-key-foreground``), a space and the label
(``$footer-description-foreground``), one cell of ``$footer-background``
between keys, a disabled key dimmed, the key under the mouse on
``$block-hover-background``; a click on a key presses it (a bell for a
disabled one), the key's tooltip shows under the mouse. Binding groups are
drawn as single keys (the first binding of each action), which is all the
encounter screen uses.

While a dialog is open over its screen it keeps the screen's keys (the
dialog says its own: Enter, Esc), so opening and closing one does not
rewrite the footer either; but keys that changed before the dialog opened (a
map mode left with Esc, then ``r`` in one burst) are shown, never a mode's
stale keys.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class FooterEntry(NamedTuple):
    """One key as the footer shows it: ``key`` (Textual's key name),
    ``key_display`` (as drawn, e.g. ``esc``), ``label``, ``action``,
    ``enabled`` and the ``tooltip`` shown under the mouse."""

    key: str
    key_display: str
    label: str
    action: str
    enabled: bool
    tooltip: str


def _keys(shown: tuple) -> tuple:
    """``shown`` without the enabled flags: which keys, not whether they act now."""
    return tuple((key, label, action) for key, label, action, _enabled, _tip in shown)


class QuietFooter(Widget, can_focus=False):
    """The screen's keys on one line, repainted only when the keys, labels or
    their enabled state change (never laid out again)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer-key--key", "footer-key--description", "footer-key--hover"}
    DEFAULT_CSS = """
    QuietFooter {
        dock: bottom;
        width: 1fr;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
    }
    """

    def __init__(self, *, compact: bool = True, id: str | None = None) -> None:
        """``compact``: Footer's compact style (``m Move here`` and one cell
        between keys) rather than its padded one (`` m Move here``)."""
        super().__init__(id=id)
        self.compact = compact
        self._shown: tuple | None = None
        self.entries: tuple[FooterEntry, ...] = ()
        """The keys drawn now, left to right."""
        self.spans: list[tuple[int, int]] = []
        """The cells ``[start, end)`` of each of :attr:`entries` on the line."""
        self._hover: int | None = None

    def shown_keys(self, active=None) -> tuple:
        """What the footer shows for its screen's active bindings now (or
        ``active``, ``Screen.active_bindings.values()`` as read by the caller:
        each reading asks every binding's ``check_action``):
        ``((key, label, action, enabled, tooltip), ...)``."""
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in (self.screen.active_bindings.values() if active is None else active)
            if binding.show
        )

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self._update_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self._update_keys()  # now: the repaint goes out in the frame of the key that changed them
        # and once the messages queued now are handled (a focus set with call_later among them)
        self.call_later(self._update_keys)

    def _update_keys(self) -> None:
        if not self.is_attached:
            return
        active = tuple(self.screen.active_bindings.values())
        shown = self.shown_keys(active)
        if self._shown is not None and self.app.screen is not self.screen and _keys(shown) == _keys(self._shown):
            return  # a dialog on top: keep the screen's keys (only which are enabled changed)
        if shown == self._shown:
            return
        self._shown = shown
        first: dict[str, FooterEntry] = {}
        for (_node, binding, enabled, tooltip) in active:
            if binding.show and binding.action not in first:
                first[binding.action] = FooterEntry(binding.key, self.app.get_key_display(binding), binding.description,
                                                    binding.action, enabled, tooltip or binding.description)
        self.entries = tuple(first.values())
        self.spans = []
        start = 0
        for entry in self.entries:
            width = len(self._cells(entry)[0][0]) + len(self._cells(entry)[1][0])
            self.spans.append((start, start + width))
            start += width + (1 if self.compact else 0)
        self._hover = None
        self.refresh()  # one line repainted: no layout

    def _cells(self, entry: FooterEntry) -> tuple[tuple[str, str], tuple[str, str]]:
        """``((key text, its component), (label text, its component))`` as Footer pads them."""
        key = entry.key_display if self.compact else f" {entry.key_display} "
        label = (f" {entry.label}" if self.compact else f"{entry.label} ") if entry.label else ""
        return (key, "footer-key--key"), (label, "footer-key--description")

    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        segments: list[Segment] = []
        for index, entry in enumerate(self.entries):
            under = self.get_component_rich_style("footer-key--hover") if index == self._hover else base
            if not entry.enabled:
                under += Style(dim=True)
            for text, component in self._cells(entry):
                if text:
                    segments.append(Segment(text, under + self.get_component_rich_style(component, partial=True)))
            if self.compact:
                segments.append(Segment(" ", base))
        return Strip(segments).adjust_cell_length(self.size.width, base)

    def entry_at(self, x: int) -> FooterEntry | None:
        """The key drawn at cell ``x`` of the line, ``None`` between keys."""
        index = self._index_at(x)
        return None if index is None else self.entries[index]

    def _index_at(self, x: int) -> int | None:
        for index, (start, end) in enumerate(self.spans):
            if start <= x < end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._set_hover(self._index_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            self.tooltip = None if index is None else (self.entries[index].tooltip or None)
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        entry = self.entry_at(event.x)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()
