"""A background fold in small paced slices, reusing the journal's texts.

The fold writes the very bytes the canonical encoding (``saves.texts.dumps``, sorted keys) would,
although it builds them from kept texts and pieces; it pauses between
small pieces of work; a quick quit puts off a fold that has not started
writing, and nothing is lost (the kill tests in ``test_kill9.py`` kill
it at each stage, ``encoded`` among them).
"""

from __future__ import annotations

import json
import random
import threading
import zlib
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from core.combat import commands as cmd
from core.board.grid import Grid
from saves import campaign as campaign_module
from saves import fold, fold_plan, texts
from saves.campaign import Campaign, journal_path
from saves.history import history_path
from saves.session import Session, create_demo
from tests.saves.helpers import ACTIONS, act, state_hash

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
_docs = st.dictionaries(st.text(max_size=4), _json, max_size=4)


@settings(max_examples=200, deadline=None)
@given(step=_docs, log=st.lists(_docs, max_size=3), other=st.dictionaries(st.text(max_size=6), _json, max_size=4))
def test_a_journal_record_built_from_kept_texts_is_the_plain_encoding(step, log, other):
    record = dict(other, step=step, log=log)
    assert texts.record_bytes(record) == texts.dump_bytes(record)
    assert texts.take(step) == texts.dump_bytes(step)  # the text kept for the fold


def test_a_record_with_a_number_past_64_bits_is_written_by_json_and_reads_back():
    """``orjson`` takes integers of 64 bits; a bigger one (a hand-edited
    file) goes to ``json``, the record's kept parts too."""
    step = {"n": 1, "changes": [{"p": ["x"], "o": 2**70, "n": 1.5e-7}]}
    record = {"op": "step", "seq": 2**64, "step": step, "log": [{"seq": 1}]}
    line = texts.record_bytes(record)
    assert json.loads(line) == record
    assert line == json.dumps(record, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8")
    assert json.loads(texts.take(step)) == step


def _big_map_campaign(tmp_path):
    """The demo with a 90x90 map (more rows than the fold encodes in one call) and a second encounter."""
    path = tmp_path / "big.json"
    create_demo(path, random.Random(3)).close()
    campaign = Campaign.open(path)
    state = campaign.load_state()
    rows = tuple(tuple("wall" if (x * 7 + y * 3) % 11 == 0 else "ground" for x in range(90)) for y in range(90))
    campaign.add_encounter("Big map", replace(state, grid=Grid(rows)))
    campaign.close()
    return path


def test_a_paced_fold_writes_the_bytes_a_plain_encoding_would(tmp_path, monkeypatch):
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)  # many background (paced) folds
    path = _big_map_campaign(tmp_path)
    session = Session(Campaign.open(path), random.Random(2))
    session.campaign.set_current(2)
    session = Session(session.campaign, random.Random(2))
    rng = random.Random(4)
    for _ in range(150):
        act(session, rng.choice(ACTIONS), rng)
    session.close()
    raw = path.read_text(encoding="utf-8")
    rows = json.loads(raw)["encounters"].values()
    assert len(rows) == 2 and any(len(row["state"]["grid"]["rows"]) == 90 for row in rows)
    for row in rows:  # each state as the canonical encoding writes it (built from its parts, the map's rows apart)
        assert f'"state":{texts.dumps(row["state"])}' in raw
    lines = history_path(path).read_bytes().splitlines()
    assert len(lines) >= 3
    for line in lines:
        crc, body = line.split(b" ", 1)
        assert int(crc, 16) == zlib.crc32(body)
        assert body.decode("utf-8") == texts.dumps(json.loads(body))


def test_a_paced_fold_pauses_between_small_pieces(tmp_path, monkeypatch):
    path = _big_map_campaign(tmp_path)
    campaign = Campaign.open(path)
    campaign.load_state(2)  # opened: its state is a document again, which the fold encodes (one never opened is written as read)
    pauses = []
    monkeypatch.setattr(fold_plan, "SLICE", 0.0)  # pause at every chance
    monkeypatch.setattr(fold_plan.time, "sleep", lambda seconds: pauses.append(seconds))
    plan = fold.capture(campaign.data, 0, campaign.data.meta.get("history_length", 0), path, ())
    plan.paced = True
    assert fold.write(plan).error is None
    assert len(pauses) >= 90  # the 90 rows of the big map at least, each encoded apart
    campaign._settle(plan, fold.Result(plan.history_length))
    campaign.close()


def test_quitting_puts_off_a_fold_that_has_not_written_and_loses_nothing(tmp_path, monkeypatch):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    monkeypatch.setattr(campaign_module, "COMPACT_MIN_BYTES", 2048)
    entered, release = threading.Event(), threading.Event()
    real = fold.Plan.pace

    def slow_pace(plan):  # the fold, on its thread, waits here until the game has quit
        if plan.paced and not entered.is_set():
            entered.set()
            release.wait(10)
        real(plan)

    monkeypatch.setattr(fold.Plan, "pace", slow_pace)
    session = Session(Campaign.open(path), random.Random(2))
    history_before = history_path(path).stat().st_size
    file_before = path.read_bytes()
    hashes = []
    while not entered.is_set():
        session.commit(cmd.RollDice("1d6 filler"))
        hashes.append(state_hash(session.encounter.state))
    log = list(session.log)
    closer = threading.Thread(target=session.campaign.close, kwargs={"fold_journal": False})
    closer.start()
    closer.join(0.5)
    release.set()  # (if close waited for the fold, it ends now)
    closer.join(10)
    assert history_path(path).stat().st_size == history_before and path.read_bytes() == file_before  # nothing written
    assert fold.folding_path(path).exists()  # the journals keep what the fold would have written
    reopened = Session(Campaign.open(path))
    assert list(reopened.log) == log and state_hash(reopened.encounter.state) == hashes[-1]
    reopened.close()
    assert not journal_path(path).exists() and not fold.folding_path(path).exists()
    assert history_path(path).stat().st_size > history_before


def test_a_paced_fold_waits_while_a_key_is_handled_and_goes_on_between_frames(tmp_path, monkeypatch):
    path = _big_map_campaign(tmp_path)
    campaign = Campaign.open(path)
    monkeypatch.setattr(fold_plan, "LONGEST_HOLD", 30.0)
    waiting = threading.Event()
    real_wait = fold_plan.between_frames.wait

    def wait(timeout=None):
        waiting.set()
        return real_wait(timeout)

    monkeypatch.setattr(fold_plan.between_frames, "wait", wait)
    stages = []
    monkeypatch.setattr(fold, "stage", stages.append)
    plan = fold.capture(campaign.data, 0, campaign.data.meta.get("history_length", 0), path, ())
    plan.paced = True
    results = []
    fold_plan.frame_due()  # the game's thread handles a key
    try:
        thread = threading.Thread(target=lambda: results.append(fold.write(plan)))
        thread.start()
        assert waiting.wait(10)  # the fold stopped at its first pause for the frame
        assert stages == [] and thread.is_alive()
    finally:
        fold_plan.frames_done()
    thread.join(30)
    assert results[0].error is None and stages == ["encoded", "history", "file", "journal"]
    campaign._settle(plan, results[0])
    campaign.close()


def test_a_thread_waiting_for_the_fold_lets_it_go_on_without_frames(tmp_path, monkeypatch):
    """Closing (or a hang-up's rescue) waits for a fold that is writing; no
    frame comes meanwhile, so the fold must not wait for one."""
    path = _big_map_campaign(tmp_path)
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.RollDice("1d6 before the fold"))
    monkeypatch.setattr(fold_plan, "LONGEST_HOLD", 60.0)
    fold_plan.frame_due()  # the last key's frame never came (the app is gone)
    try:
        session.campaign._fold_in_background()
        waiter = threading.Thread(target=session.campaign._wait_for_fold)
        waiter.start()
        waiter.join(20)
        assert not waiter.is_alive()
    finally:
        fold_plan.frames_done()
    assert not fold.folding_path(path).exists()  # folded
    session.close()
