"""encounter serve leaves no process behind: a browser tab's ``encounter
watch`` ends when its connection or its server is gone (tui/terminal/served_driver.py).

The server runs in a session of its own, so every process it started (the
tabs' shells and views) is found by its session id, even once orphaned."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from saves.watching import publish_campaign
from saves.session import create_demo

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the server's processes in /proc")
ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0
"""Seconds a process is given to end: generous, for a loaded machine."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _in_session(sid: int) -> list[int]:
    """Live processes (not zombies) of session ``sid``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[0] != "Z" and int(fields[3]) == sid:
            found.append(int(name))
    return found


def _left_after(sid: int) -> list[int]:
    """Processes of session ``sid`` still there after :data:`WAIT` seconds at most."""
    deadline = time.monotonic() + WAIT
    while (left := _in_session(sid)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


async def _tab_url(http: aiohttp.ClientSession, port: int, query: str = "join=1") -> str:
    """The websocket address the served page opens (a one-time tab key), once the server answers."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            async with http.get(f"http://127.0.0.1:{port}/?{query}") as page:
                found = re.search(r'ws://[^"]+/ws/[A-Za-z0-9_-]+', await page.text())
                assert found, "the page names no websocket"
                return found.group(0).replace("ws://", "http://")
        except aiohttp.ClientConnectionError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def _open_tab(http: aiohttp.ClientSession, port: int) -> aiohttp.ClientWebSocketResponse:
    """A browser tab's websocket, once the players' view has drawn on it."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            socket_ = await http.ws_connect(await _tab_url(http, port) + "?width=100&height=30")
            break
        except aiohttp.ClientError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)
    await socket_.send_json(["resize", {"width": 100, "height": 30}])
    drawn = ""
    while "players' view" not in drawn:
        message = await asyncio.wait_for(socket_.receive(), WAIT)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        drawn += message.data.decode("utf-8", "replace")
    return socket_


@pytest.fixture
def server(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)  # the players' feed, as the GM's process writes it
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "tui.cli.main", "serve", str(path), "--port", str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    yield process, port
    for pid in _in_session(process.pid):  # whatever a failed test left
        os.kill(pid, signal.SIGKILL)
    process.wait(timeout=WAIT)


async def test_a_tab_ends_when_its_server_dies_without_a_word(server):
    process, port = server
    async with aiohttp.ClientSession() as http:
        tab = await _open_tab(http, port)
        assert len(_in_session(process.pid)) >= 2  # the server and the tab's view
        process.kill()  # no quit reaches the tab: only its stdin ends
        process.wait(timeout=WAIT)
        assert _left_after(process.pid) == []
        await tab.close()


def _transport(tab: aiohttp.ClientWebSocketResponse) -> asyncio.Transport:
    """The TCP transport under a websocket (aiohttp keeps it private: from 3.14 the
    response lets go of its connection once upgraded, the websocket's writer holds it)."""
    connection = tab._response.connection
    return connection.transport if connection is not None and connection.transport is not None else tab._writer.transport


async def test_no_tab_outlives_the_server_after_a_browser_quits_abruptly(server):
    process, port = server
    async with aiohttp.ClientSession() as http:
        dropped = await _open_tab(http, port)
        kept = await _open_tab(http, port)
        _transport(dropped).abort()  # a browser killed, not a tab closed
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=WAIT)
        assert _left_after(process.pid) == []
        await kept.close()


STUCK_APP = """
import os
import time
from textual.app import App
from tui.terminal.served_driver import ServedDriver

class Stuck(App):
    def on_mount(self):
        self.set_timer(0.1, self.stuck)

    def stuck(self):
        os.write(2, b"stuck\\n")  # Textual captures print()
        while True:  # an App that never again reads its messages (ExitApp neither)
            time.sleep(0.05)

Stuck(driver_class=ServedDriver).run()
"""


def test_a_view_too_busy_to_exit_is_ended_once_its_server_is_gone():
    env = dict(os.environ, COLUMNS="80", ROWS="24")
    env.pop("TEXTUAL_DRIVER", None)
    process = subprocess.Popen([sys.executable, "-c", STUCK_APP], cwd=ROOT, env=env, stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        assert process.stderr.readline() == b"stuck\n"
        process.stdin.close()  # the server is gone
        assert process.wait(timeout=WAIT) == 1
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


async def test_a_tab_needs_the_page_and_its_origin_and_the_tabs_are_capped(server):
    process, port = server
    async with aiohttp.ClientSession() as http:
        await _tab_url(http, port)  # the server is up
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24")  # no tab key from the page
        assert refused.value.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(await _tab_url(http, port) + "?width=80&height=24", origin="http://evil.example")
        assert refused.value.status == 403
        async with http.get(f"http://127.0.0.1:{port}/") as form:
            assert "Invite code" in await form.text()  # the page asks the name and code first


async def test_a_huge_size_is_cut_to_the_bound_and_a_closed_tab_ends_its_process(server):
    from tui.terminal.served_tabs import MAX_COLUMNS, MAX_ROWS

    process, port = server
    async with aiohttp.ClientSession() as http:
        tab = await http.ws_connect(await _tab_url(http, port) + "?width=3000&height=3000")
        await asyncio.wait_for(tab.receive(), WAIT)  # the view has started
        views = [pid for pid in _in_session(process.pid) if pid != process.pid]
        assert views
        environ = Path(f"/proc/{views[0]}/environ").read_bytes().split(b"\0")
        assert f"COLUMNS={MAX_COLUMNS}".encode() in environ and f"ROWS={MAX_ROWS}".encode() in environ
        await tab.close()
        deadline = time.monotonic() + WAIT
        while any(pid in _in_session(process.pid) for pid in views) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        assert not any(pid in _in_session(process.pid) for pid in views)
