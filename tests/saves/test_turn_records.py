"""A turn change records what it changed, not the crowd (schema 4): the
fight rebuilt from the new undo steps equals every state encoded whole, and
a schema 3 campaign whose journal holds whole lists still opens, undoes and
is written as schema 4 at its first change."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from saves import backups, patch
from saves.campaign import Campaign
from saves.codec import to_document
from saves.layout import clean_state
from saves.migrations import SCHEMA_VERSION
from saves.replay import FightRecord
from saves.session import Session, create_demo
from tests.saves.helpers import ACTIONS, act


def _whole_lists_diff(old, new, path=()):
    """The schema 3 way: a list whose length changed is one change holding
    it whole before and after."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for key in old.keys() | new.keys():
            if key not in new:
                out.append({"p": [*path, key], "o": old[key]})
            elif key not in old:
                out.append({"p": [*path, key], "n": new[key]})
            else:
                out += _whole_lists_diff(old[key], new[key], (*path, key))
        return out
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [c for i, (a, b) in enumerate(zip(old, new)) for c in _whole_lists_diff(a, b, (*path, i))]
    return [{"p": list(path), "o": old, "n": new}]


def _fresh(folder, seed: int) -> Session:
    path = folder / "c.json"
    create_demo(path, random.Random(seed)).close()
    return Session(Campaign.open(path), random.Random(seed))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(ACTIONS + ("next",) * 6), min_size=1, max_size=40), st.integers(0, 10_000))
def test_a_fight_rebuilt_from_its_steps_equals_each_state_encoded_whole(tmp_path_factory, actions, seed):
    session = _fresh(tmp_path_factory.mktemp("f"), seed)
    rng = random.Random(seed)
    documents = [to_document(session.encounter.state)]
    for action in actions:
        if not act(session, action, rng):
            continue
        if action == "undo":
            documents.pop()
        else:  # a new step (what could be redone is dropped) or a redo
            documents.append(to_document(session.encounter.state))
    enc = session.campaign.encounter(session.eid)
    rebuilt = documents[0]
    assert len(documents) == enc.head + 1
    for n in range(1, enc.head + 1):
        step = enc.steps[n - 1]
        old_way = _whole_lists_diff(documents[n - 1], documents[n])
        assert patch.apply(documents[n - 1], old_way) == documents[n]  # the reference is right
        rebuilt = patch.apply(rebuilt, step["changes"])
        assert rebuilt == documents[n]
    session.close()
    record = FightRecord(session.path)  # the replay: from the file, backwards once then forwards
    assert [to_document(record.step(k).state) for k in range(len(record))] == documents[:enc.head + 1]


def test_a_turn_change_in_a_crowd_records_one_boundary_and_one_acted_id(tmp_path):
    """Once ``acted`` and the boundaries hold more than one item, a turn
    change in the middle of a round adds one of each: no whole list."""
    session = _fresh(tmp_path, 3)
    for _ in range(3):
        session.commit(cmd.NextTurn())
    state = session.encounter.state
    if len(state.acted) < 1:  # the demo's round wrapped: go one more
        session.commit(cmd.NextTurn())
        state = session.encounter.state
    session.commit(cmd.NextTurn())
    after = session.encounter.state
    step = session.campaign.encounter(session.eid).steps[-1]
    lists = {tuple(c["p"]): c for c in step["changes"] if c["p"][0] in ("acted", "boundaries")}
    if after.round == state.round:
        assert lists[("acted", len(state.acted))] == {"p": ["acted", len(state.acted)], "n": state.current}
    assert lists[("boundaries", len(state.boundaries))]["n"] == to_document(after.boundaries[-1])
    assert all("o" not in c or "n" not in c for c in lists.values())  # nothing held before and after
    session.close()


def test_a_schema_3_campaign_with_a_journal_of_whole_lists_opens_undoes_and_becomes_schema_4(tmp_path, monkeypatch):
    path = tmp_path / "old.json"
    create_demo(path, random.Random(5)).close()
    with monkeypatch.context() as old_writer:
        old_writer.setattr(patch, "diff", _whole_lists_diff)  # what schema 3 wrote
        session = Session(Campaign.open(path), random.Random(5))
        states = [session.encounter.state]
        for n in range(8):
            session.commit(cmd.NextTurn() if n % 3 else cmd.Damage(session.encounter.state.combatants[0].id, 1))
            states.append(session.encounter.state)
        steps = session.campaign.encounter(session.eid).steps
        assert any(c["p"] == ["boundaries"] for s in steps for c in s["changes"])  # whole lists in the journal
        session.campaign.close(fold_journal=False)
    data = json.loads(path.read_text())
    data["meta"]["1"]["schema"] = 3
    path.write_text(json.dumps(data))
    original = path.read_bytes()

    session = Session(Campaign.open(path), random.Random(5))
    assert session.encounter.state == states[-1]
    session.undo()
    session.undo()
    assert session.encounter.state == states[-3]
    session.redo()
    assert session.encounter.state == states[-2]
    assert json.loads(path.read_text())["meta"]["1"]["schema"] == SCHEMA_VERSION == 4  # written as v4 at the first change
    assert backups.list_backups(path)[0].read_bytes() == original
    session.commit(cmd.NextTurn())
    final = session.encounter.state
    session.close()
    reopened = Session(Campaign.open(path))
    assert reopened.encounter.state == final
    assert clean_state(reopened.campaign.encounter(reopened.eid)) == to_document(final)
    for back in reversed(states[:-1]):
        reopened.undo()
        assert reopened.encounter.state == back
    reopened.close()
