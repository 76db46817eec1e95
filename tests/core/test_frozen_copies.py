"""The fast copy of frozen values (core.values.frozen.replace) is
dataclasses.replace: equal, the same pickle bytes, the same refusals."""

from __future__ import annotations

import dataclasses
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat.demo import demo_encounter
from core.errors import IllegalCommand
from core.values.clock import Clock
from core.values.combatant import Combatant
from core.values.frozen import replace


def demo_state():
    table, _ = demo_encounter(random.Random(1))
    return table.state


@settings(max_examples=40, deadline=None)
@given(hp=st.integers(-5, 40), name=st.text(max_size=5), moved=st.none() | st.tuples(st.integers(0, 9), st.integers(0, 9)), which=st.integers(0, 3))
def test_a_copy_is_what_dataclasses_replace_gives(hp, name, moved, which):
    state = demo_state()
    state.combatant(state.combatants[0].id)  # an index cached on the state: not part of its value
    creature = state.combatants[which % len(state.combatants)]
    for value, changes in ((creature, {"hp": hp, "name": name, "position": moved}), (creature.budget, {"movement": hp}),
                           (state, {"round": hp, "combatants": (creature,)})):
        slow, fast = dataclasses.replace(value, **changes), replace(value, **changes)
        assert fast == slow
        assert pickle.dumps(fast) == pickle.dumps(slow)
        assert list(fast.__dict__) == list(slow.__dict__)
    others = [c.id for c in state.combatants if c.id != creature.id]
    assert not any(replace(state, combatants=(creature,)).has(cid) for cid in others)  # the index is the new value's, built afresh


def test_a_name_that_is_no_field_is_refused_and_post_init_still_runs():
    creature = demo_state().combatants[0]
    with pytest.raises(TypeError, match="unexpected keyword argument 'hit_points'"):
        replace(creature, hit_points=3)
    with pytest.raises(IllegalCommand):  # Clock checks itself in __post_init__: it goes through dataclasses.replace
        replace(Clock(5), seconds=-1)
    assert isinstance(replace(creature), Combatant) and replace(creature) is not creature
