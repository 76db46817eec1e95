"""Light and weather from the keyboard (rules EQ-VIS-1, EQ-VIS-2): a night in fog changes the attack's odds."""

from __future__ import annotations

from dataclasses import replace

from tests.tui.helpers import demo_app, status_of, type_text


async def test_eq_vis_1_night_in_fog_from_the_keyboard_and_bad_input(tmp_path):
    app = demo_app(tmp_path / "demo.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("L")
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "night fog")
        await pilot.press("enter")
        await pilot.pause()
        assert (app.presenter.state.vision.light, app.presenter.state.vision.weather) == ("night", "fog")
        assert "Light: night, weather: fog" in status_of(app)
        await pilot.press("L")
        await pilot.press("ctrl+a", "ctrl+k")
        await type_text(pilot, "noon")
        await pilot.press("enter")
        await pilot.pause()
        assert "Refused" in status_of(app) and app.presenter.state.vision.light == "night"
        await pilot.press("escape")  # a refused entry keeps its dialog open
        await pilot.press("u")
        await pilot.pause()
        assert app.presenter.state.vision.light == "day"
