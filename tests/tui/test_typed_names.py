"""A name pasted with an escape sequence (``\\x1b[31mOrc``) at 80x24: Textual's key parser hands
the sequence over as the keys ``^[31m`` (a bracketed paste holding ESC), a plain paste keeps the
control characters; either way the dialog's field keeps ``Orc`` alone, says what it removed, and
the creature added is named ``Orc``: nothing of the sequence reaches the screen."""

from __future__ import annotations

from textual import events

from tests.tui.helpers import demo_app, type_text
from tui.screens.prompt import PromptScreen, SafeInput


async def _add_dialog(pilot, app) -> PromptScreen:
    await pilot.press("plus")
    await pilot.pause()
    assert isinstance(app.screen, PromptScreen)
    await pilot.press("ctrl+a", "ctrl+k")
    return app.screen


async def test_an_escape_sequence_reissued_as_keys_is_taken_out_and_said(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _add_dialog(pilot, app)
        await pilot.press("circumflex_accent", "left_square_bracket", "3", "1", "m", "O", "r", "c")  # what the parser gives for ESC [31m Orc
        field = dialog.query_one("#prompt-input", SafeInput)
        assert field.value == "Orc"
        assert "Removed the escape sequence ^[31m" in dialog.shown_hint
        await type_text(pilot, " foe 10")
        await pilot.press("enter")
        await pilot.pause()
        assert [c.name for c in app.presenter.state.combatants if c.name.startswith("Orc")] == ["Orc"]
    app.presenter.session.campaign.close()


async def test_a_paste_with_control_characters_keeps_the_name_and_says_so(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _add_dialog(pilot, app)
        field = dialog.query_one("#prompt-input", SafeInput)
        field.post_message(events.Paste("\x1b[31mOrc\x07 foe 10"))
        await pilot.pause()
        assert field.value == "Orc foe 10"
        assert "Removed control characters" in dialog.shown_hint
    app.presenter.session.campaign.close()


async def test_a_caret_typed_alone_stays(tmp_path):
    """Only an escape sequence's shape is taken out: a name such as ``Orc^2`` is kept as typed."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _add_dialog(pilot, app)
        await type_text(pilot, "Orc^2")
        assert dialog.query_one("#prompt-input", SafeInput).value == "Orc^2" and dialog.removed == ""
    app.presenter.session.campaign.close()
