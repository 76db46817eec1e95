"""The footer is rebuilt only when its keys change, and full garbage
collections wait for a pause (the longest stall)."""

from __future__ import annotations

import gc
import threading
import time

from saves import fold_plan
from tests.tui.helpers import demo_app
from tui.terminal import idle_gc
from tui.terminal.idle_gc import IDLE_SECONDS, YOUNG_BACKSTOP
from tui.widgets.quiet_footer import QuietFooter


async def test_undo_redo_and_a_dialog_leave_the_footer_alone(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.query_one(QuietFooter)

        def shown():
            return [(entry.key_display, entry.label, entry.action) for entry in footer.entries]

        entries, keys = footer.entries, shown()
        for key in ("n", "u", "ctrl+r", "d", "escape", "e", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert footer.entries is entries and shown() == keys  # nothing rebuilt, nothing changed
        await pilot.press("m")  # move mode: other keys, so the footer changes
        await pilot.pause()
        assert [label for _key, label, _action in shown()] == ["Move here", "Cancel", "Quit"]
        assert not footer.children  # drawn by the footer itself: no key widgets to lay out
        await pilot.press("escape")
        await pilot.pause()
        assert shown() == keys


async def test_full_collections_and_folds_wait_for_a_pause(tmp_path, monkeypatch):
    # The test asks collect_if_idle itself: the App's own look every CHECK_SECONDS would
    # race it (a collection it ran in the loop below left nothing due for the test's).
    monkeypatch.setattr(idle_gc, "CHECK_SECONDS", 3600.0)
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_threshold()[2] > 1_000_000  # Python's own full collections are off
        for _ in range(3):
            gc.collect(1)  # a full collection is now due
        await pilot.press("n")
        assert app.collect_if_idle() is False  # a key just came
        app.last_input = time.monotonic() - IDLE_SECONDS - 0.1
        with monkeypatch.context() as typed_ahead:
            typed_ahead.setattr(type(app), "keys_waiting", property(lambda self: 1))  # a key read, not handled yet
            assert app.collect_if_idle() is False
        for _ in range(50):
            await pilot.pause(0.02)
            if fold_plan.between_frames.is_set():
                break
        assert fold_plan.between_frames.is_set()  # the key's frame is drawn: a fold beside the game may go on
        assert app.collect_if_idle() is True
        assert app.collect_if_idle() is False  # nothing due any more
    assert gc.get_threshold()[2] < 1_000  # as it was once the app ends


async def test_young_collections_wait_for_the_frame(tmp_path):
    """A key's frame shares the interpreter with no young collection: Python's
    own wait for YOUNG_BACKSTOP allocations (a few keys), and the app collects
    the young generations itself once the frame is drawn and no key waits."""
    app = demo_app(tmp_path / "demo.json")
    seen: list[tuple[int, bool]] = []

    def watch(phase, info):
        if phase == "start":
            seen.append((info["generation"], fold_plan.between_frames.is_set()))

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(200):  # the warm-up after the first frame (d20's grammar, the players' socket, the rules) allocates too: done first
            if app.requests is not None and not any(thread.name == "dice-warm-up" for thread in threading.enumerate()):
                break
            await pilot.pause(0.05)
        assert gc.get_threshold()[:1] == (10_000,) == (YOUNG_BACKSTOP,)
        gc.callbacks.append(watch)
        try:
            await pilot.press("n")
            for _ in range(50):
                await pilot.pause(0.02)
                if seen:
                    break
        finally:
            gc.callbacks.remove(watch)
        assert seen and seen[0] == (1, True)  # generations 0 and 1, between frames
    assert gc.get_threshold()[0] < 1_000  # as it was once the app ends


async def test_a_map_mode_left_and_a_dialog_opened_in_one_burst_leave_no_stale_keys(tmp_path):
    """A try-out typed ``m``, Esc and ``r`` quickly: the roll dialog sat over
    a footer still offering "Move here"; it shows the GM's keys (waiting)."""
    from tui.screens.prompt import PromptScreen

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.encounter_screen.query_one(QuietFooter)
        await pilot.press("m", "escape", "r")
        for _ in range(5):
            await pilot.pause(0.02)
        assert isinstance(app.screen, PromptScreen)
        actions = [entry.action for entry in footer.entries]
        assert "next_turn" in actions and not any("move_here" in a or "confirm" in a or a == "pick" for a in actions), actions


async def test_the_app_turns_collection_on_as_it_mounts_what_is_alive_frozen(tmp_path):
    """start-up: the ``encounter`` program starts with collection
    off (tui/program.py: loading makes nothing to free, and the passes cost
    about 80 ms of the start); the App turns it on as it mounts, after
    freezing what is alive, and a second App in the process finds it on."""
    gc.disable()
    try:
        app = demo_app(tmp_path / "demo.json")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert gc.isenabled()
            assert gc.get_freeze_count() > 0
    finally:
        gc.enable()


def test_the_commands_that_run_no_game_turn_collection_on(tmp_path, capsys):
    """``encounter recap`` (and watch, serve, the map and creature commands)
    never mount the App: the command itself turns collection back on."""
    import random

    from saves.session import create_demo
    from tui.cli import main as cli

    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    gc.disable()
    try:
        assert cli.main(["recap", str(path)]) == 0
        assert gc.isenabled()
    finally:
        gc.enable()


def test_the_encounter_program_starts_with_collection_off(tmp_path, monkeypatch):
    """tui.program.run: off before tui.cli.main (and with it core and saves) loads."""
    import sys
    import types

    from tui import program

    seen = {}
    fake_cli = types.SimpleNamespace(run=lambda: seen.setdefault("enabled", gc.isenabled()))
    monkeypatch.setitem(sys.modules, "tui.cli.main", fake_cli)
    try:
        program.run()
    finally:
        gc.enable()
    assert seen == {"enabled": False}


async def test_a_click_on_a_footer_key_presses_it(tmp_path):
    """The footer draws its keys itself: a click on ``m Move`` starts the move
    mode as the key does; a click between two keys does nothing."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.encounter_screen.query_one(QuietFooter)
        labels = [entry.label for entry in footer.entries]
        x = next(start for (start, _end), entry in zip(footer.spans, footer.entries) if entry.label == "Move")
        gap = footer.spans[0][1]  # the cell after the first key: between keys
        assert footer.entry_at(gap) is None
        await pilot.click(QuietFooter, offset=(gap, 0))
        await pilot.pause()
        assert [entry.label for entry in footer.entries] == labels
        await pilot.click(QuietFooter, offset=(x, 0))
        await pilot.pause()
        assert [entry.label for entry in footer.entries][:2] == ["Move here", "Cancel"]
