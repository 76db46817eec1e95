"""keys.json: conflicts, unknown ids and bad names are
refused with a message and the action keeps its default; the file is
bounded in kind, size and nesting; nothing from it reaches the terminal raw."""

from __future__ import annotations

import json
import os
import random
import re
import threading
from pathlib import Path

import pytest

from core.values import limits as lim
from saves.campaign import Campaign
from saves.session import Session
from tests.tui.helpers import demo_app, status_of
from tui.app import EncounterApp
from tui.keymap import load_keymap

README = Path(__file__).resolve().parents[2] / "README.md"


def write(tmp_path: Path, data) -> Path:
    path = tmp_path / "keys.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_the_readme_example_applies_without_a_problem(tmp_path):
    example = re.search(r"`(\{\"next-turn\"[^`]*\})`", README.read_text(encoding="utf-8")).group(1)
    keymap, problems = load_keymap(write(tmp_path, example))
    assert problems == [] and keymap == json.loads(example)


@pytest.mark.parametrize(
    "data, needle",
    [
        ({"damage": "x"}, "'x' for damage is already look's key; damage stays on d"),
        ({"next-turn": "q"}, "already quit's key"),
        ({"heal": "f1"}, "already help's key"),
        ({"next-turn": "ctrl+c"}, "'ctrl+c' quits"),
        ({"next-turn": "tab"}, "moves between panes"),
        ({"fly": "f"}, "unknown action 'fly'"),
        ({"damage": "spcae"}, "'spcae' is not a key name"),
        ({"damage": 3}, "must be text"),
        ({"damage": "ctrl+" * 20 + "x"}, f"longer than {lim.MAX_KEY_NAME}"),
    ],
)
def test_a_binding_that_cannot_apply_is_refused_and_the_default_stays(tmp_path, data, needle):
    keymap, problems = load_keymap(write(tmp_path, data))
    assert keymap == {}
    assert len(problems) == 1 and needle in problems[0], problems


def test_a_refused_binding_that_frees_nothing_refuses_the_one_that_needed_it(tmp_path):
    # damage cannot take x (look's); it stays on d, so heal cannot take d either.
    keymap, problems = load_keymap(write(tmp_path, {"damage": "x", "heal": "d", "next-turn": "f5"}))
    assert keymap == {"next-turn": "f5"} and len(problems) == 2


def test_a_swap_and_characters_as_keys_apply(tmp_path):
    keymap, problems = load_keymap(write(tmp_path, {"damage": "x", "look": "d", "add-combatant": "=", "help": "?, f2"}))
    assert problems == []
    assert keymap == {"damage": "x", "look": "d", "add-combatant": "equals_sign", "help": "question_mark,f2"}


@pytest.mark.parametrize("data", [{"\x1b[2J\x1b]0;pwned\x07": "x"}, {"damage": "\x1b[31m"}, '{"damage": "\\ud800"}', '{"\\u202e": "x"}'])
def test_text_from_the_file_is_escaped_in_messages(tmp_path, data):
    _, problems = load_keymap(write(tmp_path, data))
    assert problems
    for message in problems:
        assert message.isprintable(), message
        message.encode("utf-8")  # no lone surrogate


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    _, problems = load_keymap(write(tmp_path, "[" * 5000 + "]" * 5000))
    assert len(problems) == 1 and f"nested deeper than {lim.MAX_KEYMAP_DEPTH}" in problems[0]


def test_a_file_over_the_size_limit_is_ignored(tmp_path):
    data = {"next-turn": "f5", "notes": "x" * lim.MAX_KEYMAP_BYTES}
    keymap, problems = load_keymap(write(tmp_path, data))
    assert keymap == {} and f"larger than {lim.MAX_KEYMAP_BYTES} bytes" in problems[0]


def _load_soon(path: Path):
    result: list = []
    worker = threading.Thread(target=lambda: result.append(load_keymap(path)), daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading the key map hung"
    return result[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path):
    path = tmp_path / "keys.json"
    os.mkfifo(path)
    keymap, problems = _load_soon(path)
    assert keymap == {} and "named pipe (FIFO), not a file" in problems[0]


@pytest.mark.parametrize("kind", ["folder", "device"])
def test_a_folder_or_a_device_is_refused(tmp_path, kind):
    path = tmp_path / "keys.json"
    if kind == "folder":
        path.mkdir()
    else:
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero")
        path.symlink_to("/dev/zero")
    keymap, problems = _load_soon(path)
    assert keymap == {} and f"is a {kind}, not a file" in problems[0]


async def test_the_app_starts_with_the_default_key_and_says_why(tmp_path):
    keymap, problems = load_keymap(write(tmp_path, {"damage": "x", "next-turn": "f5"}))
    demo_app(tmp_path / "demo.json").presenter.session.campaign.close()
    session = Session(Campaign.open(tmp_path / "demo.json"), random.Random(1))
    app = EncounterApp(session, notice="; ".join(problems), keymap=keymap)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "damage stays on d" in status_of(app)
        first = app.presenter.state.current
        await pilot.press("f5")
        assert app.presenter.state.current != first
        await pilot.press("d")
        assert type(app.screen).__name__ == "PromptScreen"  # damage is still on d


async def test_help_lists_every_key_map_problem(tmp_path):
    """A try-out's three keys.json problems were cut to one status line at
    start ("...roll: 'nota..."): the status names the first and says ? lists
    them, and the help screen shows every one in full."""
    from tui.screens.help import HelpScreen

    data = {"damage": "x", "heal": "d", "roll": "nota key", "next-turn": "f5"}
    keymap, problems = load_keymap(write(tmp_path, data))
    assert len(problems) >= 2
    demo_app(tmp_path / "demo.json").presenter.session.campaign.close()
    session = Session(Campaign.open(tmp_path / "demo.json"), random.Random(1))
    app = EncounterApp(session, notice=f"{problems[0]} (and {len(problems) - 1} more): ? lists them", keymap=keymap, keymap_problems=problems)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "heal stays on h" in shot  # not the first problem, which the status line names


async def test_help_says_how_to_close_it_on_its_first_line(tmp_path):
    """A try-out never found how to close the help: its only hint was at
    the bottom of a list longer than 24 rows."""
    from tui.screens.help import HelpScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Esc" in str(app.screen.query_one("#help-title").render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
