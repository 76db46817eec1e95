"""What the ``encounter`` subcommands share: a campaign named by a bare
name, the error line on stderr, the UI options, the report of what the disk
refused. :mod:`tui.cli.main`, :mod:`tui.cli.maps` and :mod:`tui.cli.players`
import it; it imports none of them."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

from saves import paths
from saves.campaign import Campaign


def ui_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--glyphs", choices=("unicode", "ascii", "emoji"), default=None, help="map glyphs (default: unicode on UTF-8 terminals, else ascii; g switches)")
    parser.add_argument("--no-mouse", action="store_true", help="do not capture the mouse (every action has a key)")


def campaign_path(path: Path) -> Path:
    """A bare name (no folder, no suffix) means a file in the campaigns folder."""
    if len(path.parts) == 1 and not path.suffix:
        return paths.campaigns_dir() / f"{path.name}.json"
    return path


def fail(message: str) -> int:
    print(f"encounter: {message}", file=sys.stderr)
    return 2


_COMMAND = re.compile(r"encounter (?:restore|new) \S+")
"""A command in a message: kept on one line, to be copied whole."""


def wrapped(message: str, first: str = "encounter: ", width: int = 80) -> str:
    """``message`` in lines of at most ``width`` columns after ``first`` (the
    next lines indented two), broken between words only: a path or a
    command is never cut, so a longer one gets a line of its own."""
    glued = _COMMAND.sub(lambda m: m.group().replace(" ", "\xa0"), message)
    lines = textwrap.wrap(glued, width, initial_indent=first, subsequent_indent="  ",
                          break_long_words=False, break_on_hyphens=False)
    return "\n".join(lines).replace("\xa0", " ")[len(first):]


def report_unsaved(campaign: Campaign, rescued_to: Path | None = None) -> int:
    """After closing: say on stderr what the disk refused; the exit status
    (1 when actions are lost, 0 when there were none or a copy holds them)."""
    count = campaign.unsaved_actions
    if not count:
        return 0
    actions = f"{count} action{'s' if count != 1 else ''}"
    reason = campaign.unsaved.reason if campaign.unsaved is not None else "not saved"
    if rescued_to is not None:
        how = "the next start offers to merge it" if rescued_to == campaign.rescued_to else f"open it with: encounter {rescued_to}"
        _say(f"encounter: {actions} could not be saved in {campaign.path} ({reason}); they are in the copy {rescued_to} ({how})")
        return 0
    _say(f"encounter: {actions} {'was' if count == 1 else 'were'} NOT saved in {campaign.path} ({reason}): lost")
    return 1


def _say(line: str) -> None:
    """One line on stderr, which may be a terminal that has hung up (then it is dropped)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass
