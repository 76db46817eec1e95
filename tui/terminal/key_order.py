"""Keys handled one at a time, in the order they were typed.

Textual routes a key to the focused widget as soon as the App reads it,
but the binding the key triggers runs later, when the key has bubbled back
up to the App, and a dialog that binding opens mounts later still. So when
several keys arrive in one read (over SSH, with key repeat, from a paste),
the keys after ``d`` were routed to the tracker before the Damage dialog
existed and were lost, and the second ``Down`` of ``Down Down`` read the
selection before the first had moved it.

:class:`KeysInOrder` (a mixin of the App) holds every key and paste the App
reads and lets the next one go only when the app has settled: each message
pump has handled what it was sent (the bubbled key, the messages its action
posted, a dialog's dismissal and its callback) and every widget, a dialog
just pushed included, is mounted and focused. The key then goes where
Textual sends it, to the screen on top at that moment. A lone key on a
settled app goes at once.
"""

from __future__ import annotations

import asyncio
from collections import deque

from textual import events

# A safety net, not the mechanism: if some message pump stops making
# progress (a bug elsewhere), keys flow again after STALL_SECONDS without
# any change, or after SETTLE_LIMIT_SECONDS at most; a busy machine that is
# still working through its messages is waited for.
STALL_SECONDS = 2.0
SETTLE_LIMIT_SECONDS = 10.0
ORDERED = (events.Key, events.Paste)


class KeysInOrder:
    """Mixin for a Textual ``App``; put it before ``App`` in the bases."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._held_input: deque[events.Event] = deque()
        self._released_input: list[events.Event] = []
        self._releaser: asyncio.Task | None = None

    @property
    def keys_waiting(self) -> int:
        """Keys and pastes read but not yet handed on (0 when idle)."""
        return len(self._held_input)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, ORDERED) and not event.is_forwarded:
            if any(event is released for released in self._released_input):
                self._released_input = [e for e in self._released_input if e is not event]
            elif isinstance(event, events.Key) and event.key == "ctrl+c":
                pass  # quitting never waits behind other keys
            elif self._held_input or not self.input_settled():
                self._held_input.append(event)
                if self._releaser is None or self._releaser.done():
                    self._releaser = asyncio.create_task(self._release_input(), name="keys in order")
                return
        await super().on_event(event)

    async def _release_input(self) -> None:
        loop = asyncio.get_running_loop()
        while self._held_input:
            start = stalled_since = loop.time()
            seen = self._pending_input_work()
            while seen is not None:
                await asyncio.sleep(0)  # a turn of the event loop, not a delay
                now, work = loop.time(), self._pending_input_work()
                if work != seen:
                    seen, stalled_since = work, now
                elif now - stalled_since > STALL_SECONDS or now - start > SETTLE_LIMIT_SECONDS:
                    break
            if not self._held_input:  # dropped meanwhile (drop_typed_ahead: a dialog the GM did not ask for)
                break
            event = self._held_input.popleft()
            self._released_input.append(event)
            if not self.post_message(event):  # the app is closing
                self._released_input.remove(event)
                self._held_input.clear()

    def drop_typed_ahead(self) -> int:
        """Forget the keys and pastes read but not yet handed on; returns how
        many. A refusal calls it: keys typed after a refused one were meant
        for what was refused (``t 1d8 Enter`` with no action left), and on
        the screen now on top they would act as shortcuts (``d`` ``8``
        ``Enter`` dealt 8 damage with no attack roll)."""
        dropped = len(self._held_input)
        self._held_input.clear()
        return dropped

    def input_settled(self) -> bool:
        """True when no message pump has anything left to handle and every
        widget (a dialog just pushed included) is mounted."""
        return self._pending_input_work() is None

    def _pending_input_work(self) -> tuple[int, int] | None:
        """``None`` when settled, else (messages and callbacks waiting,
        widgets not yet mounted): what the next key waits for."""
        waiting = unmounted = 0
        for node in (self, *self._registry):
            if node._closing or node._closed:
                continue
            if node is not self and not node._is_mounted:
                unmounted += 1
            waiting += node._message_queue.qsize() + len(node._next_callbacks)
        return None if waiting == unmounted == 0 else (waiting, unmounted)


def use_escape_then_key_parser() -> None:
    """Make the terminal driver read ESC and the key right after it as
    Escape then that key (see :class:`EscapeThenKeyParser`). For the real
    terminal only (``encounter`` calls it before the app runs); the app
    binds no Alt keys, so nothing is lost."""
    from textual.drivers import linux_driver

    linux_driver.XTermParser = _escape_then_key_parser()


def _escape_then_key_parser():
    from textual._xterm_parser import XTermParser

    class EscapeThenKeyParser(XTermParser):
        """Over SSH a quick Esc then ``d`` arrives in one read, which the
        xterm parser takes for Alt+d, and Esc then ``.`` or Enter loses the
        Escape altogether. Here ESC followed by a key that starts no
        control sequence is two keys: Escape, then that key. And ``\n`` is
        Enter, not Ctrl+J (which the app binds to nothing): keys typed while
        ``encounter`` starts reach the terminal before it is raw, and the
        cooked terminal hands their Enter on as ``\n``."""

        def _sequence_to_key_events(self, sequence: str, alt: bool = False):
            if alt or (len(sequence) == 2 and sequence[0] == "\x1b" and sequence[1] not in CONTROL_STARTS):
                yield events.Key("escape", "\x1b")
                yield from self._sequence_to_key_events(sequence[-1])
                return
            if sequence == "\n":  # Enter typed before the terminal went raw: cooked mode made its \r a \n (ICRNL)
                yield events.Key("enter", "\r")
                return
            yield from super()._sequence_to_key_events(sequence, alt)

    return EscapeThenKeyParser


CONTROL_STARTS = "[O]P_^\\\x1b"
"""What may follow ESC in a terminal's control sequence (CSI, SS3, OSC,
DCS, APC, PM, ST) or a second ESC: never read as a key after Escape."""
