"""The indexes a state keeps over its combatants (core.combat.state), carried
from one state to the next by ``replace_combatant`` and by copies that keep
``combatants`` (core.values.frozen.replace), equal the scans they replace,
however the states were reached; and a crowd's turn change finds the next
creature as the whole-order scan of EQ-INIT-6 does."""

from __future__ import annotations

import dataclasses
import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.combat.encounter import Encounter
from core.combat.turns import takes_turn
from core.combat.upcoming import next_up
from core.rulesets import get as get_ruleset
from core.values.combatant import Combatant, Side
from core.values.conditions import Condition
from core.values.frozen import replace
from core.values.trackers import Reminder, When
from core.combat.demo import state_from_map
from core.board.grid import from_text

IDS = [f"c{n}" for n in range(1, 9)]


def _state(count: int = 8):
    state = state_from_map("Field", from_text("\n".join(["." * 12] * 6)))
    creatures = tuple(
        Combatant(id=f"c{n}", name=f"C{n}", side=Side.PARTY if n % 2 else Side.FOE, hp=10, hp_max=10, stats={},
                  initiative=20 - 2 * n, position=(n % 12, n // 12))
        for n in range(1, count + 1)
    )
    return replace(state, combatants=creatures, round=1, current="c1", cursor=18)


def _scans(state) -> dict:
    """Each index as a plain scan of ``combatants`` computes it."""
    rolled = sorted((c for c in state.combatants if c.initiative is not None), key=lambda c: -c.initiative)
    order = tuple(rolled) + tuple(c for c in state.combatants if c.initiative is None)
    standing = {side: (sum(c.side is side for c in state.combatants), sum(c.side is side and not (c.dead or c.defeated) for c in state.combatants))
                for side in Side}
    return {
        "by_id": {c.id: c for c in state.combatants},
        "order": order,
        "ridden": frozenset(c.mounted_on for c in state.combatants if c.mounted_on is not None),
        "conditioned": tuple(c.id for c in state.combatants if c.conditions),
        "reminded": tuple(c.id for c in state.combatants if c.reminders),
        "standing": standing,
        "from": {cursor: next((n for n, c in enumerate(order) if c.initiative is None or c.initiative <= cursor), len(order))
                 for cursor in range(-1, 21)},
    }


def _indexes(state) -> dict:
    return {
        "by_id": {cid: state.combatant(cid) for cid in {c.id for c in state.combatants}},
        "order": state.order(),
        "ridden": state.ridden(),
        "conditioned": state.conditioned(),
        "reminded": state.reminded(),
        "standing": {side: state.standing(side) for side in Side},
        "from": {cursor: min(state.order_from(cursor), len(state.order())) for cursor in range(-1, 21)},
    }


CHANGE = st.one_of(
    st.tuples(st.just("hp"), st.integers(-3, 12)),
    st.tuples(st.just("conditions"), st.sampled_from([(), (Condition("burning"),), (Condition("stunned"), Condition("prone"))])),
    st.tuples(st.just("reminders"), st.sampled_from([(), (Reminder("r1", "check", When.START, "c1"),)])),
    st.tuples(st.just("initiative"), st.none() | st.integers(0, 25)),
    st.tuples(st.just("mounted_on"), st.none() | st.sampled_from(IDS)),
    st.tuples(st.just("side"), st.sampled_from(list(Side))),
    st.tuples(st.just("dead"), st.booleans()),
)
STEP = st.one_of(
    st.tuples(st.just("creature"), st.sampled_from(IDS), CHANGE),
    st.tuples(st.just("state"), st.integers(1, 5), st.none()),  # a copy that keeps the combatants (a turn field changed)
    st.tuples(st.just("tuple"), st.sampled_from(IDS), CHANGE),  # a new combatants tuple given whole
)


@settings(max_examples=150, deadline=None)
@given(steps=st.lists(STEP, max_size=12), look=st.lists(st.booleans(), min_size=12, max_size=12))
def test_every_index_equals_the_scan_it_replaces(steps, look):
    state = _state()
    for n, (kind, target, change) in enumerate(steps):
        if look[n]:  # some indexes built before the step, some not: both kinds of carrying are tried
            _indexes(state)
        if kind == "state":
            state = replace(state, round=target)
        else:
            field, value = change
            creature = replace(state.combatant(target), **{field: value})
            if kind == "creature":
                state = state.replace_combatant(creature)
            else:
                state = replace(state, combatants=tuple(creature if c.id == target else c for c in state.combatants))
        assert _indexes(state) == _scans(state)
    fresh = dataclasses.replace(state)  # the same value, nothing cached: built afresh
    assert _indexes(fresh) == _scans(state)
    assert pickle.dumps(state) == pickle.dumps(fresh)  # the indexes are not part of the value's pickle


def _crowd(count: int, seed: int) -> Encounter:
    rng = random.Random(seed)
    state = state_from_map("Crowd", from_text("\n".join(["." * 40] * 30)))
    cells = [(x, y) for y in range(30) for x in range(40)]
    rng.shuffle(cells)
    creatures = tuple(Combatant(id=f"c{n}", name=f"C{n}", side=Side.PARTY if n % 2 else Side.FOE, hp=10, hp_max=10,
                                stats={"DEX": n % 3}, position=cells[n]) for n in range(1, count + 1))
    encounter = Encounter(replace(state, combatants=creatures), get_ruleset("equestria"), random.Random(seed))
    encounter.apply(cmd.StartCombat())
    return encounter


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 1000), turns=st.integers(1, 60), fallen=st.sets(st.integers(1, 40), max_size=8))
def test_a_crowds_turns_follow_the_whole_order_eq_init_6(seed, turns, fallen):
    """EQ-INIT-6: each next turn is the highest initiative at or below the
    cursor that has not acted and takes a turn, else the top of the next
    round; found from the cursor's place in the order, it is the creature a
    scan of the whole order names."""
    encounter = _crowd(40, seed)
    for n in fallen:  # the dead take no turn: the search skips them as the scan does
        encounter.state = encounter.state.replace_combatant(replace(encounter.state.combatant(f"c{n}"), dead=True))
    for _ in range(turns):
        state = encounter.state
        cursor = state.cursor
        waiting = [c for c in state.order() if c.initiative is not None and c.initiative <= cursor and c.id != state.current
                   and c.id not in state.acted and takes_turn(encounter, state, c)]
        expected = waiting[0] if waiting else next(c for c in state.order() if takes_turn(encounter, state, c))
        assert next_up(encounter, state) == expected
        encounter.apply(cmd.NextTurn())
        assert encounter.state.current == expected.id
