"""Export from the campaign picker asks before replacing a file and never
overwrites the open campaign."""

from __future__ import annotations

from saves.campaign import Campaign
from tests.tui.test_campaign_picker import Host, _answer, _make
from tui.screens.choice import ChoiceScreen


async def test_export_over_an_existing_file_asks_and_keeping_it_writes_nothing(tmp_path):
    _make("Exported", "exported")
    target = tmp_path / "notes.json"
    target.write_text("my notes")
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e")
        await _answer(pilot, str(target))
        assert isinstance(app.screen, ChoiceScreen) and "already exists" in str(app.screen.question)
        await pilot.press("enter")  # "No, keep that file"
        await pilot.pause()
        assert target.read_text() == "my notes"
        await pilot.press("e")
        await _answer(pilot, str(target))
        await pilot.press("down", "enter")  # "Yes, replace it"
        await pilot.pause()
    assert Campaign.open(target, read_only=True).name == "Exported"


async def test_export_onto_the_open_campaign_is_refused(tmp_path):
    path = _make("Open one", "open")
    (path.parent / "sub").mkdir()
    current = Campaign.open(path)
    before = path.read_bytes()
    app = Host(current=current)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e")
        await _answer(pilot, str(path.parent / "sub" / ".." / path.name))
        assert "being exported" in str(app.screen.query_one("#picker-status").render())
    current.close()
    assert path.read_bytes() == before
