"""``encounter serve``: textual-serve's server with the checks a table needs.

:class:`PlayersServer` wraps :class:`textual_serve.server.Server` (not a
fork: it overrides its index and websocket handlers) so that

- the page asks the player's name and invite code first (a form); the
  tab then runs ``encounter play --as NAME`` with that code (or
  ``encounter watch`` without a name): the GM's process checks the code
  on every action, so a wrong one can watch but never act;
- a websocket whose ``Origin`` is not this server's own page is refused
  (403): another site open in the player's browser cannot drive a tab;
- a terminal size asked past :data:`MAX_COLUMNS` x :data:`MAX_ROWS` is cut
  to it (the tab's status line says so), never allocated;
- at most ``max_tabs`` tabs run at once (503 with a message past it);
- a tab's process ends with its tab: a quit is sent, and if it has not
  ended within :data:`QUIT_SECONDS` it is killed; a tab that vanished
  without closing is found by the websocket heartbeat within
  :data:`HEARTBEAT_SECONDS` x 2.
"""

from __future__ import annotations

import asyncio
import html
import secrets
import logging
import shlex
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

MAX_COLUMNS = 320
MAX_ROWS = 120
MAX_TABS = 8
QUIT_SECONDS = 3.0
HEARTBEAT_SECONDS = 5.0

log = logging.getLogger("encounter.serve")

FORM = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee;display:flex;justify-content:center;margin-top:12vh}}
form{{display:grid;gap:.6em;min-width:20em}}input,button{{font-size:1.1em;padding:.3em}}</style></head>
<body><form method="get" action="/"><h2>{title}</h2>
<label>Your character <input name="as" value="{name}" autofocus></label>
<label>Invite code (from the GM) <input name="code" type="password" autocomplete="off"></label>
<button>Join</button><small>Leave both empty to watch the party's view without acting.</small>
<input type="hidden" name="join" value="1"><input type="hidden" name="fontsize" value="{fontsize}"></form></body></html>"""


def bounded(width: int, height: int) -> tuple[int, int, bool]:
    """``(width, height)`` cut to the bounds, and whether it was cut."""
    w, h = max(10, min(width, MAX_COLUMNS)), max(5, min(height, MAX_ROWS))
    return w, h, (w, h) != (width, height)


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


class PlayersServer(Server):
    """``PlayersServer(path, host, port, max_tabs)``: serves the players' view of the feed at ``path``."""

    def __init__(self, path: Path, host: str = "127.0.0.1", port: int = 8000, max_tabs: int = MAX_TABS, title: str = "encounter: players' view") -> None:
        super().__init__(tab_command(path, None, None), host=host, port=port, title=title)
        self.path = path
        self.max_tabs = max_tabs
        self.tabs = 0
        """Tabs running now."""
        self._joining: dict[str, dict[str, str]] = {}  # one-time tab key -> the form's name and code

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/ws/{tab}", self.handle_websocket)
        return app

    async def handle_index(self, request: web.Request) -> Any:
        """The form first; once answered, textual-serve's page, whose websocket
        names a one-time tab key (the name and code stay off every URL it opens)."""
        query = request.query
        if "join" not in query:
            page = FORM.format(title=html.escape(self.title), name=html.escape(query.get("as", "")[:64]), fontsize=_int(query.get("fontsize"), 16))
            return web.Response(text=page, content_type="text/html")
        if len(self._joining) >= 4 * self.max_tabs:
            self._joining.clear()
        key = secrets.token_urlsafe(16)
        self._joining[key] = {"as": query.get("as", "")[:64].strip(), "code": query.get("code", "")[:64].strip()}
        socket_url = f"{self.public_url}/ws/{key}"
        socket_url = ("wss:" if socket_url.startswith("https") else "ws:") + socket_url.split(":", 1)[1]
        context = {
            "font_size": _int(query.get("fontsize"), 16),
            "app_websocket_url": socket_url,
            "config": {"static": {"url": f"{self.public_url}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:
            return True  # not a browser (a browser always sends it on a websocket)
        return origin in (f"http://{request.host}", f"https://{request.host}")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if not self._origin_ok(request):
            raise web.HTTPForbidden(text="encounter serve: this page's origin may not open a players' view")
        if self.tabs >= self.max_tabs:
            raise web.HTTPServiceUnavailable(text=f"encounter serve: {self.max_tabs} tabs are open already (the most it runs); close one")
        query = request.query
        fields = self._joining.pop(request.match_info.get("tab", ""), None)
        if fields is None:
            raise web.HTTPForbidden(text="encounter serve: open the page first (it asks your character and code)")
        width, height, cut = bounded(_int(query.get("width"), 80), _int(query.get("height"), 24))
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=64 * 1024)
        service: AppService | None = None
        self.tabs += 1
        try:
            await websocket.prepare(request)
            service = AppService(tab_command(self.path, fields.get("as") or None, "clamped" if cut else None),
                                 write_bytes=websocket.send_bytes, write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=self.debug)
            environment = {"ENCOUNTER_CODE": fields.get("code", "")}
            _with_environment(service, environment)
            await service.start(width, height)
            await self._messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # noqa: BLE001 - one tab's trouble never ends the server
            log.exception(error)
        finally:
            self.tabs -= 1
            if service is not None:
                await _end(service)
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, service: AppService) -> None:
        """The browser's messages, as textual-serve reads them, with every size bounded."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
                kind, data = envelope[0], envelope[1]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if kind == "stdin" and isinstance(data, str):
                await service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                width, height, _ = bounded(_int(str(data.get("width")), 80), _int(str(data.get("height")), 24))
                await service.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await service.blur()
            elif kind == "focus":
                await service.focus()


def _with_environment(service: AppService, extra: dict[str, str]) -> None:
    """Add ``extra`` to the environment textual-serve gives the tab's process (the code never goes on a command line)."""
    build = service._build_environment

    def environment(width: int = 80, height: int = 24) -> dict[str, str]:
        return {**build(width=width, height=height), **extra}

    service._build_environment = environment  # type: ignore[method-assign]


async def _end(service: AppService) -> None:
    """End a tab's process: textual-serve's quit, then a kill if it lingers."""
    try:
        await asyncio.wait_for(service.stop(), QUIT_SECONDS)
    except (asyncio.TimeoutError, Exception):  # noqa: BLE001
        process = getattr(service, "_process", None)
        if process is not None and process.returncode is None:
            process.kill()


def tab_command(path: Path, as_name: str | None, note: str | None) -> str:
    """The shell command of one tab: this Python's ``encounter play --as
    NAME`` (``watch`` without a name), ``exec``'d so that the tab is one process."""
    words = [sys.executable, "-m", "tui.cli.main"]
    words += ["play", str(Path(path).absolute()), "--as", as_name] if as_name else ["watch", str(Path(path).absolute())]
    prefix = "ENCOUNTER_SIZE_CUT=1 " if note else ""
    return prefix + "exec " + shlex.join(words)
