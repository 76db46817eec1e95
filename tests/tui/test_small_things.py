"""Issue 11 item 13: small things a GM hits."""

from __future__ import annotations

from core import events as ev
from tests.tui.helpers import demo_app, status_of, type_text
from tui.describe import action_phrase, describe


async def test_undo_past_the_start_says_there_is_nothing_to_undo(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        while app.session.can_undo:
            await pilot.press("u")
        state = app.state
        await pilot.press("u")
        assert "Nothing to undo" in status_of(app) and app.state == state
        while app.session.can_redo:
            await pilot.press("ctrl+r")
        await pilot.press("ctrl+r")
        assert "Nothing to redo" in status_of(app)


def test_an_action_spent_reads_as_english_in_every_ruleset():
    assert [action_phrase(k) for k in ("action", "reaction", "quick", "full", "maneuver", "move", "five_foot_step")] == [
        "an action", "a reaction", "a quick action", "a full action", "a maneuver", "a move action", "a five foot step action",
    ]
    assert describe(ev.ActionSpent("c1", "Ash", "action", 0)).plain == "Ash uses an action (0 left)"


async def test_the_palette_finds_the_more_menu_by_its_words(tmp_path):
    """Ctrl+P, 'end combat', Enter: the . menu's entry runs (and 'bestiary'
    is there too): the palette lists what the menu lists."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [str(c.title) for c in app.get_system_commands(app.screen)]
        assert any("bestiary" in t for t in titles) and any(t.startswith("End combat") for t in titles)
        assert {label for _key, label in app._more_options()} <= set(titles)
        assert app.state.round > 0
        await pilot.press("ctrl+p")
        await type_text(pilot, "end combat")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.round == 0
