"""Textual's footer, rebuilt only when the keys it shows change.

Textual's ``Footer`` removes and mounts all its keys again each time the
bindings are refreshed (an undo, a redo, a dialog opening or closing,
quitting), whether or not anything it shows changed: tens of
milliseconds on a loaded machine and the whole row sent to the terminal
again. :class:`QuietFooter` compares what it would show with what it shows
and rebuilds only on a difference. While a dialog is open over its screen
it keeps the screen's keys (the dialog says its own: Enter, Esc), so
opening and closing one does not rewrite the footer either; but keys that
changed before the dialog opened (a map mode left with Esc, then ``r``
in one burst) are shown, never a mode's stale keys.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


def _keys(shown: tuple) -> tuple:
    """``shown`` without the enabled flags: which keys, not whether they act now."""
    return tuple((key, label, action) for key, label, action, _enabled, _tip in shown)


class QuietFooter(Footer):
    """``Footer`` that recomposes only when its keys, labels or their
    enabled state change."""

    _shown: tuple | None = None

    def shown_keys(self) -> tuple:
        """What the footer shows for its screen's active bindings now:
        ``((key, label, action, enabled, tooltip), ...)``."""
        return tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )

    def compose(self):
        if self._bindings_ready:
            self._shown = self.shown_keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        self.call_after_refresh(self._recompose_if_changed)  # as Footer does: the bindings as they are then

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        if self._shown is not None and self.app.screen is not self.screen and _keys(self.shown_keys()) == _keys(self._shown):
            return  # a dialog on top: keep the screen's keys (only which are enabled changed)
        if self.shown_keys() != self._shown:
            await self.recompose()
