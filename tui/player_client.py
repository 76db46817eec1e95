"""A player's side of the GM's request socket (:mod:`tui.player_requests`).

:class:`RequestClient` sends one request at a time as a JSON line with a
new nonce, the character's name and the invite code, and returns the GM's
final answer (``done`` or ``refused``); a ``waiting`` answer (the GM is
asked) is passed to ``on_waiting`` and the final one awaited. A lost
connection (the GM's process restarted) is opened again on the next
request. :meth:`RequestClient.watch_gm` keeps an idle connection open to
learn within a second or so that the GM's app is gone, and when it is back.
Outside Textual: no textual import.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from saves.feed import feed_of
from tui.player_requests import MAX_REQUEST_BYTES, SOCKET_NAME

ANSWER_BYTES = 1 << 16


class RequestClient:
    """``RequestClient(location, name, code)``: acts for party member
    ``name`` through the socket of the feed at ``location``."""

    def __init__(self, location: Path, name: str, code: str | None) -> None:
        self.path = feed_of(location) / SOCKET_NAME
        self.name = name
        self.code = code
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._lock = asyncio.Lock()

    @property
    def can_act(self) -> bool:
        """Whether there is an invite code to act with (else the view is read-only)."""
        return bool(self.code)

    async def ask(self, on_waiting: Callable[[str], None] = lambda reason: None, **request: Any) -> dict[str, Any]:
        """Send ``request`` (``act`` and its fields); the GM's final answer:
        ``{"status": "done", "lines": [...]}`` or ``{"status": "refused", "reason": ...}``.
        Never raises: a GM's process that cannot be reached is a refusal too."""
        async with self._lock:
            nonce = uuid.uuid4().hex
            line = json.dumps({"id": nonce, "as": self.name, "code": self.code or "", **request}).encode("utf-8") + b"\n"
            if len(line) > MAX_REQUEST_BYTES:
                return {"status": "refused", "reason": "that request is too long"}
            for attempt in range(2):
                try:
                    if self._writer is None or self._writer.is_closing():
                        self._reader, self._writer = await asyncio.open_unix_connection(str(self.path), limit=ANSWER_BYTES)
                    assert self._reader is not None
                    self._writer.write(line)
                    await self._writer.drain()
                    while True:
                        raw = await self._reader.readline()
                        if not raw:
                            raise ConnectionResetError("the GM's process closed the connection")
                        answer = json.loads(raw)
                        if answer.get("id") not in (nonce, None):
                            continue  # the answer to an earlier request given up on
                        if answer.get("status") == "waiting":
                            on_waiting(str(answer.get("reason", "")))
                            continue
                        return answer
                except (OSError, ValueError) as exc:
                    self.close()
                    if attempt:
                        return {"status": "refused", "reason": f"the GM's process cannot be reached ({exc.strerror if isinstance(exc, OSError) and exc.strerror else exc})"}
            return {"status": "refused", "reason": "the GM's process cannot be reached"}

    async def watch_gm(self, on_change: Callable[[bool], None], retry: float = 1.0) -> None:
        """Tell ``on_change`` whether the GM's app is running, each time that
        changes (first at once): an idle connection to the request socket is
        kept open, and the GM's exit closes it (its server hangs up on every
        player; a killed process's sockets close too); while none can be
        opened it is tried again every ``retry`` seconds. Runs until cancelled."""
        running: bool | None = None
        while True:
            try:
                reader, writer = await asyncio.open_unix_connection(str(self.path))
            except OSError:
                if running is not False:
                    running = False
                    on_change(False)
                await asyncio.sleep(retry)
                continue
            if running is not True:
                running = True
                on_change(True)
            try:
                while await reader.read(ANSWER_BYTES):  # nothing is sent on it: what comes is dropped
                    pass
            except OSError:
                pass
            finally:
                writer.close()
            await asyncio.sleep(min(retry, 0.2))  # hung up: the next try says whether the GM is gone (no spinning)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None
