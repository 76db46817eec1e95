"""The GM sets the light, the weather and the light sources of an encounter
(rules EQ-VIS-1, EQ-VIS-2); attacks then read them (``core.board.battlefield``).

Handlers are ``handler(encounter, state, command) -> (state, events)``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

from core.combat.commands import Command
from core.combat.event_base import Event
from core.errors import IllegalCommand
from core.board.vision import Conditions, LightSource

if TYPE_CHECKING:
    from core.combat.state import Table
    from core.combat.state import EncounterState


@dataclass(frozen=True)
class SetVision(Command):
    """``light`` (day, night, darkness), ``weather`` (clear, fog, downpour) and
    the light ``sources`` (carried by a combatant id or placed on a cell)."""

    light: str = "day"
    weather: str = "clear"
    sources: tuple[LightSource, ...] = ()


@dataclass(frozen=True)
class VisionChanged(Event):
    """The encounter's light and weather are now ``light``, ``weather``; ``sources`` described."""

    light: str
    weather: str
    sources: tuple[str, ...] = ()


def set_vision(enc: Table, state: EncounterState, command: SetVision):
    conditions = Conditions(command.light, command.weather, tuple(command.sources))
    names = []
    for source in conditions.sources:
        if source.carrier is not None:
            names.append(f"{source.kind} carried by {state.combatant(source.carrier).name}")
        else:
            cell = source.cell
            if cell is None or not state.grid.contains(cast(tuple[int, int], tuple(cell))):  # the cell may come as a list [x, y]
                raise IllegalCommand(f"a {source.kind} must be placed on the map, not at {cell}", "EQ-VIS-2")
            names.append(f"{source.kind} at ({cell[0]}, {cell[1]})")
    return replace(state, vision=conditions), (VisionChanged(conditions.light, conditions.weather, tuple(names)),)


HANDLERS = {SetVision: set_vision}
