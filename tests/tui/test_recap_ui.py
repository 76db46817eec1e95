"""The fight's recap from the app ("also from the UI (copy
or save to a file)"): `.` -> Recap, copy or save as Markdown, asking before
replacing a file and never writing over the open campaign."""

from __future__ import annotations

from tests.tui.helpers import demo_app, status_of, type_text


async def _open_recap(pilot, app, choice: str) -> None:
    await pilot.press("full_stop")
    options = app.screen.option_ids
    await pilot.press(*["down"] * options.index("tool:recap"), "enter")
    await pilot.pause()
    assert app.screen.option_ids == ["copy", "save"]
    await pilot.press(*["down"] * ["copy", "save"].index(choice), "enter")
    await pilot.pause()


async def _damage(pilot, amount: str) -> None:
    await pilot.press("d")
    await type_text(pilot, amount)
    await pilot.press("enter")
    await pilot.pause()


async def test_recap_copied_from_the_app_is_the_markdown_of_the_fight(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        target = app.presenter.state.combatant(app.encounter_screen.selected).name
        await _damage(pilot, "4")
        await pilot.press("n")
        await _open_recap(pilot, app, "copy")
        assert app.clipboard == app.encounter_screen.recap.recap_text()
        assert app.clipboard.startswith("# ") and "## Round 1" in app.clipboard
        assert f"| {target} | 0 | 4 |" in app.clipboard
        assert "Copied the recap" in status_of(app)
    app.presenter.session.campaign.close()


async def test_recap_saved_to_a_file_asks_before_replacing_and_refuses_the_campaign(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    out = tmp_path / "notes.md"
    out.write_text("old notes\n")
    async with app.run_test(size=(80, 24)) as pilot:
        await _damage(pilot, "2")
        await _open_recap(pilot, app, "save")
        await pilot.press("ctrl+u")
        await type_text(pilot, str(tmp_path / "demo.json"))
        await pilot.press("enter")
        await pilot.pause()
        assert "never overwritten" in status_of(app) or "in use" in status_of(app)
        assert app.screen.query_one("#prompt-input").value == str(tmp_path / "demo.json")  # the dialog stays, text kept
        await pilot.press("ctrl+u")
        await type_text(pilot, str(out))
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.option_ids == ["keep", "replace"]
        await pilot.press("enter")  # keep
        await pilot.pause()
        assert out.read_text() == "old notes\n"
        await _open_recap(pilot, app, "save")
        await pilot.press("ctrl+u")
        await type_text(pilot, str(out))
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert out.read_text() == app.encounter_screen.recap.recap_text()
        assert "Saved the recap" in status_of(app)
    app.presenter.session.campaign.close()
