"""The players' feed: what each side may know, published by the GM's process.

After each saved action the GM's process writes, in the campaign's feed
folder (:func:`feed_folder`), one file per view: ``party.json`` (what the
party as a whole knows) and ``as-<id>.json`` for each party member (what
that character's own eyes know). Each holds only
:func:`core.combat.visibility.for_players` of
:func:`core.combat.visibility.visible_to`: foes as a name, a place and a
health band, the map fogged to the cells the side has seen. Players'
processes (``encounter watch``, ``play``, ``serve``) read these files,
never the campaign, its journal, backups or lock, so the campaign stays
0600 and a secret never reaches another account.

The folder is created ``0o2750`` (setgid: its files keep its group); the
GM chooses who may read by its group (``chgrp players demo.feed``). Files
are ``0o640`` with the folder's group, written to a new temporary name and
renamed into place (a reader sees the old file or the new one, never half),
through a descriptor of the folder opened with ``O_NOFOLLOW``: a symbolic
link put in the folder's place or a file's place is refused, never written
through. A folder owned by another account is refused too.

A feed file is JSON: ``{"feed": 1, "side", "as": {"id", "name"} | null,
"title", "eid", "turn", "kinds": [[id, letter]], "ruleset", "house_rules",
"state": <codec document>, "bands": {id: band}, "seen": [[x, y]], "known":
[[x, y]], "viewers": [id]}``; ``known`` are the cells seen before in this
encounter (the fog the view greys), kept across restarts of the GM's process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
import threading
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.combat.consistency import state_problems
from core.combat.state import EncounterState
from core.combat.upcoming import ReadTable, next_up
from core.combat.visibility import HealthBand, SideView, SightMemo, for_players, narrowed, visible_to
from core.errors import IllegalCommand
from core.rulesets import get as get_ruleset
from core.rulesets.base import Ruleset
from core.values.combatant import Combatant, Side
from saves.codec import from_document, to_document
from saves import fold_plan
from saves.errors import CorruptSave, SaveError
from saves.feed_files import FeedRefused, open_folder, unlink_quietly, write_file
from saves.feed_shared import Eyes, exists, follow, members_eyes, stale_views, view_name
from saves.files import MiB, NotAFile, NotOwnFile, read_regular
from saves.sanitize import UnsafeDocument, clean_document
from saves.texts import dump_bytes

FEED_VERSION = 2
"""2: a member's file may name a shared view instead of holding it (:mod:`saves.feed_shared`)."""
MAX_FEED_BYTES = 8 * MiB
"""Largest feed file read (a 200x200 map with 60 creatures is ~1 MB)."""
MAX_MEMBERS = 64
"""Most per-character files a reader looks through for ``--as``."""
PARTY_FILE = "party.json"
SOCKET_NAME = "requests.sock"
"""The GM's process's request socket in the folder (:mod:`tui.player_requests`)."""


def feed_folder(campaign: Path) -> Path:
    """The feed folder of the campaign file ``campaign``:
    ``$ENCOUNTER_FEED_DIR/<stem>`` when that is set (a folder other accounts
    can reach), else ``<stem>.feed`` beside the campaign."""
    root = os.environ.get("ENCOUNTER_FEED_DIR")
    if root:
        return Path(root).expanduser() / campaign.stem
    return campaign.with_name(campaign.stem + ".feed")


def member_file(combatant_id: str) -> str:
    """The file name of a party member's own view (ids of plain letters,
    digits, ``-`` and ``_`` as they are; others hashed)."""
    if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", combatant_id):
        return f"as-{combatant_id}.json"
    return "as-" + hashlib.sha256(combatant_id.encode("utf-8")).hexdigest()[:32] + ".json"


@dataclass(frozen=True)
class FeedView:
    """One feed file decoded: ``view`` (its state already fit for players),
    the campaign's ``title``, ``kinds`` (tracked action kinds: id, letter),
    ``turn`` (whose turn, in words), encounter ``eid``, ``known`` cells seen
    before, the ``ruleset`` (with the campaign's house rules) and ``me``:
    the id of the member whose eyes it is, or ``None`` for the party."""

    view: SideView
    title: str
    kinds: tuple[tuple[str, str], ...]
    turn: str
    eid: int
    known: frozenset[tuple[int, int]]
    ruleset: Ruleset
    me: str | None = None
    next_id: str | None = None
    """Who is up next, when the side can see them (the tracker's ``›``)."""
    next_name: str | None = None
    up: str = ""
    """For a member's own file: ``"now"`` on its turn, ``"next"`` when it is up next, else ``""`` (the bell)."""


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
                elif stale.startswith(".") and stale.endswith(".tmp") and f".{os.getpid()}." not in stale:
                    unlink_quietly(stale, dfd)  # left by a writer killed mid-write
                elif stale == SOCKET_NAME:  # the GM's request socket follows the folder's group (chgrp after it was made)
                    info = os.stat(stale, dir_fd=dfd, follow_symlinks=False)
                    if stat.S_ISSOCK(info.st_mode) and info.st_uid == os.geteuid() and info.st_gid != gid:
                        os.chown(stale, -1, gid, dir_fd=dfd, follow_symlinks=False)
            for stale in stale_views(listing, views | self._views):  # named by neither this publish nor the last
                unlink_quietly(stale, dfd)
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
            data = dump_bytes(shared_document(replace(view, seen=seen), known, ruleset, title, eid, upcoming))
            shared = view_name(data)
            if shared not in self._views or not exists(dfd, shared):
                write_file(dfd, self.folder, shared, data)
            views.add(shared)
            for eyes in group:
                own = own_part(replace(view, viewers=eyes.viewers), eyes.member, upcoming)
                own.update(view=shared, **eyes.left_out(seen, known))
                self._write(dfd, member_file(eyes.member.id), dump_bytes(own))

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
            doc = follow(self.folder, name, _parse)
            if doc.get("eid") != eid:
                return frozenset()
            return frozenset((int(x), int(y)) for x, y in [*doc.get("known", ()), *doc.get("seen", ())])
        except (SaveError, ValueError, TypeError, AttributeError):
            return frozenset()


def _parse(path: Path) -> dict[str, Any] | None:
    """The document of the feed file ``path`` (strings cleaned), ``None`` when it does not exist;
    raises :class:`SaveError` (unreadable) and :class:`CorruptSave` (not a feed's JSON)."""
    try:
        raw = read_regular(path, MAX_FEED_BYTES)
    except NotAFile as exc:
        raise CorruptSave(path, str(exc)) from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if raw is None:
        return None
    try:
        doc = clean_document(json.loads(raw.decode("utf-8")))
    except (UnsafeDocument, ValueError) as exc:
        raise CorruptSave(path, f"is a damaged players' feed ({exc})") from None
    if not isinstance(doc, dict):
        raise CorruptSave(path, "is a damaged players' feed (not an object)")
    if doc.get("feed") != FEED_VERSION:
        raise CorruptSave(path, f"is a players' feed of another version ({doc.get('feed')!r})")
    return doc


def _decode(doc: dict[str, Any], path: Path) -> FeedView:
    try:
        state = from_document(doc["state"], EncounterState)
        ruleset = get_ruleset(doc["ruleset"], doc.get("house_rules") or {})
        side = Side(doc["side"])
        seen = frozenset((int(x), int(y)) for x, y in doc["seen"])
        known = frozenset((int(x), int(y)) for x, y in doc["known"])
        if doc.get("seen_out") or doc.get("cells_out"):  # a member's part of a shared view (saves.feed_shared)
            cells = (seen | known) - frozenset((int(x), int(y)) for x, y in doc["cells_out"])
            seen = seen - frozenset((int(x), int(y)) for x, y in doc["seen_out"])
            known = cells - seen
            state = narrowed(state, cells)
        bands = {str(cid): HealthBand(band) for cid, band in doc["bands"].items()}
        me = doc.get("as")
        view = SideView(side, state, bands, seen, tuple(str(v) for v in doc["viewers"]))
        kinds = tuple((str(k), str(letter)) for k, letter in doc["kinds"])
        nxt = doc.get("next")
        up = str(doc.get("up") or "")
        feed = FeedView(view, str(doc["title"]), kinds, str(doc["turn"]), int(doc["eid"]), known, ruleset,
                        None if me is None else str(me["id"]), None if not nxt else str(nxt["id"]), None if not nxt else str(nxt["name"]),
                        up if up in ("now", "next") else "")
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - a file another process wrote
        raise CorruptSave(path, f"is a damaged players' feed ({exc})") from None
    problems = state_problems(state)
    if problems:
        raise CorruptSave(path, f"is an impossible players' feed: {problems[0]}")
    return feed


def feed_of(location: Path) -> Path:
    """The feed folder a player names: a folder as it is, a campaign file's (or name's) feed folder."""
    location = Path(location)
    return location if location.is_dir() else feed_folder(location)


def _load(folder: Path, name: str) -> FeedView:
    return _decode(follow(folder, name, _parse), folder / name)


def read_feed(location: Path, as_name: str | None = None) -> FeedView:
    """What the feed at ``location`` (see :func:`feed_of`) shows the party,
    or, with ``as_name``, the member of that id or name. Raises
    :class:`SaveError` (missing, unreadable, damaged) and
    :class:`IllegalCommand` (no such party member in the feed)."""
    folder = feed_of(location)
    if as_name is None:
        return _load(folder, PARTY_FILE)
    if (folder / member_file(as_name)).exists():
        return _load(folder, member_file(as_name))
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith("as-") and n.endswith(".json"))[:MAX_MEMBERS]
    except OSError as exc:
        raise SaveError(folder, f"cannot be read ({exc.strerror or exc})") from None
    for name in names:
        feed = _load(folder, name)
        if feed.me is not None and feed.view.state.combatant(feed.me).name == as_name:
            return feed
    raise IllegalCommand(f"no party member {as_name!r} in the players' feed")


def is_private(path: Path) -> bool:
    """Whether ``path`` is readable by its owner only (the campaign's files are)."""
    return not (os.stat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO))
