"""The status line's SAVING mark: an action shown but not on disk yet.

The campaign's journal is written beside the UI (:meth:`saves.campaign.Campaign.write_beside`):
a key's frame comes before its fsync returns. The screen says so only
when it matters: once something shown has waited :data:`MARK_AFTER`
seconds for the disk, the status line starts with ``SAVING``, and the mark
goes as soon as everything is on disk. A normal action (its fsync is done
within a few frames) changes nothing on the screen, not a byte. When the
disk refuses, the line says NOT SAVED (the screen's own prefix) as soon as
the writer learns it, and ``q`` offers retry / copy / lose / keep.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.presenter import EncounterView
    from tui.screens.encounter.screen import EncounterScreen

MARK_AFTER = 0.25
"""Seconds an action may wait for its fsync before the status line says SAVING
(several frames: this machine's fsync takes 1-40 ms, rarely more)."""
POLL = 0.05
"""Seconds between two looks at the writer while something waits for the disk."""


class SavingMark:
    """``SavingMark(screen)``: watches the screen's session after each view;
    :attr:`shown` says whether the status line carries the mark."""

    def __init__(self, screen: EncounterScreen) -> None:
        self.screen = screen
        self.shown = False
        self._unsaved_shown = False
        self._looking = False

    def watch(self, view: EncounterView | None = None) -> None:
        """After a view was shown: look again in :data:`MARK_AFTER` seconds
        if something is still being written."""
        self._unsaved_shown = self.screen.session.unsaved is not None
        if self.screen.session.saving and not self._looking:
            self._looking = True
            self.screen.set_timer(MARK_AFTER, self._look, name="saving mark")

    def _look(self) -> None:
        session = self.screen.session
        unsaved = session.unsaved is not None
        mark = session.saving and not unsaved
        if mark != self.shown or unsaved != self._unsaved_shown:
            self.shown, self._unsaved_shown = mark, unsaved
            self.screen.restatus()
        if mark:
            self.screen.set_timer(POLL, self._look, name="saving mark")
        else:
            self._looking = False
