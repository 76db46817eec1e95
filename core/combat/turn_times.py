"""Turn times: the wall-clock time of each turn, from the stamps the
presenter gives turn changes (:class:`core.combat.commands.TurnChange`;
core reads no clock). The state keeps the stamp of the turn change that
began the current turn (``turn_at``); the next turn change logs
:class:`core.combat.events.TurnTimed` for the turn it ends.
"""

from __future__ import annotations

from core.values.frozen import replace
from typing import TYPE_CHECKING

from core.combat import events as ev

if TYPE_CHECKING:
    from core.combat.state import EncounterState


def close_turn(state: EncounterState, at: float | None, since: float | None = None) -> tuple[EncounterState, tuple[ev.Event, ...]]:
    """``state`` with the current turn timed up to ``at``: a ``TurnTimed``
    of ``at - turn_at`` seconds (0 when the clock went back), from ``since``
    (seconds since the epoch) when the turn began unstamped, none when
    either stamp is missing; ``turn_at`` becomes ``at``."""
    events: tuple[ev.Event, ...] = ()
    began = state.turn_at if state.turn_at is not None else since
    if at is not None and began is not None and state.current is not None and state.has(state.current):
        who = state.combatant(state.current)
        events = (ev.TurnTimed(who.id, who.name, state.round, max(0.0, at - began)),)
    return replace(state, turn_at=at), events
