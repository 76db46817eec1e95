"""The journal: torn tails are dropped, damage in the middle is refused, failed appends are cut back."""

from __future__ import annotations

import os
import random

import pytest

from core.combat import commands as cmd
from saves.campaign import Campaign, journal_path
from saves.errors import CorruptSave
from saves.journal import Journal, read_journal
from saves.session import Session, create_demo


def test_a_torn_last_line_at_any_byte_is_dropped(tmp_path):
    path = tmp_path / "j.journal"
    journal = Journal(path, 0)
    records = [{"seq": i, "text": "é" * i} for i in range(1, 6)]
    for record in records:
        journal.append([record])
    journal.close()
    raw = path.read_bytes()
    ends = [i + 1 for i, b in enumerate(raw) if b == ord("\n")]
    for cut in range(len(raw) + 1):
        path.write_bytes(raw[:cut])
        got, good = read_journal(path)
        whole = sum(1 for end in ends if end <= cut)
        assert got == records[:whole] and good == (ends[whole - 1] if whole else 0)


def test_a_damaged_line_before_good_ones_is_refused(tmp_path):
    path = tmp_path / "j.journal"
    journal = Journal(path, 0)
    journal.append([{"seq": 1}, {"seq": 2}, {"seq": 3}])
    journal.close()
    raw = bytearray(path.read_bytes())
    raw[12] ^= 0x01  # inside the first record: its checksum no longer matches
    path.write_bytes(bytes(raw))
    with pytest.raises(CorruptSave, match="damaged"):
        read_journal(path)


def test_a_failed_append_is_cut_back_and_the_next_one_is_clean(tmp_path, monkeypatch):
    path = tmp_path / "j.journal"
    journal = Journal(path, 0)
    journal.append([{"seq": 1}])
    real = os.write
    calls = []

    def half_then_full(fd, data):
        calls.append(1)
        if len(calls) == 1:
            return real(fd, bytes(data[:5]))  # a partial write, then the disk is full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(OSError):
        journal.append([{"seq": 2}])
    monkeypatch.setattr(os, "write", real)
    journal.append([{"seq": 2, "again": True}])
    assert read_journal(path)[0] == [{"seq": 1}, {"seq": 2, "again": True}]


def test_a_campaign_with_a_torn_journal_opens_with_every_whole_action(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    session = Session(Campaign.open(path), random.Random(2))
    for _ in range(4):
        session.commit(cmd.RollDice("1d6"))
    expected = session.log[:-1]
    jpath = journal_path(path)
    raw = jpath.read_bytes()
    session.campaign._lock.release()  # as if killed: nothing compacted
    jpath.write_bytes(raw[:-7])
    reopened = Campaign.open(path)
    assert reopened.load_log() == expected


def test_a_journal_of_another_campaign_is_refused(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    create_demo(a, random.Random(1)).close()
    create_demo(b, random.Random(1)).close()
    session = Session(Campaign.open(a), random.Random(2))
    session.commit(cmd.RollDice("1d6"))
    journal_path(b).write_bytes(journal_path(a).read_bytes())
    with pytest.raises(CorruptSave, match="another campaign") as caught:
        Campaign.open(b)
    assert str(journal_path(b)) in str(caught.value)


def test_persisting_writes_the_journal_not_the_file(tmp_path):
    path = tmp_path / "c.json"
    create_demo(path, random.Random(1)).close()
    before = path.read_bytes()
    session = Session(Campaign.open(path), random.Random(2))
    session.commit(cmd.NextTurn())
    assert path.read_bytes() == before and journal_path(path).stat().st_size > 0
    session.close()
    assert not journal_path(path).exists() and path.read_bytes() != before
