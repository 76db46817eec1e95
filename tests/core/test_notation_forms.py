"""The text forms a GM types on the campaign screens, read in core
(core/dice/*_notation.py): light and weather (EQ-VIS-1, EQ-VIS-2), travel
(EQ-TRV-1, EQ-TRV-2), time and training (EQ-ANI-1, EQ-TRK-1), mass battle
(EQ-WAR-1, EQ-WAR-2, EQ-WAR-4). Bad text raises NotationError, a RulesError."""

from __future__ import annotations

import pytest

from core.board.vision import LightSource
from core.campaign.training_commands import StartTraining, UseRuse
from core.campaign.travel import Leg
from core.campaign.war.battle import Hero
from core.dice.time_notation import parse_advance, parse_ruse, parse_training, parse_use
from core.dice.travel_notation import parse_group, parse_legs
from core.dice.vision_notation import parse_vision
from core.dice.war_notation import ArmyRequest, parse_army, parse_heroes
from core.errors import NotationError, RulesError


def test_notation_error_is_a_rules_error():
    assert issubclass(NotationError, RulesError)


# -- EQ-VIS-1, EQ-VIS-2 ---------------------------------------------------------
def test_EQ_VIS_1_light_weather_and_sources_in_any_order():
    light, weather, sources = parse_vision("fog night; torch ayla; lantern 5, 5", {"Ayla": "c1"})
    assert (light, weather) == ("night", "fog")
    assert sources == (LightSource("torch", carrier="c1"), LightSource("lantern", cell=(5, 5)))


def test_EQ_VIS_1_an_unknown_word_or_carrier_is_refused_with_the_same_message():
    with pytest.raises(NotationError, match="'dusk' is neither a light"):
        parse_vision("dusk", {})
    with pytest.raises(NotationError, match="'candle' is not a light source"):
        parse_vision("night; candle 1,1", {})
    with pytest.raises(NotationError, match="who carries the torch"):
        parse_vision("night; torch Nobody", {})
    with pytest.raises(NotationError, match="type the light and weather"):
        parse_vision("  ", {})


# -- EQ-TRV-1 -------------------------------------------------------------------
def test_EQ_TRV_1_a_group_is_each_member_and_its_move():
    assert parse_group("Ayla 3, Pony 2") == {"Ayla": 3, "Pony": 2}
    with pytest.raises(NotationError, match="cannot be negative"):
        parse_group("Ayla -1")
    with pytest.raises(NotationError, match="name at least one traveller"):
        parse_group(" , ")


def test_EQ_TRV_1_legs_are_terrain_km_and_weather():
    assert parse_legs("forest 21 rain; dense forest 5; road 30") == [Leg("forest", 21, "rain"), Leg("dense forest", 5, "clear"), Leg("road", 30, "clear")]
    assert parse_legs("21") == [Leg("", 21, "clear")]  # the planner refuses it (EQ-TRV-1)
    with pytest.raises(NotationError, match="how many km"):
        parse_legs("forest")
    with pytest.raises(NotationError, match="unknown weather 'hail'"):
        parse_legs("forest 21 hail")


# -- time, EQ-ANI-1, EQ-TRK-1 ------------------------------------------------------
def test_a_span_of_time_and_its_reason():
    assert parse_advance("2h 30m rest") == (9000, "rest")
    assert parse_advance("5r") == (50, "")  # rounds of 10 s
    with pytest.raises(NotationError, match="start with a span of time"):
        parse_advance("rest")


def test_EQ_ANI_1_training_names_animal_intelligence_trick_and_trainer():
    assert parse_training("Rex 2: fetch by Ayla") == StartTraining("Rex", "fetch", 2, "Ayla")
    assert parse_training("Rex sapient: fetch") == StartTraining("Rex", "fetch", None, "", True)
    with pytest.raises(NotationError, match="type ANIMAL"):
        parse_training("Rex fetch")


def test_EQ_TRK_1_ruses_and_their_uses():
    assert parse_ruse("bought trojan horse") == ("trojan horse", True)
    assert parse_use("sand: contest by Ayla on Boar vs 14", {"Ayla": "c1", "Boar": "c2"}) == UseRuse("sand", "contest", "c1", "c2", 14)
    assert parse_use("sand by ayla", {"Ayla": "c1"}).check == "user"
    with pytest.raises(NotationError, match="no combatant named 'Zed'"):
        parse_use("sand by Zed", {})
    with pytest.raises(NotationError, match="the difficulty is a number"):
        parse_use("sand vs hard", {})


# -- EQ-WAR-1, EQ-WAR-2, EQ-WAR-4 ----------------------------------------------------
def test_EQ_WAR_1_an_army_is_a_name_soldiers_and_options():
    assert parse_army("North 10000 str 2 cha 1 leader Kael") == ArmyRequest("North", 10000, strategy=2, charisma=1, leader="Kael")
    with pytest.raises(NotationError, match=r"at least 1 soldier, not 0 \(EQ-WAR-1\)"):
        parse_army("North 0")
    with pytest.raises(NotationError, match=r"at least 1 battle point \(EQ-WAR-4\)"):
        parse_army("North 100 bp 0")
    with pytest.raises(NotationError, match="did not understand 'xyz'"):
        parse_army("North 100 xyz 1")


def test_EQ_WAR_2_heroes_name_their_side_and_modifier():
    assert parse_heroes("Ayla 2 +4; Brom North +3", ("North", "South")) == (Hero("Ayla", 1, 4), Hero("Brom", 0, 3))
    assert parse_heroes("", ("North", "South")) == ()
    with pytest.raises(NotationError, match=r"'east' is neither 1, 2, North nor South \(EQ-WAR-2\)"):
        parse_heroes("Ayla east", ("North", "South"))


# -- house rules: a setting's value by its type ---------------------------------------
def test_a_house_rule_value_reads_by_the_settings_type():
    from core.dice.setting_notation import parse_setting

    assert parse_setting(" On ", False) is True and parse_setting("no", True) is False
    assert parse_setting(" 12 ", 10) == 12 and parse_setting("-3", 0) == -3
    assert parse_setting("  d20 ", "d6") == "d20"
    with pytest.raises(NotationError, match="type true or false"):
        parse_setting("maybe", True)
    with pytest.raises(NotationError, match="type a whole number"):
        parse_setting("ten", 10)
