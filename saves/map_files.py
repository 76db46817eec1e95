"""Map files and creature files on disk: reading them safely, writing an
exported map, a new encounter from a map file, creatures into the bestiary.

Reading goes through :func:`saves.files.read_regular` (named pipes,
devices, folders and files over :data:`MAX_TEXT_BYTES` are refused before
anything is read); writing never replaces a campaign in use and replaces
another file only when asked (:func:`saves.library.check_target`).
"""

from __future__ import annotations

from dataclasses import replace as dc_replace
from pathlib import Path

from core.values import limits as lim
from core.board.map_text import MapExport, export_map
from saves.campaign import Campaign
from saves.errors import SaveError
from saves.files import NotAFile, read_regular
from saves.library import export_text
from core.board.map_text import encounter_from_map
from core.combat.trackers.uses import refilled
from core.board.uvtt import MAX_UVTT_TEXT, UvttMap, is_uvtt_name, read_uvtt
from core.combat.state import EncounterState

MAX_TEXT_BYTES = 4 * lim.MAX_MAP_TEXT
"""Largest map or creature file read, in bytes (UTF-8 takes at most 4 a character)."""


def read_text(path: Path | str, what: str = "map", limit: int = MAX_TEXT_BYTES) -> str:
    """The text of a map or creature file at ``path`` (at most ``limit``
    bytes). Raises :class:`SaveError` naming the file: missing, not a
    regular file, too large, unreadable or not UTF-8."""
    path = Path(path).expanduser()
    try:
        data = read_regular(path, limit)
    except NotAFile as exc:
        raise SaveError(path, f"{exc}; a {what} file is read only from a regular file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from None
    if data is None:
        raise SaveError(path, "does not exist")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(path, f"is not UTF-8 text (byte {exc.start})") from None


def write_map(campaign_path: Path, export: MapExport, target: Path | str, replace: bool = False) -> Path:
    """Write ``export`` to ``target``; returns the path written. Never
    overwrites the campaign itself or one in use; an existing file only with
    ``replace`` (else :class:`saves.library.TargetExists`)."""
    export_text(Path(target), export.text, replace, source=campaign_path)
    return Path(target).expanduser()


def export_encounter(campaign: Campaign, eid: int | None = None, legend: str = "emoji") -> MapExport:
    """The map file of encounter ``eid`` (default: the current one) of an open ``campaign``."""
    enc = campaign.encounter(eid)
    return export_map(campaign.load_state(eid), campaign.ruleset, legend, title=f"{enc.name} of {campaign.name}")


def read_creature_file(campaign: Campaign, path: Path | str):
    """The creatures of the file at ``path`` for ``campaign``'s ruleset, as
    a :class:`core.dice.creature_import.ImportResult` (nothing saved yet; see
    :meth:`Campaign.put_templates`). Raises :class:`SaveError` when the file
    cannot be read."""
    from core.dice.creature_import import read_creatures

    return read_creatures(read_text(path, "creature"), campaign.ruleset)


def read_uvtt_file(path: Path | str) -> UvttMap:
    """The Universal VTT file at ``path`` read (:func:`core.board.uvtt.read_uvtt`).
    Raises :class:`SaveError` or :class:`~core.errors.MapFormatError`."""
    return read_uvtt(read_text(path, limit=MAX_UVTT_TEXT))


def map_encounter_noted(path: Path | str, name: str, ruleset, party=()) -> tuple[EncounterState, int, tuple[str, ...]]:
    """As :func:`map_encounter`, with the notes of what the file could not
    keep (a Universal VTT file, :mod:`core.board.uvtt`; a text map has none):
    ``(state, members who joined off the map, notes)``. A Universal VTT map
    has no creatures: the party joins off the map."""
    members = tuple(refilled(c)[0] for c in party)
    if is_uvtt_name(str(path)):
        found = read_uvtt_file(path)
        off = tuple(dc_replace(m, position=None, initiative=None, mounted_on=None) for m in members)
        return EncounterState(name, found.grid, off, vision=found.vision), len(off), uvtt_summary(found)
    state, joined = encounter_from_map(read_text(path), name, ruleset, members)
    return state, joined, ()


def uvtt_summary(found: UvttMap) -> tuple[str, ...]:
    """What a GM is told of a read Universal VTT file: what came in, then the notes."""
    head = f"{found.grid.width}x{found.grid.height} cells, {found.walls} wall side(s), {found.doors} door(s), {found.windows} window(s), {len(found.vision.sources)} light(s)"
    return (head, *found.notes)


def map_encounter(path: Path | str, name: str, ruleset, party=()):
    """``(state, members who joined off the map)`` of a new encounter from
    the map file at ``path`` (see :func:`core.board.map_text.encounter_from_map`;
    a ``.dd2vtt``/``.uvtt``/``.df2vtt`` file is read as Universal VTT,
    :mod:`core.board.uvtt`); the ``party`` joins with its per-encounter uses
    back (a new fight). Raises :class:`SaveError` or
    :class:`~core.errors.MapFormatError`."""
    state, off, _ = map_encounter_noted(path, name, ruleset, party)
    return state, off


def add_encounter_from_map(campaign: Campaign, path: Path | str, name: str, party=()) -> tuple[int, int]:
    """A new running encounter in ``campaign`` from the map file at ``path``;
    returns ``(eid, members who joined off the map)``. Raises as
    :func:`map_encounter`, or :class:`SaveError` when it cannot be saved."""
    state, off = map_encounter(path, name, campaign.ruleset, party)
    return campaign.add_encounter(name, state, status="running"), off
