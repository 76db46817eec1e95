"""Regenerate the pictures in screenshots/: ``python screenshots/make.py``
(or only some: ``python screenshots/make.py group-80x24 odds-map-120x40``).

Each picture is the real app on the seeded demo campaign, driven by Pilot,
saved as SVG by Textual and converted to PNG with ``rsvg-convert`` (Debian:
librsvg2-bin) or, failing that, CairoSVG.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from saves import paths  # noqa: E402
from saves.campaign import Campaign  # noqa: E402
from saves.session import Session, create_demo  # noqa: E402
from tui.app import EncounterApp  # noqa: E402


async def _shoot(name: str, size: tuple[int, int], keys: list[str], folder: Path) -> Path:
    os.environ["ENCOUNTER_HOME"] = str(folder / name)
    path = paths.demo_path()
    create_demo(path, random.Random(3)).close()
    paths.remember_campaign(path)
    app = EncounterApp(Session(Campaign.open(path), random.Random(4)))
    try:
        async with app.run_test(size=size) as pilot:
            for key in keys:
                if key.startswith("sleep:"):  # time for the forecast's workers to play fights
                    await pilot.pause(float(key.removeprefix("sleep:")))
                else:
                    await pilot.press(key)
            await pilot.pause()
            svg = HERE / f"{name}.svg"
            app.save_screenshot(filename=svg.name, path=str(HERE))
    finally:
        app.presenter.session.campaign.close()
    return svg


def _for_raster(svg_text: str) -> bytes:
    """Textual's SVG with plain, preserved spaces: librsvg draws the
    non-breaking spaces that start a run of text with no width (then
    stretches the run to its textLength), so "Boar initiative" came out
    as "Boarinitiative" and table columns slid left."""
    return svg_text.replace("&#160;", " ").replace("<svg ", '<svg xml:space="preserve" ', 1).encode("utf-8")


def _to_png(svg: Path) -> None:
    png = svg.with_suffix(".png")
    data = _for_raster(svg.read_text(encoding="utf-8"))
    if shutil.which("rsvg-convert"):
        subprocess.run(["rsvg-convert", "-o", str(png)], input=data, check=True)
        return
    try:
        import cairosvg
    except ImportError:
        print(f"no rsvg-convert or cairosvg: kept {svg.name} only")
        return
    cairosvg.svg2png(bytestring=data, write_to=str(png))


SHOTS = {
    "main-80x24": ((80, 24), []),
    "main-160x48": ((160, 48), []),
    "main-200x60": ((200, 60), ["down", "t", "1", "d", "6", "space", "s", "l", "a", "s", "h", "i", "n", "g"]),
    "map-200x60": ((200, 60), ["e", "down", "down", "down", "down", "down", "enter", "enter", "2", "space", "3", "enter", "n", "n", "n"]),
    "main-120x40": ((120, 40), ["n"]),
    "move-80x24": ((80, 24), ["m", "down", "down", "left"]),
    "sheet-log-80x24": ((80, 24), ["e", "down", "down", "down", "down", "down", "enter", "enter", "2", "space", "3", "enter", "l"]),
    "check-dialog-80x24": ((80, 24), ["c", "S", "T", "R"]),
    "area-120x40": ((120, 40), ["z", "down", "down", "enter", "down", "down", "r"]),
    "help-80x24": ((80, 24), ["question_mark"]),
    "campaigns-80x24": ((80, 24), ["o"]),
}


def _player_campaign(folder: Path) -> Path:
    """The demo with the boar hurt and one party move: what a players' view shows."""
    from core.combat import commands as cmd

    os.environ["ENCOUNTER_HOME"] = str(folder / "player")
    path = paths.demo_path()
    create_demo(path, random.Random(3)).close()
    session = Session(Campaign.open(path), random.Random(4))
    session.commit(cmd.Damage("c3", 9))
    session.close()
    from saves.watching import publish_campaign

    publish_campaign(path)  # the players' feed, as the GM's app writes it: the players' views read only the feed
    return path


async def _shoot_player(name: str, size: tuple[int, int], path: Path) -> Path:
    from tui.player import PlayerApp

    app = PlayerApp(path, follow=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        svg = HERE / f"{name}.svg"
        app.save_screenshot(filename=svg.name, path=str(HERE))
    return svg


def _shoot_browser(path: Path, viewport: tuple[int, int] = (1200, 760), name: str = "player-browser.png") -> None:
    """``encounter serve`` in headless Chromium (Debian's), through Playwright,
    in a window of ``viewport`` pixels, saved as ``name``."""
    import socket

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(f"no playwright: {name} not made")
        return
    chromium = shutil.which("chromium")
    if chromium is None:
        print(f"no chromium: {name} not made")
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "tui.cli.main", "serve", str(path), "--port", str(port)], cwd=HERE.parent,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=chromium, args=BROWSER_FLAGS)
            page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
            frames: list[str] = []
            page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
            for _ in range(50):
                try:
                    page.goto(f"http://127.0.0.1:{port}/")
                    break
                except Exception:  # the server is still starting
                    page.wait_for_timeout(100)
            join = page.get_by_role("button", name="Join")
            if join.count():  # the invite page: both fields empty watch the party's view
                join.click()
            for _ in range(200):  # until the app has drawn its first frame (textual-serve starts it itself)
                if any("Round" in frame for frame in frames):
                    break
                page.wait_for_timeout(100)
            page.wait_for_timeout(1500)
            page.screenshot(path=str(HERE / name))
            browser.close()
    finally:
        server.terminate()
        server.wait()
    print(f"wrote screenshots/{name}")


BROWSER_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def _typed(text: str) -> list[str]:
    return ["space" if ch == " " else {";": "semicolon", "+": "plus", ",": "comma"}.get(ch, ch) for ch in text] + ["enter"]


SHOTS.update({
    "battle-80x24": ((80, 24), ["W", "s", *_typed("North 10000 str 2 cha 1"), *_typed("South 7000 str 3 cha 2"),
                                *_typed("Ayla 2 +4; Brom 1 +3"), "enter", "enter"]),
    "travel-80x24": ((80, 24), ["J", "g", "ctrl+a", "ctrl+k", *_typed("Ayla 3, Pony 2"), "l", *_typed("road 12; forest 21 rain; swamp 6")]),
    "time-80x24": ((80, 24), ["T", "t", *_typed("Rex 2: fetch by Ayla"), "r", *_typed("sand in the eyes"),
                              "a", *_typed("3d 4h march")]),
    "night-fog-80x24": ((80, 24), ["L", "ctrl+a", "ctrl+k", *_typed("night fog"), "down", "t", *_typed("1d6 piercing ranged")[:-1]]),
})

# a group added in one line, a reminder firing with its check offered, the odds map.
SHOTS.update({
    "group-80x24": ((80, 24), ["plus", *_typed("4 Wolf foe 2d8+2")[:-1]]),
    "reminder-80x24": ((80, 24), ["down", "R", "enter", *_typed("save ends | BODY 12"), "n"]),
    "odds-map-120x40": ((120, 40), ["down", "t", *_typed("1d6 piercing ranged")[:-1], "escape", "m", "left", "left", "down"]),
})

# the forecast of the demo fight, and a what-if branch compared with it.
SHOTS.update({
    "forecast-80x24": ((80, 24), ["F", "sleep:6"]),
    "what-if-120x40": ((120, 40), ["F", "sleep:3", "w", "sleep:1", "home", "d", "9", "enter", "sleep:1", "F", "sleep:6"]),
})


def main(only: list[str] | None = None) -> None:
    """Every picture, or only those named (``make.py group-80x24``)."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, (size, keys) in SHOTS.items():
            if only and name not in only:
                continue
            svg = asyncio.run(_shoot(name, size, keys, Path(tmp)))
            _to_png(svg)
            print(f"wrote {svg.relative_to(HERE.parent)} (+ .png)")
        if only:
            return
        path = _player_campaign(Path(tmp))
        for name, size in (("player-80x24", (80, 24)), ("player-120x40", (120, 40))):
            svg = asyncio.run(_shoot_player(name, size, path))
            _to_png(svg)
            print(f"wrote {svg.relative_to(HERE.parent)} (+ .png)")
        _shoot_browser(path)
        _shoot_browser(path, (1920, 1080), "player-browser-1920x1080.png")


if __name__ == "__main__":
    main(sys.argv[1:])
