"""Putting a token on the map and moving it: the ``Place`` and ``Move`` family.

The search options of a move now are :func:`core.combat.move_options.move_options`,
shared with mounted moves and the offers' previews.
"""

from __future__ import annotations

from core.values.frozen import replace
from typing import TYPE_CHECKING, Any

from core.board.movement.api import Path, find_path, last_legal_stop
from core.board.movement.model import Passage
from core.combat import commands as cmd
from core.combat import events as ev
from core.combat.move_options import move_options
from core.combat.state import EncounterState, Events
from core.errors import MoveRefused
from core.board.grid import as_cell
from core.combat.mounted.riding import after_place
from core.combat.mounted.moves import move as ride

if TYPE_CHECKING:
    from core.combat.state import Table


def place(enc: Table, state: EncounterState, command: cmd.Place) -> tuple[EncounterState, Events]:
    """Put a token on a free, enterable cell; refuses walls, the map's
    edge and occupied cells (EQ-MAP-4, EQ-SIZE-1)."""
    who = state.combatant(command.combatant)
    cell = as_cell(command.cell)
    placed = replace(who, position=cell)
    if who.mounted_on is not None:
        raise MoveRefused(f"{who.name} rides {state.combatant(who.mounted_on).name}: place the mount, or dismount first", cell, "EQ-MNT-9")
    aboard = {c.id for c in state.combatants if c.mounted_on == who.id}  # its riders move with it (EQ-MNT-9)
    others = {p for c in state.combatants if c.id != who.id and c.id not in aboard and not c.defeated for p in c.cells}
    for spot in placed.cells:
        if not state.grid.contains(spot):
            raise MoveRefused(f"({spot[0]}, {spot[1]}) is off the {state.grid.width}x{state.grid.height} map", cell)
        terrain = state.grid.terrain(spot)
        if terrain.blocks_movement:
            raise MoveRefused(f"a {terrain.name} is there", cell, "EQ-MAP-4")
        if spot in others:
            holder = next(c for c in state.combatants if spot in c.cells and c.id != who.id)
            raise MoveRefused(f"that cell is occupied by {holder.name}", cell)
    if who.position == cell:
        raise MoveRefused(f"{who.name} is already there", cell)
    state = state.replace_combatant(placed)
    if aboard:  # EQ-MNT-5, EQ-MNT-9: riders keep their seats
        state = after_place(enc, state, who.id)
    return state, (ev.Placed(who.id, who.name, cell, who.position),)


def move(enc: Table, state: EncounterState, command: cmd.Move) -> tuple[EncounterState, Events]:
    """Cheapest legal path; in combat it must fit the movement left (the
    ruleset's budget rule, e.g. EQ-MOV-2) and srd35's diagonal count
    carries on from earlier moves this turn (SRD-MOV-2)."""
    mover = state.combatant(command.combatant)
    if mover.mounted_on is not None or mover.id in state.ridden():  # EQ-MNT-3: the mount carries its riders
        return ride(enc, state, command)
    in_combat = state.round > 0
    options = move_options(state, mover, enc.ruleset)
    budget_left = mover.budget.movement if in_combat else None
    goal = as_cell(command.to)
    try:
        path = find_path(state.grid, enc.ruleset, mover, state.combatants, goal, options=options, budget=budget_left)
    except MoveRefused as refusal:
        path = _back_to_last_legal(enc, state, mover, goal, options, budget_left, refusal)
    budget = mover.budget
    if in_combat:
        model = enc.ruleset.movement
        cost = model.spent(mover, path)  # srd35: crawling takes a whole move
        if cost > budget.movement:
            raise MoveRefused(f"{mover.name} has {budget.movement} movement left; crawling there takes {cost}", path.cells[-1], model.budget_rule)
        budget = replace(budget, movement=budget.movement - cost, diagonal_parity=path.parity)
    moved = replace(mover, position=path.cells[-1], budget=budget)
    assert mover.position is not None  # find_path refuses a creature off the map
    event = ev.Moved(mover.id, mover.name, mover.position, path.cells, path.cost, budget.movement)
    state, after = enc.ruleset.after_move(enc, state.replace_combatant(moved), mover, path)  # TAC-DMG-2 spear walls, SRD-MOV-16
    return state, (event, *after)


def _back_to_last_legal(enc: Table, state: EncounterState, mover: Any, goal: Any, options: Any, budget: int | None, refusal: MoveRefused) -> Path:
    """SRD-MOV-12 (where the movement model :meth:`stops_short`): a move that
    would end in a square it may pass but not stop in (a friend's, SRD-MOV-4)
    ends on the last legal square of the path; any other refusal stands."""
    model = enc.ruleset.movement
    if not model.stops_short() or refusal.rule != model.occupied_rule:
        raise refusal
    passed = {c.id for c in state.combatants if c.id != mover.id and goal in c.cells and model.passage(mover, c, options) is Passage.PASS}
    if not passed:
        raise refusal
    through = find_path(state.grid, enc.ruleset, mover, [c for c in state.combatants if c.id not in passed], goal, options=options, budget=budget)
    stop = last_legal_stop(state.grid, enc.ruleset, mover, state.combatants, through)
    if stop == mover.position:
        raise refusal
    n = through.cells.index(stop) + 1
    return replace(through, cells=through.cells[:n], step_costs=through.step_costs[:n], cost=sum(through.step_costs[:n]))


HANDLERS = {cmd.Place: place, cmd.Move: move}
