"""The closed vocabularies of commands, as enums instead of free strings.

Each is a :class:`enum.StrEnum`: a member equals (and saves as) its old
string, so journals written before keep loading and code that names them
as text still compares equal. A command given an unknown value is refused
when it is built (:func:`coerce`), not deep in a handler. (The action
kinds of a turn economy are not here: each ruleset declares its own,
:class:`core.rulesets.base.ActionKind`, and a plug-in may add new ones.)
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from core.errors import IllegalCommand


class ContestKind(StrEnum):
    """TAC-ACT-2 opposed checks."""

    GRAPPLE = "grapple"
    SHOVE = "shove"
    TRIP = "trip"
    DISARM = "disarm"


class TacticalAction(StrEnum):
    """TAC-ACT-2 actions that spend the action without a roll."""

    DASH = "dash"
    DODGE = "dodge"
    DEFEND = "defend"


class MpAction(StrEnum):
    """Things that cost movement points besides stepping (TAC-MOV-2)."""

    CROUCH = "crouch"
    PRONE = "prone"
    STAND = "stand"
    DRAW_QUICK = "draw_quick"
    DRAW_SLOW = "draw_slow"
    PICK_UP = "pick_up"
    MINOR = "minor"


#: What a GM reads for each MP action (TAC-MOV-2): (what it is, what doing it is).
MP_ACTION_WORDS: dict[str, tuple[str, str]] = {
    MpAction.CROUCH: ("crouch", "crouching"),
    MpAction.PRONE: ("lie prone", "lying prone"),
    MpAction.STAND: ("stand up", "standing up"),
    MpAction.DRAW_QUICK: ("draw from the belt", "drawing from the belt"),
    MpAction.DRAW_SLOW: ("draw from the pack", "drawing from the pack"),
    MpAction.PICK_UP: ("pick up", "picking up"),
    MpAction.MINOR: ("minor action", "a minor action"),
}


def mp_action_words(action: str) -> tuple[str, str]:
    """(label, gerund) of an MP action (``draw_slow``: ``draw from the
    pack``, ``drawing from the pack``); another ruleset's own: its id in words."""
    plain = str(action).replace("_", " ")
    return MP_ACTION_WORDS.get(str(action), (plain, plain))


class AltitudeMove(StrEnum):
    """EQ-MOV-3 take-off and landing, EQ-MOV-7 diving."""

    TAKE_OFF = "take_off"
    LAND = "land"
    DIVE = "dive"


E = TypeVar("E", bound=StrEnum)


def coerce(kind: type[E], value: object, what: str, rule: str | None = None) -> E:
    """``value`` as a member of ``kind``; raises :class:`IllegalCommand`
    naming the known values when it is none of them."""
    if isinstance(value, kind):
        return value
    try:
        # an enum looks up any object by value (a non-str raises ValueError
        # below); typeshed types StrEnum's constructor as taking a str
        return kind(value)  # type: ignore[arg-type]
    except ValueError:
        known = ", ".join(member.value for member in kind)
        raise IllegalCommand(f"unknown {what} {value!r}; use one of {known}", rule) from None
