"""Full garbage collections while the GM pauses, not between two keys.

A long campaign keeps hundreds of thousands of objects alive (its history,
the rules, Textual's widgets). Python's automatic full ("generation 2")
collection walks them all: 150-550 ms on this machine with a 100 000-line
campaign, landing on whichever key happened to trigger it (the stall bench,
``bench/bench_stall.py``). :class:`CollectWhenIdle` instead

- freezes what is alive once the app has mounted (``gc.freeze``: the
  loaded campaign and modules are never walked again; they are not garbage)
  and turns collection on (the program starts with it off, :mod:`tui.program`),
- collects the young generations once a key's frame is drawn and no key
  waits (``gc.collect(1)``, about 0.3-1 ms), not in the middle of the next
  key: with Python's threshold (700 allocations) a key's frame held four
  or five young collections and one in five keys a middle one (1.8 ms of
  an 11 ms frame, ``python -m bench tui``'s ``n`` row); Python's own young
  collections wait for :data:`YOUNG_BACKSTOP` allocations, for a GM who
  never pauses, and
- runs the full collection itself once no key or click has come for
  :data:`IDLE_SECONDS`, none waits to be handled, and some collection is due.

It also tells a fold of the journal running beside the game
(:mod:`saves.fold_plan`) when a key comes and when its frame is drawn with
no key waiting: the fold works only between frames.

Memory held by cycles that became garbage is thus freed at the next pause
instead of at once; a GM who types without a pause for minutes only
delays it.
"""

from __future__ import annotations

import gc
import time

from textual import events

from saves import fold_plan

IDLE_SECONDS = 1.0
"""How long without input before a full collection may run (seconds)."""
CHECK_SECONDS = 0.5
LOOK_AGAIN_SECONDS = 0.02
"""How soon to look again whether a key's frame is drawn, when the App fell idle before its screens (seconds)."""
NEVER = 1 << 30  # a generation-2 threshold Python never reaches
YOUNG_BACKSTOP = 10_000
"""Allocations (less deallocations) before Python collects the young
generation itself: a few keys' worth, when no frame is done between them."""


class CollectWhenIdle:
    """Mixin for the App (before ``App`` in the bases)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.last_input = time.monotonic()
        self._thresholds = gc.get_threshold()
        self._look_again = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste, events.MouseDown)):
            self.last_input = time.monotonic()
            fold_plan.frame_due()  # a fold beside the game waits for this key's frame (see _on_idle)
        await super().on_event(event)

    def _settled(self) -> bool:
        """No key waits and nothing is left to handle or mount (:class:`tui.terminal.key_order.KeysInOrder`)."""
        waiting = getattr(self, "keys_waiting", 0)
        settled = getattr(self, "input_settled", lambda: True)
        return waiting == 0 and settled()

    def _on_idle(self) -> None:
        """The App's queue is empty: once no key waits and every widget has
        handled its messages (the frame drawn), a fold may go on
        (:func:`saves.fold_plan.frames_done`); else it looks again after
        :data:`LOOK_AGAIN_SECONDS`."""
        if fold_plan.between_frames.is_set():
            return
        if self._settled():
            fold_plan.frames_done()
            gc.collect(1)  # the young generations, between frames (see YOUNG_BACKSTOP)
        elif self._look_again is None:  # the screens still draw: one look a little later (no callback queued meanwhile)
            self._look_again = self.set_timer(LOOK_AGAIN_SECONDS, self._looked_again, name="fold between frames")

    def _looked_again(self) -> None:
        self._look_again = None
        self._on_idle()

    # Textual calls the handler of every class in the MRO (App's own too).
    def _on_mount(self, event) -> None:
        gc.freeze()  # no collection first: it would delay the first frame (what is frozen now stays, once)
        gc.enable()  # the program starts with collection off (tui.program)
        _young, middle, _old = self._thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG_BACKSTOP, middle, NEVER)
        self.set_interval(CHECK_SECONDS, self.collect_if_idle, name="collect when idle")

    def collect_if_idle(self) -> bool:
        """Run a full collection if one is due and no input came for
        :data:`IDLE_SECONDS`; True when it ran."""
        if gc.get_count()[2] == 0 or time.monotonic() - self.last_input < IDLE_SECONDS or not self._settled():
            return False
        gc.collect()
        return True

    async def _shutdown(self) -> None:
        fold_plan.frames_done()  # a fold under way goes on at full pace while the app ends
        try:
            await super()._shutdown()
        finally:
            gc.unfreeze()  # as it was: the next app in this process (tests) starts afresh
            gc.set_threshold(*self._thresholds)
