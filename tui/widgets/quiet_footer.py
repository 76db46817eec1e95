"""Textual's footer, rebuilt only when the keys it shows change.

Textual's ``Footer`` removes and mounts all its keys again each time the
bindings are refreshed (an undo, a redo, a dialog opening or closing,
quitting), whether or not anything it shows changed: tens of
milliseconds on a loaded machine and the whole row sent to the terminal
again. :class:`QuietFooter` compares what it would show with what it shows
and changes only on a difference; then its ``FooterKey`` widgets are
changed in place (those left over hidden, those missing mounted), as
Footer would compose them, so a map mode's keys (``m``, Esc) cost a
millisecond or two where a recompose cost 25-40 ms. While a dialog is open over its screen
it keeps the screen's keys (the dialog says its own: Enter, Esc), so
opening and closing one does not rewrite the footer either; but keys that
changed before the dialog opened (a map mode left with Esc, then ``r``
in one burst) are shown, never a mode's stale keys.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def _keys(shown: tuple) -> tuple:
    """``shown`` without the enabled flags: which keys, not whether they act now."""
    return tuple((key, label, action) for key, label, action, _enabled, _tip in shown)


class QuietFooter(Footer):
    """``Footer`` that changes only when its keys, labels or their enabled
    state change, and then in place (``recompose`` only for binding groups,
    which Footer draws otherwise)."""

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
        # Once the messages queued now are handled (a focus set with call_later
        # among them), not after the next frame as Footer does: the keys change
        # in the frame of the key that changed them, not in a frame of their own.
        self.call_later(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        if self._shown is not None and self.app.screen is not self.screen and _keys(self.shown_keys()) == _keys(self._shown):
            return  # a dialog on top: keep the screen's keys (only which are enabled changed)
        shown = self.shown_keys()
        if shown != self._shown:
            if not await self._reuse_keys():
                await self.recompose()
            self._shown = shown

    def _footer_entries(self) -> list | None:
        """``(binding, enabled, tooltip)`` of each key Footer.compose would
        show now, the first binding of each action; ``None`` when a binding
        group is shown (Footer draws those otherwise)."""
        first: dict[str, tuple] = {}
        for (_node, binding, enabled, tooltip) in self.screen.active_bindings.values():
            if binding.show:
                if binding.group is not None:
                    return None
                first.setdefault(binding.action, (binding, enabled, tooltip))
        return list(first.values())

    async def _reuse_keys(self) -> bool:
        """Show the keys of now in the footer's FooterKey widgets, changed in
        place (hiding those left over, mounting those missing): no widget
        removed and mounted again as ``recompose`` does for each change."""
        entries = self._footer_entries()
        keys = list(self.query_children(FooterKey))
        if entries is None or len(keys) != len(self.children):
            return False
        for widget, (binding, enabled, tooltip) in zip(keys, entries):
            widget.key, widget.key_display = binding.key, self.app.get_key_display(binding)
            widget.description, widget.action = binding.description, binding.action
            widget._disabled = not enabled
            widget.set_class(not enabled, "-disabled")
            widget.tooltip = (tooltip or binding.description) or None  # as FooterKey sets it: none for no text
            widget.display = True
            widget.refresh(layout=True)  # its width is measured again: a label of another length
        for widget in keys[len(entries):]:
            widget.display = False
        extra = [FooterKey(binding.key, self.app.get_key_display(binding), binding.description, binding.action,
                           disabled=not enabled, tooltip=tooltip or binding.description).data_bind(compact=Footer.compact)
                 for binding, enabled, tooltip in entries[len(keys):]]
        if extra:
            await self.mount_all(extra)
        return True
