"""The map pane's token index (tui/widgets/map_view.py): made from the last
view's tokens when only some creatures changed in place, it is the index
made afresh (EQ-SIZE-1: a big creature covers its other cells, under any
token standing there; creatures sharing a cell, as a rider its mount, the
later one drawn)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.grid import Grid
from core.combat.state import EncounterState
from core.values.combatant import Combatant, Side
from tui.widgets.map_view import MapView, _tokens_since, tokens_of

cells = st.tuples(st.integers(0, 5), st.integers(0, 5))
creatures = st.lists(st.tuples(cells, st.sampled_from([None, (2, 2), (1, 2)])), min_size=1, max_size=10)
changes = st.lists(st.tuples(st.integers(0, 9), st.sampled_from(["hp", "move", "grow", "none"])), max_size=4)


def _state(placed) -> EncounterState:
    crowd = tuple(Combatant(f"c{i}", f"C{i}", Side.FOE, {}, 5, 5, position=cell, footprint=space) for i, (cell, space) in enumerate(placed))
    return EncounterState("t", Grid.filled(8, 8), crowd)


@settings(max_examples=150, deadline=None)
@given(creatures, changes)
def test_tokens_from_the_last_view_are_the_tokens_made_afresh_rule_eq_size_1(placed, edits):
    state = _state(placed)
    before = MapView(state, tokens_of(state), None, None)
    after = state
    for index, edit in edits:
        c = after.combatants[index % len(after.combatants)]
        if edit == "hp":
            c = replace(c, hp=c.hp - 1)  # in place: kept from the last view
        elif edit == "move":
            c = replace(c, position=((c.position[0] + 1) % 6, c.position[1]))
        elif edit == "grow":
            c = replace(c, footprint=(2, 2) if c.footprint is None else None)
        after = after.replace_combatant(c)
    assert tokens_of(after, before) == tokens_of(after)
    if all(e in ("hp", "none") for _, e in edits):  # changed in place only: made from the last view, not afresh
        assert _tokens_since(before, after) is not None
