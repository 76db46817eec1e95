"""Rescue copies: the actions a hang-up would have lost.

When encounter ends without the GM's answer (SIGHUP: the SSH connection
dropped; SIGTERM; a crash) while actions are only in memory (the disk
refused them: :attr:`saves.campaign.Campaign.unsaved_actions`), :func:`write`
puts the campaign as it is in memory, every action shown included, in a new
file beside the data folder, 0600::

    <parent of the data folder>/<data folder's name>-rescue-<crc32 of its path>-<campaign>-<UTC time>.json

(in the home folder, then the temporary folder, when that one refuses too:
the disk that refused the journal may be the one beside it). The copy is a
campaign of its own (its own id), the same as ``q`` then "Save a copy"
(:func:`saves.library.save_copy`), whose header also says where it came
from (``meta["rescue"]``). At the next start :func:`find` lists the copies;
:func:`merge` writes one into the campaign it came from when that has not
changed since (the copy is everything the campaign had, plus the unsaved
actions), :func:`keep` makes it a campaign of its own in the campaigns
folder. Either way the rescue file is then removed.
"""

from __future__ import annotations

import json
import os
import tempfile
import uuid
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from saves import backups, lock, paths
from saves.errors import ReadOnlySave, SaveError, SaveWriteFailed
from saves.files import MAX_CAMPAIGN_BYTES, NotAFile, NotOwnFile, check_replaceable, read_regular
from saves.fold import folding_path
from saves.history import history_path
from saves.library import import_campaign
from saves.reading import journal_path, read_campaign
from saves.storage import atomic_write

if TYPE_CHECKING:
    from saves.campaign import Campaign


@dataclass(frozen=True)
class Rescue:
    """One rescue copy on disk: ``path``, the campaign file it came from
    (``origin``), its name, how many actions the disk had refused and why,
    when (``at``, UTC ISO 8601), and the journal seq of the last action that
    was on disk then (``saved_seq``)."""

    path: Path
    origin: Path
    name: str
    actions: int
    reason: str
    at: str
    saved_seq: int
    origin_cid: str

    def describe(self) -> str:
        actions = f"{self.actions} action{'s' if self.actions != 1 else ''}"
        when = self.at.replace("T", " ")[:16]
        return f"{actions} of {self.name} that the disk refused ({self.reason}, {when} UTC)"


def prefix() -> str:
    """``<data folder's name>-rescue-<crc32 of its path>-``: the copies of one
    data folder only, even in the home or the temporary folder."""
    data = paths.data_dir(create=False)
    return f"{data.name}-rescue-{zlib.crc32(str(data.absolute()).encode()):08x}-"


def folders() -> list[Path]:
    """Where rescue copies go, in order: beside the data folder, the home folder, the temporary folder."""
    found: list[Path] = []
    for folder in (paths.data_dir(create=False).parent, Path.home(), Path(tempfile.gettempdir())):
        if folder not in found:
            found.append(folder)
    return found


def write(campaign: Campaign, reason: str = "") -> Path | None:
    """Write the rescue copy of ``campaign`` when it holds actions the disk
    refused (else ``None``; also when one was written already for them);
    returns its path. Never raises: ``None`` when every folder refused."""
    document = campaign.rescue_document()
    if document is None:
        return None
    raw, saved_seq, seq = document
    (meta,) = raw["meta"].values()
    stamp = datetime.now(timezone.utc)
    meta["rescue"] = {"from": str(campaign.path), "from_cid": meta["cid"], "actions": campaign.unsaved_actions,
                      "reason": reason or (campaign.unsaved.reason if campaign.unsaved else "not saved"),
                      "at": stamp.strftime("%Y-%m-%dT%H:%M:%S"), "saved_seq": saved_seq}
    meta.update(cid=uuid.uuid4().hex, journal_seq=seq)
    text = json.dumps(raw, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    slug = "".join(c if c.isalnum() or c in "-_" else "-" for c in campaign.path.stem)[:40] or "campaign"
    name = f"{prefix()}{slug}-{stamp.strftime('%Y%m%dT%H%M%S%fZ')}.json"
    for folder in folders():
        target = folder / name
        if os.path.lexists(target):
            continue
        try:
            atomic_write(target, text)  # a new file: 0600 (mkstemp), never through a link
        except OSError:
            continue
        campaign.rescued_to = target
        return target
    return None


def find() -> list[Rescue]:
    """The rescue copies waiting (this data folder's), oldest first; a file
    that is not one of ours (a link, another user's, unreadable) is skipped."""
    found: list[Rescue] = []
    for folder in folders():
        try:
            candidates = sorted(folder.glob(f"{prefix()}*.json"))
        except OSError:
            continue
        for path in candidates:
            rescue = _read(path)
            if rescue is not None:
                found.append(rescue)
    return sorted(found, key=lambda r: r.at)


def _read(path: Path) -> Rescue | None:
    try:
        check_replaceable(path)
        raw = json.loads((read_regular(path, MAX_CAMPAIGN_BYTES) or b"").decode("utf-8"))
        (meta,) = raw["meta"].values()
        info = meta["rescue"]
        return Rescue(path, Path(info["from"]), str(meta.get("name") or Path(info["from"]).stem), int(info["actions"]),
                      str(info["reason"]), str(info["at"]), int(info["saved_seq"]), str(info["from_cid"]))
    except (OSError, NotAFile, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _on_disk_seq(path: Path) -> tuple[int, str]:
    """``(seq of the last action on disk, campaign id)`` of campaign ``path``."""
    data, replayed, _, _ = read_campaign(path)
    return max([data.meta["journal_seq"]] + [r["seq"] for r in replayed]), data.meta["cid"]


def merge(rescue: Rescue, held: lock.CampaignLock | None = None) -> Path:
    """Write ``rescue`` into the campaign it came from, which must not have
    changed since (its last action on disk is the one the copy says); the
    campaign's file is backed up first. ``held``: the campaign's lock when
    the caller holds it (the open campaign; it must then reopen it), else it
    is taken here. Removes the rescue file; returns the campaign's path.
    Raises :class:`SaveError` saying why not (then nothing changed)."""
    origin = rescue.origin
    the_lock = held if held is not None else lock.acquire(origin)
    if the_lock is None:
        raise ReadOnlySave(origin, "is open in another encounter; close it there, then merge the rescue copy")
    try:
        seq, cid = _on_disk_seq(origin)
        if cid != rescue.origin_cid or seq != rescue.saved_seq:
            raise SaveError(origin, f"changed since the rescue copy was made; keep the copy {rescue.path} as a campaign of its own instead")
        raw = json.loads((read_regular(rescue.path, MAX_CAMPAIGN_BYTES) or b"{}").decode("utf-8"))
        (meta,) = raw["meta"].values()
        meta.pop("rescue", None)
        meta["cid"] = cid
        backups.make_backup(origin)
        atomic_write(origin, json.dumps(raw, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
        for folded in (journal_path(origin), folding_path(origin), history_path(origin)):  # all of it is in the file now
            try:
                os.unlink(folded)
            except FileNotFoundError:
                pass
        _remove(rescue.path)
    except NotOwnFile as exc:
        raise SaveError(origin, f"not merged: {exc.strerror}") from None
    except OSError as exc:
        raise SaveWriteFailed(origin, f"not merged: {exc.strerror or exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise SaveError(rescue.path, f"is not a rescue copy that can be merged ({exc})") from None
    finally:
        if held is None:
            the_lock.release()
    return origin


def keep(rescue: Rescue) -> Path:
    """Make ``rescue`` a campaign of its own in the campaigns folder (named
    "<name> (rescued)"); removes the rescue file; returns the new campaign.
    Raises :class:`SaveError`."""
    target = import_campaign(rescue.path, paths.campaigns_dir(), name=f"{rescue.name} (rescued)")
    _remove(rescue.path)
    return target


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass

