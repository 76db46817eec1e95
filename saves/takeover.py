"""Taking a campaign over from another encounter whose terminal is gone.

After a half-open SSH link (the laptop slept, the network dropped without a
hang-up) the old process still runs and holds the campaign's lock. The
new instance can take over: :func:`inspect` tells who holds the lock and
what can be known of its terminal (Linux ``/proc``: gone, or how long
without input), :func:`request` asks it — same user only — to save and
leave (:data:`saves.signals.TAKEOVER_SIGNAL`, after a ``SIGCONT`` if it is
stopped), and waits until it has released the lock, which it then holds.
The old process writes every action it had shown before letting go (see
:meth:`saves.campaign.Campaign.hand_over`), so the new one reads them all
before it writes anything.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from saves import lock
from saves.errors import SaveError
from saves.signals import TAKEOVER_SIGNAL

DEFAULT_WAIT = 15.0  # seconds for the other process to save and let go
IDLE_SECONDS = 60.0  # a terminal without input this long is worth offering to take over


class TakeOverRefused(SaveError):
    """The campaign cannot be taken over (another user, a process that does
    not answer, one that could not save); the lock stays with its holder."""


@dataclass(frozen=True)
class Holder:
    """The process holding a campaign's lock, as far as ``/proc`` tells.

    ``terminal``: its terminal's device (``/dev/pts/3``) or ``None``;
    ``terminal_gone``: that terminal was hung up or closed; ``idle``:
    seconds since the terminal last had input (``None`` when unknown);
    ``answers``: it catches the take-over signal (an encounter that can hand over)."""

    pid: int
    same_user: bool
    answers: bool
    stopped: bool
    terminal: str | None
    terminal_gone: bool
    idle: float | None

    def describe(self) -> str:
        """One line for the question: ``process 1234 on /dev/pts/3, whose terminal is gone``."""
        where = f" on {self.terminal}" if self.terminal else ""
        if self.terminal_gone:
            state = ", whose terminal is gone"
        elif self.idle is not None and self.idle >= IDLE_SECONDS:
            state = f", whose terminal has had no input for {_duration(self.idle)}"
        elif self.idle is not None:
            state = f", in use {_duration(self.idle)} ago"
        else:
            state = ""
        if self.stopped:
            state += " (stopped)"
        return f"process {self.pid}{where}{state}"

    @property
    def looks_abandoned(self) -> bool:
        return self.terminal_gone or self.stopped or (self.idle is not None and self.idle >= IDLE_SECONDS)


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{int(seconds)} s"
    if seconds < 5400:
        return f"{int(seconds // 60)} min"
    return f"{seconds / 3600:.1f} h"


def _proc_status(pid: int) -> dict[str, str]:
    fields = {}
    with open(f"/proc/{pid}/status", encoding="utf-8", errors="replace") as handle:
        for line in handle:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return fields


def _holds(pid: int, lock_file: Path) -> bool:
    """Whether process ``pid`` has ``lock_file`` open (it is the holder, not a recycled pid)."""
    wanted = os.path.realpath(lock_file)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == wanted:
                    return True
            except OSError:
                continue
    except OSError:
        return False
    return False


def _terminal(pid: int) -> tuple[str | None, bool, float | None]:
    """``(device, gone, idle seconds)`` of the terminal on the process's stdin/stdout.
    When the other end of a pseudo-terminal closes (sshd gave up the
    connection) its device node goes: the process's link reads ``(deleted)``."""
    for fd in (0, 1, 2):
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if not link.startswith(("/dev/pts/", "/dev/tty")):
            continue
        device = link.removesuffix(" (deleted)")
        try:
            info = os.stat(device)
        except OSError:
            return device, True, None
        if link.endswith(" (deleted)"):
            return device, True, None
        return device, False, max(0.0, time.time() - info.st_atime)
    return None, False, None


def inspect(campaign: Path) -> Holder | None:
    """Who holds the lock of ``campaign``; ``None`` when nobody does (or it cannot be told)."""
    pid = lock.holder(campaign)
    if pid is None or pid == os.getpid() or pid <= 0:
        return None
    try:
        owner = os.stat(f"/proc/{pid}").st_uid
        status = _proc_status(pid)
    except (OSError, ValueError):
        return None  # gone, or no /proc
    if not _holds(pid, lock.lock_path(Path(os.path.realpath(campaign)))) and owner == os.getuid():
        return None  # a stale pid in the lock file
    try:
        caught = int(status.get("SigCgt", "0"), 16)
    except ValueError:
        caught = 0

    answers = bool(caught & (1 << (TAKEOVER_SIGNAL - 1)))
    stopped = status.get("State", "").startswith(("T", "t"))
    device, gone, idle = _terminal(pid) if owner == os.getuid() else (None, False, None)
    return Holder(pid, owner == os.getuid(), answers, stopped, device, gone, idle)


def request(campaign: Path, holder: Holder, wait: float = DEFAULT_WAIT) -> lock.CampaignLock:
    """Ask ``holder`` to save and leave; return the campaign's lock once it let go.

    Raises :class:`TakeOverRefused` for another user's process, one that does
    not answer take-over requests, or one that still holds the lock after
    ``wait`` seconds (it could not save: it keeps the campaign and everything
    it had shown)."""
    if not holder.same_user:
        raise TakeOverRefused(campaign, f"is open in process {holder.pid} of another user; only that user can close it")
    if not holder.answers:
        raise TakeOverRefused(campaign, f"is open in process {holder.pid}, which does not answer take-over requests; close it there")
    try:
        if holder.stopped:
            os.kill(holder.pid, signal.SIGCONT)
        os.kill(holder.pid, TAKEOVER_SIGNAL)
    except ProcessLookupError:
        pass  # it left by itself: the lock is free
    except PermissionError:
        raise TakeOverRefused(campaign, f"is open in process {holder.pid}, which this user may not signal") from None
    deadline = time.monotonic() + wait
    while True:
        held = lock.acquire(campaign)
        if held is not None:
            return held
        if time.monotonic() >= deadline:
            raise TakeOverRefused(campaign, f"is still held by process {holder.pid} after {wait:.0f} s: it could not save (disk full?) or is busy; it keeps the campaign")
        time.sleep(0.05)
