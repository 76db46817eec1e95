"""encounter serve in a real headless browser (Chromium from Debian's
packages, driven by Playwright): the players' view reaches the page, with
the foe's HP as a band and never as numbers."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core.combat import commands as cmd
from saves.campaign import Campaign
from saves.watching import publish_campaign
from saves.session import Session, create_demo

CHROMIUM = shutil.which("chromium")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is in the test extra")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium); .ci/run installs it")
ROOT = Path(__file__).resolve().parents[2]
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_browser_tab_shows_the_players_view_without_foe_hit_points(tmp_path):
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    publish_campaign(path)  # the players' feed, as the GM's process writes it
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.Damage("c3", 9))  # the boar: 7/16
    publish_campaign(path)
    session.close()
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "tui.cli.main", "serve", str(path), "--port", str(port)], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        with playwright.sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport={"width": 1200, "height": 760})
            frames: list[str] = []
            page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
            deadline = time.monotonic() + 30
            while True:
                try:
                    page.goto(f"http://127.0.0.1:{port}/?join=1")  # the form answered empty: the party's view
                    break
                except playwright.Error:
                    if time.monotonic() > deadline:
                        raise
                    page.wait_for_timeout(200)
            while not any("bloody" in frame for frame in frames) and time.monotonic() < deadline:
                page.wait_for_timeout(100)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    shown = "".join(frames)
    assert "players' view" in shown and "Boar" in shown and "bloody" in shown
    assert "7/16" not in shown
