"""``F``: the skirmish forecast beside the UI, in its own process, and the tactics it plays."""

from __future__ import annotations

import asyncio
import random

import pytest

from core.values.tactics import Plan
from tests.tui.helpers import demo_app, type_text
from tui.screens.forecast import ForecastScreen
from tui.widgets.initiative_tracker import InitiativeTracker


async def settled(app, pilot, seconds: float = 60.0):
    runner = app.encounter_screen.forecasting.runner
    for _ in range(int(seconds / 0.1)):
        if runner.reading is not None and runner.reading.done:
            return runner.reading
        await asyncio.sleep(0.1)
    raise AssertionError(f"no forecast after {seconds} s: {runner.reading}")


@pytest.mark.asyncio
async def test_forecast_runs_in_a_worker_and_follows_each_action(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        forecasting = app.encounter_screen.forecasting
        forecasting.most, forecasting._seeds = 40, random.Random(7)
        assert forecasting.runner is None  # off until the GM asks
        await pilot.press("F")
        assert isinstance(app.screen, ForecastScreen)
        first = await settled(app, pilot)
        assert first.tally.runs == 40 and "Party wins" in app.screen.body_text
        await pilot.press("escape")
        tracker = app.encounter_screen.query_one(InitiativeTracker)
        assert tracker.border_title.endswith(first.party_text())
        await pilot.press("n")  # a new state: a new forecast of it
        await pilot.pause()
        assert forecasting.runner.generation > first.generation
        second = await settled(app, pilot)
        assert second.generation == forecasting.runner.generation and second.tally.runs == 40
        processes = forecasting.runner.processes
        assert processes
    assert all(process.poll() is not None for process in processes)  # the workers end with the app


@pytest.mark.asyncio
async def test_tactics_set_from_the_forecast_are_an_undoable_action(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        app.encounter_screen.forecasting.most = 8
        boar = next(c for c in app.presenter.state.combatants if c.name == "Boar")
        app.encounter_screen.select(boar.id)
        await pilot.press("F", "t", *["backspace"] * 10)
        await type_text(pilot, "flee below 4")
        await pilot.press("enter")
        await pilot.pause()
        assert app.presenter.state.combatant(boar.id).tactics.plan is Plan.FLEE
        await pilot.press("F", "t", *["backspace"] * 14)
        await type_text(pilot, "gm")
        await pilot.press("enter", "F")
        await pilot.pause()
        assert "Cannot guess: Boar" in app.screen.body_text
        await pilot.press("escape", "u", "u")
        await pilot.pause()
        assert app.presenter.state.combatant(boar.id).tactics.plan is Plan.APPROACH
        app.encounter_screen.forecasting.close()


@pytest.mark.asyncio
async def test_a_what_if_is_played_with_the_usual_keys_then_dropped_or_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("ENCOUNTER_HOME", str(tmp_path / "home"))
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        forecasting = app.encounter_screen.forecasting
        forecasting.most = 8
        hp = lambda: {c.id: c.hp for c in app.presenter.state.combatants}  # noqa: E731
        real = hp()
        selected = app.encounter_screen.selected
        await pilot.pause()  # the opening state's feed is written once the first frame is out
        app.feed.wait(10)
        feed = app.feed.folder / "party.json"
        shown_to_players = feed.read_bytes()
        await pilot.press("F")
        real_reading = await settled(app, pilot)
        await pilot.press("escape", "F", "w", "d", "5", "enter")
        await pilot.pause()
        assert forecasting.branch is not None and hp()[selected] == real[selected] - 5
        app.feed.wait(10)
        assert feed.read_bytes() == shown_to_players  # the players' view never shows a what-if
        tracker = app.encounter_screen.query_one(InitiativeTracker)
        assert "WHAT-IF" in str(tracker.border_title) and tracker.has_class("-what-if")
        await pilot.press("F")
        assert "WHAT-IF, 1 action in" in str(app.screen.query_one("#forecast-branch").render())
        await pilot.press("d")
        await pilot.pause()
        assert forecasting.branch is None and hp() == real and "WHAT-IF" not in str(tracker.border_title)
        assert forecasting.runner.reading.tally == real_reading.tally  # the real fight's forecast is back at once
        assert str(tracker.border_title).endswith(real_reading.party_text())
        await pilot.press("F", "w", "d", "5", "enter", "F", "k")
        await pilot.pause()
        assert forecasting.branch is None and hp()[selected] == real[selected] - 5
        await pilot.press("u")
        await pilot.pause()
        assert hp() == real
        forecasting.close()


@pytest.mark.asyncio
async def test_q_in_a_what_if_asks_whether_to_keep_it_and_a_hang_up_is_said_at_the_next_start(tmp_path, monkeypatch):
    """A try-out: ``F w``, ``d 1 Enter``, ``q`` quit at once and the branch
    was gone. q now asks: make it the real fight, drop it, or stay. A
    hang-up in a what-if drops it (the screen closes with the branch open),
    and the next start says so, once."""
    from tui.screens.choice import ChoiceScreen

    monkeypatch.setenv("ENCOUNTER_HOME", str(tmp_path / "home"))
    path = tmp_path / "demo.json"
    app = demo_app(path)
    async with app.run_test(size=(80, 24)) as pilot:
        forecasting = app.encounter_screen.forecasting
        forecasting.most = 8
        selected = app.encounter_screen.selected
        real = app.presenter.state.combatant(selected).hp
        await pilot.press("F", "w", "d", "1", "enter", "q")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and "what-if" in str(app.screen.query_one("#prompt-title").render())
        await pilot.press("escape")  # stay
        await pilot.pause()
        assert app.is_running and forecasting.branch is not None and app.return_code is None
        await pilot.press("q")
        await pilot.pause()
        app.screen.dismiss("keep")
        await pilot.pause()
        assert forecasting.branch is None and app.return_code == 0  # kept, then quit
    app.presenter.session.campaign.close()
    reopened = demo_app(path)
    async with reopened.run_test(size=(80, 24)) as pilot:
        assert reopened.presenter.state.combatant(selected).hp == real - 1  # the kept what-if is the real fight
        reopened.encounter_screen.forecasting.most = 8
        real_campaign = reopened.presenter.session.campaign
        await pilot.press("F", "w", "d", "1", "enter")
        await pilot.pause()
        reopened.encounter_screen.forecasting.close()  # what a hang-up does: the screen goes with the branch open
    real_campaign.close()
    again = demo_app(path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert again.presenter.state.combatant(selected).hp == real - 1
        assert "A hang-up or kill dropped the what-if (1 action)" in str(again.query_one("#status").render())
    again.presenter.session.campaign.close()
    once = demo_app(path)
    async with once.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert "what-if" not in str(once.query_one("#status").render())


@pytest.mark.asyncio
async def test_the_partys_chance_shows_whole_in_the_tracker_title_at_80_columns(tmp_path):
    """A try-out at 80x24: "Round 2 · win …" and "Round 2 · WHAT-IF win ~…"
    were cut. The round and the clock are shortened first; the chance stays whole."""
    from core.campaign.timekeeping import AdvanceClock

    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        app.encounter_screen.run_command(AdvanceClock(3600))  # the clock shows in the title from now on
        await pilot.press("n", "n", "n")
        await pilot.pause()
        tracker = app.encounter_screen.query_one(InitiativeTracker)
        assert str(tracker.border_title).startswith("Round 2 \u00b7 Day 1")
        tracker.set_note("WHAT-IF win ~65%")
        await pilot.pause()
        shot = app.export_screenshot().replace("&#160;", " ")
        assert "WHAT-IF win ~65%" in shot and "R2" in shot


@pytest.mark.asyncio
async def test_workers_started_before_F_are_kept_and_play_its_forecast(tmp_path):
    """In a terminal the app starts the workers a second after its first frame (``warm_up``); ``F`` then uses them."""
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        forecasting = app.encounter_screen.forecasting
        forecasting.warm_up()
        forecasting.most, forecasting._seeds = 8, random.Random(7)
        assert forecasting.runner is None and not forecasting.on  # started, yet off: nothing is played or shown
        started = forecasting.ready.processes
        assert len(started) >= 1
        await pilot.press("F")
        reading = await settled(app, pilot)
        assert forecasting.runner.processes == started and reading.tally.runs == 8
    assert all(process.poll() is not None for process in started)  # they end with the app
