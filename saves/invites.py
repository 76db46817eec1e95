"""Who may act from their own terminal: the GM's invites.

``encounter invite CAMPAIGN NAME`` gives the player of the party member
``NAME`` a code (:func:`invite`); the GM's process lets a request act for
``NAME`` only with that code (:func:`player_of`), and ``--remove`` takes
it back at once (the GM's process reads the invites again for every
request). Only a hash of each code is kept, in ``<stem>.invites.json``
beside the campaign, private to the GM's account (0600) like the campaign.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from saves.errors import SaveError
from saves.files import MAX_SMALL_FILE_BYTES, NotAFile, read_regular


def invites_path(campaign: Path) -> Path:
    return campaign.with_name(campaign.stem + ".invites.json")


def _digest(code: str) -> str:
    return hashlib.sha256(code.strip().encode("utf-8")).hexdigest()


def read_invites(campaign: Path) -> dict[str, str]:
    """Character name -> code hash; empty when nobody is invited or the file is unreadable."""
    try:
        raw = read_regular(invites_path(campaign), MAX_SMALL_FILE_BYTES)
        doc = json.loads(raw or b"{}")
    except (OSError, NotAFile, ValueError):
        return {}
    if not isinstance(doc, dict):
        return {}
    return {str(k): str(v) for k, v in doc.items() if isinstance(v, str)}


def _write(campaign: Path, invites: dict[str, str]) -> None:
    path = invites_path(campaign)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(invites, out, indent=1, sort_keys=True)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except OSError as exc:
        raise SaveError(path, f"cannot be written ({exc.strerror or exc})") from None


def invite(campaign: Path, name: str) -> str:
    """A new code for ``name``'s player (an earlier code of ``name`` stops working)."""
    code = secrets.token_urlsafe(12)
    invites = read_invites(campaign)
    invites[name] = _digest(code)
    _write(campaign, invites)
    return code


def remove(campaign: Path, name: str) -> bool:
    """Take back ``name``'s invite; ``False`` when there was none."""
    invites = read_invites(campaign)
    if invites.pop(name, None) is None:
        return False
    _write(campaign, invites)
    return True


def invited(campaign: Path, name: str, code: str) -> bool:
    """Whether ``code`` is the invite of ``name`` (compared in constant time)."""
    digest = read_invites(campaign).get(name)
    return digest is not None and hmac.compare_digest(digest, _digest(code))
