"""The campaign picker: list, open, create, rename, duplicate, delete, export, import."""

from __future__ import annotations

import random

from textual.app import App

from saves import paths
from saves.campaign import Campaign
from saves.session import create_demo
from tests.tui.helpers import type_text
from tui.screens.campaign_picker import CampaignPicker


class Host(App[None]):
    """A bare app that shows the picker and keeps what it dismissed."""

    def __init__(self, current=None) -> None:
        super().__init__()
        self.result = "not yet"
        self.current = current

    def on_mount(self) -> None:
        self.push_screen(CampaignPicker(current=self.current), self._done)

    def _done(self, value) -> None:
        self.result = value


def _make(name: str, stem: str):
    path = paths.campaigns_dir() / f"{stem}.json"
    create_demo(path, random.Random(1), name=name).close()
    return path


async def _answer(pilot, text: str) -> None:
    """Fill the open prompt with ``text`` and press Enter."""
    await pilot.pause()
    pilot.app.screen.query_one("#prompt-input").value = text
    await pilot.press("enter")
    await pilot.pause()


async def test_lists_campaigns_and_opens_the_chosen_one():
    moor, ford = _make("The moor", "moor"), _make("The ford", "ford")
    paths.remember_campaign(ford)
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.screen
        assert isinstance(picker, CampaignPicker)
        assert [s.path for s in picker.summaries] == [ford.resolve(), moor]  # recent first
        await pilot.press("down", "enter")
        await pilot.pause()
    assert app.result == moor


async def test_a_broken_file_is_listed_with_its_problem_and_not_opened():
    _make("Fine", "fine")
    broken = paths.campaigns_dir() / "broken.json"
    broken.write_bytes(b"")
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.screen
        index = next(i for i, s in enumerate(picker.summaries) if s.path == broken)
        assert "empty" in picker.summaries[index].problem
        picker.query_one("#campaign-list").highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is picker and "Cannot open" in str(picker.query_one("#picker-status").render())
    assert broken.read_bytes() == b""


async def test_create_rename_duplicate_and_delete_with_confirmation():
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.screen
        await pilot.press("n")
        await type_text(pilot, "Night raid")
        await pilot.press("enter")
        await pilot.pause()
        [created] = picker.summaries
        assert created.name == "Night raid"

        await pilot.press("r")
        await _answer(pilot, "Dawn raid")
        assert Campaign.open(created.path, read_only=True).name == "Dawn raid"

        await pilot.press("c")
        await pilot.press("enter")  # accept "Copy of Dawn raid"
        await pilot.pause()
        assert sorted(s.name for s in picker.summaries) == ["Copy of Dawn raid", "Dawn raid"]

        copy = next(s for s in picker.summaries if s.name.startswith("Copy"))
        picker.query_one("#campaign-list").highlighted = picker.summaries.index(copy)
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")  # the first choice is "No, keep it"
        await pilot.pause()
        assert copy.path.exists()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert not copy.path.exists()
        assert [s.name for s in picker.summaries] == ["Dawn raid"]


async def test_export_then_import(tmp_path):
    source = _make("Exported", "exported")
    target = tmp_path / "out.json"
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.screen
        await pilot.press("e")
        await _answer(pilot, str(target))
        assert target.exists()
        await pilot.press("i")
        await _answer(pilot, str(target))
        assert len(picker.summaries) == 2
        imported = next(s for s in picker.summaries if s.path != source)
        assert Campaign.open(imported.path, read_only=True).load_state() == Campaign.open(source, read_only=True).load_state()


async def test_the_open_campaign_is_renamed_through_it_and_cannot_be_deleted():
    path = _make("Open one", "open")
    current = Campaign.open(path)
    app = Host(current=current)
    async with app.run_test(size=(100, 30)) as pilot:
        picker = app.screen
        await pilot.press("x")
        await pilot.pause()
        assert "is open" in str(picker.query_one("#picker-status").render()) and path.exists()
        await pilot.press("r")
        await _answer(pilot, "Still open")
        assert current.name == "Still open"
    current.close()
    assert Campaign.open(path, read_only=True).name == "Still open"
