"""The look mode's readout (``x``): line of sight, cover (EQ-COV-1),
flanking (TAC-POS-2) and melee reach from a viewer to the cursor's cell,
and what stands on the cell's sides; the rules are the core's
(:func:`core.board.battlefield.readout`, :func:`core.board.look.look_at_cell`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from core.board.battlefield import readout
from core.board.look import look_at_cell
from tui.rendering.text import clean, user_text

if TYPE_CHECKING:
    from core.board.grid import Cell, Grid
    from core.combat.state import EncounterState
    from core.rulesets.base import Ruleset
    from core.values.combatant import Combatant


def look_readout(state: EncounterState, ruleset: Ruleset, viewer: Combatant, cell: Cell) -> Text:
    """``"Boar (10, 14), 11 cells: in sight, half cover"``: what ``viewer`` sees of the
    creature on ``cell`` (or of the cell itself when nobody stands there)."""
    grid, combatants = state.grid, state.combatants
    target = next((c for c in combatants if c.position == cell and c.id != viewer.id), None)
    where = f"({cell[0]}, {cell[1]})"
    if target is not None:
        found = readout(grid, viewer, target, combatants, ruleset.settings)
        seen = found.sight
        text = user_text(target.name, "bold") + Text(f" {where}, {found.distance} cell{'s' if found.distance != 1 else ''}")
        if found.altitude:
            text.append(f", {abs(found.altitude)} {'up' if found.altitude > 0 else 'down'}")
        text.append(": ")
        if not seen.visible:
            text.append(f"no line of sight ({clean(seen.reason or 'blocked')})", style="red")
        else:
            text.append("in sight", style="green")
            text.append(f", {seen.cover.value} cover" if seen.cover.value != "none" else ", no cover")
        if found.flanks:
            text.append(f", flanked: advantage ({ruleset.cite('TAC-POS-2')})", style="bold")  # a house rule outside tactical_d10
        if found.melee is not None and found.melee.rule:
            text.append(f", out of melee reach ({found.melee.rule})", style="yellow")
        return text
    seen = look_at_cell(grid, viewer, cell, combatants, ruleset.settings)
    if seen is None:
        return Text(where)
    text = Text(f"{where} {seen.terrain.name}, {seen.distance} cell{'s' if seen.distance != 1 else ''}: ")
    if seen.visible and seen.cover is not None:
        text.append("in sight", style="green")
        text.append(f", {seen.cover.value} cover" if seen.cover.value != "none" else ", no cover")
    else:
        text.append("no line of sight", style="red")
    return text


def cell_sides(grid: Grid, cell: Cell) -> Text:
    """``"; north: wall, east: closed door"``: what stands on the cell's sides."""
    if not grid.edges:
        return Text("")
    x, y = cell
    found = [(name, grid.edge_feature(cell, (x + dx, y + dy))) for name, dx, dy in (("north", 0, -1), ("east", 1, 0), ("south", 0, 1), ("west", -1, 0))]
    said = ", ".join(f"{name}: {feature.label}" for name, feature in found if feature is not None)
    return Text(f"; {said}") if said else Text("")
