"""Jumps in the three systems that have one (handler of
:class:`core.combat.commands.Jump`, and the odds for previews).

- ``equestria`` EQ-MOV-6: up to DEX - 1 cells (+1 after a straight run-up
  of 3+ cells), nothing at DEX <= 0; the jump replaces the movement, or
  costs the full action.
- ``tactical_d10`` TAC-MOV-3: clear 1/2/3 obstacle cells for 2/3/4 MP with
  a check 1d10 + Muscles (setting ``jump_stat``) vs 4/6/8; on a failure
  move 1 cell and lose all MP.
- ``power_roll`` PR-MOV-4: part of a move, up to max(Might, Agility, 1)
  cells; a Might/Agility test adds 0/1/2 cells at tier 1/2/3; never
  farther than the movement left, never out of difficult terrain.

The jump is the ruleset's :attr:`~core.rulesets.base.Ruleset.jump`
capability, a :class:`JumpRule` its package implements
(``core.rulesets.<id>.jump``); a ruleset without one (``srd35``: its seed
has no jump) refuses. Cells jumped over are not entered: only the landing
cell must be on the map, enterable and free (checked here for every rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from core.combat import commands as cmd
from core.combat import events as ev
from core.errors import IllegalCommand
from core.board.geometry.sight import edge_blockers
from core.board.grid import Cell, MoveKind, as_cell

if TYPE_CHECKING:
    from core.combat.state import EncounterState, Table

Result = tuple[Any, tuple[ev.Event, ...]]


@dataclass(frozen=True)
class JumpOffer:
    """One way to jump a ruleset offers: offer ``id``, ``label`` (after the
    jumper's name), what it ``spends``, and the :class:`~core.combat.commands.Jump`
    fields it sets (``given``: name -> value)."""

    id: str
    label: str
    spends: tuple[str, ...]
    given: tuple[tuple[str, Any], ...] = ()


class JumpRule:
    """A ruleset's jump (the capability :attr:`Ruleset.jump`): its ``rule``
    ID, the ways to jump it offers, how a jump lands (:meth:`leap`, after
    the checks every jump shares) and what a preview says (:meth:`preview`)."""

    rule: ClassVar[str] = ""
    offers: ClassVar[tuple[JumpOffer, ...]] = ()

    def leap(self, enc: Table, state: EncounterState, mover: Any, to: Cell, command: cmd.Jump) -> Result:
        """``(state, events)`` of ``mover`` jumping to ``to`` (free, on the map, not its cell)."""
        raise NotImplementedError

    def preview(self, state: EncounterState, ruleset: Any, mover: Any, command: cmd.Jump, distance: int) -> dict[str, Any]:
        """Preview details (``notes``, ``odds``, ``expression``, ``difficulty``) of a jump of ``distance`` cells."""
        return {}


def jump_rule(ruleset: Any) -> str:
    """The rule ID of ``ruleset``'s jump, ``""`` when it has none."""
    return ruleset.jump.rule if ruleset.jump is not None else ""


def distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def toward(start: Cell, goal: Cell, cells: int) -> Cell:
    """The cell ``cells`` steps from ``start`` on the straight line to ``goal``."""
    total = distance(start, goal)
    if total == 0 or cells >= total:
        return goal
    return (start[0] + round((goal[0] - start[0]) * cells / total), start[1] + round((goal[1] - start[1]) * cells / total))


def landing_refusal(state: EncounterState, mover: Any, cell: Cell, rule: str) -> None:
    grid = state.grid
    if not grid.contains(cell):
        raise IllegalCommand(f"({cell[0]}, {cell[1]}) is off the {grid.width}x{grid.height} map", rule)
    terrain = grid.terrain(cell)
    if terrain.move in (MoveKind.BLOCKED, MoveKind.CHASM):
        raise IllegalCommand(f"{mover.name} cannot land in a {terrain.name}", rule)
    for other in state.combatants:
        if other.id != mover.id and not other.defeated and cell in other.cells and other.layer is mover.layer:
            raise IllegalCommand(f"({cell[0]}, {cell[1]}) is occupied by {other.name}", rule)


def jump(enc: Table, state: EncounterState, command: cmd.Jump) -> Result:
    """Handler of :class:`~core.combat.commands.Jump` (see the module)."""
    capability = enc.ruleset.jump
    mover = state.combatant(command.combatant)
    if capability is None:
        raise IllegalCommand(f"{enc.ruleset.id} has no jump rule: move instead")
    rule = capability.rule
    if mover.position is None:
        raise IllegalCommand(f"{mover.name} is not on the map", rule)
    if mover.layer.value != "ground":
        raise IllegalCommand(f"{mover.name} is not on the ground ({mover.layer.value})", rule)
    to = as_cell(command.to)
    if to == mover.position:
        raise IllegalCommand(f"{mover.name} is already there", rule)
    landing_refusal(state, mover, to, rule)
    if state.grid.edges and edge_blockers(state.grid, mover.position, to, "movement"):  # a thin wall stands to the ceiling
        raise IllegalCommand(f"a wall, closed door or window stands between {mover.name} and ({to[0]}, {to[1]}): no jump through it", rule)
    return capability.leap(enc, state, mover, to, command)


HANDLERS = {cmd.Jump: jump}
