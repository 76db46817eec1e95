"""Commands take their kinds from closed enums, refused when built
(rules TAC-ACT-2, TAC-MOV-2, EQ-MOV-3, EQ-MOV-7)."""

from __future__ import annotations

import pytest

from core.combat import commands as cmd
from core.errors import IllegalCommand
from core.values.kinds import AltitudeMove, ContestKind, MpAction, TacticalAction


def test_strings_become_the_enum_members_and_still_compare_equal():
    assert cmd.Contest("a", "b", "trip").action is ContestKind.TRIP
    assert cmd.TakeAction("a", "defend").action is TacticalAction.DEFEND
    assert cmd.SpendMovement("a", "draw_slow").action is MpAction.DRAW_SLOW
    assert cmd.ChangeAltitude("a", "dive").how is AltitudeMove.DIVE
    assert ContestKind.GRAPPLE == "grapple" and str(AltitudeMove.TAKE_OFF) == "take_off"


@pytest.mark.parametrize(("build", "rule"), [
    (lambda: cmd.Contest("a", "b", "tickle"), "TAC-ACT-2"),
    (lambda: cmd.TakeAction("a", "nap"), "TAC-ACT-2"),
    (lambda: cmd.SpendMovement("a", "moonwalk"), "TAC-MOV-2"),
    (lambda: cmd.ChangeAltitude("a", "teleport"), None),
])
def test_an_unknown_kind_is_refused_when_the_command_is_built(build, rule):
    with pytest.raises(IllegalCommand) as refused:
        build()
    assert refused.value.rule == rule and "use one of" in str(refused.value)
