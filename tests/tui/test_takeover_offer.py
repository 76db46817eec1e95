"""The take-over question at start (tui.takeover_offer) at 80x24: typing still filters its two
answers, but the quit key is no filter text there: q quits the read-only reader, as on the
main screen, instead of leaving "Filter: q  nothing matches"."""

from __future__ import annotations

import os
import random

from saves import takeover
from saves.campaign import Campaign
from saves.session import Session, create_demo
from tui.app import EncounterApp
from tui.screens.choice import ChoiceScreen


def _reader(tmp_path, monkeypatch) -> EncounterApp:
    """The app on a campaign another encounter of this user holds (it answers take-over requests)."""
    path = tmp_path / "demo.json"
    create_demo(path, random.Random(1)).close()
    holder = takeover.Holder(os.getpid() + 1, True, True, False, "/dev/pts/9", False, 7.0)
    monkeypatch.setattr(takeover, "inspect", lambda _path: holder)
    campaign = Campaign.open(path, read_only=True)
    assert campaign.read_only is not None
    return EncounterApp(Session(campaign, random.Random(2)))


async def test_q_in_the_take_over_question_quits_the_reader(tmp_path, monkeypatch):
    app = _reader(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        question = app.screen
        assert isinstance(question, ChoiceScreen) and question.option_ids == ["look", "take"]
        await pilot.press("l", "o")
        assert question.typed == "lo" and question.shown == ["look"]  # letters still filter
        await pilot.press("backspace", "backspace", "q")
        await pilot.pause()
        assert question.typed == ""  # q was passed on, not typed
        assert app._exit is True or not app.is_running  # the reader quits
    app.presenter.session.campaign.close()
