"""Party members' feed files that share one view document (:mod:`saves.feed`).

Members who see the same creatures (and the same hidden creatures of
their own) have the same view of the fight but for the cells: its document
is written once, of the cells any of them sees and knows, as
``view-<digest>.json`` (the first 32 hex digits of the SHA-256 of those
creatures' ids and those cells), and each member's ``as-<id>.json`` holds only what is its own:
``{"feed", "as", "up", "viewers", "view": <that file's name>, "seen_out":
[[x, y]], "cells_out": [[x, y]]}``, the view's seen cells it does not see
now and the view's cells (seen or known) it does not know; a reader narrows
the view to them (:func:`core.combat.visibility.narrowed`: the very state
the member's own document held). A party of 500 on an open field wrote 501
copies of a 1 MB document after each action (474 MB); now two (the party's
``party.json`` holds its document itself) and 500 files of a few hundred
bytes, of which only those whose bytes changed are written again.

A view file's name says which creatures and cells it holds, and the
cells its members leave out are told against those: a view of other
creatures or cells is another file, written before the members' files
that name it, while a view of the same ones is replaced in place (a turn
passes, a foe is hurt) and its members' files are written again only when
their own part changed (on a next turn at 1000 creatures: two files of
500). So a reader that reads a member's file and then its view (a watcher
wakes for either, :class:`tui.player_source.SnapshotSource`) always narrows
the view to the member's cells; at worst whose turn it is comes from the
view one write ahead of the member's own part, until the member's file is
written a moment later. A view that neither of the last two publishes
named is removed, so a reader finds the view a member's file names unless
two publishes came between its two reads: then it reads the member's file
again (:func:`follow`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.board.geometry.sight import SightSettings
from core.combat.state import EncounterState
from core.combat.visibility import SightMemo, seen_cells
from core.values.combatant import Combatant, Side
from core.values.mobility import Layer
from saves.errors import CorruptSave, SaveError

VIEW_FILE = re.compile(r"view-[0-9a-f]{32}\.json")
"""The name of a shared view file; a member's file naming anything else is refused."""
OWN_KEYS = ("as", "up", "viewers", "seen_out", "cells_out")
"""What a member's file holds of its own beside ``feed`` and ``view``: the rest is the shared view's."""
TRIES = 4
"""Reads of a member's file before a view it names that is gone is called a damaged feed."""


def view_name(data: bytes) -> str:
    """The file name of the shared view whose bytes are ``data``."""
    return "view-" + hashlib.sha256(data).hexdigest()[:32] + ".json"


def is_view_file(name: str) -> bool:
    return VIEW_FILE.fullmatch(name) is not None


def follow(folder: Path, name: str, parse: Callable[[Path], dict[str, Any] | None]) -> dict[str, Any]:
    """The whole document of the feed file ``name`` of ``folder``: the file itself when it holds its view,
    else its own part over the shared view it names (``"view"``: that file's name). ``parse(path)``: a file's document, ``None`` when it is
    missing (and raises :class:`SaveError` when it cannot be read or is damaged)."""
    path = folder / name
    for _ in range(TRIES):
        doc = parse(path)
        if doc is None:
            raise SaveError(path, "does not exist yet: the GM's process writes it when the campaign is open")
        shared = doc.get("view")
        if shared is None:
            return doc
        if not isinstance(shared, str) or not is_view_file(shared):
            raise CorruptSave(path, f"is a damaged players' feed (it names {shared!r} as its view)")
        view = parse(folder / shared)
        if view is not None:
            own = {key: doc[key] for key in OWN_KEYS if key in doc}
            return {**view, **own, "feed": doc.get("feed"), "view": shared}
    raise CorruptSave(path, "is a damaged players' feed (the view it names is gone)")


def stale_views(listing: list[str], kept: set[str]) -> list[str]:
    """The view files of ``listing`` (a feed folder's names) that are not in ``kept``."""
    return [name for name in listing if name.startswith("view-") and is_view_file(name) and name not in kept]


Cells = frozenset[tuple[int, int]]


@dataclass
class Eyes:
    """A party member's eyes in one publish: ``viewers`` (its id, and any member named by it: as
    :func:`core.combat.visibility.visible_to`'s ``as_id``), the cells it ``seen`` now, the cells it
    knows (``known``, seen now or before) and ``key``: what its view's creatures depend on
    (the creatures not of the party it sees, the hidden members it shows)."""

    member: Combatant
    viewers: tuple[str, ...]
    seen: Cells
    key: tuple[tuple[str, ...], tuple[str, ...]]
    known: Cells = frozenset()

    def left_out(self, seen: Cells, known: Cells) -> dict[str, list[list[int]]]:
        """Its own part of a shared view of ``seen`` and ``known`` cells (see the module)."""
        return {"seen_out": sorted([x, y] for x, y in seen - self.seen), "cells_out": sorted([x, y] for x, y in known - self.known)}


def members_eyes(state: EncounterState, ruleset: Any, party: list[Combatant], memo: SightMemo) -> Iterator[Eyes]:
    """The :class:`Eyes` of each of ``party`` (the party's members of ``state``, in its order), ``known`` left to the caller."""
    settings = ruleset.settings
    sight = SightSettings.of(settings)
    named = {c.name for c in party}
    others = [(c.id, tuple(c.cells)) for c in state.combatants if c.side is not Side.PARTY and not c.hidden and c.layer is not Layer.BURROWED]
    every, ids = frozenset(cell for _, cells in others for cell in cells), tuple(i for i, _ in others)
    for member in party:
        eyes = [member] if member.id not in named else [c for c in party if c is member or c.name == member.id]
        seen = seen_cells(state.grid, eyes, settings.sight_range, sight, memo)
        shown = ids if every <= seen else tuple(i for i, cells in others if any(cell in seen for cell in cells))
        yield Eyes(member, tuple(c.id for c in eyes), seen, (shown, tuple(c.id for c in eyes if c.hidden)))
