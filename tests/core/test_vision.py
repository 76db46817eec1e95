"""Vision and light (rules EQ-VIS-1, EQ-VIS-2) with seed 001's ranges (metres = cells)."""

from __future__ import annotations

import pytest

from core.errors import IllegalCommand
from core.board.vision import Conditions, LightSource, Sighting, sighting


@pytest.mark.parametrize(
    "light, weather, clear, poor",
    [("day", "clear", 1000, 1000), ("day", "fog", 1, 30), ("day", "downpour", 30, 500), ("night", "clear", 50, 100), ("night", "fog", 1, 30)],
)
def test_eq_vis_1_ranges_fog_1_30_downpour_30_500_night_50_100(light, weather, clear, poor):
    conditions = Conditions(light, weather)
    assert sighting(clear, conditions).sighting is Sighting.CLEAR
    assert sighting(clear + 1, conditions).sighting is (Sighting.POOR if poor > clear else Sighting.UNSEEN)
    assert sighting(poor, conditions).sighting in (Sighting.CLEAR, Sighting.POOR)
    assert sighting(poor + 1, conditions).sighting is Sighting.UNSEEN


def test_eq_vis_1_a_night_in_fog_shows_the_reason():
    seen = sighting(20, Conditions("night", "fog"))
    assert seen.sighting is Sighting.POOR and "night" in seen.reason and "fog" in seen.reason and "poor 30" in seen.reason


def test_eq_vis_2_darkvision_ignores_darkness_not_fog():
    assert sighting(80, Conditions("night"), darkvision=True).sighting is Sighting.CLEAR
    assert sighting(80, Conditions("night")).sighting is Sighting.POOR
    assert sighting(20, Conditions("night", "fog"), darkvision=True).sighting is Sighting.POOR


def test_eq_vis_2_a_torch_lights_6_and_12_cells_in_darkness():
    torch = LightSource("torch", cell=(0, 0))
    dark = Conditions("darkness", sources=(torch,))
    assert sighting(5, Conditions("darkness")).sighting is Sighting.UNSEEN
    assert sighting(5, dark, target_cells=((6, 0),)).sighting is Sighting.CLEAR
    assert sighting(5, dark, target_cells=((12, 0),)).sighting is Sighting.POOR
    assert sighting(5, dark, target_cells=((13, 0),)).sighting is Sighting.UNSEEN
    carried = Conditions("darkness", sources=(LightSource("lantern", carrier="c1"),))
    assert sighting(9, carried, target_cells=((9, 0),), positions={"c1": (0, 0)}).sighting is Sighting.CLEAR


def test_eq_vis_1_unknown_conditions_are_refused():
    with pytest.raises(IllegalCommand, match="weather"):
        Conditions("day", "smog")
    with pytest.raises(IllegalCommand, match="either carried"):
        Conditions("night", sources=(LightSource("torch"),))
