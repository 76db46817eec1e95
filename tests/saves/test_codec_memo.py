"""The codec converts an unchanged value once (saves.codec): frozen
dataclasses by weak identity, tuples of plain or frozen items by identity
(bounded), so that the undo diff of an action meets the very same
documents and skips them."""

from __future__ import annotations

import random
from dataclasses import replace

from core.combat import commands as cmd
from core.combat.demo import demo_encounter
from saves import codec, patch
from saves.codec import from_document, to_document
from core.combat.state import EncounterState


def test_an_unchanged_tuple_of_frozen_values_is_the_same_document():
    encounter, _ = demo_encounter(random.Random(3))
    state = encounter.state
    first = to_document(state.combatants)
    assert to_document(state.combatants) is first
    changed = replace(state, round=state.round + 1)  # the same combatants tuple
    assert to_document(changed)["combatants"] is to_document(state)["combatants"]


def test_the_diff_of_an_action_names_only_what_changed():
    encounter, _ = demo_encounter(random.Random(3))
    before = to_document(encounter.state)
    target = encounter.state.combatants[0].id
    encounter.apply(cmd.Damage(target, 1))
    after = to_document(encounter.state)
    changes = patch.diff(before, after)
    assert changes and all(c["p"][0] in ("combatants", "last_roll", "turn_at") for c in changes), changes
    assert patch.apply(before, changes) == after
    assert from_document(after, EncounterState) == encounter.state


def test_a_tuple_holding_a_mutable_item_converts_again_each_time():
    shared = [1, 2]
    value = (shared, 3)
    first = to_document(value)
    shared.append(4)
    assert to_document(value) == [[1, 2, 4], 3]
    assert first == [[1, 2], 3]


def test_the_kept_tuples_are_bounded():
    keep = [tuple(range(n, n + 3)) for n in range(codec._TUPLES_MAX * 3)]
    for value in keep:
        to_document(value)
    assert len(codec._TUPLES) <= codec._TUPLES_MAX
