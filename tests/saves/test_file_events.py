"""A player view wakes when the GM writes the campaign (saves/file_events.py):
on Linux from inotify through the event loop, with no polling loop."""

from __future__ import annotations

import asyncio
import struct
import sys

import pytest

from saves.file_events import IN_MODIFY, IN_Q_OVERFLOW, _names, campaign_changes, campaign_names


def test_the_names_read_are_the_campaign_its_journal_and_the_journal_being_folded(tmp_path):
    assert campaign_names(tmp_path / "moor.json") == {"moor.json", "moor.json.journal", "moor.json.journal.folding"}


def test_inotify_events_are_read_by_name_and_a_lost_event_counts_as_a_change():
    def event(name: bytes, mask: int = IN_MODIFY) -> bytes:
        padded = name + b"\0" * (16 - len(name))
        return struct.pack("iIII", 1, mask, 0, len(padded)) + padded

    assert _names(event(b"moor.json.journal") + event(b"moor.json.lock")) == ({"moor.json.journal", "moor.json.lock"}, False)
    assert _names(struct.pack("iIII", -1, IN_Q_OVERFLOW, 0, 0))[1] is True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's")
async def test_a_journal_write_wakes_the_view_from_inotify_not_watchfiles(tmp_path, monkeypatch):
    import watchfiles

    def polling(*args, **kwargs):
        raise AssertionError("watchfiles polls every step ms; inotify is there")

    monkeypatch.setattr(watchfiles, "awatch", polling)
    path = tmp_path / "moor.json"
    changes = campaign_changes(path)
    woken = asyncio.ensure_future(changes.__anext__())
    for _ in range(200):  # until the watch is set and has seen a write (at most 10 s)
        (tmp_path / "moor.json.journal").open("ab").write(b"x")
        done, _ = await asyncio.wait([woken], timeout=0.05)
        if done:
            break
    assert woken.done() and woken.result() is None
    await changes.aclose()
