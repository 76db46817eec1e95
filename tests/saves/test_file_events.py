"""A player view wakes when the GM writes the campaign (saves/file_events.py):
on Linux from inotify through the event loop, with no polling loop."""

from __future__ import annotations

import asyncio
import sys

import pytest

from saves.file_events import campaign_changes, campaign_names


def test_the_names_read_are_the_campaign_its_journal_and_the_journal_being_folded(tmp_path):
    assert campaign_names(tmp_path / "moor.json") == {"moor.json", "moor.json.journal", "moor.json.journal.folding"}


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
    other = asyncio.ensure_future(changes.__anext__())
    (tmp_path / "notes.txt").write_text("not the campaign")  # another file of the folder: no wake
    done, _ = await asyncio.wait([other], timeout=0.3)
    assert not done
    (tmp_path / "moor.json").write_text("{}")
    done, _ = await asyncio.wait([other], timeout=5)
    assert done
    await changes.aclose()
