"""Forced movement on the ground or in the air (seed 004, RULES.md Revision 3):
push away, pull toward, slide any way, in a straight line of the cells
given; it provokes no opportunity attacks; at an obstacle the creature
stops and takes damage per cell it could not move (DEFAULT 1, as PR-BUR-2).
The handler (:func:`core.combat.maneuvers.moves.forced_move`) sends a
burrowed creature's and a push down through their own rules.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from core.combat import commands as cmd
from core.combat import events as ev
from core.board.grid import MoveKind
from core.combat.resolution import take_hp
from core.errors import IllegalCommand

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


DIRECTIONS = {"n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1), "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1)}
"""Slide directions of forced movement (x to the east, y to the south)."""
FORCED_KINDS = ("push", "pull", "slide")
_PAST = {"push": "pushed", "pull": "pulled", "slide": "slid"}


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _forced_step(state: EncounterState, target: Any, command: cmd.ForcedMove) -> tuple[int, int]:
    if command.kind not in FORCED_KINDS:
        raise IllegalCommand(f"forced movement is push, pull or slide, not {command.kind!r}", "PR-BUR-2")
    if command.kind == "slide":
        step = DIRECTIONS.get(command.direction.lower())
        if step is None:
            raise IllegalCommand(f"slide which way? one of {', '.join(DIRECTIONS)}", "PR-BUR-2")
        return step
    if not command.source:
        raise IllegalCommand(f"a {command.kind} needs the creature or cell it comes from", "PR-BUR-2")
    source = state.combatant(command.source)
    if source.position is None or source.id == target.id:
        raise IllegalCommand(f"{source.name} cannot {command.kind} {target.name}", "PR-BUR-2")
    dx, dy = target.position[0] - source.position[0], target.position[1] - source.position[1]
    if dx and dy and abs(dx) != abs(dy):
        raise IllegalCommand(f"{target.name} is not in a straight line from {source.name}: slide it instead", "PR-BUR-2")
    away = (_sign(dx), _sign(dy))
    return away if command.kind == "push" else (-away[0], -away[1])


def forced_line(enc: Table, state: EncounterState, target: Any, command: cmd.ForcedMove, obstacle_damage: int) -> Result:
    """Seed 004's forced movement on the ground or in the air (RULES.md
    Revision 3): a straight line of ``command.cells``; no opportunity
    attacks; at a wall, the map's edge or another creature it stops and
    takes ``obstacle_damage`` (DEFAULT 1, the ruleset's burrowing rules) per
    cell it could not move. A pull stops next to the puller without damage."""
    if target.position is None:
        raise IllegalCommand(f"{target.name} is not on the map", "PR-BUR-2")
    sx, sy = _forced_step(state, target, command)
    others = {cell for c in state.combatants if c.id != target.id and c.position is not None and not c.defeated
              and c.layer is target.layer for cell in c.cells}
    puller = set(state.combatant(command.source).cells) if command.kind == "pull" else set()
    x, y = target.position
    moved = 0
    stopped = ""
    path: list[tuple[int, int]] = []
    for _ in range(command.cells):
        nxt = (x + sx, y + sy)
        cells = {(cx + sx, cy + sy) for cx, cy in replace(target, position=(x, y)).cells}
        if cells & puller:
            stopped = "next to the puller"
            break
        if not all(state.grid.contains(c) for c in cells):
            stopped = "the map's edge"
        elif any(state.grid.terrain(c).move is MoveKind.BLOCKED for c in cells):
            stopped = "a " + next(state.grid.terrain(c).name for c in cells if state.grid.terrain(c).move is MoveKind.BLOCKED)
        elif cells & others:
            stopped = "another creature"
        if stopped:
            break
        x, y = nxt
        path.append(nxt)
        moved += 1
    damage = 0 if stopped in ("", "next to the puller") else (command.cells - moved) * obstacle_damage
    state = state.replace_combatant(replace(target, position=(x, y)))
    outcome = f"moves {moved} cell(s)" + (f", stopped by {stopped}" if stopped else "") + (f", takes {damage}" if damage else "")
    events: list[ev.Event] = [ev.Maneuvered(target.id, target.name, "PR-BUR-2", f"is {_PAST[command.kind]} {command.cells} cell(s) (forced movement, provokes nothing)", outcome)]
    if moved:
        events.insert(0, ev.Moved(target.id, target.name, target.position, tuple(path), 0, target.budget.movement))
    if damage:
        state, _, hurt, _ = take_hp(enc, state, state.combatant(target.id), damage)
        events.extend(hurt)
    return state, tuple(events)
