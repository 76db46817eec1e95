"""What the map pane shows of one state, and which cells a new one changes.

:class:`MapView` is the state with its tokens by cell (a big creature's
other cells too, EQ-SIZE-1), whose turn it is and who is selected;
:func:`changed_cells` says which cells to repaint when the pane goes from
one view to the next.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.board.grid import Cell
from core.combat.state import EncounterState
from core.values.combatant import Combatant


@dataclass(frozen=True)
class MapView:
    """``state`` as the map draws it: ``tokens`` (cell -> the creature
    drawn there), the ``current`` creature's id and the ``selected`` one's."""

    state: EncounterState
    tokens: dict[Cell, Combatant]
    current: str | None
    selected: str | None


def tokens_of(state: EncounterState, before: MapView | None = None) -> dict[Cell, Combatant]:
    """Cell -> the creature drawn there: each at its position, a big
    creature also on its other cells, under any token standing there
    (EQ-SIZE-1). With ``before``, the view shown until now: made from its
    tokens when every creature that changed kept its id, place and size (a
    turn changes two creatures of a crowd of 1000), else afresh. Shared
    between views: never mutate it."""
    if before is not None:
        kept = _tokens_since(before, state)
        if kept is not None:
            return kept
    tokens = {c.position: c for c in state.combatants if c.position is not None}
    for c in state.combatants:
        if c.position is not None and c.space != (1, 1):
            for spot in c.cells:
                tokens.setdefault(spot, c)
    return tokens


def _tokens_since(before: MapView, state: EncounterState) -> dict[Cell, Combatant] | None:
    """:func:`tokens_of` ``state`` from ``before``'s tokens: each creature
    that changed (a new object: an action keeps the others) put in the cells
    where its old self was drawn, which it covers still. ``None`` when a
    creature came, went, moved or changed size: then every cell is made afresh."""
    old, new = before.state.combatants, state.combatants
    if old is new:
        return before.tokens
    if len(old) != len(new):
        return None
    tokens: dict[Cell, Combatant] | None = None
    for a, b in zip(old, new):
        if a is b:
            continue
        if a.id != b.id or a.position != b.position or a.space != b.space:
            return None
        if tokens is None:
            tokens = dict(before.tokens)
        for cell in a.cells:
            if tokens.get(cell) is a:  # drawn there (not under another token): so is its new self, first in the same place
                tokens[cell] = b
    return before.tokens if tokens is None else tokens


def changed_cells(old: MapView, new: MapView) -> set[Cell]:
    """The cells whose picture differs from ``old`` to ``new``: those of
    each creature that changed (where it was and where it is), and of the
    creatures whose turn or selection began or ended. An action keeps the
    creatures it did not change as the very same objects, so a turn in a
    crowd of 1000 compares two of them, not every cell's token (a
    dataclass's ``==`` compares every field: 20 ms a key). When creatures
    came or went, every cell's token is compared."""
    before, after = old.state.combatants, new.state.combatants
    if len(before) != len(after):
        return _cell_by_cell(old, new)
    cells: set[Cell] = set()
    for a, b in zip(before, after):
        if a is not b and a != b:
            cells.update(a.cells)
            cells.update(b.cells)
    for was, now in ((old.current, new.current), (old.selected, new.selected)):
        if was != now:
            for view in (old, new):
                for cid in (was, now):
                    if cid is not None and view.state.has(cid):
                        cells.update(view.state.combatant(cid).cells)
    return cells


def _cell_by_cell(old: MapView, new: MapView) -> set[Cell]:
    cells: set[Cell] = set()
    for cell in old.tokens.keys() | new.tokens.keys():
        a, b = old.tokens.get(cell), new.tokens.get(cell)
        if a is not b and a != b:
            cells.add(cell)
        elif a is not None and b is not None:
            was = (a.id == old.current, a.id == old.selected)
            now = (b.id == new.current, b.id == new.selected)
            if was != now:
                cells.add(cell)
    return cells
