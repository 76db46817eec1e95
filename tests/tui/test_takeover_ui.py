"""The read-only app offers to take the campaign over from another encounter
(a real second process) and, when the GM says so, reopens it as its writer."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from saves import paths
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tests.saves.test_takeover import _holder
from tui.app import EncounterApp
from tui.screens.choice import ChoiceScreen

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")


async def test_a_read_only_start_offers_the_take_over_and_reopens_with_everything_shown(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    child, shown = _holder(path)
    try:
        app = EncounterApp(Session(Campaign.open(path), random.Random(2)))
        assert app.presenter.session.read_only is not None
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            question = app.screen
            assert isinstance(question, ChoiceScreen)
            assert f"process {child.pid}" in str(question.question) and "Take it over?" in str(question.question)
            assert question.option_ids[0] == "look"  # the safe answer preselected and first: the other is one deliberate step away
            await pilot.press("down", "enter")  # "Take it over" (the holder has a terminal-less, live process: "look" is preselected)
            for _ in range(400):
                if app.take_over_lock is not None:
                    break
                await asyncio.sleep(0.05)
        assert app.take_over_lock is not None and app.return_value == path and app.taken_from == child.pid
        app.presenter.session.close()
        assert child.wait(timeout=30) == 0
        campaign = Campaign.open(path, held_lock=app.take_over_lock)
        assert campaign.read_only is None and len(campaign.load_log()) == shown
        campaign.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


async def test_only_looking_keeps_the_other_encounter_and_read_only(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    paths.remember_campaign(path)
    child, _ = _holder(path)
    try:
        app = EncounterApp(Session(Campaign.open(path), random.Random(2)))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # the preselected "Only look"
            await pilot.pause()
            assert app.presenter.session.read_only is not None and app.take_over_lock is None
            assert child.poll() is None
            await pilot.press("o")  # the GM changes their mind: open the same campaign again, to be asked again
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        assert app.return_value == path
        app.presenter.session.close()
    finally:
        child.kill()
        child.wait()
