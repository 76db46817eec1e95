"""The tables read on demand give the old whole-map answers.

:mod:`core.board.movement.tables` reads a mover's entry costs and the corner
rule's solid cells per cell or per window, without whole-map lists; these
property tests hold them (and the reach built on them) to the whole-map
lists of :class:`~core.board.movement.layout.Layout` and to the Dijkstra
search over those lists, on random maps with thin walls, footprints of 1x1
to 3x3 and creatures in the way.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.edges import Edge, Feature, Side
from core.errors import MoveRefused
from core.board.grid import Grid
from core.board.movement import reach
from core.board.movement.engine import search_same
from core.board.movement.layout import layout
from core.board.movement.model import SOLID, MoveOptions
from core.board.movement.setup import setup_query
from core.board.movement.tables import CostView, SolidView
from core.values.mobility import Size
from tests.core.movement_helpers import creature

TERRAIN = st.sampled_from(["ground", "ground", "ground", "boulder", "wall", "water", "swamp", "chasm", "tree"])
SIZES = st.sampled_from([Size.MEDIUM, Size.MEDIUM, Size.LARGE, Size.HUGE])
#: a cost table per terrain index (the off-map slot last, None), as StepRules.costs
TABLES = st.lists(st.one_of(st.none(), st.integers(1, 4)), min_size=11, max_size=11).map(lambda t: tuple(t) + (None,))
FOOTPRINTS = st.tuples(st.integers(1, 3), st.integers(1, 3))


@st.composite
def walled_maps(draw, walls: bool = True):
    width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    rows = tuple(tuple(draw(TERRAIN) for _ in range(width)) for _ in range(height))
    edges = []
    if walls:
        for _ in range(draw(st.integers(0, 5))):
            side = draw(st.sampled_from([Side.EAST, Side.SOUTH]))
            if side is Side.EAST and width > 1:
                edges.append(Edge((draw(st.integers(0, width - 2)), draw(st.integers(0, height - 1))), side, Feature.WALL))
            elif side is Side.SOUTH and height > 1:
                edges.append(Edge((draw(st.integers(0, width - 1)), draw(st.integers(0, height - 2))), side, Feature.WALL))
    unique = {(e.cell, e.side): e for e in edges}
    return Grid(rows, edges=tuple(unique.values()))


@settings(max_examples=200, deadline=None)
@given(walled_maps(), TABLES, FOOTPRINTS, st.dictionaries(st.integers(0, 200), st.one_of(st.none(), st.integers(1, 8)), max_size=5))
def test_a_cost_view_reads_what_the_whole_map_list_holds(grid, table, footprint, overrides):
    lay = layout(grid)
    whole = list(lay.costs(table, footprint))
    for i, c in overrides.items():
        if i < len(whole):
            whole[i] = c
    view = CostView(layout(Grid(grid.rows, edges=grid.edges)), table, footprint, overrides)  # a new map: nothing built yet
    assert [view[i] for i in range(len(whole))] == whole
    assert view.full() == whole


@settings(max_examples=200, deadline=None)
@given(walled_maps(), FOOTPRINTS)
def test_a_solid_view_reads_what_the_whole_map_list_holds(grid, footprint):
    whole = layout(grid).solid(SOLID, footprint)
    view = SolidView(layout(Grid(grid.rows, edges=grid.edges)), SOLID, footprint)
    assert bytes(view[i] for i in range(len(whole))) == bytes(whole)


def _mask_of(values, x0: int, y0: int, ww: int, wh: int, stride: int, test) -> int:
    """The window's bits where ``test(values[i])``, read off the whole-map list (as the old row tables did)."""
    mask = 0
    for r in range(wh):
        for col in range(ww):
            if test(values[(y0 + r) * stride + x0 + col]):
                mask |= 1 << (r * (ww + 1) + col)
    return mask


@settings(max_examples=200, deadline=None)
@given(walled_maps(), TABLES, FOOTPRINTS, st.integers(0, 13), st.integers(0, 13), st.integers(1, 14), st.integers(1, 14),
       st.integers(0, 6))
def test_window_masks_equal_masks_of_the_whole_map_lists(grid, table, footprint, x0, y0, ww, wh, budget):
    lay = layout(grid)
    stride, rows = lay.stride, lay.height + 2
    x0, y0 = min(x0, stride - 1), min(y0, rows - 1)
    ww, wh = min(ww, stride - x0), min(wh, rows - y0)
    whole = lay.costs(table, footprint)
    fresh = layout(Grid(grid.rows, edges=grid.edges))
    masks = CostView(fresh, table, footprint).window(x0, y0, ww, wh, budget)
    expected = {c: _mask_of(whole, x0, y0, ww, wh, stride, lambda v, c=c: v == c) for c in set(whole) if c is not None and c <= budget}
    assert masks == {c: m for c, m in expected.items() if m}
    solid = lay.solid(SOLID, footprint)
    assert SolidView(fresh, SOLID, footprint).window(x0, y0, ww, wh) == _mask_of(solid, x0, y0, ww, wh, stride, bool)


@settings(max_examples=200, deadline=None)
@given(walled_maps(walls=False), st.data(), SIZES, st.integers(0, 14), st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11), SIZES), max_size=3),
       st.sampled_from(["equestria", "tactical_d10", "power_roll"]))
def test_the_first_reach_on_a_new_map_equals_the_whole_map_search(grid, data, size, budget, others, ruleset):
    """The bitboard reach over its window (nothing built for the whole map)
    and the Dijkstra search over the whole-map lists agree, creatures in the way included."""
    start = (data.draw(st.integers(0, grid.width - 1)), data.draw(st.integers(0, grid.height - 1)))
    mover = creature("m", start, stats={"DEX": 2}, size=size)
    crowd = [mover] + [creature(f"o{n}", (min(x, grid.width - 1), min(y, grid.height - 1)), stats={"DEX": 2}, size=s)
                       for n, (x, y, s) in enumerate(others) if (x, y) != start]
    try:
        got = reach(grid, ruleset, mover, crowd, budget).costs
    except MoveRefused:  # the mover cannot move this way at all (the refusals have their own tests)
        return
    s = setup_query(grid, ruleset, mover, crowd, None, MoveOptions())
    if s.rules.diagonal != "same" or s.rules.teleport:
        return
    solid = s.lay.solid(s.rules.solid, s.footprint) if s.rules.corner != "any" else bytearray()
    best, _ = search_same(s.costs.full(), s.lay.stride, solid, s.rules.corner, {s.start: 0}, budget)
    expected = {s.lay.cell(i): c for i, c in best.items() if i not in s.nostop}
    assert dict(got) == expected
