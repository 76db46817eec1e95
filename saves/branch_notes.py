"""What-if branches that ended without the GM's answer, for the next start to say.

A hang-up or SIGTERM while the GM plays a what-if (:mod:`saves.branch`)
drops the branch: the real fight stays as it was before it. The screen
notes it here (:func:`note_dropped`) and the next start of that campaign
says so once (:func:`take_dropped`). One JSON line per drop in
``<data>/what-if/dropped.jsonl``: ``{"campaign": path, "actions": n}``.

Kept out of :mod:`saves.branch` so that start-up reads this small file
without loading the branch itself.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from saves import paths
from saves.storage import atomic_write

NOTES_NAME = "dropped.jsonl"


def _notes_file() -> Path:
    folder = paths.data_dir() / "what-if"
    folder.mkdir(mode=paths.PRIVATE_FOLDER, exist_ok=True)
    return folder / NOTES_NAME


def _read(notes: Path) -> list[dict]:
    try:
        lines = notes.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    read = []
    for line in lines:
        try:
            note = json.loads(line)
        except ValueError:
            continue  # a line cut by the hang-up itself: nothing to say of it
        if isinstance(note, dict) and isinstance(note.get("campaign"), str) and isinstance(note.get("actions"), int):
            read.append(note)
    return read


def note_dropped(campaign: Path, actions: int) -> None:
    """Remember that a what-if of ``campaign`` with ``actions`` actions was dropped unasked (never raises)."""
    try:
        with open(_notes_file(), "a", encoding="utf-8") as out:
            out.write(json.dumps({"campaign": str(Path(campaign).resolve()), "actions": actions}) + "\n")
            out.flush()
            os.fsync(out.fileno())
    except OSError:
        pass  # the branch is lost as promised; only the next start's word of it is


def take_dropped(campaign: Path) -> int | None:
    """The actions of the what-ifs of ``campaign`` dropped unasked since its
    last start (summed), or ``None`` when none was; forgets them (never raises)."""
    try:
        notes = _notes_file()
    except OSError:
        return None
    if not notes.exists():
        return None
    everyone = _read(notes)
    mine = str(Path(campaign).resolve())
    dropped = [note for note in everyone if note["campaign"] == mine]
    if not dropped:
        return None
    rest = "".join(json.dumps(note) + "\n" for note in everyone if note["campaign"] != mine)
    try:
        atomic_write(notes, rest)
    except OSError:
        pass
    return sum(note["actions"] for note in dropped)
