"""What a fold writes (:class:`Plan`, one :class:`Part` per encounter) and its pacing.

:func:`saves.fold.capture` fills a plan on the thread that plays the game;
:func:`saves.fold.write` writes it, maybe on a thread of its own, calling
:meth:`Plan.pace` between pieces of work (:mod:`saves.history_lines`,
:mod:`saves.campaign_text`).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from saves.state_texts import StateText


SLICE = 0.001  # seconds of work a paced fold does between two pauses
PAUSE = 0.002  # seconds of each pause: the fold takes at most a third of the interpreter


LONGEST_HOLD = 0.5
"""Seconds a paced fold waits for the game's thread to be between frames
(:data:`between_frames`) before it does one slice anyway (a GM who never
stops typing still gets the journal folded)."""

between_frames = threading.Event()
"""Set while the game's thread has no key to handle and no frame to draw:
a paced fold works only then (:meth:`Plan.pace`). The UI clears it when a
key comes (:func:`frame_due`) and sets it once the frame is drawn and no
key waits (:func:`frames_done`); without a UI it stays set."""
between_frames.set()


def frame_due() -> None:
    """A key (or a click, a paste) came: folds wait until :func:`frames_done`."""
    between_frames.clear()


def frames_done() -> None:
    """The frame is drawn and no key waits: folds may go on."""
    between_frames.set()


def wait_between_frames() -> None:
    """For work beside the game in pieces (the players' feed, a view at a time): wait while a key's
    frame is due (at most :data:`LONGEST_HOLD`), then sleep 0 s, so the game's thread takes the interpreter
    at once if it wants it, not after the 5 ms switch interval."""
    if not between_frames.is_set():
        between_frames.wait(LONGEST_HOLD)
    time.sleep(0)


class PutOff(Exception):
    """A paced fold was cancelled before it wrote anything."""


@dataclass
class Part:
    """One encounter as a fold writes it."""

    eid: int
    name: str
    status: str
    state: dict[str, Any] | StateText  # as the encounter holds it: the text of one never opened is written back as it was read
    head: int
    step_count: int
    log_count: int
    last_seq: int
    index: list[list[int]]  # its history records so far
    dirty: int  # the first of ``steps`` is step ``dirty``
    steps: list[dict[str, Any]]
    log_start: int  # ``log`` starts at this index of the encounter's log
    log: list[dict[str, Any]]


@dataclass
class Plan:
    path: Path
    seq: int
    meta: dict[str, Any]
    party: dict[str, Any]
    bestiary: dict[str, Any]
    parts: list[Part]
    history_length: int
    drop: tuple[Path, ...] = ()  # journals folded in (deleted once the file is written)
    paced: bool = False  # beside the game: let the game's thread run between small pieces of work
    _slice_start: float = 0.0
    cancelled: bool = False  # put off before it wrote anything (see cancel)
    writing: bool = False  # started writing: too late to put off
    guard: threading.Lock = field(default_factory=threading.Lock)

    def cancel(self) -> None:
        """Put the fold off if it has not started writing (a quick quit): it
        then writes nothing and reports an error; the journals stay for the
        next fold, as after a kill. Safe from another thread."""
        with self.guard:
            if not self.writing:
                self.cancelled = True

    def pace(self) -> None:
        """Called between pieces of a fold's work. A paced fold (one on a
        thread beside the game) sleeps a little once it has run for
        :data:`SLICE` seconds: Python runs one thread at a time, and the
        sleep is when the game's thread may take its turn at once, instead
        of waiting up to the interpreter's switch interval (5 ms) or for a
        whole encoding call (tens of ms for a big one). It also waits while
        the game's thread handles a key and draws its frame
        (:data:`between_frames`, at most :data:`LONGEST_HOLD`), so that a
        key never shares the interpreter with a fold."""
        if not self.paced:
            return
        if self.cancelled and not self.writing:
            raise PutOff
        now = time.perf_counter()
        if now - self._slice_start >= SLICE:
            time.sleep(PAUSE)
            if not between_frames.is_set():
                between_frames.wait(LONGEST_HOLD)
                if self.cancelled and not self.writing:
                    raise PutOff
            self._slice_start = time.perf_counter()
