"""Thin walls, doors and windows on cell sides (core.board.edges): the
notation, movement in every ruleset, sight, cover and areas."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from core.board.edges import Edge, Feature, Side, from_text, to_text
from core.board.geometry import line_of_sight, radius
from core.board.geometry.areas import line
from core.board.geometry.sight import cover_between, line_of_effect
from core.board.grid import Cover, Grid
from core.board.movement import check_step, find_path, reachable
from core.errors import MapFormatError, MoveRefused
from core.rulesets import get
from core.values.combatant import Combatant, Side as Team

RULESETS = ("equestria", "srd35", "tactical_d10", "power_roll")


def _walker(cell=(0, 1), **kw) -> Combatant:
    return Combatant("a", "Aria", Team.PARTY, {}, 10, 10, position=cell, **kw)


def _room(door: Feature) -> Grid:
    """5x3, a thin wall on the east sides of column 1 with ``door`` in the middle row."""
    edges = (Edge((1, 0), Side.EAST, Feature.WALL), Edge((1, 1), Side.EAST, door), Edge((1, 2), Side.EAST, Feature.WALL))
    return Grid(Grid.filled(5, 3).rows, edges=edges)


def test_notation_reads_runs_and_writes_them_back():
    edges = from_text("edge wall 2,3 south 3") + from_text("edge door 5,3 east locked") + from_text("edge window 1,1 south")
    assert [e.key for e in edges[:3]] == [((2, 3), Side.SOUTH), ((3, 3), Side.SOUTH), ((4, 3), Side.SOUTH)]
    assert edges[3] == Edge((5, 3), Side.EAST, Feature.DOOR_LOCKED)
    assert edges[4].feature is Feature.WINDOW
    assert sorted(to_text(edges)) == sorted(["edge wall 2,3 south 3", "edge door 5,3 east locked", "edge window 1,1 south"])


@pytest.mark.parametrize("line_text", ["edge wal 1,1 east", "edge wall 1 east", "edge wall 1,1 west", "edge door 1,1 east ajar",
                                       "edge wall 1,1 east 0", "edge wall 1,1 east extra"])
def test_bad_edge_lines_are_refused_with_the_line(line_text):
    with pytest.raises(MapFormatError, match="line 7"):
        from_text(line_text, 7)


def test_an_edge_off_the_map_is_refused():
    with pytest.raises(MapFormatError, match="not between two cells"):
        Grid(Grid.filled(3, 3).rows, edges=(Edge((2, 0), Side.EAST, Feature.WALL),))


@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6), st.sampled_from(list(Side)), st.sampled_from(list(Feature))).map(
    lambda t: Edge((t[0], t[1]), t[2], t[3])), max_size=30))
@settings(max_examples=60, deadline=None)
def test_the_notation_round_trips(edges):
    unique = {e.key: e for e in edges}
    back = [e for line_text in to_text(unique.values()) for e in from_text(line_text)]
    assert {e.key: e.feature for e in back} == {k: e.feature for k, e in unique.items()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_closed_door_refuses_the_move_with_its_reason_and_an_open_one_lets_it_through(ruleset):
    rules = get(ruleset)
    mover = _walker()
    with pytest.raises(MoveRefused, match=r"the closed door east of \(1, 1\) is in the way"):
        find_path(_room(Feature.DOOR_CLOSED), rules, mover, [mover], (3, 1))
    assert max(x for x, _ in reachable(_room(Feature.DOOR_LOCKED), rules, mover, [mover], 8)) == 1
    path = find_path(_room(Feature.DOOR_OPEN), rules, mover, [mover], (3, 1))
    assert path.cells[-1] == (3, 1) and (1, 1) in path.cells  # through the doorway
    reached = reachable(_room(Feature.DOOR_BROKEN), rules, mover, [mover], 8)
    assert (4, 1) in reached and (4, 0) in reached


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_window_blocks_movement_but_not_sight(ruleset):
    grid = _room(Feature.WINDOW)
    mover = _walker()
    assert max(x for x, _ in reachable(grid, get(ruleset), mover, [mover], 8)) == 1
    assert line_of_sight(grid, (0, 1), (4, 1))
    assert not line_of_effect(grid, (0, 1), (4, 1))
    assert cover_between(grid, (0, 1), (4, 1)) is Cover.FULL  # DEFAULT window_cover: as a glass wall


def test_a_thin_wall_keeps_a_one_square_corridor_open():
    """A corridor one square wide between two thin walls: walkable along, shut across."""
    edges = from_text("edge wall 0,0 south 5") + from_text("edge wall 0,1 south 5")
    grid = Grid(Grid.filled(5, 3).rows, edges=edges)
    mover = _walker((0, 1))
    reached = reachable(grid, get("equestria"), mover, [mover], 10)
    assert set(reached) == {(x, 1) for x in range(5)}
    assert reached[(4, 1)] == 4


@pytest.mark.parametrize(("ruleset", "allowed"), [("equestria", True), ("srd35", False)])
def test_a_diagonal_past_a_walls_end_follows_the_rulesets_corner_rule(ruleset, allowed):
    """One wall side east of (0, 0): from (0, 1) to (1, 0) goes round by
    (1, 1). equestria lets a diagonal graze a wall's end (one way round
    open, EQ-MOV-2); srd35 needs both ways open (SRD-MOV-3)."""
    grid = Grid(Grid.filled(3, 3).rows, edges=(Edge((0, 0), Side.EAST, Feature.WALL),))
    mover = _walker((0, 1))
    if allowed:
        assert check_step(grid, get(ruleset), mover, [mover], (1, 0)) == 1
    else:
        with pytest.raises(MoveRefused):
            check_step(grid, get(ruleset), mover, [mover], (1, 0))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_diagonal_through_a_wall_running_through_the_corner(ruleset):
    grid = Grid(Grid.filled(3, 3).rows, edges=tuple(from_text("edge wall 0,0 south 3")))
    mover = _walker((0, 0))
    with pytest.raises(MoveRefused, match="wall"):
        check_step(grid, get(ruleset), mover, [mover], (1, 1))
    assert (1, 1) not in reachable(grid, get(ruleset), mover, [mover], 3)


def test_a_big_creature_does_not_stand_astride_a_thin_wall():
    grid = Grid(Grid.filled(6, 4).rows, edges=tuple(from_text("edge wall 2,0 east 2")))
    big = _walker((0, 0), footprint=(2, 2))
    reached = reachable(grid, get("srd35"), big, [big], 12)
    assert (1, 0) in reached and (2, 0) not in reached and (2, 2) in reached


def test_sight_stops_at_a_closed_door_and_passes_an_open_one():
    assert not line_of_sight(_room(Feature.DOOR_CLOSED), (0, 1), (4, 1))
    assert line_of_sight(_room(Feature.DOOR_OPEN), (0, 1), (4, 1))
    assert not line_of_sight(_room(Feature.DOOR_OPEN), (0, 0), (4, 0))


def test_an_explosion_does_not_pass_a_closed_door():
    closed = radius((0, 1), 3, _room(Feature.DOOR_CLOSED))
    opened = radius((0, 1), 3, _room(Feature.DOOR_OPEN))
    assert max(x for x, _ in closed.cells) == 1
    assert (3, 1) in opened and (3, 0) in opened
    assert line((0, 1), (4, 1), grid=_room(Feature.DOOR_CLOSED)).cells == ((1, 1),)


@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from(list(Side))), max_size=25),
       st.sampled_from(RULESETS))
@settings(max_examples=40, deadline=None)
def test_reach_with_walls_matches_reach_on_a_map_cut_into_cells(walls, ruleset):
    """A thin wall can only take cells away: every cell reached with the
    walls is reached without them, at a cost no lower, and a straight step
    never crosses a wall."""
    edges = {((x, y), s): Edge((x, y), s, Feature.WALL) for x, y, s in walls if (x < 5 or s is Side.SOUTH) and (y < 5 or s is Side.EAST)}
    grid = Grid(Grid.filled(6, 6).rows, edges=tuple(edges.values()))
    rules = get(ruleset)
    mover = _walker((2, 2))
    walled = reachable(grid, rules, mover, [mover], 6)
    bare = reachable(Grid.filled(6, 6), rules, mover, [mover], 6)
    for cell, cost in walled.items():
        assert cell in bare and cost >= bare[cell]
        if cell != (2, 2):
            path = find_path(grid, rules, mover, [mover], cell)
            here = (2, 2)
            for step in path.cells:
                assert not grid.edge_map.step_blocked(here, step)
                here = step


@pytest.mark.parametrize("legend", ["emoji", "ascii"])
def test_a_map_file_carries_its_edges_both_ways(legend):
    from core.board.map_text import encounter_from_map, export_map

    text = "....\n.A..\n....\n\nA Aria party hp 12\nedge wall 0,0 south 2\nedge door 1,1 east locked\nedge window 2,0 east\n"
    rules = get("equestria")
    state, _ = encounter_from_map(text, "t", rules)
    assert state.grid.edge_feature((1, 1), (2, 1)) is Feature.DOOR_LOCKED
    assert state.grid.edge_feature((1, 0), (1, 1)) is Feature.WALL
    exported = export_map(state, rules, legend).text
    again, _ = encounter_from_map(exported, "t", rules)
    assert again.grid.edges == state.grid.edges


def test_an_edge_line_off_the_map_is_refused():
    from core.dice.roster import read_map_file

    with pytest.raises(MapFormatError, match="not between two cells"):
        read_map_file("...\n...\n\nedge wall 2,0 east\n")
    with pytest.raises(MapFormatError, match="line 4"):
        read_map_file("...\n...\n\nedge wall 2,0 up\n")


def test_the_players_fog_shows_the_room_behind_a_door_only_once_it_opens():
    from core.combat.visibility import seen_cells

    viewer = _walker((1, 1))
    closed = seen_cells(_room(Feature.DOOR_CLOSED), [viewer], 0)
    opened = seen_cells(_room(Feature.DOOR_OPEN), [viewer], 0)
    assert not any(x >= 2 for x, _ in closed)
    assert {(2, 1), (3, 1), (4, 1)} <= opened
