"""``encounter restore PATH [BACKUP]``: a broken campaign back to a good
version in one command (:func:`saves.restore.restore`); what it replaces is
kept aside and named. Says what it did on stdout, a refusal on stderr (exit
status 2), and changes nothing without being run."""

from __future__ import annotations

import argparse
from pathlib import Path

from core.errors import EncounterError
from saves import restore as restoring
from tui.cli.common import campaign_path, fail, wrapped


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="encounter restore",
        description="Put a good version of a campaign that does not open in its place: BACKUP, else the file "
                    "without a journal that does not fit it, else its newest good backup. What is replaced is "
                    "kept beside it as <name>.broken-<UTC time> (0600); a journal that goes on from the version "
                    "restored is replayed.",
    )
    parser.add_argument("path", type=Path, help="the campaign file (a bare name like 'moor' is in the campaigns folder)")
    parser.add_argument("backup", type=Path, nargs="?", default=None, help="the backup to go back to (default: see above)")
    return parser


def restore(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    try:
        done = restoring.restore(campaign_path(args.path), args.backup)
    except EncounterError as exc:
        return fail(wrapped(str(exc)))
    print(wrapped(done.describe(), first=""))
    return 0
