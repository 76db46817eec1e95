"""The players' request ids (nonces) the GM's process has seen, kept across its restarts.

A replayed request is refused by its id (:mod:`tui.player_requests`); so
that a request captured before the GM's process was killed or restarted
is refused after it too, every id taken is appended to
``<stem>.requests-seen`` beside the campaign (private to the GM's
account, 0600, like the campaign and its invites): one id a line, written
with ``O_APPEND`` (a line a request; the kernel keeps it through a
``kill -9`` of the process). :class:`SeenRequests` reads the last
:data:`KEPT` back when it opens, and rewrites the file to those once it
holds twice as many, so it stays under ~300 KB. An id is 8-64 printable
characters without spaces (a longer or odd line read back is skipped).
"""

from __future__ import annotations

import os
from collections import deque
from pathlib import Path

from saves.files import MiB, NotAFile, read_regular

KEPT = 4096
"""Ids remembered (the oldest are forgotten first)."""
MAX_ID = 64


def seen_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.stem + ".requests-seen")


def _valid(nonce: str) -> bool:
    return 8 <= len(nonce) <= MAX_ID and nonce.isprintable() and " " not in nonce


class SeenRequests:
    """``SeenRequests(campaign)``: the ids seen for ``campaign``;
    :meth:`seen` asks, :meth:`add` remembers (in memory at once, on disk
    when it can: a file that cannot be written leaves :attr:`problem` and
    the ids kept in memory for this run)."""

    def __init__(self, campaign: Path | None, kept: int = KEPT) -> None:
        self.path = seen_path(campaign) if campaign is not None else None
        self.kept = kept
        self._order: deque[str] = deque(maxlen=kept)
        self._set: set[str] = set()
        self._lines = 0
        self.problem: str | None = None
        if self.path is not None:
            try:
                raw = read_regular(self.path, 2 * MiB) or b""
            except (OSError, NotAFile):
                raw = b""
            for line in raw.decode("utf-8", "replace").splitlines():
                if _valid(line):
                    self._keep(line)
                self._lines += 1

    def seen(self, nonce: str) -> bool:
        return nonce in self._set

    def add(self, nonce: str) -> None:
        """Remember ``nonce`` (an id of 8-64 characters without spaces or newlines)."""
        if not _valid(nonce):
            return
        self._keep(nonce)
        if self.path is None:
            return
        try:
            if self._lines >= 2 * self.kept:
                self._rewrite()
            else:
                fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
                try:
                    os.write(fd, nonce.encode("utf-8") + b"\n")
                finally:
                    os.close(fd)
                self._lines += 1
        except OSError as exc:
            self.problem = f"{self.path}: {exc.strerror or exc}: a replayed request is refused only until the GM's process restarts"

    def _keep(self, nonce: str) -> None:
        if len(self._order) == self._order.maxlen:
            self._set.discard(self._order[0])
        self._order.append(nonce)
        self._set.add(nonce)

    def _rewrite(self) -> None:
        assert self.path is not None
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write("".join(n + "\n" for n in self._order).encode("utf-8"))
        os.replace(temp, self.path)
        self._lines = len(self._order)
