"""The paths a map remembers (``Layout.paths``, :func:`core.board.movement.find_path`):
a path found again comes from memory and is the very path a fresh search
finds, for any mover among any creatures; what changes the search (another
creature moved, the movement left, the SRD-MOV-2 parity, the targets) never
gives back a path found for something else."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.board.grid import Grid
from core.board.movement import find_path
from core.board.movement.layout import layout
from core.board.movement.model import MoveOptions
from core.errors import MoveRefused
from core.values.combatant import Side
from tests.core.movement_helpers import creature
from tests.core.test_movement_properties import RULESETS, maps

CELLS = st.tuples(st.integers(0, 8), st.integers(0, 8))


def searched(grid: Grid, ruleset: str, mover, others, goal, **options):
    """``find_path`` on ``grid``: its path, or the refusal's rule and text."""
    try:
        return find_path(grid, ruleset, mover, [mover, *others], goal, **options)
    except MoveRefused as refusal:
        return (refusal.rule, str(refusal))


def fresh(grid: Grid) -> Grid:
    """The same map as a new value: a layout of its own, nothing remembered."""
    return Grid(grid.rows)


@settings(max_examples=200)
@given(maps(), RULESETS, st.lists(st.tuples(CELLS, st.booleans()), max_size=4), st.lists(CELLS, min_size=1, max_size=3),
       st.integers(0, 1), st.one_of(st.none(), st.integers(0, 12)))
def test_a_remembered_path_is_the_one_a_fresh_search_finds(case, ruleset, placed, goals, parity, budget):
    grid, start = case
    mover = creature("m", start, stats={"DEX": 2})
    others = [creature(f"o{n}", cell, Side.FOE if foe else Side.PARTY) for n, (cell, foe) in enumerate(placed) if cell != start]
    options = MoveOptions(start_parity=parity)
    for goal in goals:  # one map remembers every search in turn: each is still what a fresh map finds
        first = searched(grid, ruleset, mover, others, goal, options=options, budget=budget)
        again = searched(grid, ruleset, mover, others, goal, options=options, budget=budget)
        assert first == again == searched(fresh(grid), ruleset, mover, others, goal, options=options, budget=budget)
    if others:  # another creature moves away: the paths remembered around it are not given back
        moved = [creature(o.id, None, o.side) for o in others[:1]] + others[1:]
        for goal in goals:
            assert searched(grid, ruleset, mover, moved, goal, options=options) == searched(fresh(grid), ruleset, mover, moved, goal, options=options)


def test_a_path_found_again_comes_from_memory_and_the_budget_still_counts():
    grid = Grid((("ground",) * 6,) * 3)
    mover = creature("m", (0, 0), stats={"DEX": 2})
    path = find_path(grid, "equestria", mover, [mover], (5, 0))
    assert layout(grid).paths  # remembered
    assert find_path(grid, "equestria", mover, [mover], (5, 0)) is path
    with pytest.raises(MoveRefused, match="left"):
        find_path(grid, "equestria", mover, [mover], (5, 0), budget=path.cost - 1)


def test_a_creature_that_moved_away_no_longer_bends_the_path():
    grid = Grid((("ground",) * 5,) * 2)
    mover = creature("m", (0, 1), stats={"DEX": 2})
    foe = creature("f", (2, 1), Side.FOE)
    around = find_path(grid, "srd35", mover, [mover, foe], (4, 1))
    straight = find_path(grid, "srd35", mover, [mover, creature("f", (2, 0), Side.FOE)], (4, 1))
    assert (2, 1) not in around.cells and straight.cost < around.cost  # SRD-MOV-2: going round takes a second diagonal
    assert straight == find_path(fresh(grid), "srd35", mover, [mover, creature("f", (2, 0), Side.FOE)], (4, 1))


def test_the_diagonal_count_carried_in_is_part_of_what_is_remembered():
    grid = Grid((("ground",) * 3,) * 3)
    mover = creature("m", (0, 0), stats={"DEX": 2})
    even = find_path(grid, "srd35", mover, [mover], (1, 1))
    odd = find_path(grid, "srd35", mover, [mover], (1, 1), options=MoveOptions(start_parity=1))
    assert odd.cost > even.cost  # SRD-MOV-2: the second diagonal costs double
    assert odd == find_path(fresh(grid), "srd35", mover, [mover], (1, 1), options=MoveOptions(start_parity=1))


def test_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr("core.board.movement.layout.PATHS_KEPT", 3)
    grid = Grid((("ground",) * 6,) * 3)
    mover = creature("m", (0, 0), stats={"DEX": 2})
    for x in range(1, 6):
        find_path(grid, "equestria", mover, [mover], (x, 0))
        assert len(layout(grid).paths) <= 3


def test_a_pickled_map_leaves_what_it_cached_behind():
    grid = Grid((("ground",) * 6,) * 3)
    mover = creature("m", (0, 0), stats={"DEX": 2})
    path = find_path(grid, "equestria", mover, [mover], (5, 0))
    assert layout(grid).paths and "_layout" in grid.__dict__
    copy = pickle.loads(pickle.dumps(grid))
    assert copy == grid and "_layout" not in copy.__dict__
    assert pickle.dumps(grid) == pickle.dumps(fresh(grid))  # the layout's tables and paths stay behind
    assert find_path(copy, "equestria", mover, [mover], (5, 0)) == path
