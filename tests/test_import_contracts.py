"""The import contracts of pyproject.toml ``[tool.importlinter]`` hold
(layers tui -> saves -> core; the engine never imports a ruleset package;
the apply path never imports the offers; opening a campaign, the first frame
and a ruleset's package import what they defer only where its contract lists
the import with its reason)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).parent / "lint-imports"


@pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (the test extra)")
def test_lint_imports_keeps_every_contract():
    done = subprocess.run([str(LINT), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "broken" in done.stdout and " 0 broken" in done.stdout


def _contract(name: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == name)


def _loaded_after(code: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(done.stdout.split())


_OPEN = """
import random, sys, tempfile
from pathlib import Path
path = Path(tempfile.mkdtemp()) / "demo.json"
import subprocess
subprocess.run([sys.executable, "-c", f"import random; from saves.session import create_demo; create_demo({str(path)!r}, random.Random(1)).close()"], check=True)
import tui.cli.main
from saves.campaign import Campaign
from saves.session import Session
session = Session(Campaign.open(str(path)), random.Random(1))
session.encounter.state.order()
"""


def test_opening_a_campaign_loads_what_its_contract_says_and_nothing_it_forbids():
    """The contract's lists are what start-up does: its sources are loaded by
    opening a campaign, its forbidden modules are not (an ignore entry hides
    an import from lint-imports whether it is deferred or not; this does not)."""
    contract = _contract("Opening a campaign loads no UI, command handler or campaign tool")
    loaded = _loaded_after(_OPEN + "print(*sys.modules)\nsession.close()\n")
    assert set(contract["source_modules"]) <= loaded
    assert not set(contract["forbidden_modules"]) & loaded


def test_the_first_frame_loads_what_its_contract_says_and_nothing_it_forbids():
    contract = _contract("The first frame loads no command handler, search, offer builder or campaign tool")
    loaded = _loaded_after(_OPEN + """
import asyncio
from core.dice import rolls
rolls.warm_up = lambda: None  # d20 loads in a thread after the first frame (tests/saves/test_startup.py)
from tui.app import EncounterApp  # what tui.cli.main loads to start the UI
import tui.app
tui.app.handlers = lambda: None  # the rules load on a timer 0.5 s after the first frame: on a loaded machine before the test looks
tui.app.build_all = lambda screen: None  # the screen's parts: built after the first frame (_warm_up), before the test looks
tui.app.EncounterApp._publish_feed = lambda self, view: None  # the players' feed: its first write (and what players see) follows the first frame (_warm_up), before the test looks
from tui.terminal.key_order import use_escape_then_key_parser
from tui.terminal.quick_exit import quick_exit_driver
from tui.keymap import keymap_path, load_keymap
async def main():
    app = EncounterApp(session, players="off")  # the players' socket (and the offers it checks with) opens 0.5 s after the first frame
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(*sys.modules)
asyncio.run(main())
""")
    assert set(contract["source_modules"]) <= loaded
    assert not set(contract["forbidden_modules"]) & loaded
