"""Undo steps record what came into a list and what left it (schema 4,
:mod:`saves.patch`), not the whole list before and after: a turn change adds
one id to ``acted`` and one turn boundary to the state's window of them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves import patch

LEAF = st.one_of(st.integers(-5, 5), st.text("ab", max_size=2), st.none(), st.booleans())
DOC = st.recursive(
    LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text("xyz", min_size=1, max_size=2), inner, max_size=4)),
    max_leaves=25,
)


def _edited(doc, draw):
    """``doc`` with random edits of the kinds a fight makes: items appended
    to lists, the first item dropped (a window moving on), the last taken
    out, values replaced."""
    if isinstance(doc, list):
        items = [_edited(item, draw) if draw(st.booleans()) else item for item in doc]
        how = draw(st.sampled_from(["keep", "append", "slide", "pop", "clear"]))
        if how == "append":
            items += draw(st.lists(LEAF, min_size=1, max_size=3))
        elif how == "slide" and items:
            items = items[1:] + [draw(LEAF)]
        elif how == "pop" and items:
            items = items[:-1]
        elif how == "clear":
            items = []
        return items
    if isinstance(doc, dict):
        return {key: _edited(value, draw) if draw(st.booleans()) else value for key, value in doc.items()}
    return draw(LEAF) if draw(st.booleans()) else doc


@settings(max_examples=300, deadline=None)
@given(DOC, st.data())
def test_a_diff_played_forward_gives_the_new_document_and_backward_the_old(old, data):
    new = _edited(old, data.draw)
    changes = patch.diff(old, new)
    assert patch.apply(old, changes) == new
    assert patch.apply(new, changes, forward=False) == old
    assert (changes == []) == (json.dumps(old) == json.dumps(new))  # 0 and false are equal in Python, not in the file


def test_an_item_appended_to_a_list_is_one_change_without_the_list():
    acted = ["c1", "c2", "c3"]
    changes = patch.diff({"acted": acted}, {"acted": acted + ["c4"]})
    assert changes == [{"p": ["acted", 3], "n": "c4"}]


def test_a_window_moved_on_by_one_is_the_item_that_left_and_the_one_that_came():
    old = [{"t": 1}, {"t": 2}, {"t": 3}]
    new = old[1:] + [{"t": 4}]
    assert patch.diff(old, new) == [{"p": [0], "o": {"t": 1}}, {"p": [2], "n": {"t": 4}}]
    assert patch.apply(old, patch.diff(old, new)) == new


def test_items_taken_off_the_end_are_recorded_last_first():
    changes = patch.diff(["a", "b", "c", "d"], ["a", "b"])
    assert changes == [{"p": [3], "o": "d"}, {"p": [2], "o": "c"}]
    assert patch.apply(["a", "b"], changes, forward=False) == ["a", "b", "c", "d"]


def test_a_list_emptied_or_mostly_replaced_is_one_change_of_the_whole_list():
    """At a new round ``acted`` empties: one change holding the old list is
    shorter than one per id."""
    assert patch.diff(["c1", "c2", "c3"], []) == [{"p": [], "o": ["c1", "c2", "c3"], "n": []}]
    assert patch.diff(["c1"], ["c1", "c2", "c3"]) == [{"p": [], "o": ["c1"], "n": ["c1", "c2", "c3"]}]


def test_an_insert_beyond_the_end_is_refused():
    with pytest.raises(patch.PatchError, match="beyond the list's end"):
        patch.apply(["a"], [{"p": [2], "n": "b"}])


def test_taking_out_an_item_that_is_not_there_is_refused():
    with pytest.raises(patch.PatchError, match="does not hold what the change expects"):
        patch.apply(["a", "b"], [{"p": [1], "o": "c"}])
    with pytest.raises(patch.PatchError, match="does not hold what the change expects"):
        patch.apply(["a"], [{"p": [1], "o": "a"}])


def test_an_index_neither_holding_nor_getting_an_item_is_refused():
    with pytest.raises(patch.PatchError, match="neither holds nor gets"):
        patch.apply(["a"], [{"p": [0]}])
