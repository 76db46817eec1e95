"""The command lines that move maps and creatures in and out of a campaign:

    encounter export-map PATH [--encounter N] [--glyphs emoji|ascii] [-o FILE] [--replace]
    encounter add-encounter PATH --map MAP.txt [--name NAME]
    encounter import-creatures PATH FILE [--skip-bad]

Every failure is one line on stderr (each unreadable line of a creature
file its own line) and exit status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from core.errors import EncounterError
from tui.cli.common import campaign_path, fail, report_unsaved
from saves.campaign import Campaign
from saves.library import TargetExists
from saves.map_files import export_encounter, write_map
from saves.map_files import add_encounter_from_map
from saves.map_files import read_creature_file


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("path", type=Path, help="the campaign file (a bare name means the campaigns folder)")
    return parser


def export_map(argv: list[str]) -> int:
    parser = _parser("encounter export-map", "Write an encounter's map with its roster (the text 'encounter new --map' reads).")
    parser.add_argument("--encounter", type=int, default=None, metavar="N", help="which encounter (default: the current one)")
    parser.add_argument("--glyphs", choices=("emoji", "ascii"), default="emoji", help="the map's legend (default emoji)")
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="FILE", help="write to FILE (default: print it)")
    parser.add_argument("--replace", action="store_true", help="replace FILE when it exists (never a campaign)")
    args = parser.parse_args(argv)
    path = campaign_path(args.path)
    try:
        campaign = Campaign.open(path, read_only=True)
        try:
            export = export_encounter(campaign, args.encounter, args.glyphs)
        finally:
            campaign.close()
        if args.output is None:
            sys.stdout.write(export.text)
        else:
            write_map(path, export, args.output, replace=args.replace)
    except TargetExists as exc:
        return fail(f"{exc}; add --replace to replace it")
    except EncounterError as exc:
        return fail(str(exc))
    for note in export.notes:
        print(f"encounter: note: {note}", file=sys.stderr)
    if args.output is not None:
        print(f"encounter: wrote {args.output} ({len(export.tokens)} tokens)", file=sys.stderr)
    return 0


def _open_for_writing(path: Path):
    campaign = Campaign.open(path)
    if campaign.read_only is not None:
        campaign.close()
        raise campaign.read_only
    return campaign


def add_encounter(argv: list[str]) -> int:
    parser = _parser("encounter add-encounter", "Add an encounter to a campaign from a map file (the party joins; make it current with k in the app).")
    parser.add_argument("--map", dest="map_path", type=Path, required=True, help="the text map with its roster")
    parser.add_argument("--name", default=None, help="the encounter's name (default: the map file's name)")
    args = parser.parse_args(argv)
    try:
        campaign = _open_for_writing(campaign_path(args.path))
        try:
            party = tuple(c for c in campaign.load_state().combatants if c.side.value == "party")
            eid, off = add_encounter_from_map(campaign, args.map_path, args.name or args.map_path.stem, party)
        finally:
            campaign.close()
    except EncounterError as exc:
        return fail(str(exc))
    if report_unsaved(campaign):
        return 1
    joined = f"; {off} party member{'s' if off != 1 else ''} joined off the map (place them with P)" if off else ""
    print(f"encounter: added encounter {eid} to {campaign.path}{joined}", file=sys.stderr)
    return 0


def import_creatures(argv: list[str]) -> int:
    parser = _parser("encounter import-creatures", "Add creatures to a campaign's bestiary from roster lines or d20 SRD stat blocks (for a d20 SRD campaign).")
    parser.add_argument("file", type=Path, help="the text file of creatures")
    parser.add_argument("--skip-bad", action="store_true", help="import the creatures it can read even when some lines cannot be read")
    args = parser.parse_args(argv)
    try:
        campaign = _open_for_writing(campaign_path(args.path))
        try:
            result = read_creature_file(campaign, args.file)
            for problem in result.problems:
                print(f"encounter: {args.file}: {problem}", file=sys.stderr)
            if result.problems and not args.skip_bad:
                return fail(f"nothing imported: {len(result.problems)} line{'s' if len(result.problems) != 1 else ''} could not be read (fix them, or add --skip-bad to import the {len(result.creatures)} read)")
            if not result.creatures:
                return fail(f"no creatures in {args.file}")
            known = campaign.bestiary()
            campaign.put_templates(list(result.creatures))
        finally:
            campaign.close()
    except EncounterError as exc:
        return fail(str(exc))
    if report_unsaved(campaign):
        return 1
    replaced = sum(1 for c in result.creatures if c.name in known)
    extra = f" ({replaced} replaced a template of the same name)" if replaced else ""
    if result.skipped:
        extra += f"; {result.skipped} line{'s' if result.skipped != 1 else ''} of description between stat blocks passed over"
    print(f"encounter: imported {len(result.creatures)} creature{'s' if len(result.creatures) != 1 else ''} into the bestiary of {campaign.path}{extra}", file=sys.stderr)
    return 0


COMMANDS: dict[str, Callable[[list[str]], int]] = {"export-map": export_map, "add-encounter": add_encounter, "import-creatures": import_creatures}
