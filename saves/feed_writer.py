"""The players' feed written: after each saved action, what each view may know (:mod:`saves.feed`).

:class:`FeedWriter` writes the campaign's feed folder, a view at a time
(``party.json``, then each party member's file, the members who see the
same creatures sharing one view file: :mod:`saves.feed_shared`), by a
thread of its own beside the GM's frames (:meth:`FeedWriter.publish_soon`).
"""

from __future__ import annotations

import os
import stat
import threading
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.combat.state import EncounterState
from core.combat.upcoming import ReadTable, next_up
from core.combat.visibility import SideView, SightMemo, for_players, visible_to
from core.rulesets.base import Ruleset
from core.values.combatant import Combatant, Side
from saves import fold_plan
from saves.codec import to_document
from saves.feed import FEED_VERSION, PARTY_FILE, SOCKET_NAME, feed_folder, member_file, parse_file
from saves.feed_files import FeedRefused, open_folder, unlink_quietly, write_file
from saves.feed_shared import Eyes, follow, members_eyes, stale_views, view_name
from saves.files import NotOwnFile
from saves.errors import SaveError
from saves.texts import dump_bytes


def turn_words(shown: EncounterState, side: Side, viewers: tuple[str, ...]) -> str:
    """Whose turn it is, as the side may know it."""
    if not viewers:
        return f"Nobody on the {side.value}'s side to look through: the GM sets sides on the sheet (s)."
    if shown.round == 0:
        return "Combat has not started."
    if shown.current is not None:
        return f"Round {shown.round}: {shown.combatant(shown.current).name}'s turn."
    return f"Round {shown.round}: someone you cannot see is acting."


@lru_cache(maxsize=256)
def _cells(cells: frozenset[tuple[int, int]]) -> list[list[int]]:
    """``[[x, y], ...]`` sorted, shared (never mutate it): most actions change nobody's sight, members who see alike share one."""
    return sorted([int(x), int(y)] for x, y in cells)


def shared_document(view: SideView, known: frozenset, ruleset: Ruleset, title: str, eid: int, upcoming: Any = None) -> dict[str, Any]:
    """What a feed file's document (see the module) holds that is not its own (:data:`saves.feed_shared.OWN_KEYS`):
    the same for members whose eyes see alike. ``upcoming``: the creature up next
    (:func:`core.combat.upcoming.next_up`), named only when the side can see it."""
    shown = for_players(view, known)
    turn = turn_words(view.state, view.side, view.viewers)
    nxt = None
    if view.viewers and upcoming is not None and view.state.has(upcoming.id):  # one the players cannot see stays unnamed
        nxt = {"id": upcoming.id, "name": view.state.combatant(upcoming.id).name}
        turn += f" Next: {nxt['name']}."
    return {
        "feed": FEED_VERSION, "side": view.side.value, "title": title, "eid": eid, "turn": turn, "next": nxt,
        "kinds": [[k.id, k.letter] for k in ruleset.tracked_kinds], "ruleset": ruleset.id,
        "house_rules": ruleset.house_rules(),
        "state": to_document(shown), "bands": {cid: band.value for cid, band in sorted(view.bands.items())},
        "seen": _cells(view.seen), "known": _cells(known - view.seen),
    }


def own_part(view: SideView, me: Any = None, upcoming: Any = None) -> dict[str, Any]:
    """What is a feed file's own: whose eyes (``me``, ``None`` for the party's), whether it is up
    (``"now"``, ``"next"`` or ``""``: the bell) and the ids of its viewers."""
    up = ""
    if me is not None and view.viewers and view.state.round:
        up = "now" if view.state.current == me.id else "next" if upcoming is not None and upcoming.id == me.id else ""
    return {"feed": FEED_VERSION, "as": None if me is None else {"id": me.id, "name": me.name}, "up": up, "viewers": list(view.viewers)}


def feed_document(view: SideView, known: frozenset, ruleset: Ruleset, title: str, eid: int, me: Any = None, upcoming: Any = None) -> dict[str, Any]:
    """The whole feed document of ``view`` (see the module): :func:`shared_document` and :func:`own_part`."""
    return {**shared_document(view, known, ruleset, title, eid, upcoming), **own_part(view, me, upcoming)}


class FeedWriter:
    """``FeedWriter(campaign_path)``: writes the campaign's feed folder
    (:meth:`publish`); remembers, per view and encounter, the cells seen."""

    def __init__(self, campaign: Path, folder: Path | None = None) -> None:
        self.folder = folder or feed_folder(campaign)
        self.problem: str | None = None
        """Why the last publish failed, or ``None``."""
        self._known: dict[tuple[int, str], frozenset] = {}
        self._sight = SightMemo()  # every member's footprint, kept from one publish to the next
        self._last: dict[str, bytes] = {}  # file name -> the bytes last written there
        self._views: set[str] = set()  # the shared view files the last publish named
        self._left: dict[str, tuple[tuple[frozenset, ...], dict[str, Any]]] = {}  # a member's file -> its cells left out, and of what
        self.writes = 0
        self._changed = threading.Condition()  # guards the three below; told when one changes
        self._next: tuple[EncounterState, Ruleset, str, int] | None = None
        self._started = self._writing = False  # _next may be written (start); the thread writes one
        self._thread: threading.Thread | None = None

    def publish_soon(self, state: EncounterState, ruleset: Ruleset, title: str, eid: int, start: bool = True) -> None:
        """:meth:`publish` in a thread of its own and return at once (line of sight to every cell: seconds on a big
        map, which must never hold the GM's frame); the newest state sent while one is written is written next.
        ``start=False``: only once :meth:`start` (or :meth:`wait`) is called, as the GM's app does when its frame is drawn."""
        with self._changed:
            self._next = (state, ruleset, title, eid)
        if start:
            self.start()

    def start(self) -> None:
        """Let the feed's thread write the newest state sent (if any). The thread is made once and
        then waits for the next: a new thread each action held the GM's thread until it ran (1-3 ms)."""
        with self._changed:
            if self._next is None:
                return
            self._started = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._drain, name="players-feed", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def _drain(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._started and self._next is not None)
                job, self._next, self._started, self._writing = self._next, None, False, True
            try:
                assert job is not None  # what wait_for waited for
                self.publish(*job, paced=True)
            except Exception as exc:  # noqa: BLE001 - a thread's error would be lost: kept for the GM
                self.problem = f"the players' feed could not be made: {exc}"
            finally:
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for :meth:`publish_soon`'s writes (started now if not yet); ``True`` when none is left."""
        self.start()
        with self._changed:
            return self._changed.wait_for(lambda: self._next is None and not self._writing, timeout)

    def publish(self, state: EncounterState, ruleset: Ruleset, title: str, eid: int, paced: bool = False) -> bool:
        """Write every view of ``state``; ``True`` when all were written (else :attr:`problem` says why; the campaign is never
        touched). ``paced`` (:meth:`publish_soon`'s thread): each view waits for the GM's frame, so a key shares the
        interpreter with one view's work at most (a party of 500 has 501 views; members who see alike share one
        document, :mod:`saves.feed_shared`). A file whose bytes this writer wrote last time is not written again."""
        try:
            dfd = open_folder(self.folder)
        except (OSError, FeedRefused) as exc:
            self.problem = f"the players' feed {self.folder} cannot be written: {getattr(exc, 'strerror', None) or exc}"
            return False
        try:
            upcoming = next_up(ReadTable(ruleset, state), state)
            self._sight.next_round()
            party = [c for c in state.combatants if c.side is Side.PARTY]
            if paced:
                fold_plan.wait_between_frames()
            view = visible_to(state, ruleset, Side.PARTY, None, self._sight)
            self._write(dfd, PARTY_FILE, dump_bytes(feed_document(view, self._known_to(PARTY_FILE, eid, view.seen), ruleset, title, eid, None, upcoming)))
            views: set[str] = set()
            self._write_members(state, ruleset, party, title, eid, upcoming, dfd, views, paced)
            gid = os.fstat(dfd).st_gid
            listing = os.listdir(dfd)
            members = {member_file(c.id) for c in party}
            for stale in listing:
                if stale.startswith("as-") and stale.endswith(".json") and stale not in members:
                    os.unlink(stale, dir_fd=dfd)
                    self._last.pop(stale, None)
                    self._left.pop(stale, None)
                elif stale.startswith(".") and stale.endswith(".tmp") and f".{os.getpid()}." not in stale:
                    unlink_quietly(stale, dfd)  # left by a writer killed mid-write
                elif stale == SOCKET_NAME:  # the GM's request socket follows the folder's group (chgrp after it was made)
                    info = os.stat(stale, dir_fd=dfd, follow_symlinks=False)
                    if stat.S_ISSOCK(info.st_mode) and info.st_uid == os.geteuid() and info.st_gid != gid:
                        os.chown(stale, -1, gid, dir_fd=dfd, follow_symlinks=False)
            for stale in stale_views(listing, views | self._views):  # named by neither this publish nor the last
                unlink_quietly(stale, dfd)
                self._last.pop(stale, None)
            self._views = views
            self.problem = None
            self.writes += 1
            return True
        except OSError as exc:
            self.problem = f"the players' feed cannot be written: {exc.strerror or exc}" if isinstance(exc, NotOwnFile) else \
                f"the players' feed {self.folder} cannot be written: {exc.strerror or exc}"
            return False
        finally:
            os.close(dfd)

    def _write_members(self, state: EncounterState, ruleset: Ruleset, party: list[Combatant], title: str, eid: int, upcoming: Any,
                       dfd: int, views: set[str], paced: bool) -> None:
        """Write each party member's own file, naming the view it shares with the members who see the same
        creatures (written once, of the cells any of them knows; ``views`` gets each view's file name)."""
        groups: dict[tuple[Any, ...], list[Eyes]] = {}
        for eyes in members_eyes(state, ruleset, party, self._sight):
            if paced:
                fold_plan.wait_between_frames()
            eyes.known = self._known_to(member_file(eyes.member.id), eid, eyes.seen)
            groups.setdefault(eyes.key, []).append(eyes)
        for group in groups.values():
            if paced:
                fold_plan.wait_between_frames()
            seen, known = self._sight.union([e.seen for e in group]), self._sight.union([e.known for e in group])
            view = visible_to(state, ruleset, Side.PARTY, group[0].member.id, self._sight)
            shared = view_name(dump_bytes([*group[0].key, _cells(seen), _cells(known - seen)]))  # its creatures and cells
            self._write(dfd, shared, dump_bytes(shared_document(replace(view, seen=seen), known, ruleset, title, eid, upcoming)))
            views.add(shared)
            for eyes in group:
                own = own_part(replace(view, viewers=eyes.viewers), eyes.member, upcoming)
                own.update(view=shared, **self._left_out(eyes, seen, known))
                self._write(dfd, member_file(eyes.member.id), dump_bytes(own))

    def _left_out(self, eyes: Eyes, seen: frozenset, known: frozenset) -> dict[str, Any]:
        """:meth:`Eyes.left_out`, the same lists as last time for the same cells (most actions move nobody)."""
        name = member_file(eyes.member.id)
        kept = self._left.get(name)
        if kept is None or any(a is not b for a, b in zip(kept[0], (seen, known, eyes.seen, eyes.known))):
            kept = self._left[name] = ((seen, known, eyes.seen, eyes.known), eyes.left_out(seen, known))
        return kept[1]

    def _write(self, dfd: int, name: str, data: bytes) -> None:
        if self._last.get(name) == data:
            return
        write_file(dfd, self.folder, name, data)
        self._last[name] = data

    def _known_to(self, name: str, eid: int, seen: frozenset) -> frozenset:
        """The cells the file ``name`` shows as seen before, now or ever in encounter ``eid`` (kept for the next)."""
        key = (eid, name)
        known = self._known.get(key)
        if known is None:
            known = self._known_on_disk(name, eid)
        if not seen <= known:
            known = known | seen
        self._known[key] = known
        return known

    def _known_on_disk(self, name: str, eid: int) -> frozenset:
        """The cells seen before that the feed file already names (a restarted GM's process goes on from them)."""
        try:
            doc = follow(self.folder, name, parse_file)
            if doc.get("eid") != eid:
                return frozenset()
            return frozenset((int(x), int(y)) for x, y in [*doc.get("known", ()), *doc.get("seen", ())])
        except (SaveError, ValueError, TypeError, AttributeError):
            return frozenset()
