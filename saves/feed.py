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

A feed file is JSON: ``{"feed": 2, "side", "as": {"id", "name"} | null,
"up", "title", "eid", "turn", "next", "kinds": [[id, letter]], "ruleset",
"house_rules", "state": <codec document>, "bands": {id: band}, "seen": [[x,
y]], "known": [[x, y]], "viewers": [id]}``; ``known`` are the cells seen
before in this encounter (the fog the view greys), kept across restarts of
the GM's process. A member's file may hold its own part only and name the
view it shares with the members who see the same creatures
(:mod:`saves.feed_shared`); it reads back as the same view. The writer is
:class:`saves.feed_writer.FeedWriter`.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.combat.consistency import state_problems
from core.combat.state import EncounterState
from core.combat.visibility import HealthBand, SideView, narrowed
from core.errors import IllegalCommand
from core.rulesets import get as get_ruleset
from core.rulesets.base import Ruleset
from core.values.combatant import Side
from saves.codec import from_document
from saves.errors import CorruptSave, SaveError
from saves.feed_shared import follow
from saves.files import MiB, NotAFile, read_regular
from saves.sanitize import UnsafeDocument, clean_document

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
    view_file: str | None = None
    """The shared view file a member's file named (:mod:`saves.feed_shared`): a watcher wakes for it too."""


def parse_file(path: Path) -> dict[str, Any] | None:
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
                        up if up in ("now", "next") else "", str(doc["view"]) if doc.get("view") else None)
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
    return _decode(follow(folder, name, parse_file), folder / name)


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
