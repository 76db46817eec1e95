"""The end of a fight: every foe down, or every party member down.

:func:`decided` reads a state (no rule changes anything here); the
encounter logs :class:`FightDecided` once, after the command that decided
it (:data:`core.combat.encounter.AFTER_APPLY`; the event is :class:`core.combat.events.FightDecided`), and the GM ends combat
when all sides agree (EQ-SIT-3: the product offers it, never forces it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.combat.events import FightDecided as FightDecided  # the event lives with the core's (the codec's tags)
from core.values.combatant import Side
from core.values.phases import Phase

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def decided(state: EncounterState) -> Side | None:
    """The side (``PARTY`` or ``FOE``) whose every member is down while the
    fight runs, ``None`` while both stand (or either has nobody, or no fight
    runs). Neutral creatures do not count."""
    if state.round == 0 or state.phase is not Phase.COMBAT:
        return None
    for side in (Side.FOE, Side.PARTY):
        members, up = state.standing(side)  # counted once per state, carried across turns
        if members and not up:
            return side
    return None


def words(down: Side) -> str:
    """``every foe is down`` / ``every party member is down``."""
    return "every foe is down" if down is Side.FOE else "every party member is down"
