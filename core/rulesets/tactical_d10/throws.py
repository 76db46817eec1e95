"""The throw of ``tactical_d10`` (TAC-ACT-1, RULES.md Revision 3): a check of
1d10 + Muscles against ``throw_difficulty`` (DEFAULT 6), 1 harder for each
``throw_step_cells`` (2) cells beyond ``throw_easy_cells`` (5), rounded down
(EQ-GEN-1). It spends the action; the GM reads where the thrown thing lands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from core.combat import events as ev
from core.combat.commands import Command
from core.combat.economy import spend_kind
from core.errors import IllegalCommand
from core.board.grid import Cell, as_cell, distance

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table


@dataclass(frozen=True)
class Throw(Command):
    """TAC-ACT-1: ``thrower`` throws ``item`` (words for the log) at the cell ``to``."""

    thrower: str
    to: Cell
    item: str = ""


def throw_difficulty(settings: Any, cells: int) -> int:
    """TAC-ACT-1 DEFAULT: 6 up to 5 cells, +1 per 2 cells beyond (7 cells -> 7, 9 -> 8)."""
    beyond = max(0, cells - settings.throw_easy_cells)
    return settings.throw_difficulty + beyond // settings.throw_step_cells


def throw(enc: Table, state: EncounterState, command: Throw) -> tuple[Any, tuple[ev.Event, ...]]:
    """Spend the action (in combat), roll 1d10 + Muscles against the distance's difficulty."""
    s = enc.ruleset.settings
    who = state.combatant(command.thrower)
    if who.position is None:
        raise IllegalCommand(f"{who.name} is not on the map", "TAC-ACT-1")
    to = as_cell(command.to)
    if not state.grid.contains(to):
        raise IllegalCommand(f"({to[0]}, {to[1]}) is off the map", "TAC-ACT-1")
    cells = distance(who.position, to)
    events: list[ev.Event] = []
    if state.round > 0:
        state, spent = spend_kind(enc, state, who.id, enc.ruleset.attack_kind or "action")
        events.extend(spent)
    difficulty = throw_difficulty(s, cells)
    what = command.item or "an item"
    result = enc.ruleset.roll_check(enc.rng, who.stat(s.throw_stat), difficulty, purpose=f"throw {what} {cells} cells (TAC-ACT-1)")
    events.append(ev.CheckRolled(who.id, who.name, s.throw_stat, result, state.round, state.current))
    return state, tuple(events)


HANDLERS = {Throw: throw}
