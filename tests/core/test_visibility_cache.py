"""Seen cells are kept per creature (core/combat/visibility.py): a player view
asks after every action, and the answer is the same as working it out
afresh, cell by cell, from line of sight (rule EQ-MAP-4)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from core.values.combatant import Combatant, Side
from core.board.geometry.sight import line_of_sight
from core.board.grid import from_text
from core.combat.visibility import _seen_from, seen_cells

W, H = 9, 7


def _grid(walls):
    rows = ["".join("#" if (x, y) in walls else "." for x in range(W)) for y in range(H)]
    return from_text("\n".join(rows)).grid


def _afresh(grid, eyes, sight_range):
    out = set()
    for c in eyes:
        x0, y0 = c.position
        reach = sight_range or max(grid.width, grid.height)
        for y in range(grid.height):
            for x in range(grid.width):
                if max(abs(x - x0), abs(y - y0)) <= reach and any(line_of_sight(grid, e, (x, y)) for e in c.cells):
                    out.add((x, y))
    return frozenset(out)


cells = st.tuples(st.integers(0, W - 2), st.integers(0, H - 2))


@settings(max_examples=60, deadline=None)
@given(st.sets(cells, max_size=20), st.lists(cells, min_size=1, max_size=3), st.integers(0, 4), st.integers(0, 2))
def test_seen_cells_equal_line_of_sight_worked_out_afresh_rule_eq_map_4(walls, places, sight_range, big):
    grid = _grid(walls)
    eyes = [Combatant(f"p{i}", f"P{i}", Side.PARTY, {}, 5, 5, position=place, footprint=(2, 2) if i < big else None)
            for i, place in enumerate(places)]
    assert seen_cells(grid, eyes, sight_range) == _afresh(grid, eyes, sight_range)
    moved = [replace(c, position=((c.position[0] + 3) % (W - 1), c.position[1])) for c in eyes]
    assert seen_cells(grid, moved, sight_range) == _afresh(grid, moved, sight_range)  # kept by place, never stale


def test_asking_again_for_an_equal_map_and_creature_does_not_work_it_out_again():
    grid = _grid({(4, y) for y in range(H - 1)})
    hero = Combatant("h", "Hero", Side.PARTY, {}, 5, 5, position=(1, 1))
    first = seen_cells(grid, [hero], 0)
    hits = _seen_from.cache_info().hits
    again = seen_cells(_grid({(4, y) for y in range(H - 1)}), [replace(hero, hp=2)], 0)  # a new, equal state
    assert again == first and _seen_from.cache_info().hits == hits + 1


def test_an_unchanged_crowd_is_shown_as_the_same_values_and_a_change_anew():
    """What a side sees of an unchanged creature is the same object from one
    state to the next (the feed converts it once); a foe that took damage is
    shown anew at its new band (EQ-VIS-1's health bands), equal to a fresh strip."""
    import random
    from core.combat import visibility
    from core.combat.demo import demo_encounter
    from core.rulesets import get as get_ruleset
    encounter, _ = demo_encounter(random.Random(1))
    state, ruleset = encounter.state, get_ruleset("equestria")
    first = visibility.visible_to(state, ruleset, Side.PARTY).state
    again = visibility.visible_to(replace(state, round=state.round + 1), ruleset, Side.PARTY).state
    assert first.combatants and all(a is b for a, b in zip(first.combatants, again.combatants))
    foe = next(c for c in first.combatants if c.side is not Side.PARTY)
    hurt = replace(state.combatant(foe.id), hp=1)
    later = visibility.visible_to(state.replace_combatant(hurt), ruleset, Side.PARTY)
    shown = later.state.combatant(foe.id)
    assert shown is not foe and shown == visibility._stripped(hurt, later.bands[foe.id])


def test_the_feeds_view_of_an_unchanged_foe_is_the_same_value_and_of_a_changed_one_anew():
    """``for_players`` cuts each foe to what any onlooker sees: an unchanged
    foe is the very value of the last feed (its document is converted once),
    a foe that changed is cut anew and equals a fresh cut (EQ-VIS-1)."""
    import random
    from core.combat import visibility
    from core.combat.demo import demo_encounter
    from core.rulesets import get as get_ruleset
    encounter, _ = demo_encounter(random.Random(1))
    state, ruleset = encounter.state, get_ruleset("equestria")
    first = visibility.for_players(visibility.visible_to(state, ruleset, Side.PARTY))
    again = visibility.for_players(visibility.visible_to(replace(state, round=state.round + 1), ruleset, Side.PARTY))
    foes = [c for c in first.combatants if c.side is not Side.PARTY]
    assert foes and all(a is b for a, b in zip(first.combatants, again.combatants))
    hurt = replace(state.combatant(foes[0].id), hp=0)  # down: the band players see changes
    later = visibility.for_players(visibility.visible_to(state.replace_combatant(hurt), ruleset, Side.PARTY))
    cut = later.combatant(hurt.id)
    assert cut is not foes[0] and cut.hp != foes[0].hp
    assert cut == visibility._public_cut(visibility._shown(hurt, visibility.health_band(hurt)))
