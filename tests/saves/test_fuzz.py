"""Loader fuzz: mutated campaign files open as valid campaigns or raise the
typed error, never anything else, and a refused file is never rewritten."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from saves.campaign import Campaign, journal_path
from saves.errors import CorruptSave, NewerSave
from saves.session import Session, create_demo

TYPED = (CorruptSave, NewerSave)


@pytest.fixture(scope="module")
def valid(tmp_path_factory):
    """A campaign with history, undo steps, party and bestiary: ``(bytes, raw document, journal bytes)``."""
    folder = tmp_path_factory.mktemp("valid")
    path = folder / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    boar = next(c for c in session.encounter.state.combatants if c.name == "Boar")
    session.campaign.put_template(boar)
    session.add_from_bestiary("Boar", 2)
    for command in (cmd.Damage(boar.id, 3), cmd.NextTurn(), cmd.RollDice("2d6 x"), cmd.NextTurn()):
        session.commit(command)
    session.undo()
    session.close()
    session = Session(Campaign.open(path), random.Random(3))
    session.commit(cmd.Heal(boar.id, 1))
    journal = journal_path(path).read_bytes()
    session.campaign._lock.release()  # leave the journal as a crash would
    return path.read_bytes(), json.loads(path.read_bytes()), journal


def _paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from _paths(value, prefix + (index,))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def _mutate_document(doc, data):
    doc = json.loads(json.dumps(doc))
    paths = list(_paths(doc))
    target = paths[data.draw(st.integers(0, len(paths) - 1))]
    if not target:
        return data.draw(JSON)
    parent = doc
    for step in target[:-1]:
        parent = parent[step]
    kind = data.draw(st.sampled_from(["replace", "delete", "duplicate"]))
    if kind == "delete":
        del parent[target[-1]]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.append(parent[target[-1]])
    else:
        parent[target[-1]] = data.draw(JSON)
    return doc


def _check(folder, content: bytes, journal: bytes | None):
    path = folder / "c.json"
    path.write_bytes(content)
    if journal is not None:
        journal_path(path).write_bytes(journal)
    try:
        campaign = Campaign.open(path)
    except TYPED as refused:
        assert str(path.name) in str(refused)
        assert path.read_bytes() == content  # refused: never rewritten
        return
    try:
        campaign.load_log()
        campaign.party()
        campaign.bestiary()
        for eid in list(campaign.data.encounters):
            campaign.load_state(eid)
        session = Session(campaign, random.Random(0))
        while session.can_undo:  # walking the history back fails only with the typed error
            try:
                session.undo()
            except TYPED:
                break
    finally:
        campaign.close()


SETTINGS = settings(max_examples=int(__import__("os").environ.get("FUZZ_EXAMPLES", "150")), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@SETTINGS
@given(data=st.data())
def test_mutated_documents(valid, tmp_path_factory, data):
    _, doc, _ = valid
    _check(tmp_path_factory.mktemp("f"), json.dumps(_mutate_document(doc, data)).encode(), None)


@SETTINGS
@given(data=st.data())
def test_mutated_bytes(valid, tmp_path_factory, data):
    content = bytearray(valid[0])
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(content) - 1))
        action = data.draw(st.sampled_from(["truncate", "flip", "insert"]))
        if action == "truncate":
            del content[index:]
        elif action == "flip":
            content[index] = data.draw(st.integers(0, 255))
        else:
            content[index:index] = data.draw(st.binary(min_size=1, max_size=4))
        if not content:
            break
    _check(tmp_path_factory.mktemp("b"), bytes(content), None)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_journals(valid, tmp_path_factory, data):
    content, _, journal = valid
    journal = bytearray(journal)
    index = data.draw(st.integers(0, len(journal) - 1))
    if data.draw(st.booleans()):
        del journal[index:]
    else:
        journal[index] = data.draw(st.integers(0, 255))
    folder = tmp_path_factory.mktemp("j")
    _check(folder, content, bytes(journal))


def test_the_unmutated_campaign_with_its_journal_opens(valid, tmp_path):
    content, _, journal = valid
    _check(tmp_path, content, journal)
    assert Campaign.open(tmp_path / "c.json").bestiary()


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer") or not hasattr(__import__("os"), "mkfifo"), reason="POSIX only")
def test_loader_fuzz_no_uncaught_exception_no_hang_no_modified_original(tmp_path):
    """Mutated campaign files, journals, import files and keys.json, and pipes,
    devices, folders, links, deep nesting, lone surrogates and huge texts in
    their place (tests/saves/loader_fuzz.py): every case opens or is refused
    with a typed error within 2 s, and a refused original is left as it was.
    ``python bench/fuzz_loaders.py --cases 10000`` runs the long version."""
    from tests.saves.loader_fuzz import run

    tally = run(int(__import__("os").environ.get("LOADER_FUZZ_CASES", "300")), seed=11, work=tmp_path)
    assert tally.outcomes.get("refused", 0) and tally.outcomes.get("opened", 0)  # the cases reach both ends
    assert (tally.uncaught, tally.hangs, tally.modified) == (0, 0, 0), "\n".join(tally.failures[:5])
