"""The campaigns on disk: list, duplicate, delete, export and import.

An *export* is one JSON file: the campaign's TinyDB document with the
journal folded in (any schema this program reads). *Import* reads such a
file as untrusted input (:func:`saves.layout.parse`: checked, strings
cleaned), gives it a fresh campaign id and writes it as a new campaign;
:func:`duplicate` is export + import. :func:`delete` refuses a campaign
open elsewhere and keeps its backups. Every function raises
:class:`SaveError` subclasses with a message naming the file.
"""

from __future__ import annotations

import json
import os
import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from saves import backups, lock, restore
from saves.campaign import Campaign
from saves.fold import folding_path
from saves.history import history_path
from saves.reading import journal_path, newest_good, read_campaign
from saves.errors import CorruptSave, NewerSave, ReadOnlySave, SaveError, SaveWriteFailed
from saves.files import NotAFile, NotOwnFile, check_regular, check_replaceable
from saves.layout import dump, parse
from saves.sanitize import clean_name
from saves.storage import AtomicJSONStorage, atomic_write


@dataclass(frozen=True)
class CampaignSummary:
    """One campaign file as the picker lists it; ``problem`` is set (and
    the rest guessed) when the file does not open."""

    path: Path
    name: str
    ruleset: str
    encounters: int
    modified: datetime
    problem: str | None = None


def summarize(path: Path) -> CampaignSummary:
    """What :class:`CampaignSummary` says about ``path``; never raises."""
    try:
        modified = datetime.fromtimestamp(max(path.stat().st_mtime, _mtime(journal_path(path))))
    except OSError:
        modified = datetime.fromtimestamp(0)
    try:
        data, _, _, _ = read_campaign(path)
    except (CorruptSave, NewerSave) as exc:  # with what to do, as when it is opened
        backup = newest_good(path)
        return CampaignSummary(path, path.stem, "?", 0, modified, str(exc.with_backup(backup, restore.advice(path, backup, isinstance(exc, NewerSave)))))
    except SaveError as exc:
        return CampaignSummary(path, path.stem, "?", 0, modified, str(exc))
    return CampaignSummary(path, str(data.meta.get("name") or path.stem), data.meta["ruleset"], len(data.encounters), modified)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_campaigns(folder: Path, recent: list[Path] | None = None) -> list[CampaignSummary]:
    """Campaign files (``*.json``) in ``folder``, plus ``recent`` ones elsewhere;
    the recent ones first (in that order), then newest first."""
    recent = [p for p in (recent or []) if p.is_file()]
    found = {p.resolve() for p in recent}
    others = [p for p in sorted(folder.glob("*.json")) if p.is_file() and p.resolve() not in found]
    rest = sorted((summarize(p) for p in others), key=lambda s: s.modified, reverse=True)
    return [summarize(p) for p in recent] + rest


def free_path(folder: Path, name: str) -> Path:
    """``folder/<slug of name>.json``, numbered when taken."""
    slug = re.sub(r"[^\w\-]+", "-", clean_name(name), flags=re.UNICODE).strip("-").lower() or "campaign"
    candidate = folder / f"{slug}.json"
    number = 2
    while os.path.lexists(candidate) or os.path.lexists(journal_path(candidate)) or os.path.lexists(history_path(candidate)):
        candidate = folder / f"{slug}-{number}.json"
        number += 1
    return candidate


class TargetExists(SaveError):
    """The export target is an existing file: ask, then export again with ``replace=True``."""


def check_target(target: Path, source: Path | None = None, replace: bool = False) -> None:
    """Refuse to write ``target`` when that would overwrite a campaign in use:
    the ``source`` itself, a campaign open in an encounter (this process or
    another: its lock is held), one with a journal beside it (actions not
    yet folded in), or anything that is not a regular file. Paths are
    compared resolved (links and ``sub/../c.json``). An existing regular
    file raises :class:`TargetExists` unless ``replace``."""
    real = Path(os.path.realpath(target))
    if source is not None and real == Path(os.path.realpath(source)):
        raise SaveError(target, "is the campaign being exported; choose another file")
    if os.path.islink(target):  # a link planted in a shared folder would have us replace what it points to
        raise SaveError(target, f"is a symbolic link (to {os.readlink(target)}); nothing was written through it: name the file itself")
    try:
        exists = check_regular(real)
    except NotAFile as exc:
        raise SaveError(target, f"{exc}; choose a file") from None
    except OSError as exc:
        raise SaveError(target, f"cannot be written ({exc.strerror or exc})") from None
    try:
        check_replaceable(real)  # a hard link or another user's file: never replaced
    except NotOwnFile as exc:
        raise SaveError(target, str(exc.strerror).removeprefix(f"{real} ")) from None
    if lock.lock_path(real).exists():
        held = lock.acquire(real)
        if held is None:
            raise ReadOnlySave(target, "is a campaign open in an encounter; it is never overwritten")
        held.release()
    if journal_path(real).exists():
        raise SaveError(target, "is a campaign with actions not yet folded in (a journal beside it); open it, or choose another file")
    if history_path(real).exists():
        raise SaveError(target, "is a campaign (its history file is beside it); it is never overwritten: choose another file")
    if exists and not replace:
        raise TargetExists(target, "already exists")


def export_campaign(path: Path, target: Path, replace: bool = False) -> None:
    """Write campaign ``path`` (journal folded in) to ``target`` as one JSON file.
    Never overwrites a campaign in use; an existing file only with ``replace``
    (else :class:`TargetExists`), see :func:`check_target`."""
    check_target(target, path, replace)
    target = Path(os.path.realpath(target))
    data, _, _, _ = read_campaign(path)
    data.meta["journal_seq"] = 0
    try:
        atomic_write(target, json.dumps(dump(data), ensure_ascii=False, indent=1, sort_keys=True))
    except OSError as exc:
        raise SaveWriteFailed(target, f"cannot be written: {exc.strerror or exc}") from None


_CAMPAIGN_KEY = re.compile(rb'^\s*\{\s*"(bestiary|encounters|log|meta|party|steps|_default)"\s*:')


def looks_like_campaign(path: Path) -> bool:
    """Whether the existing file ``path`` is a campaign or a campaign export
    (a JSON object whose first key is one of the campaign's tables, as
    every campaign this program writes begins, or any TinyDB file's
    ``_default`` table); reads its first 256 bytes only."""
    try:
        with open(path, "rb") as file:
            head = file.read(256)
    except OSError:
        return False
    return _CAMPAIGN_KEY.match(head) is not None


def export_text(target: Path, text: str, replace: bool = False, source: Path | None = None) -> Path:
    """Write ``text`` (a recap, a map) to the file ``target`` atomically, as
    UTF-8; returns the real path written. The same refusals as an export
    (:func:`check_target`) and never over a campaign file, in use or not
    (:func:`looks_like_campaign`): never ``source`` nor a campaign in use, nothing
    but a regular file, an existing file only with ``replace`` (else
    :class:`TargetExists`). Raises :class:`SaveError`
    (:class:`SaveWriteFailed` when the disk refuses)."""
    target = Path(target).expanduser()
    real = Path(os.path.realpath(target))
    refusal = "is a campaign file; a map or a recap never replaces one: choose another file"
    try:
        check_target(target, source, replace)  # first: a pipe or device is never opened
    except TargetExists:
        if looks_like_campaign(real):
            raise SaveError(target, refusal) from None
        raise
    if looks_like_campaign(real):
        raise SaveError(target, refusal)
    if not real.parent.is_dir():
        raise SaveError(target, f"cannot be written: folder {real.parent} does not exist")
    try:
        atomic_write(real, text)
    except OSError as exc:
        raise SaveWriteFailed(target, f"cannot be written: {exc.strerror or exc}") from None
    return real


def save_copy(campaign: Campaign, target: Path) -> Path:
    """Write the open ``campaign`` as it is in memory (actions the disk
    refused included) to the new file ``target``, as a campaign of its own
    (fresh id): the way out when its own folder cannot be written. Refuses
    an existing file or folder; returns the path written."""
    target = Path(os.path.realpath(Path(target).expanduser()))
    if os.path.lexists(target) or os.path.lexists(journal_path(target)):
        raise SaveError(target, "already exists; choose a new file")
    if not target.parent.is_dir():
        raise SaveError(target, f"folder {target.parent} does not exist")
    raw = dump(campaign.data)
    (meta,) = raw["meta"].values()
    meta.update(cid=uuid.uuid4().hex, journal_seq=0)
    _write_new(target, raw)
    return target


def import_campaign(source: Path, folder: Path, name: str | None = None) -> Path:
    """A new campaign in ``folder`` from the export ``source``; returns its path.
    Raises :class:`CorruptSave` / :class:`NewerSave` naming ``source``."""
    raw = AtomicJSONStorage(source).document()
    if raw is None:
        raise SaveError(source, "does not exist")
    data, _ = parse(raw, source)
    if name is not None:
        data.meta["name"] = clean_name(name)
    data.meta.update(cid=uuid.uuid4().hex, journal_seq=0)
    data.meta.pop("rescue", None)  # a rescue copy kept (saves.rescue) is a campaign like any other
    target = free_path(folder, str(data.meta.get("name") or source.stem))
    _write_new(target, dump(data))
    return target


def duplicate(path: Path, name: str) -> Path:
    """A copy of campaign ``path`` named ``name``, next to it; returns the new path."""
    data, _, _, _ = read_campaign(path)
    data.meta.update(name=clean_name(name), cid=uuid.uuid4().hex, journal_seq=0)
    target = free_path(path.parent, name)
    _write_new(target, dump(data))
    return target


def rename(path: Path, name: str) -> None:
    """Give campaign ``path`` a new display name (its file keeps its name).
    Raises :class:`ReadOnlySave` when it is open elsewhere."""
    campaign = Campaign.open(path)
    try:
        campaign.rename(name)
        if not campaign.flush():
            raise campaign.unsaved  # type: ignore[misc]
    finally:
        campaign.close()


def delete(path: Path) -> None:
    """Delete campaign ``path``, its journals and history segment; its
    backups stay (in ``.backups/``; the last one holds the whole history).
    Raises :class:`ReadOnlySave` when it is open elsewhere."""
    held = lock.acquire(path)
    if held is None:
        raise ReadOnlySave(path, "is open in another encounter; close it there before deleting it")
    try:
        try:
            data, _, _, _ = read_campaign(path)
            atomic_write(path, json.dumps(dump(data), ensure_ascii=False, separators=(",", ":"), sort_keys=True))  # whole, for the backup
        except SaveError:
            pass  # a damaged campaign is backed up as it is
        backups.make_backup(path)
        for victim in (journal_path(path), folding_path(path), history_path(path), path):
            try:
                os.unlink(victim)
            except FileNotFoundError:
                pass
    except OSError as exc:
        raise SaveWriteFailed(path, f"cannot be deleted: {exc.strerror or exc}") from None
    finally:
        held.release()


def _write_new(target: Path, raw: dict) -> None:
    try:
        atomic_write(target, json.dumps(raw, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
    except OSError as exc:
        raise SaveWriteFailed(target, f"cannot be written: {exc.strerror or exc}") from None
