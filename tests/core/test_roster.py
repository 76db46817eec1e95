"""The roster under a text map names the tokens, their side, HP, AC and stats."""

from __future__ import annotations

import pytest

from core.values.combatant import Side
from core.combat.demo import state_from_map
from core.errors import MapFormatError
from core.dice.roster import RosterEntry, read_map_file

MAP = "#######\n#A.\U0001f417.B#\n#######\n"


def test_roster_lines_name_and_stat_the_tokens():
    text = MAP + "\n# who is who\nA Aria Swift party hp 12 DEX 2 STR 1\n\U0001f417 Boar foe hp 16 STR 3 ac 4\n"
    text_map, roster = read_map_file(text)
    assert roster["A"] == RosterEntry("Aria Swift", Side.PARTY, 12, 0, {"DEX": 2, "STR": 1})
    state = state_from_map("t", text_map, roster)
    by_name = {c.name: c for c in state.combatants}
    assert by_name["Aria Swift"].side is Side.PARTY and by_name["Aria Swift"].hp_max == 12
    assert by_name["Boar"].ac == 4 and by_name["Boar"].stat("STR") == 3
    assert by_name["Creature B"].side is Side.FOE and by_name["Creature B"].hp == 10


def test_a_map_without_roster_still_reads():
    text_map, roster = read_map_file(MAP)
    assert roster == {} and len(text_map.tokens) == 3


@pytest.mark.parametrize(
    "roster, needle",
    [
        ("Z Zed party", "not on the map"),
        ("A Aria party hp 0", "at least 1"),
        ("A Aria party hp 5 wings", "did not understand"),
        ("A Aria\nA Again", "twice"),
    ],
)
def test_bad_roster_lines_name_the_line(roster, needle):
    with pytest.raises(MapFormatError) as caught:
        read_map_file(MAP + "\n" + roster + "\n")
    assert needle in str(caught.value)


def test_control_characters_in_a_roster_name_are_refused():
    with pytest.raises(MapFormatError) as caught:
        read_map_file(MAP + "\nA Aria\x1b[2J party\n")
    assert "control character" in str(caught.value)
