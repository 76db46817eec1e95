"""Property tests of the movement engine and sight."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.geometry import line_of_sight
from core.board.grid import Grid
from core.board.movement import find_path, reachable
from tests.core.movement_helpers import creature

RULESETS = st.sampled_from(["equestria", "srd35", "tactical_d10", "power_roll"])
TERRAIN = st.sampled_from(["ground", "ground", "ground", "boulder", "wall", "water", "rock", "swamp", "chasm"])
SIGHT_TERRAIN = st.sampled_from(["ground", "ground", "ground", "wall", "bush", "tree", "boulder"])


@st.composite
def maps(draw, terrain=TERRAIN):
    width = draw(st.integers(2, 9))
    height = draw(st.integers(2, 9))
    rows = tuple(tuple(draw(terrain) for _ in range(width)) for _ in range(height))
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    rows = tuple(
        tuple("ground" if (x, y) == start else t for x, t in enumerate(row)) for y, row in enumerate(rows)
    )
    return Grid(rows), start


@settings(max_examples=150)
@given(maps(), RULESETS, st.integers(0, 12), st.randoms(use_true_random=False))
def test_path_cost_equals_reach_cost_of_its_end(case, ruleset, budget, rnd):
    grid, start = case
    mover = creature("m", start, stats={"DEX": 2})
    reach = reachable(grid, ruleset, mover, [mover], budget)
    assert reach[start] == 0
    ends = sorted(c for c in reach if c != start)
    if not ends:
        return
    goal = rnd.choice(ends)
    path = find_path(grid, ruleset, mover, [mover], goal)
    assert path.cost == reach[goal]
    assert sum(path.step_costs) == path.cost and path.cells[-1] == goal


@settings(max_examples=150)
@given(maps(), RULESETS, st.integers(0, 10), st.integers(0, 6))
def test_reach_is_monotone_in_budget(case, ruleset, budget, more):
    grid, start = case
    mover = creature("m", start, stats={"DEX": 2})
    small = reachable(grid, ruleset, mover, [mover], budget)
    large = reachable(grid, ruleset, mover, [mover], budget + more)
    assert set(small) <= set(large)
    assert all(large[c] == cost for c, cost in small.items())


@settings(max_examples=200)
@given(maps(SIGHT_TERRAIN), st.data())
def test_line_of_sight_is_symmetric_on_flat_ground(case, data):
    grid, _ = case
    a = (data.draw(st.integers(0, grid.width - 1)), data.draw(st.integers(0, grid.height - 1)))
    b = (data.draw(st.integers(0, grid.width - 1)), data.draw(st.integers(0, grid.height - 1)))
    assert line_of_sight(grid, a, b) == line_of_sight(grid, b, a)


def _walker_among_blocked_cells(grid, start, blocked_cells):
    """``(setup, blocked, costs)`` of an equestria walker at ``start``, with
    the cells numbered ``blocked_cells`` (row by row) shut as occupants do:
    their flat indices and the whole map's entry costs with them ``None``."""
    from core.board.movement.model import MoveOptions
    from core.board.movement.setup import setup_query

    mover = creature("m", start, stats={"DEX": 2})
    s = setup_query(grid, "equestria", mover, (mover,), None, MoveOptions())
    blocked = {s.lay.index((b % grid.width, b // grid.width)) for b in blocked_cells if b < grid.width * grid.height}
    blocked -= {s.start}
    costs = list(s.base.full())
    for i in blocked:
        costs[i] = None
    return s, blocked, costs


@settings(max_examples=150)
@given(maps(), st.sampled_from(["any", "one", "both"]), st.integers(0, 30), st.sets(st.integers(0, 80), max_size=6))
def test_bitboard_reach_equals_the_bucket_search(case, corner, budget, blocked_cells):
    """The fast reach (reach_window) and the plain Dijkstra (the tests' oracle) agree,
    occupants included, budgets beyond the map's far side too (where the search stops early)."""
    from core.board.movement.tables import SolidView
    from core.board.movement.bitboard import reach_window
    from tests.core.movement_oracle import reach_same

    s, blocked, costs = _walker_among_blocked_cells(*case, blocked_cells)
    solid = s.lay.solid(s.rules.solid)
    view = SolidView(s.lay, s.rules.solid, (1, 1))
    assert reach_window(s.lay, s.base, view, corner, s.start, budget, blocked).by_index(s.lay.stride) == reach_same(
        costs, s.lay.stride, solid, corner, s.start, budget
    )


def _reach_both_ways(grid, table, corner, budget):
    """(reach_window, the oracle) for a mover whose entry costs per terrain index are ``table``."""
    from core.board.movement.bitboard import reach_window
    from core.board.movement.layout import TERRAIN_INDEX, layout
    from core.board.movement.tables import CostView, SolidView
    from tests.core.movement_oracle import reach_same

    lay = layout(grid)
    solid_terrain = tuple(t == TERRAIN_INDEX["wall"] for t in range(len(table)))
    start = lay.index((0, 0))
    ours = reach_window(lay, CostView(lay, table, (1, 1)), SolidView(lay, solid_terrain, (1, 1)), corner, start, budget).by_index(lay.stride)
    theirs = reach_same(lay.costs(table), lay.stride, lay.solid(solid_terrain), corner, start, budget)
    return ours, theirs


@settings(max_examples=60)
@given(maps(), st.sampled_from(["any", "one", "both"]), st.lists(st.integers(1, 400), min_size=12, max_size=12),
       st.integers(0, 1500))
def test_bitboard_reach_with_costs_past_a_byte_equals_the_bucket_search(case, corner, prices, budget):
    """reach_window decodes its levels into one slot a cell, a byte while costs stay
    under 256 and two bytes past that: with costs of up to 400 a cell (a
    GM's house terrain, a huge budget before combat) both agree with the
    plain Dijkstra."""
    from core.board.movement.layout import OFF_MAP, TERRAIN_INDEX

    grid, _ = case  # the mover stands at (0, 0)
    table = [None if t in (TERRAIN_INDEX["wall"], TERRAIN_INDEX["chasm"]) else prices[t % 12] for t in range(OFF_MAP)] + [None]
    ours, theirs = _reach_both_ways(grid, tuple(table), corner, budget)
    assert ours == theirs


def test_bitboard_reach_decodes_costs_past_two_bytes():
    """A cost past 65 535 (three bytes a slot, read as four): a corridor of
    cells costing 30 000 each; the third cell east costs 90 000."""
    from core.board.movement.layout import OFF_MAP, TERRAIN_INDEX

    grid = Grid((("ground", "swamp", "swamp", "swamp"),))
    table = [30_000 if t == TERRAIN_INDEX["swamp"] else 1 for t in range(OFF_MAP)] + [None]
    ours, theirs = _reach_both_ways(grid, tuple(table), "any", 90_000)
    assert ours == theirs
    assert sorted(ours.values()) == [0, 30_000, 60_000, 90_000]


@settings(max_examples=150)
@given(maps(), st.sampled_from(["equestria", "tactical_d10", "power_roll"]), st.integers(1, 12))
def test_a_path_read_off_the_bitboard_reach_is_the_search_path_of_its_cost(case, ruleset, budget):
    """Reach.path on a bitboard reach (no search of its own: the steps
    walked back along the costs) is a chain of neighbours from the start,
    each step costing the entry cost of the cell it enters, summing to the
    reach's cost of the goal, which is find_path's cost."""
    from core.board.movement import reach
    from core.board.movement.setup import NO_OPTIONS, setup_query

    grid, start = case
    mover = creature("m", start, stats={"DEX": 2})
    found = reach(grid, ruleset, mover, [mover], budget)
    s = setup_query(grid, ruleset, mover, [mover], None, NO_OPTIONS)
    for goal, cost in found.costs.items():
        if goal == start:
            continue
        path = found.path(goal)
        cells = (start, *path.cells)
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(cells, cells[1:]))
        assert path.step_costs == tuple(s.costs[s.lay.index(c)] for c in path.cells)
        assert path.cost == cost == sum(path.step_costs) == find_path(grid, ruleset, mover, [mover], goal).cost


@settings(max_examples=150)
@given(maps(), st.sampled_from(["any", "one", "both"]), st.integers(0, 14), st.sets(st.integers(0, 80), max_size=6),
       st.randoms(use_true_random=False))
def test_the_window_walk_back_is_the_walk_back_over_the_whole_map(case, corner, budget, blocked_cells, rnd):
    """BitReach.walk_back (inside the reach's window, by bit) gives the
    path the plain walk back over the whole map's costs gives (the tests'
    oracle), occupants blocking cells included: same cells, same order."""
    from core.board.movement.bitboard import reach_window
    from core.board.movement.tables import SolidView
    from tests.core.movement_oracle import walk_back

    s, blocked, costs = _walker_among_blocked_cells(*case, blocked_cells)
    found = reach_window(s.lay, s.base, SolidView(s.lay, s.rules.solid, (1, 1)), corner, s.start, budget, blocked)
    best = found.by_index(s.lay.stride)
    for goal in rnd.sample(sorted(best), min(len(best), 6)):
        ours = [s.lay.index(found.cell(b)) for b in found.walk_back(found.bit(s.lay.cell(goal)))]
        assert ours == walk_back(best, costs, s.lay.stride, s.lay.solid(s.rules.solid), corner, goal)
